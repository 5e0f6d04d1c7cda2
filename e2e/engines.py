"""The page in the other browser engines people play in, for the smoke set (test_engines.py).

Playwright drives only Chromium here (its WebKit and Firefox are its own patched builds,
downloaded from its CDN), so the stock Debian browsers are driven over their standard
protocols instead:

  webkit   WebKitGTK's MiniBrowser through WebKitWebDriver (W3C WebDriver over HTTP), on a
           private Xvfb display. It has no console log endpoint: MiniBrowser writes the page's
           console messages to its stdout, which is read back for errors.
  firefox  Firefox ESR headless over WebDriver BiDi (a websocket; no geckodriver), console
           errors from its ``log.entryAdded`` events.

Both give the same small ``Tab``: goto, reload, js (an awaited expression, JSON-decoded),
wait, click (a real pointer click on an element, then ``marquee.settled()`` as the Chromium
harness does), set_file, errors.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import socket
import subprocess
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

WEBKIT_DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
MINIBROWSER = os.environ.get("MINIBROWSER", "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser")
FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
SCRIPT_TIMEOUT_S = 180  # one awaited call may be the whole cold boot on a loaded machine
SETTLED = "window.marquee?.settled?.()"
# The page redrew between finding an element and clicking it: gone from the document (stale,
# no such node), or still there but hidden by the redraw (Firefox: "is not displayed").
STALE = re.compile("stale element reference|no such node|is not displayed")
# The element a click or a file goes to: the first one shown that matches (a renderer may keep
# hidden copies, e.g. an action list it does not display).
FIRST_SHOWN = """(css) => {
    const el = [...document.querySelectorAll(css)].find((e) => e.getClientRects().length);
    if (!el) throw new Error("nothing shown matches " + css);
    el.scrollIntoView({block: "center"});
    return el;
}"""

# An expression, awaited, sent back as JSON text (both protocols carry strings unchanged).
WRAP = """async (arg) => {
    const v = await (EXPR);
    return JSON.stringify(v === undefined ? null : v);
}"""


class BrowserError(RuntimeError):
    pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_port(port: int, proc: subprocess.Popen, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise BrowserError(f"{what} exited with {proc.returncode}")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise BrowserError(f"{what} did not listen on {port} in {timeout} s")


def _stop(proc: subprocess.Popen) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()


class Tab:
    """What the smoke tests need of a browser tab, in any engine."""

    name = ""
    version = ""

    def _eval(self, script: str, arg: Any) -> str:
        raise NotImplementedError

    def goto(self, url: str) -> None:
        raise NotImplementedError

    def reload(self) -> None:
        raise NotImplementedError

    def _click(self, css: str) -> None:
        raise NotImplementedError

    def set_file(self, css: str, path: Path) -> None:
        raise NotImplementedError

    def errors(self) -> list[str]:
        raise NotImplementedError

    def close(self) -> None:
        raise NotImplementedError

    def js(self, expr: str, arg: Any = None) -> Any:
        return json.loads(self._eval(WRAP.replace("EXPR", expr), arg))

    def wait(self, expr: str, arg: Any = None, timeout: float = 120) -> Any:
        """Until ``expr`` is truthy in the page (it is asked again every 0.2 s)."""
        deadline = time.monotonic() + timeout
        while True:
            try:
                value = self.js(expr, arg)
            except BrowserError:
                value = None  # mid-navigation: the page is not there to answer yet
            if value:
                return value
            if time.monotonic() > deadline:
                raise BrowserError(f"{self.name}: still false after {timeout} s: {expr}")
            time.sleep(0.2)

    def click(self, css: str) -> None:
        for attempt in range(5):
            try:
                self._click(css)
                break
            except BrowserError as e:
                # the page redrew between finding the element and clicking it: find it again,
                # as Playwright does
                if attempt == 4 or not STALE.search(str(e)):
                    raise
        self.js(SETTLED)

    def ready(self) -> dict:
        """Until the engine is ready (marquee.ready()); the page's timings."""
        self.wait("window.marquee")
        self.js("marquee.ready()")
        return self.js("({...marquee.timings})")


# --------------------------------------------------------------------------- WebKit


