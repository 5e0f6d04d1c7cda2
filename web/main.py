"""The page's Python entry point (run by PyScript, see index.html and web/pyscript.json).

Placeholder from the boot path: it only imports the engine and announces it. The app
engineer owns this file and replaces it; keep the contract in docs/boot.md:

  * when the engine bridge is installed at ``window.marqueeBridge``, dispatch
    ``marquee:engine-ready`` on ``document``;
  * on failure, dispatch ``marquee:boot-error`` with ``{"message", "traceback"}``.
"""

import sys
import time
import traceback

import js
from pyodide.ffi import to_js


def dispatch(name: str, detail: dict) -> None:
    init = to_js({"detail": detail}, dict_converter=js.Object.fromEntries)
    js.document.dispatchEvent(js.CustomEvent.new(name, init))


started = time.perf_counter()
try:
    import engine
    import engine.core  # noqa: F401  (pulls in msgspec: proves the package set is complete)

    bridge = {"version": engine.__version__, "python": sys.version.split()[0]}
    js.window.marqueeBridge = to_js(bridge, dict_converter=js.Object.fromEntries)
except BaseException as exc:
    dispatch("marquee:boot-error", {
        "message": f"{type(exc).__name__}: {exc}",
        "traceback": traceback.format_exc(),
    })
    raise
else:
    dispatch("marquee:engine-ready", {
        "version": engine.__version__,
        "importMs": round((time.perf_counter() - started) * 1000, 1),
    })
