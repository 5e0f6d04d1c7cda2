"""The engine's side of the page: run by PyScript in a worker (web/boot.js starts it with
``PyWorker``; config web/pyscript.json), so CPython's start-up and every engine call stay off
the page's main thread (docs/boot.md).

  * ``call(method, argsJson) -> json string`` is exported to the page (``__export__``): its one
    door into the engine (``engine.bridge.Bridge``), answered asynchronously on the page's side
    (``await xworker.sync.call(...)``): JSON in, JSON out, so the worker never touches the page
    and needs no cross-origin isolation;
  * the page hears ``{"marquee": {"kind": "main"}}`` when this file starts, then ``ready``
    (``version``, ``python``, ``importMs``, ``fromSource``) or ``failed`` (``message``,
    ``traceback``).

An unexpected Python exception inside a call (a bug, not a refused move) comes back as an
``{"error": ...}`` like any other, with code ``ui.error.internal``, and its traceback goes to
the console, so the page stays usable and the e2e suite sees the console error.
"""

import json
import sys
import time
import traceback

import js
from pyodide.ffi import to_js


def post(**detail) -> None:
    js.postMessage(to_js({"marquee": detail}, dict_converter=js.Object.fromEntries))


# The start's first calls are measured in the worker's timeline ("marquee:call <method>"), to
# set beside their round trips on the page (docs/boot.md, "Issue #32, session 17"); only the
# first few, so a long game adds no entries.
MEASURED_CALLS = 12


def make_call(bridge, render):
    measured = 0

    def call(method: str, args_json: str = "{}") -> str:
        nonlocal measured
        started = js.performance.now()
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
        finally:
            if measured < MEASURED_CALLS:
                measured += 1
                span = to_js({"start": started}, dict_converter=js.Object.fromEntries)
                js.performance.measure(f"marquee:call {method}", span)

    return call


def from_source() -> list[str]:
    """The standard-library modules imported so far from their sources: the site ships the
    ones the start needs as bytecode (scripts/stdlib-bytecode.txt), so this is empty unless
    that list is behind the code."""
    stdlib = next((p for p in sys.path if p.endswith(".zip")), None)
    if stdlib is None:
        return []
    # (a frozen module names its source file too: its spec's origin says "frozen")
    return sorted(
        name
        for name, module in list(sys.modules.items())
        if (origin := getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(
            stdlib + "/"
        )
        and origin.endswith(".py")
    )


post(kind="main")
started = time.perf_counter()
try:
    import engine
    from engine.bridge import Bridge
    from engine.core.i18n import render
    from engine.core.runtime import tune_gc

    call = make_call(Bridge(), render)
    tune_gc()  # after the imports, so the loaded modules are frozen out of the collector's scans
except BaseException as exc:
    post(kind="failed", message=f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc())
    raise
else:
    post(
        kind="ready",
        version=engine.__version__,
        python=sys.version.split()[0],
        importMs=round((time.perf_counter() - started) * 1000, 1),
        fromSource=from_source(),
    )

__export__ = ["call"]