class Xvfb:
    """A private X display for MiniBrowser (it has no headless mode)."""

    def __init__(self) -> None:
        read, write = os.pipe()
        self.proc = subprocess.Popen(
            ["Xvfb", "-displayfd", str(write), "-screen", "0", "1366x900x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stderr=subprocess.DEVNULL,
        )
        os.close(write)
        with os.fdopen(read) as f:
            number = f.readline().strip()
        if not number:
            raise BrowserError("Xvfb did not start")
        self.display = f":{number}"

    def close(self) -> None:
        _stop(self.proc)


# WebDriver has no console log, and MiniBrowser ignores --enable-write-console-messages-to-
# stdout in automation mode: the page is asked instead. Until the engine is ready boot.js keeps
# console errors in marqueeBoot.log (and an uncaught error fails the boot); from the moment a
# navigation returns, this recorder keeps them too. boot.js puts its console back once ready:
# the recorder stays in front of whatever is put there.
RECORD_ERRORS = """(() => {
    if (window.__errors) return;
    const errors = (window.__errors = []);
    const text = (a) => (a && a.stack) || String(a);
    addEventListener("error", (e) => errors.push(text(e.error || e.message)));
    addEventListener("unhandledrejection", (e) => errors.push(text(e.reason)));
    let inner = console.error;
    function recorder(...args) {
        errors.push(args.map(text).join(" "));
        return inner.apply(this, args);
    }
    Object.defineProperty(console, "error", {
        configurable: true, get: () => recorder, set: (f) => { inner = f; },
    });
})()"""
READ_ERRORS = """[...(window.__errors || []),
    ...(window.marqueeBoot?.log || []).filter((line) => / error\\] /.test(line))]"""


class WebKitTab(Tab):
    name = "webkit"

    def __init__(self, display: str) -> None:
        self.port = free_port()
        self.driver = subprocess.Popen(
            [WEBKIT_DRIVER, f"--port={self.port}"],
            env={**os.environ, "DISPLAY": display},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        _wait_port(self.port, self.driver, "WebKitWebDriver")
        caps = {
            "webkitgtk:browserOptions": {
                "binary": MINIBROWSER,
                "args": ["--automation"],
            }
        }
        created = self._http("POST", "/session", {"capabilities": {"alwaysMatch": caps}})
        self.session = f"/session/{created['sessionId']}"
        self.seen: list[str] = []  # errors recorded by pages already left
        self.version = created["capabilities"]["browserVersion"]
        self._http("POST", f"{self.session}/timeouts", {"script": SCRIPT_TIMEOUT_S * 1000})
        self._http("POST", f"{self.session}/window/rect", {"width": 1366, "height": 850})

    def _http(self, method: str, path: str, body: Any = None) -> Any:
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"http://127.0.0.1:{self.port}{path}",
            method=method,
            data=data,
            headers={"Content-Type": "application/json"},
        )
        try:
            with urllib.request.urlopen(request, timeout=SCRIPT_TIMEOUT_S + 30) as r:
                return json.loads(r.read())["value"]
        except urllib.error.HTTPError as e:
            raise BrowserError(f"webkit {method} {path}: {e.read().decode()[:2000]}") from e

    def _eval(self, script: str, arg: Any) -> str:
        # execute/async: the last argument is the callback the result is handed to
        body = f"""const done = arguments[1];
            ({script})(arguments[0]).then(done, e => done(JSON.stringify(
                {{__error: String(e && e.stack || e)}})));"""
        out = self._http("POST", f"{self.session}/execute/async", {"script": body, "args": [arg]})
        if '"__error"' in out[:12]:
            raise BrowserError(json.loads(out)["__error"])
        return out

    def _element(self, css: str) -> str:
        found = self._http(
            "POST",
            f"{self.session}/execute/sync",
            {"script": f"return ({FIRST_SHOWN})(arguments[0])", "args": [css]},
        )
        return next(iter(found.values()))

    def goto(self, url: str) -> None:
        self._leave()
        self._http("POST", f"{self.session}/url", {"url": url})
        self.js(RECORD_ERRORS)

    def reload(self) -> None:
        self._leave()
        self._http("POST", f"{self.session}/refresh", {})
        self.js(RECORD_ERRORS)

    def _leave(self) -> None:
        """Keep what the page recorded before it goes."""
        if self.js("location.protocol.startsWith('http')"):
            self.seen += self.js(READ_ERRORS)

    def _click(self, css: str) -> None:
        self._http("POST", f"{self.session}/element/{self._element(css)}/click", {})

    def set_file(self, css: str, path: Path) -> None:
        element = self._element(css)
        self._http("POST", f"{self.session}/element/{element}/value", {"text": str(path)})
        self.js(SETTLED)

    def errors(self) -> list[str]:
        return [*self.seen, *self.js(READ_ERRORS)]

    def close(self) -> None:
        try:
            self._http("DELETE", self.session)
        finally:
            _stop(self.driver)


# --------------------------------------------------------------------------- Firefox

# A quiet profile: no first-run pages, updates or telemetry (nothing may leave 127.0.0.1).
FIREFOX_PREFS = {
    "browser.shell.checkDefaultBrowser": False,
    "browser.startup.homepage_override.mstone": "ignore",
    "browser.aboutwelcome.enabled": False,
    "datareporting.policy.dataSubmissionEnabled": False,
    "toolkit.telemetry.enabled": False,
    "app.update.auto": False,
    "app.normandy.enabled": False,
    "extensions.update.enabled": False,
    "browser.safebrowsing.malware.enabled": False,
    "browser.safebrowsing.phishing.enabled": False,
    "network.captive-portal-service.enabled": False,
    "network.connectivity-service.enabled": False,
    "browser.download.start_downloads_in_tmp_dir": True,
}


class FirefoxTab(Tab):
    name = "firefox"

    def __init__(self) -> None:
        self.profile = tempfile.mkdtemp(prefix="marquee-firefox-")
        Path(self.profile, "user.js").write_text(
            "".join(
                f"user_pref({json.dumps(k)}, {json.dumps(v)});\n" for k, v in FIREFOX_PREFS.items()
            )
        )
        self.port = free_port()
        self.proc = subprocess.Popen(
            [
                FIREFOX,
                "--headless",
                "--no-remote",
                "--profile",
                self.profile,
                f"--remote-debugging-port={self.port}",
                "--width=1366",
                "--height=850",
                "about:blank",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            env={**os.environ, "MOZ_CRASHREPORTER_DISABLE": "1"},
        )

        _wait_port(self.port, self.proc, "firefox")
        self.exits = contextlib.ExitStack()  # websockets closes its connection on exit
        self.ws = self.exits.enter_context(
            connect(f"ws://127.0.0.1:{self.port}/session", max_size=None, open_timeout=60)
        )
        self.next_id = 0
        self.pending: dict[int, Future] = {}
        self.console: list[str] = []
        self.lock = threading.Lock()
        threading.Thread(target=self._read, daemon=True).start()
        created = self._send("session.new", {"capabilities": {}})
        self.version = created["capabilities"]["browserVersion"]
        self._send("session.subscribe", {"events": ["log.entryAdded"]})
        tree = self._send("browsingContext.getTree", {})
        self.context = tree["contexts"][0]["context"]

    def _read(self) -> None:
        while True:
            try:
                msg = json.loads(self.ws.recv())
            except ConnectionClosed:
                return
            if "id" in msg:
                future = self.pending.pop(msg["id"])
                if msg.get("type") == "error":
                    future.set_exception(BrowserError(f"firefox: {msg['error']}: {msg['message']}"))
                else:
                    future.set_result(msg["result"])
            elif msg.get("method") == "log.entryAdded" and msg["params"]["level"] == "error":
                p = msg["params"]
                where = (p.get("stackTrace") or {}).get("callFrames") or [{}]
                self.console.append(f"{p.get('text')} @ {where[0].get('url', '')}")

    def _send(self, method: str, params: dict) -> Any:
        future: Future = Future()
        with self.lock:
            self.next_id += 1
            self.pending[self.next_id] = future
            self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        return future.result(SCRIPT_TIMEOUT_S + 30)

    def _call(self, script: str, *args: dict) -> dict:
        out = self._send(
            "script.callFunction",
            {
                "functionDeclaration": script,
                "arguments": list(args),
                "awaitPromise": True,
                "target": {"context": self.context},
            },
        )
        if out["type"] == "exception":
            details = out["exceptionDetails"]
            raise BrowserError(f"firefox: {details['text']}")
        return out["result"]

    def _eval(self, script: str, arg: Any) -> str:
        # the argument travels as JSON text: BiDi's own value encoding is not needed for it
        decode = f"(text) => ({script})(JSON.parse(text))"
        return self._call(decode, {"type": "string", "value": json.dumps(arg)})["value"]

    def _node(self, css: str) -> dict:
        node = self._call(FIRST_SHOWN, {"type": "string", "value": css})
        return {"sharedId": node["sharedId"]}

    def goto(self, url: str) -> None:
        self._send(
            "browsingContext.navigate", {"context": self.context, "url": url, "wait": "complete"}
        )

    def reload(self) -> None:
        self._send("browsingContext.reload", {"context": self.context, "wait": "complete"})

    def _click(self, css: str) -> None:
        origin = {"type": "element", "element": self._node(css)}
        pointer = [
            {"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
            {"type": "pointerDown", "button": 0},
            {"type": "pointerUp", "button": 0},
        ]
        self._send(
            "input.performActions",
            {
                "context": self.context,
                "actions": [{"type": "pointer", "id": "mouse", "actions": pointer}],
            },
        )

    def set_file(self, css: str, path: Path) -> None:
        self._send(
            "input.setFiles",
            {"context": self.context, "element": self._node(css), "files": [str(path)]},
        )
        self.js(SETTLED)

    def errors(self) -> list[str]:
        return list(self.console)

    def close(self) -> None:
        try:
            self._send("session.end", {})
        except (BrowserError, TimeoutError):
            pass  # the browser is stopped below either way
        finally:
            self.exits.close()
            _stop(self.proc)
            shutil.rmtree(self.profile, ignore_errors=True)
