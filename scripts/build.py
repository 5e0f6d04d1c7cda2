#!/usr/bin/env python3
"""Assemble Marquee's self-contained static site in build/site/.

    build/site/
      index.html            the page (boot manifest, lobby data and app assets filled in)
      sw.js                 web/sw.js with the precache list: every file + sha256 (offline)
      precache.json         the same list, for people and tests
      web/                  copied whole from web/ (boot.js, main.py, app.js, styles, images...)
      pyscript/             @pyscript/core dist (no source maps)
      pyodide/              the Pyodide runtime files we need + every wheel we ship
        pyodide-lock.json   rewritten to name exactly the shipped wheels, with their real sha256

Everything downloaded is cached: node_modules/ (npm ci, keyed on package-lock.json) and
.cache/ (PyPI wheels checked against pinned sha256, a small venv that builds the engine
wheel).  A rebuild after an engine edit only re-makes the engine wheel and copies files.

Nothing here reaches anything but npm and PyPI, and only when the cache is cold.
"""

from __future__ import annotations

import argparse
import fcntl
import hashlib
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BUILD = ROOT / "build"
SITE = BUILD / "site"
CACHE = ROOT / ".cache"
NODE_MODULES = ROOT / "node_modules"

# The engine wheel is built with these (in .cache/wheel-env, so the machine's own
# setuptools, whatever its age, is left alone and no build isolation is paid for).
BUILD_BACKEND = ["setuptools==80.9.0", "wheel==0.45.1"]
# Fixed zip timestamps: the same engine sources give the same wheel bytes and sha256.
SOURCE_DATE_EPOCH = "315532800"  # 1980-01-01, the earliest a zip can say

# Pyodide runtime files the page actually loads (pyodide.mjs imports pyodide.asm.mjs,
# which fetches the wasm, the stdlib zip and the lock file).
PYODIDE_RUNTIME = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip"]


@dataclass(frozen=True)
class PypiWheel:
    name: str
    version: str
    file_name: str
    sha256: str
    imports: tuple[str, ...]
    platform: str | None = None  # None: a pure wheel

    def download_args(self) -> list[str]:
        args = [
            f"{self.name}=={self.version}",
            "--no-deps",
            "--only-binary=:all:",
            "--python-version",
            "3.14",
        ]
        if self.platform:
            args += ["--platform", self.platform]
        return args


# Pinned wheels from PyPI for Pyodide 314 (Python 3.14, ABI pyemscripten_2026_0).
PYPI_WHEELS = [
    PypiWheel(
        "msgspec",
        "0.22.0",
        "msgspec-0.22.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl",
        "a66b1766311e42371e509c996c3933b161c7ae0eabdf361af5316dec197e1022",
        ("msgspec",),
        platform="pyemscripten_2026_0_wasm32",
    ),
    # (micropip, and packaging for it, are not shipped: PyScript installs the packages straight
    # from the lock, "packages_cache": "passthrough", and never loads micropip.)
]

ENGINE_DIST = "marquee"  # distribution name in pyproject.toml
ENGINE_IMPORTS = ("engine",)
ENGINE_DEPENDS = ("msgspec",)


class BuildError(RuntimeError):
    pass


def log(msg: str) -> None:
    print(msg, flush=True)


def run(cmd: list[str], **kw) -> None:
    try:
        subprocess.run(cmd, check=True, **kw)
    except FileNotFoundError as exc:
        raise BuildError(f"command not found: {cmd[0]}") from exc
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"command failed ({exc.returncode}): {' '.join(cmd)}") from exc


