#!/usr/bin/env python3
"""A tiny static file server for build/site with the MIME types the page needs.

    python3 scripts/server.py [--dir build/site] [--host 127.0.0.1] [--port 8000]

Also used by the e2e tests (``start_in_thread``). Every response says
``Cache-Control: no-cache``: the browser may keep files but revalidates them, so a rebuilt
engine wheel is never paired with a stale pyodide-lock.json (or the other way round).
"""

from __future__ import annotations

import argparse
import functools
import sys
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

MIME_TYPES = {
    "": "application/octet-stream",
    ".html": "text/html; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".wasm": "application/wasm",
    ".whl": "application/octet-stream",
    ".zip": "application/octet-stream",
    ".py": "text/plain; charset=utf-8",
    ".toml": "text/plain; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".md": "text/plain; charset=utf-8",
    ".csv": "text/csv; charset=utf-8",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".webp": "image/webp",
    ".gif": "image/gif",
    ".ico": "image/x-icon",
    ".woff2": "font/woff2",
}


class SiteHandler(SimpleHTTPRequestHandler):
    extensions_map = MIME_TYPES
    quiet = False

    def guess_type(self, path):
        return MIME_TYPES.get(Path(str(path)).suffix.lower(), "application/octet-stream")

    def end_headers(self):
        self.send_header("Cache-Control", "no-cache")
        self.send_header("X-Content-Type-Options", "nosniff")
        super().end_headers()

    def log_message(self, format, *args):
        if not self.quiet:
            super().log_message(format, *args)


class SiteServer(ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A browser drops a download it no longer needs (a reload, a tab closed, a fetch its
        # page gave up): the site did nothing wrong, so no traceback.
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


def make_server(
    directory: Path, host: str = "127.0.0.1", port: int = 8000, quiet: bool = False
) -> ThreadingHTTPServer:
    handler = functools.partial(
        type("Handler", (SiteHandler,), {"quiet": quiet}), directory=str(directory)
    )
    return SiteServer((host, port), handler)


def start_in_thread(
    directory: Path, host: str = "127.0.0.1", port: int = 0, quiet: bool = True
) -> tuple[ThreadingHTTPServer, str]:
    """Serve ``directory`` from a daemon thread; port 0 picks a free port. Returns the
    server (call ``.shutdown()``) and its base URL ending in '/'."""
    server = make_server(directory, host, port, quiet)
    threading.Thread(target=server.serve_forever, name="marquee-static", daemon=True).start()
    return server, f"http://{host}:{server.server_address[1]}/"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Serve Marquee's built site.")
    ap.add_argument("--dir", type=Path, default=ROOT / "build" / "site")
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--quiet", action="store_true", help="do not log each request")
    args = ap.parse_args(argv)
    if not (args.dir / "index.html").is_file():
        print(f"{args.dir} has no index.html: run ./scripts/build first", file=sys.stderr)
        return 1
    try:
        server = make_server(args.dir, args.host, args.port, args.quiet)
    except OSError as exc:
        print(f"cannot listen on {args.host}:{args.port}: {exc} (try --port)", file=sys.stderr)
        return 1
    print(
        f"Marquee is at http://{args.host}:{server.server_address[1]}/  (serving {args.dir}; Ctrl-C stops)",
        flush=True,
    )
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
