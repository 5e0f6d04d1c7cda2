"""The engine's side of the page: run by PyScript in a worker (web/boot.js starts it with
``PyWorker``; config web/pyscript.json), so CPython's start-up and every engine call stay off
the page's main thread (docs/boot.md).

  * ``call(method, argsJson) -> json string`` is exported to the page (``__export__``): its one
    door into the engine (``engine.bridge.Bridge``), answered asynchronously on the page's side
    (``await xworker.sync.call(...)``): JSON in, JSON out, so the worker never touches the page
    and needs no cross-origin isolation;
  * the page hears ``{"marquee": {"kind": "main"}}`` when this file starts, then ``ready``
    (``version``, ``python``, ``importMs``, ``fromSource``, ``stdlibImported``) or ``failed``
    (``message``, ``traceback``).

An unexpected Python exception inside a call (a bug, not a refused move) comes back as an
``{"error": ...}`` like any other, with code ``ui.error.internal``, and its traceback goes to
the console, so the page stays usable and the e2e suite sees the console error.
"""

import importlib.util
import json
import os
import sys
import time
import traceback

import js
from pyodide.ffi import create_once_callable, to_js


def post(**detail) -> None:
    js.postMessage(to_js({"marquee": detail}, dict_converter=js.Object.fromEntries))


# The start's first calls are measured in the worker's timeline ("marquee:call <method>"), to
# set beside their round trips on the page (docs/boot.md, "Issue #32, session 17"); only the
# first few, so a long game adds no entries.
MEASURED_CALLS = 12


# The installed wheels, with what CPython compiles in this worker (PyScript's package before this
# file runs; a game's modules on a table's first call: the wheel ships bytecode only for the
# start's), are kept for the next visit by web/pyodide-worker.mjs (docs/boot.md "Wheels and
# bytecode kept"), which also lets CPython write it, a while after the call that imported it.
KEEP_AFTER_MS = 3000


def pyc_to_keep(path: str, checked: bool) -> tuple[bytes | None, bool]:
    """A pyc as the next visit may use it, and whether CPython compiled it this visit: one
    CPython wrote (timestamp-based: the sources' times change at every start) as a hash-based
    pyc (PEP 552), `checked` (CPython compares it with its source's hash before use) or not;
    one written back from the last visit, or the wheel's own (unchecked-hash), as it is. None:
    a timestamp pyc with no source beside it."""
    with open(path, "rb") as f:
        pyc = f.read()
    if int.from_bytes(pyc[4:8], "little") != 0:
        return pyc, False
    folder, name = os.path.split(path)
    try:
        with open(os.path.join(folder, "..", name.split(".")[0] + ".py"), "rb") as f:
            digest = importlib.util.source_hash(f.read())
    except OSError:
        return None, False
    flags = 0b11 if checked else 0b01
    return pyc[:4] + flags.to_bytes(4, "little") + digest + pyc[16:], True


def kept_files(site: str, pyscript: str) -> tuple[list[list], list[str]]:
    """What the next visit writes back instead of installing the wheels and compiling: every
    file under `site` (the wheels as installed, msgspec's library included, with their
    bytecode, and the state copiers' modules) and the pycs of PyScript's package (which
    PyScript writes out as sources at every start), as [path, bytes] pairs; and the paths of
    the pycs compiled this visit. The pycs of `site` are unchecked: the kept files are only
    written back beside the very wheels they came from (their sha256 in the build's lock), so
    their sources are the ones compiled, and an import need not read and hash them again
    (docs/speed.md "Issue #32, session 26"). PyScript's stay checked: its package is not in the
    lock, and its sources are written anew at every start."""
    files = []
    compiled = []
    for root, every in ((site, True), (pyscript, False)):
        for folder, _, names in os.walk(root):
            pycs = os.path.basename(folder) == "__pycache__"
            for name in names:
                path = os.path.join(folder, name)
                if pycs:
                    data, fresh = pyc_to_keep(path, checked=not every)
                    if fresh:
                        compiled.append(path)
                elif every:
                    with open(path, "rb") as f:
                        data = f.read()
                else:
                    data = None
                if data is not None:
                    files.append([path, data])
    return files, compiled


def keeper(site: str, pyscript: str):
    """A hook for after each call: keeps the installed wheels and the bytecode a while after a
    call that imported modules (one keeping at a time)."""
    known = len(sys.modules)
    pending = False

    def keep() -> None:
        nonlocal pending
        pending = False
        files, compiled = kept_files(site, pyscript)
        if hasattr(js, "marqueeKeepBytecode"):
            js.marqueeKeepBytecode(to_js(files), to_js(compiled), site)

    def after_call() -> None:
        nonlocal known, pending
        if len(sys.modules) > known and not pending:
            known = len(sys.modules)
            pending = True
            js.setTimeout(create_once_callable(keep), KEEP_AFTER_MS)

    return after_call


def make_call(bridge, render, after_call=lambda: None):
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
            after_call()
            if measured < MEASURED_CALLS:
                measured += 1
                span = to_js({"start": started}, dict_converter=js.Object.fromEntries)
                js.performance.measure(f"marquee:call {method}", span)

    return call


def from_stdlib() -> dict[str, str]:
    """The standard-library modules imported so far, with their files (in the zip of the
    standard library the site ships)."""
    stdlib = next((p for p in sys.path if p.endswith(".zip")), None)
    if stdlib is None:
        return {}
    # (a frozen module names its source file too: its spec's origin says "frozen")
    return {
        name: origin
        for name, module in list(sys.modules.items())
        if (origin := getattr(getattr(module, "__spec__", None), "origin", None) or "").startswith(
            stdlib + "/"
        )
    }


post(kind="main")
js.performance.mark("marquee:main")  # (the worker's timeline: PyScript's own set-up is done)
started = time.perf_counter()
imported_before = set(from_stdlib())
try:
    import engine
    from engine.bridge import Bridge
    from engine.core import copier
    from engine.core.i18n import render
    from engine.core.runtime import tune_gc

    # (the engine's wheel and msgspec's are installed side by side; PyScript writes its package
    # in the working directory)
    site = os.path.dirname(os.path.dirname(engine.__file__))
    # the state copiers' modules, kept with the wheels (engine/core/copier.py)
    copier.keep_in(os.path.join(site, "engine-copiers"))
    call = make_call(Bridge(), render, keeper(site, os.path.abspath("pyscript")))
    tune_gc()  # after the imports, so the loaded modules are frozen out of the collector's scans
except BaseException as exc:
    post(kind="failed", message=f"{type(exc).__name__}: {exc}", traceback=traceback.format_exc())
    raise
else:
    js.performance.mark("marquee:engine-imported")
    post(
        kind="ready",
        version=engine.__version__,
        python=sys.version.split()[0],
        importMs=round((time.perf_counter() - started) * 1000, 1),
        # the site ships the standard-library modules the start imports as bytecode
        # (scripts/stdlib-bytecode.txt), and the memory snapshot holds those `import engine`
        # needs (web/pyodide-snapshot.mjs): both empty unless a list is behind the code
        fromSource=sorted(name for name, origin in from_stdlib().items() if origin.endswith(".py")),
        stdlibImported=sorted(set(from_stdlib()) - imported_before),
    )

__export__ = ["call"]