def sha256_of(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for chunk in iter(lambda: fh.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def human(n: float) -> str:
    for unit in ("B", "KB", "MB", "GB"):
        if n < 1000 or unit == "GB":
            return f"{n:.0f} {unit}" if unit == "B" else f"{n:.1f} {unit}"
        n /= 1000
    return f"{n} B"


# --------------------------------------------------------------------------- node


def ensure_node_modules() -> str:
    """npm ci when node_modules/ does not match package-lock.json. Returns what was done."""
    lock = ROOT / "package-lock.json"
    stamp = NODE_MODULES / ".marquee-lock-sha256"
    want = sha256_of(lock)
    if stamp.is_file() and stamp.read_text().strip() == want:
        return "node_modules up to date"
    npm = shutil.which("npm")
    if not npm:
        raise BuildError("npm is not installed (scripts/serve and scripts/test install it)")
    log("npm ci (package-lock.json changed or node_modules/ missing) ...")
    run([npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund", "--loglevel=error"], cwd=ROOT)
    stamp.write_text(want + "\n")
    return "npm ci"


def npm_version(package: str) -> str:
    return json.loads((NODE_MODULES / package / "package.json").read_text())["version"]


def check_npm_pins() -> dict[str, str]:
    pins = json.loads((ROOT / "package.json").read_text())["devDependencies"]
    found = {}
    for name, pinned in pins.items():
        got = npm_version(name)
        if got != pinned:
            raise BuildError(
                f"node_modules/{name} is {got}, package.json pins {pinned}: run npm ci"
            )
        found[name] = got
    return found


# --------------------------------------------------------------------------- wheels


def ensure_pypi_wheels() -> list[Path]:
    """Each pinned wheel in .cache/wheels, downloaded once and checked against its sha256."""
    cache = CACHE / "wheels"
    cache.mkdir(parents=True, exist_ok=True)
    paths = []
    for w in PYPI_WHEELS:
        path = cache / w.file_name
        if not (path.is_file() and sha256_of(path) == w.sha256):
            log(f"pip download {w.name}=={w.version} ...")
            with tempfile.TemporaryDirectory(dir=CACHE) as tmp:
                run(
                    [
                        sys.executable,
                        "-m",
                        "pip",
                        "download",
                        "-q",
                        "--disable-pip-version-check",
                        "-d",
                        tmp,
                        *w.download_args(),
                    ]
                )
                got = Path(tmp) / w.file_name
                if not got.is_file():
                    raise BuildError(f"pip did not produce {w.file_name}: got {os.listdir(tmp)}")
                digest = sha256_of(got)
                if digest != w.sha256:
                    raise BuildError(f"{w.file_name}: sha256 {digest} != pinned {w.sha256}")
                shutil.move(str(got), path)
        paths.append(path)
    return paths


def wheel_env_python() -> Path | None:
    """A venv in .cache with a pinned setuptools, so engine rebuilds skip build isolation."""
    env = CACHE / "wheel-env"
    py = env / "bin" / "python"
    stamp = env / ".marquee-backend"
    want = " ".join(BUILD_BACKEND)
    if py.is_file() and stamp.is_file() and stamp.read_text().strip() == want:
        return py
    log("creating .cache/wheel-env (setuptools for the engine wheel) ...")
    shutil.rmtree(env, ignore_errors=True)
    try:
        run([sys.executable, "-m", "venv", str(env)])
        run([str(py), "-m", "pip", "install", "-q", "--disable-pip-version-check", *BUILD_BACKEND])
    except BuildError as exc:
        log(f"  (no build venv: {exc}; falling back to pip's build isolation)")
        shutil.rmtree(env, ignore_errors=True)
        return None
    stamp.write_text(want + "\n")
    return py


PROJECT_FILES = ("pyproject.toml", "setup.cfg", "setup.py", "MANIFEST.in", "LICENSE", "README.md")
SKIP_PARTS = {"__pycache__", ".pytest_cache"}


def engine_sources() -> list[Path]:
    files = [ROOT / n for n in PROJECT_FILES if (ROOT / n).is_file()]
    files += sorted(
        p
        for p in (ROOT / "engine").rglob("*")
        if p.is_file() and not SKIP_PARTS & set(p.parts) and p.suffix != ".pyc"
    )
    return files


def sources_digest(files: list[Path]) -> str:
    h = hashlib.sha256()
    # the recipe too: a wheel built the older way (no bytecode) is not reused
    h.update(PYC_RECIPE.encode() + b"\0")
    for path in files:
        h.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes() + b"\0")
    return h.hexdigest()


def engine_wheel(out: Path) -> tuple[Path, bool]:
    """The engine wheel for the current sources: reused from .cache when they have not
    changed (the build is reproducible), else built. Returns (wheel, built)."""
    if not (ROOT / "engine" / "__init__.py").is_file():
        raise BuildError("engine/__init__.py is missing: nothing to build")
    files = engine_sources()
    digest = sources_digest(files)
    stamp = out / ".sources-sha256"
    wheels = sorted(out.glob(f"{ENGINE_DIST}-*.whl"))
    if len(wheels) == 1 and stamp.is_file() and stamp.read_text().strip() == digest:
        return wheels[0], False
    shutil.rmtree(out, ignore_errors=True)
    wheel = build_engine_wheel(files, out)
    add_bytecode(wheel)
    stamp.write_text(digest + "\n")
    return wheel, True


# The engine's modules, compiled by the site's own CPython (Pyodide under Node: the page's
# Python is 3.14, the build machine's may not be) into __pycache__/*.pyc beside the sources,
# unchecked-hash (PEP 552: never compared with the .py, whose mtime the wheel does not keep).
# In the page every module is otherwise compiled from source on each start. Only what
# web/main.py imports before the engine is ready: `import engine` about halves (Node, this
# machine kind; docs/boot.md "Start-up levers"). The games' bytecode would also take their
# first load from ~300 to ~80 ms, but it weighs 0.5 MB (more than the site's budget has
# left); the command-line tools never run in the page. The sources stay, for tracebacks.
PYC_RECIPE = "pyc-unchecked-hash-2"
NO_BYTECODE = ("engine/games/", "engine/cli.py", "engine/bench.py", "engine/__main__.py")
ADD_BYTECODE_PY = r"""
import base64, hashlib, importlib.util, sys, sysconfig, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

skip = %(skip)s
site = sysconfig.get_path("purelib")
tag = sys.implementation.cache_tag
src = zipfile.ZipFile("/in.whl")
files = []
for info in src.infolist():
    if info.filename.endswith(".dist-info/RECORD"):
        record = info.filename
        continue
    data = src.read(info)
    files.append((info.filename, data))
    if info.filename.endswith(".py") and not info.filename.startswith(skip):
        code = compile(data, f"{site}/{info.filename}", "exec", dont_inherit=True)
        pyc = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False))
        folder, _, name = info.filename.rpartition("/")
        files.append((f"{folder}/__pycache__/{name[:-3]}.{tag}.pyc", pyc))

def digest(data):
    return base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

lines = [f"{name},sha256={digest(data)},{len(data)}" for name, data in files]
files.append((record, ("\n".join(lines + [f"{record},,"]) + "\n").encode()))
with zipfile.ZipFile("/out", "w") as out:
    for name, data in files:
        write_entry(out, name, data)
"""


def add_bytecode(wheel: Path) -> None:
    tmp = wheel.with_suffix(".pyc.tmp")
    in_pyodide(
        ADD_BYTECODE_PY % {"skip": repr(NO_BYTECODE)},
        {"/in.whl": wheel},
        tmp,
        "compiles the engine for the page's Python",
    )
    tmp.replace(wheel)


# Build steps that need the site's own CPython (the page's Python is 3.14, the build machine's
# may not be): Pyodide under Node writes each input file at its path, runs the code (with
# `write_entry` for zip entries with fixed dates: the same inputs give the same bytes) and
# hands back /out.
PYODIDE_JOB_JS = r"""
import fs from "node:fs";
const job = JSON.parse(fs.readFileSync(process.argv.at(-1), "utf8"));
const { loadPyodide } = await import(job.pyodide);
const py = await loadPyodide({ indexURL: job.index });
for (const [name, path] of Object.entries(job.inputs)) py.FS.writeFile(name, fs.readFileSync(path));
py.runPython(job.code);
fs.writeFileSync(job.output, py.FS.readFile("/out"));
"""
ZIP_ENTRY_PY = r"""
import zipfile

def write_entry(out, name, data):
    entry = zipfile.ZipInfo(name, (1980, 1, 1, 0, 0, 0))
    entry.compress_type = zipfile.ZIP_DEFLATED
    entry.external_attr = 0o644 << 16
    out.writestr(entry, data)
"""


def in_pyodide(code: str, inputs: dict[str, Path], output: Path, why: str) -> None:
    """Run Python `code` in Pyodide under Node, `inputs` ({path in Pyodide: file}) written
    first; its /out becomes `output`. `why` finishes "node is not installed (it ...)"."""
    node = shutil.which("node")
    if not node:
        raise BuildError(f"node is not installed (it {why})")
    pyodide = NODE_MODULES / "pyodide"
    job = {
        "pyodide": (pyodide / "pyodide.mjs").as_uri(),
        "index": str(pyodide) + "/",
        "code": ZIP_ENTRY_PY + code,
        "inputs": {name: str(path) for name, path in inputs.items()},
        "output": str(output),
    }
    with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
        json.dump(job, f)
        f.flush()
        run([node, "--input-type=module", "-e", PYODIDE_JOB_JS, f.name])


# A compiled standard library. Pyodide's python_stdlib.zip ships sources, so CPython compiles
# every module it imports on every start: most of the worker's start-up (Node, this machine
# kind: loadPyodide + msgspec 2.4-2.9 s with the sources, 0.9-1.1 s with bytecode). The site's
# python_stdlib.zip is Pyodide's with
#   - the modules in scripts/stdlib-bytecode.txt (every one the worker imports by the time the
#     engine is ready) as bytecode only, compiled by the site's own CPython (Pyodide under
#     Node), without docstrings and asserts (-OO: 0.24 MB less to download) except Pyodide's
#     own packages, which read their docstrings at run time;
#   - the other modules as sources (compiled if ever imported);
#   - without the packages that cannot run in a page or serve only an interactive session
#     (STDLIB_TRIM), which pays for the bytecode within the site's budget.
# The bare-stack page of e2e/test_boot.py loads Pyodide's own zip (node_modules/pyodide).
STDLIB_BYTECODE = ROOT / "scripts" / "stdlib-bytecode.txt"
STDLIB_TRIM = ("multiprocessing/", "_pyrepl/", "unittest/", "doctest.py", "pdb.py", "pydoc.py")
STDLIB_KEEP_DOCSTRINGS = ("pyodide/", "_pyodide/")
STDLIB_RECIPE = "stdlib-sourceless-opt2-1"
COMPILE_STDLIB_PY = r"""
import json, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc

plan = json.load(open("/plan.json"))
compile_ = set(plan["compile"])
src = zipfile.ZipFile("/in.zip")
with zipfile.ZipFile("/out", "w") as out:
    for info in src.infolist():
        name = info.filename
        if name.startswith(tuple(plan["trim"])):
            continue
        data = src.read(info)
        if name in compile_:
            optimize = 0 if name.startswith(tuple(plan["keep_docstrings"])) else 2
            code = compile(data, f"{plan['prefix']}/{name}", "exec", dont_inherit=True, optimize=optimize)
            # sourceless: zipimport loads NAME.pyc unchecked when there is no NAME.py
            data = bytes(_code_to_timestamp_pyc(code, 0, 0))
            name = name[:-3] + ".pyc"
        write_entry(out, name, data)
"""


def stdlib_plan(stock: Path) -> dict:
    """What to compile (zip paths of the listed modules) and what to leave out."""
    names = set(zipfile.ZipFile(stock).namelist())
    wanted = [
        line.strip()
        for line in STDLIB_BYTECODE.read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    paths = []
    for module in wanted:
        base = module.replace(".", "/")
        path = next((p for p in (f"{base}.py", f"{base}/__init__.py") if p in names), None)
        if path is None:
            raise BuildError(
                f"{STDLIB_BYTECODE.relative_to(ROOT)} names {module}, which Pyodide's "
                "standard library does not have"
            )
        if path.startswith(STDLIB_TRIM):
            raise BuildError(f"{module} is both compiled and trimmed from the standard library")
        paths.append(path)
    return {
        "compile": sorted(paths),
        "trim": list(STDLIB_TRIM),
        "keep_docstrings": list(STDLIB_KEEP_DOCSTRINGS),
        # where Pyodide mounts the zip: a traceback names the file
        "prefix": "/lib/python314.zip",
    }


def site_stdlib(dest: Path) -> None:
    """Write the site's python_stdlib.zip to `dest` (cached in .cache/stdlib by its inputs)."""
    pyodide = NODE_MODULES / "pyodide"
    stock = pyodide / "python_stdlib.zip"
    plan = json.dumps(stdlib_plan(stock), sort_keys=True)
    key = hashlib.sha256(
        STDLIB_RECIPE.encode() + b"\0" + plan.encode() + b"\0" + stock.read_bytes()
    ).hexdigest()[:16]
    cached = CACHE / "stdlib" / f"python_stdlib-{key}.zip"
    if not cached.is_file():
        cached.parent.mkdir(parents=True, exist_ok=True)
        for old in cached.parent.glob("python_stdlib-*"):
            old.unlink()
        plan_file = cached.with_suffix(".plan.json")
        plan_file.write_text(plan)
        tmp = cached.with_suffix(".tmp")
        log("compiling the standard library (Pyodide under Node) ...")
        in_pyodide(
            COMPILE_STDLIB_PY,
            {"/in.zip": stock, "/plan.json": plan_file},
            tmp,
            "compiles the standard library",
        )
        tmp.replace(cached)
        plan_file.unlink()
    shutil.copy2(cached, dest)


def build_engine_wheel(files: list[Path], out: Path) -> Path:
    """`pip wheel . --no-deps` on a clean copy of the sources (setuptools' own build/ dir
    would otherwise collide with ours and keep deleted modules alive)."""
    src = CACHE / "engine-src"
    shutil.rmtree(src, ignore_errors=True)
    for path in files:
        dest = src / path.relative_to(ROOT)
        dest.parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(path, dest)

    out.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PIP_DISABLE_PIP_VERSION_CHECK="1")
    py = wheel_env_python()
    cmd = [str(py or sys.executable), "-m", "pip", "wheel", ".", "--no-deps", "-q", "-w", str(out)]
    if py:
        cmd.insert(cmd.index("--no-deps"), "--no-build-isolation")
    run(cmd, cwd=src, env=env)
    wheels = sorted(out.glob(f"{ENGINE_DIST}-*.whl"))
    if len(wheels) != 1:
        raise BuildError(f"expected one {ENGINE_DIST} wheel, got {wheels}")
    return wheels[0]


def wheel_version(path: Path) -> str:
    return path.name.split("-")[1]


# --------------------------------------------------------------------------- lock file


def lock_entry(name: str, version: str, path: Path, imports, depends=()) -> dict:
    return {
        "name": name,
        "version": version,
        "file_name": path.name,
        "install_dir": "site",
        "sha256": sha256_of(path),
        "package_type": "package",
        "imports": list(imports),
        "depends": list(depends),
        "unvendored_tests": False,
        "tool": {},
    }


def write_lock(npm_lock: Path, dest: Path, pypi: list[Path], engine: Path) -> dict:
    """The npm lock lists ~350 packages we do not ship; keep its header, list only ours."""
    src = json.loads(npm_lock.read_text())
    packages = {}
    for w, path in zip(PYPI_WHEELS, pypi):
        packages[w.name] = lock_entry(w.name, w.version, path, w.imports)
    packages[ENGINE_DIST] = lock_entry(
        ENGINE_DIST, wheel_version(engine), engine, ENGINE_IMPORTS, ENGINE_DEPENDS
    )
    for entry in packages.values():
        for dep in entry["depends"]:
            if dep not in packages:
                raise BuildError(f"{entry['name']} depends on {dep}, which is not shipped")
    lock = {
        "info": src["info"],
        "packages": dict(sorted(packages.items())),
        "tool": src.get("tool", {}),
    }
    dest.write_text(json.dumps(lock, indent=2, sort_keys=True) + "\n")
    return lock


# --------------------------------------------------------------------------- page


def app_assets(web: Path) -> tuple[str, str]:
    """<link>s for web/*.css (boot.css is linked by index.html itself) and web/app.js."""
    styles = "\n".join(
        f'  <link rel="stylesheet" href="web/{html.escape(p.name)}">'
        for p in sorted(web.glob("*.css"))
        if p.name != "boot.css"
    )
    scripts = (
        '  <script type="module" src="web/app.js"></script>' if (web / "app.js").is_file() else ""
    )
    return styles, scripts


def json_script(element_id: str, data) -> str:
    return (
        f'<script id="{element_id}" type="application/json">'
        + json.dumps(data, separators=(",", ":"), ensure_ascii=False).replace("</", "<\\/")
        + "</script>"
    )


def pyscript_preload(pyscript: Path) -> str:
    """<link rel="modulepreload">s for the chunks PyScript's core.js needs before it makes the
    engine's worker: its bundle, and the error plugin it imports even when switched off."""
    core = (pyscript / "core.js").read_text()
    chunks = re.findall(r'from\s*"\./(core-[\w-]+\.js)"', core)
    chunks += sorted(p.name for p in pyscript.glob("error-*.js"))
    if not chunks or not chunks[0].startswith("core-"):
        raise BuildError("pyscript/core.js no longer imports a core-*.js chunk: update the preload")
    return "\n".join(
        f'  <link rel="modulepreload" href="pyscript/{html.escape(c)}">' for c in chunks
    )


def render_index(manifest: dict, lobby: dict, pyscript: Path) -> str:
    page = (ROOT / "index.html").read_text()
    styles, scripts = app_assets(ROOT / "web")
    marks = {
        "<!-- marquee:pyscript-preload -->": pyscript_preload(pyscript),
        "<!-- marquee:lobby-data -->": json_script("marquee-lobby-data", lobby),
        "<!-- marquee:app-styles -->": styles,
        "<!-- marquee:app-scripts -->": scripts,
        "<!-- marquee:boot-manifest -->": json_script("marquee-boot-manifest", manifest),
    }
    for mark, text in marks.items():
        if mark not in page:
            raise BuildError(f"index.html lost its marker {mark}")
        page = page.replace(mark, text)
    return page


def check_pyscript_config(cfg: dict, lock: dict) -> None:
    for pkg in cfg.get("packages", []):
        if pkg not in lock["packages"]:
            raise BuildError(
                f"web/pyscript.json asks for package {pkg!r}, which the site does not ship"
            )
    interp = cfg.get("interpreter", "")
    if interp.startswith(("http:", "https:", "//")):
        raise BuildError("web/pyscript.json: the interpreter must be a local path")
    # relative to the config file (PyScript resolves a worker's interpreter from there)
    if not (ROOT / "web" / interp).is_file():
        raise BuildError(f"web/pyscript.json: the interpreter {interp} is not in web/")


# --------------------------------------------------------------------------- lobby data

LOBBY_SCRIPT = """
import json, sys
from engine.bridge import Bridge
from engine.core.i18n import LANGS
b = Bridge()
games = json.loads(b.call("games", "{}"))
strings = {lang: json.loads(b.call("strings", json.dumps({"lang": lang}))) for lang in LANGS}
version = json.loads(b.call("version", "{}"))
json.dump({"games": games, "strings": strings, "version": version}, sys.stdout, ensure_ascii=False)
"""


def lobby_data() -> dict:
    """What the lobby draws before Python is loaded in the page: the registry's games (the
    bridge's `games`), the page strings in every language (its `strings`) and the engine's
    limits (its `version`), asked of the same engine sources with the build machine's CPython."""
    try:
        out = subprocess.run(
            [sys.executable, "-c", LOBBY_SCRIPT],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout
    except subprocess.CalledProcessError as exc:
        raise BuildError(f"could not describe the games for the lobby:\n{exc.stderr}") from exc
    data = json.loads(out)
    if not data["games"]:
        raise BuildError("the registry has no games: the lobby would be empty")
    return data


# --------------------------------------------------------------------------- offline

# web/sw.js is installed at the site root (its scope is the site's folder) with the
# precache list filled in at this marker.
SW_MARK = "/* marquee:precache */ null"
SITE_ONLY = {"index.html", "sw.js", "precache.json"}


def file_hashes(out: Path, skip=frozenset()) -> list[list]:
    rows = []
    for path in sorted(p for p in out.rglob("*") if p.is_file()):
        rel = path.relative_to(out).as_posix()
        if rel not in skip:
            rows.append([rel, sha256_of(path), path.stat().st_size])
    return rows


def digest_of(rows: list[list]) -> str:
    return hashlib.sha256("".join(f"{r}\0{h}\n" for r, h, _ in rows).encode()).hexdigest()[:16]


def write_service_worker(out: Path) -> dict:
    """The precache list (every file of the build with its sha256) and its id, a hash of
    them all: a new build is a new id, a new sw.js, a new cache."""
    rows = file_hashes(out, skip={"sw.js", "precache.json"})
    precache = {"build": digest_of(rows), "files": rows}
    source = (ROOT / "web" / "sw.js").read_text()
    if SW_MARK not in source:
        raise BuildError(f"web/sw.js lost its marker {SW_MARK}")
    (out / "sw.js").write_text(source.replace(SW_MARK, json.dumps(precache, separators=(",", ":"))))
    (out / "precache.json").write_text(json.dumps(precache, indent=1) + "\n")
    return precache


# --------------------------------------------------------------------------- memory snapshot

# web/pyodide-worker.mjs names the memory snapshot it keeps by what the snapshot holds
# (docs/boot.md "Memory snapshot"): the standard library's zip, whose table of contents
# CPython's zip importer keeps in memory, and the snapshot's maker, which imports modules into
# it. A build that ships either differently makes and uses a snapshot of its own.
SNAPSHOT_MARK = '"marquee:snapshot-of"'


def snapshot_of(out: Path) -> str:
    """The hash in the name of the memory snapshot a site keeps."""
    held = [out / "pyodide" / "python_stdlib.zip", out / "web" / "pyodide-snapshot.mjs"]
    return hashlib.sha256("".join(sha256_of(p) for p in held).encode()).hexdigest()[:16]


def name_the_snapshot(out: Path) -> None:
    worker = out / "web" / "pyodide-worker.mjs"
    source = worker.read_text()
    if SNAPSHOT_MARK not in source:
        raise BuildError(f"web/pyodide-worker.mjs lost its marker {SNAPSHOT_MARK}")
    worker.write_text(source.replace(SNAPSHOT_MARK, json.dumps(snapshot_of(out))))


# --------------------------------------------------------------------------- assemble


def assemble(out: Path, versions: dict, pypi: list[Path], engine: Path) -> dict:
    pyodide_src = NODE_MODULES / "pyodide"
    pyscript_src = NODE_MODULES / "@pyscript" / "core" / "dist"

    (out / "pyodide").mkdir(parents=True)
    for name in PYODIDE_RUNTIME:
        if name == "python_stdlib.zip":
            site_stdlib(out / "pyodide" / name)
        else:
            shutil.copy2(pyodide_src / name, out / "pyodide" / name)
    for wheel in [*pypi, engine]:
        shutil.copy2(wheel, out / "pyodide" / wheel.name)
    lock = write_lock(
        pyodide_src / "pyodide-lock.json", out / "pyodide" / "pyodide-lock.json", pypi, engine
    )
    cfg = json.loads((ROOT / "web" / "pyscript.json").read_text())
    check_pyscript_config(cfg, lock)

    shutil.copytree(pyscript_src, out / "pyscript", ignore=shutil.ignore_patterns("*.map"))
    shutil.copytree(
        ROOT / "web", out / "web", ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    (out / "web" / "sw.js").unlink()  # it works from the site root only (its scope)
    name_the_snapshot(out)

    boot_packages = set(cfg.get("packages", []))
    by_name = {e["file_name"]: e for e in lock["packages"].values()}

    def res(rel: str) -> list:
        return [rel, (out / rel).stat().st_size]

    manifest = {
        "versions": {
            "engine": wheel_version(engine),
            "pyodide": versions["pyodide"],
            "pyscript": versions["@pyscript/core"],
            "python": lock["info"]["python"],
        },
        # resources each boot stage waits for, with their sizes, for the progress bar
        "stages": {
            "runtime": [res(f"pyodide/{n}") for n in PYODIDE_RUNTIME]
            + [res("pyodide/pyodide-lock.json")],
            "packages": [
                res(f"pyodide/{p.name}") for p in pypi if by_name[p.name]["name"] in boot_packages
            ],
            "engine": [res(f"pyodide/{engine.name}")],
        },
    }
    # the files the page itself names (not index.html): the page and its cache agree on it
    manifest["build"] = digest_of(file_hashes(out, skip=SITE_ONLY))
    (out / "index.html").write_text(render_index(manifest, lobby_data(), out / "pyscript"))
    manifest["precache"] = write_service_worker(out)["build"]
    return manifest


def swap_into_place(new: Path) -> None:
    old = BUILD / ".site-old"
    shutil.rmtree(old, ignore_errors=True)
    if SITE.exists():
        SITE.rename(old)
    new.rename(SITE)
    shutil.rmtree(old, ignore_errors=True)


def dir_size(path: Path) -> tuple[int, int]:
    files = [p for p in path.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files), len(files)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("-q", "--quiet", action="store_true", help="print only the one-line summary")
    ap.add_argument(
        "--out", type=Path, help="build into this folder instead of build/site/ (replaced)"
    )
    ap.add_argument(
        "--engine-wheel", type=Path, help="ship this engine wheel instead of building one"
    )
    args = ap.parse_args(argv)

    t0 = time.perf_counter()
    # one build at a time in a checkout (several people and test runs share one here)
    BUILD.mkdir(exist_ok=True)
    lock = open(BUILD / ".build.lock", "w")
    fcntl.flock(lock, fcntl.LOCK_EX)
    try:
        node = ensure_node_modules()
        versions = check_npm_pins()
        pypi = ensure_pypi_wheels()
        t_engine = time.perf_counter()
        if args.engine_wheel:
            engine, built = args.engine_wheel.resolve(), False
        else:
            engine, built = engine_wheel(CACHE / "engine-wheel")
        t_engine = time.perf_counter() - t_engine

        new = BUILD / ".site-new" if not args.out else args.out.with_name(args.out.name + ".new")
        shutil.rmtree(new, ignore_errors=True)
        assemble(new, versions, pypi, engine)
        if args.out:
            shutil.rmtree(args.out, ignore_errors=True)
            new.rename(args.out)
        else:
            swap_into_place(new)
    except BuildError as exc:
        print(f"build FAILED: {exc}", file=sys.stderr)
        return 1
    finally:
        lock.close()

    elapsed = time.perf_counter() - t0
    if args.out:
        log(f"build: {args.out}")
        return 0
    total, count = dir_size(SITE)
    if not args.quiet:
        log(
            f"built {SITE.relative_to(ROOT)}/ ({node}; pyodide {versions['pyodide']}, "
            f"@pyscript/core {versions['@pyscript/core']})"
        )
        rows = [(p, p.stat().st_size) for p in sorted((SITE / "pyodide").iterdir())]
        rows += [
            (SITE / "pyscript", dir_size(SITE / "pyscript")[0]),
            (SITE / "web", dir_size(SITE / "web")[0]),
            (SITE / "index.html", (SITE / "index.html").stat().st_size),
        ]
        for path, size in rows:
            log(f"  {human(size):>9}  {path.relative_to(SITE)}{'/' if path.is_dir() else ''}")
        log(
            f"  engine wheel {engine.name} "
            + (f"built in {t_engine:.1f}s" if built else "unchanged")
        )
    log(f"build: {count} files, {human(total)} in build/site/, {elapsed:.1f}s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
