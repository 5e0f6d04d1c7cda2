"""The page's Python entry point (run by PyScript, see index.html and web/pyscript.json).

It imports the engine, installs the bridge at ``window.marqueeBridge`` and announces it
(docs/boot.md):

  * ``window.marqueeBridge.call(method, argsJson) -> json string`` is the page's one door into
    the engine (``engine.bridge.Bridge``); ``version`` and ``python`` describe the runtime;
  * once the bridge is installed, ``marquee:engine-ready`` is dispatched on ``document``;
  * if the engine cannot be imported, ``marquee:boot-error`` carries ``{message, traceback}``.

An unexpected Python exception inside a call (a bug, not a refused move) comes back as an
``{"error": ...}`` like any other, with code ``ui.error.internal``, and its traceback goes to
the browser console, so the page stays usable and the e2e suite sees the console error.
"""

import json
import sys
import time
import traceback

import js
from pyodide.ffi import create_proxy, to_js


def dispatch(name: str, detail: dict) -> None:
    init = to_js({"detail": detail}, dict_converter=js.Object.fromEntries)
    js.document.dispatchEvent(js.CustomEvent.new(name, init))


def make_call(bridge, render):
    def call(method: str, args_json: str = "{}") -> str:
        try:
            return bridge.call(method, args_json)
        except Exception as exc:  # a bug: report it, keep the page alive
            detail = f"{type(exc).__name__}: {exc}"
            js.console.error(f"marquee: engine call {method} failed\n{traceback.format_exc()}")
            try:
                lang = json.loads(args_json or "{}").get("lang", "en")
            except (ValueError, AttributeError):
                lang = "en"
            return json.dumps(
                {
                    "error": {
                        "code": "ui.error.internal",
                        "params": {"method": method, "detail": detail},
                        "message": render(
                            "ui.error.internal", {"method": method, "detail": detail}, lang
                        ),
                    }
                },
                ensure_ascii=False,
            )

    return call


started = time.perf_counter()
try:
    import engine
    from engine.bridge import Bridge
    from engine.core.i18n import render

    _call = create_proxy(make_call(Bridge(), render))
    door = js.Object.new()
    door.call = _call
    door.version = engine.__version__
    door.python = sys.version.split()[0]
    js.window.marqueeBridge = door
except BaseException as exc:
    dispatch(
        "marquee:boot-error",
        {
            "message": f"{type(exc).__name__}: {exc}",
            "traceback": traceback.format_exc(),
        },
    )
    raise
else:
    dispatch(
        "marquee:engine-ready",
        {
            "version": engine.__version__,
            "python": sys.version.split()[0],
            "importMs": round((time.perf_counter() - started) * 1000, 1),
        },
    )
