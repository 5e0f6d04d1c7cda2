"""Whether Pyodide's WebAssembly comes from V8's code cache in a new tab, and what its compile
takes (docs/boot.md, "Issue #32, session 23").

    python3 scripts/build.py
    PYTHONPATH=. python3 scripts/wasm_cache_probe.py build/site --tabs 6 [--profile]

Serves the site on a port of its own and opens it in one browser context, tab after tab (each
closed before the next opens, each left a few seconds after the engine is ready so that V8's
optimising compiler runs and the cache can be written). Each tab is traced (Chromium's
`disabled-by-default-devtools.timeline` category, where Blink marks a code cache hit,
`v8.wasm.moduleCacheHit`, a cache written, `v8.wasm.cachedModule`, and the deserialisation,
`wasm.Deserialize`) and prints, in ms since its navigation: the wasm's last byte, the page's
`marquee:wasm-compiled` mark, and engine ready; whether the page was controlled by the service
worker; the cache read or written and its size. `--profile` runs in a browser profile on disk
(as a person's browser) instead of Playwright's in-memory context. (Since web/wasm-compile.js
the page hears the last byte and the module from that worker, close together.)
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import BrowserContext, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

import server  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, boot_state  # noqa: E402

WAIT_MS = 180_000
STAY_MS = 8_000  # (V8 writes the cache once enough optimised code exists: seconds of running)
CATEGORIES = ["disabled-by-default-devtools.timeline", "v8.wasm"]
EVENTS = {
    "v8.wasm.moduleCacheHit": "cache read",
    "v8.wasm.moduleCacheInvalid": "cache invalid",
    "v8.wasm.moduleCacheInvalidDigest": "cache of other bytes",
    "v8.wasm.cachedModule": "cache written",
    "wasm.Deserialize": "deserialised",
}

# (the wasm's last byte: web/boot.js's mark of the compiling worker's count, or the page's own
# resource timing in builds from before session 23's web/wasm-compile.js)
PAGE = """() => {
  const wasm = performance.getEntriesByType("resource").find((e) => e.name.endsWith("pyodide.asm.wasm"));
  return {
    controlled: !!navigator.serviceWorker?.controller,
    "wasm last byte":
      performance.getEntriesByName("marquee:wasm-downloaded")[0]?.startTime ?? wasm?.responseEnd,
    "wasm compiled (page)": performance.getEntriesByName("marquee:wasm-compiled")[0]?.startTime,
    "engine ready": marqueeBoot.timings?.ready,
  };
}"""


def traced_tab(context: BrowserContext, url: str) -> dict:
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    events: list[dict] = []
    complete: list[bool] = []
    cdp.on("Tracing.dataCollected", lambda got: events.extend(got["value"]))
    cdp.on("Tracing.tracingComplete", lambda _: complete.append(True))
    config = {"includedCategories": CATEGORIES}
    cdp.send("Tracing.start", {"traceConfig": config, "transferMode": "ReportEvents"})
    page.goto(url)
    assert boot_state(page, WAIT_MS)["state"] == "ready"
    page.wait_for_timeout(STAY_MS)
    row = page.evaluate(PAGE)
    cdp.send("Tracing.end")
    while not complete:
        page.wait_for_timeout(50)
    for event in events:
        what = EVENTS.get(event.get("name", ""))
        if what is None:
            continue
        args = event.get("args") or {}
        size = args.get("consumedCacheSize") or args.get("producedCacheSize")
        detail = f"{size / 1e6:.2f} MB" if size else f"{event.get('dur', 0) / 1000:.0f} ms"
        row[what] = detail if what not in row else f"{row[what]}, {detail}"
    page.close()
    return row


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("site", type=Path, help="the build's site folder")
    ap.add_argument("--tabs", type=int, default=6, help="tabs opened one after the other")
    ap.add_argument("--profile", action="store_true", help="a browser profile on disk")
    args = ap.parse_args()
    _, url = server.start_in_thread(args.site)
    with sync_playwright() as pw:
        if args.profile:
            with tempfile.TemporaryDirectory(prefix="marquee-profile-") as folder:
                context = pw.chromium.launch_persistent_context(
                    folder, executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
                )
                run(context, url, args.tabs)
        else:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            run(browser.new_context(), url, args.tabs)
            browser.close()


def run(context: BrowserContext, url: str, tabs: int) -> None:
    for n in range(1, tabs + 1):
        row = traced_tab(context, url)
        shown = {k: round(v) if isinstance(v, float) else v for k, v in row.items()}
        print(f"tab {n}: " + "; ".join(f"{k} {v}" for k, v in shown.items()), flush=True)
    context.close()


if __name__ == "__main__":
    main()
