// The "interpreter" PyScript loads in the engine's worker (web/pyscript.json): Pyodide itself,
// plus what the page cannot see from its own thread, posted to it as {marquee: {...}}
// messages (docs/boot.md "Stages"):
//   {kind: "wasm?"} + a port            asks for the WebAssembly module the page compiled
//                                       (index.html); the answer {module | null} comes back
//                                       on the port
//   {kind: "bytes", url, loaded}        bytes received so far for a file of the boot
//   {kind: "http", url, status}         a file answered with an HTTP error
//   {kind: "fetch-failed", url, error}  a download failed (network, or a wheel's sha256)
//   {kind: "compiled"}                  Pyodide's WebAssembly module is instantiated
//   {kind: "installed"}                 CPython started, the wheels installed
//   {kind: "asked", ms}                 PyScript asked for the runtime, ms after this module ran
//   {kind: "snapshot-used", bytes, stored, readMs, loadMs} CPython restored from the memory
//                                       snapshot (stored: the bytes read from Cache Storage;
//                                       readMs: from this module's run to the snapshot read)
//   {kind: "snapshot-refused", error}   the snapshot could not be restored (dropped)
//   {kind: "snapshot-made", made, stored | failed} a snapshot for the next visit is kept (or not)
//   {kind: "bytecode-used", files, installed} the wheels as the last visit installed them and
//                                       its bytecode written back, not installed (below)
//   {kind: "bytecode-kept", files, compiled, bytes | failed} the same kept for the next visit
//                                       (the files' paths; compiled: the pycs compiled this visit)
// web/main.py then posts "main", and "ready" or "failed".

import { loadPyodide as load, version } from "../pyodide/pyodide.mjs";

export { version };

performance.mark("marquee:worker-module"); // (the worker's own timeline, e2e/test_boot.py)

const post = (detail) => self.postMessage({ marquee: detail });
const indexURL = new URL("../pyodide/", import.meta.url).href;
const BYTES_EVERY_MS = 50; // one message per file per frame or so is plenty for a bar

// The page started fetching and compiling Pyodide's WebAssembly before this worker existed
// (index.html's first script): ask for the module now, while PyScript is still setting up.
// Without one (no early compile, or it failed) the worker fetches and compiles it as usual.
const WASM_URL = new URL("pyodide.asm.wasm", indexURL).href;
const earlyModule = new Promise((resolve) => {
  const { port1, port2 } = new MessageChannel();
  port1.onmessage = ({ data }) => {
    port1.close();
    performance.mark("marquee:wasm-received"); // (worker marks: a profile shows the boot's path)
    resolve(data?.module ?? null);
  };
  self.postMessage({ marquee: { kind: "wasm?" } }, [port2]);
});
const placeholders = new WeakSet(); // the wasm "responses" that stand for the page's module

const nativeFetch = self.fetch;

// The rest of the runtime is asked for now too, while PyScript still sets itself up in this
// worker (its package graph, its IndexedDB cache) before it calls loadPyodide below: the
// stdlib and the lock are handed to Pyodide's own fetches of them (once each), and
// pyodide.asm.mjs is in this worker's module map by the time Pyodide imports it.
const early = new Map(
  ["python_stdlib.zip", "pyodide-lock.json"].map((name) => {
    const url = new URL(name, indexURL).href;
    return [url, watched.call(self, url, url)];
  }),
);
import("../pyodide/pyodide.asm.mjs").catch(() => {}); // (Pyodide's own import reports a failure)

self.fetch = function (input, init) {
  const url = new URL(typeof input === "string" ? input : (input?.url ?? String(input)), indexURL).href;
  if (early.has(url) && !init?.integrity) {
    const response = early.get(url);
    early.delete(url);
    return response;
  }
  if (url === WASM_URL) {
    return earlyModule.then((module) => {
      if (!module) return watched.call(this, url, input, init);
      const placeholder = new Response(new Uint8Array(0), { headers: { "Content-Type": "application/wasm" } });
      placeholders.add(placeholder);
      return placeholder;
    });
  }
  return watched.call(this, url, input, init);
};

function watched(url, input, init) {
  const response = nativeFetch.call(this, input, init);
  response.then(
    (res) => (res.ok ? count(url, res) : post({ kind: "http", url, status: res.status })),
    (error) => post({ kind: "fetch-failed", url, error: String(error?.message ?? error) }),
  );
  return response;
}

async function count(url, res) {
  if (!res.body) return;
  let loaded = 0;
  let sent = 0;
  try {
    // a clone is counted: the original streams into the WebAssembly compiler untouched
    const reader = res.clone().body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      if (performance.now() - sent > BYTES_EVERY_MS) {
        sent = performance.now();
        post({ kind: "bytes", url, loaded });
      }
    }
    post({ kind: "bytes", url, loaded, done: true });
  } catch {
    // the real consumer reports failures; this is only a counter
  }
}

for (const name of ["instantiateStreaming", "instantiate"]) {
  const native = WebAssembly[name];
  if (!native) continue;
  WebAssembly[name] = async function (source, ...rest) {
    const s = await source;
    if (placeholders.has(s)) {
      const module = await earlyModule;
      performance.mark("marquee:instantiating");
      const instance = await WebAssembly.instantiate(module, ...rest);
      performance.mark("marquee:instantiated");
      post({ kind: "compiled" });
      return { instance, module };
    }
    const result = await native.call(this, source, ...rest);
    // Pyodide also instantiates a few tiny helper modules: only its own ~10 MB one counts
    if (s instanceof Response ? s.url.endsWith(".wasm") : (s?.byteLength ?? 0) > 1e6) post({ kind: "compiled" });
    return result;
  };
}

// Pyodide's memory snapshot of the runtime (no package; web/pyodide-snapshot.mjs), made in the
// browser after a first visit and kept in Cache Storage (not shipped: 31 MB raw, 6 MB gzip,
// over the site's budget). Its own cache, not one of the service worker's "marquee-<build>"
// ones: it outlives a new build of the site that ships the same runtime. Its name carries a
// hash of what it holds, filled in by scripts/build.py: the standard library's zip (CPython's
// zip importer keeps the zip's table of contents in memory, so a snapshot restored beside
// another build's zip reads every module it imports at the wrong offset) and
// web/pyodide-snapshot.mjs (the modules imported into it). Pyodide refuses one of another
// Pyodide build itself.
const SNAPSHOT_OF = "marquee:snapshot-of";
const SNAPSHOT_CACHE = `pyodide-snapshot-${version}-${SNAPSHOT_OF}`;
const SNAPSHOT_KEY = new URL("pyodide.asm.wasm?snapshot", indexURL).href;
// Making one costs a second CPython start-up (seconds of a core) in the background: a visit
// that lasts pays it for a fast next one; a short look (and most e2e pages) does not.
const SNAPSHOT_AFTER_MS = 20_000;

/** The memory snapshot as Pyodide restores it, with the bytes read for it ({memory, stored}), or
 *  null: none kept, or none readable here (start CPython as usual). */
async function readSnapshot() {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
    return hit ? unpacked(await hit.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here (not a secure context), or not a whole snapshot
  }
}

// The snapshot is kept without its pages that are all zero (web/pyodide-snapshot.mjs, `packed`:
// 12 MB read where the memory is 31): [PACKED, the memory's length, PAGE, n] as 32-bit words,
// n [first page, pages] pairs, then the bytes of those stretches in order.
const PACKED = 0x4d515a31;
const PAGE = 4096;

function unpacked(buffer) {
  const [magic, length, page, count] = new Uint32Array(buffer, 0, 4);
  if (magic !== PACKED || page !== PAGE) return null;
  const runs = new Uint32Array(buffer, 16, count * 2);
  const memory = new Uint8Array(length); // (zeros: the pages not kept)
  let at = 16 + runs.byteLength;
  for (let i = 0; i < runs.length; i += 2) {
    const size = Math.min(runs[i + 1] * PAGE, length - runs[i] * PAGE);
    memory.set(new Uint8Array(buffer, at, size), runs[i] * PAGE);
    at += size;
  }
  if (at !== buffer.byteLength) return null; // (one cut short throws above)
  return { memory, stored: buffer.byteLength };
}

function makeSnapshot() {
  const maker = new Worker(new URL("./pyodide-snapshot.mjs", import.meta.url), { type: "module" });
  maker.onmessage = ({ data }) => {
    post({ kind: "snapshot-made", ...data });
    maker.terminate();
  };
  maker.onerror = () => maker.terminate();
  maker.postMessage({ cache: SNAPSHOT_CACHE, key: SNAPSHOT_KEY });
}

// The wheels as the last visit installed them, with the bytecode it compiled: Pyodide's install
// unpacks each wheel with Python's zipfile (the engine's 231 files: a quarter of a second of
// the worker's start, more than the memory snapshot's restore), and the engine's wheel ships
// bytecode only for the modules the start imports (docs/boot.md "Files"), so a game's modules
// are compiled from source on a table's first call, and PyScript's own package (written out as
// sources at every start) before web/main.py runs. web/main.py hands over every file under
// the wheels' folder and what CPython compiled (`marqueeKeepBytecode`; hash-based pycs, those
// of the wheels' folder unchecked, PyScript's checked against their sources), kept with the
// sha256 of each wheel the lock named; the next start writes them back instead of installing
// the wheels only when the build's lock names those same wheels (docs/boot.md "Wheels and
// bytecode kept"). Its own cache, not a "marquee-<build>" one (the service worker's).
const BYTECODE_CACHE = "engine-bytecode";
const BYTECODE_KEY = new URL("engine-bytecode", indexURL).href;
let installed = null; // {runtime, packages}: what PyScript was handed

async function readKept() {
  try {
    const hit = await (await caches.open(BYTECODE_CACHE)).match(BYTECODE_KEY);
    if (!hit) return null;
    // {wheels: {name: sha256}, site, files: [[path, bytes]...]} as one line of JSON, then the
    // bytes (an entry without `site`, from before the wheels were kept, is never used)
    const data = new Uint8Array(await hit.arrayBuffer());
    const end = data.indexOf(10);
    const { wheels, site, files } = JSON.parse(new TextDecoder().decode(data.subarray(0, end)));
    if (!site) return null;
    let at = end + 1;
    return { wheels, files: files.map(([path, size]) => [path, data.subarray(at, (at += size))]) };
  } catch {
    return null; // none, or no Cache Storage here
  }
}

/** Writes the kept files in place of the wheels' install, when they came from the very wheels
 *  the lock names for `packages`, and loads the shared libraries among them as Pyodide's own
 *  install does: how many files (0: not those wheels, nothing written). */
async function restoreKept(pyodide, kept, packages) {
  const lock = pyodide.lockfile?.packages ?? {};
  const names = Object.keys(kept.wheels);
  const same =
    names.length === packages.length && packages.every((name) => lock[name] && lock[name].sha256 === kept.wheels[name]);
  const loadDynlib = pyodide._api?.loadDynlib; // (Pyodide's installer's own step)
  if (!same || !loadDynlib) return 0;
  // (each folder once: mkdirTree tries every part of the path, and throws and catches for each
  // one that exists)
  for (const folder of new Set(kept.files.map(([path]) => path.slice(0, path.lastIndexOf("/"))))) {
    pyodide.FS.mkdirTree(folder);
  }
  for (const [path, bytes] of kept.files) pyodide.FS.writeFile(path, bytes, { canOwn: true });
  for (const [path] of kept.files) if (path.endsWith(".so")) await loadDynlib(path);
  for (const name of packages) pyodide.loadedPackages[name] = BYTECODE_CACHE;
  return kept.files.length;
}

/** Called by web/main.py with the files to keep ([path, bytes] pairs: everything under `site`,
 *  the wheels' folder, and the pycs compiled; `compiled`: the paths of those compiled this
 *  visit): kept for the next visit with the sha256 of the wheels installed now. */
self.marqueeKeepBytecode = async (files, compiled, site) => {
  try {
    const lock = installed.runtime.lockfile?.packages ?? {};
    const wheels = Object.fromEntries(installed.packages.map((name) => [name, lock[name]?.sha256 ?? null]));
    const head = JSON.stringify({ wheels, site, files: files.map(([path, bytes]) => [path, bytes.byteLength]) });
    const body = new Blob([head, "\n", ...files.map(([, bytes]) => bytes)]);
    await (await caches.open(BYTECODE_CACHE)).put(BYTECODE_KEY, new Response(body));
    post({ kind: "bytecode-kept", files: files.map(([path]) => path), compiled, bytes: body.size });
  } catch (error) {
    post({ kind: "bytecode-kept", failed: String(error?.message ?? error) });
  }
};

// The runtime starts when PyScript asks for it (after its package graph and IndexedDB steps),
// with PyScript's own options. Session 19 started it as this module was evaluated, beside
// PyScript's set-up on the same thread: the restore and the wheels then took longer and the
// table came later (docs/boot.md "Issue #32, session 20").
const evaluated = performance.now();
const ms = (a, b) => Math.round(b - a);
const cached = (read) => (typeof caches === "undefined" ? Promise.resolve(null) : read());

/** The runtime with `options.packages` installed (or written back as the last visit installed
 *  them) and the kept bytecode in place. */
async function start(options) {
  const packages = options.packages ?? [];
  const [kept, snapshot] = await Promise.all([cached(readKept), cached(readSnapshot)]);
  const read = performance.now();
  const { runtime, restored } = await loaded({ ...options, packages: kept ? [] : packages }, snapshot?.memory);
  performance.mark("marquee:loaded"); // (the wheels' part from here)
  const files = kept ? await restoreKept(runtime, kept, packages) : 0;
  if (files) post({ kind: "bytecode-used", files, installed: packages });
  else if (kept) await runtime.loadPackage(packages, { messageCallback() {} });
  if (restored) {
    // (ms from this module's evaluation to the snapshot in hand, then to CPython restored
    // with the wheels installed)
    post({
      kind: "snapshot-used",
      bytes: snapshot.memory.byteLength,
      stored: snapshot.stored,
      readMs: ms(evaluated, read),
      loadMs: ms(read, performance.now()),
    });
  }
  performance.mark("marquee:installed");
  post({ kind: "installed" });
  // (Pyodide's default is not to: from here on the engine's games, and PyScript's package where
  // it is still set up, below, are compiled once and kept)
  runtime.runPython("import sys\nsys.dont_write_bytecode = False");
  withoutPyScriptPackage(runtime);
  installed = { runtime, packages };
  return runtime;
}

// Before web/main.py, PyScript runs its Python package's set-up: the code writes the package's
// 14 sources out with pathlib and imports it (its display module imports `html`, ...), at every
// start. web/main.py never uses it: the one door it opens, `__export__`, is PyScript's own JS
// (its `polyscript` module). So the runtime PyScript is handed runs that set-up without that
// part: from the line that starts it to the `del` lines that end it, when both are found as
// PyScript writes them; any other code runs as given (docs/speed.md "Issue #32, session 27").
const PACKAGE_FIRST = "import os as _os\nfrom pathlib import Path as _Path\n_path = None\n";
const PACKAGE_LAST = "import pyscript as _pyscript\ndel _Path\ndel _path\ndel _os\ndel _pyscript\n";

function withoutPyScriptPackage(runtime) {
  for (const name of ["runPython", "runPythonAsync"]) {
    const run = runtime[name];
    runtime[name] = function (code, ...rest) {
      const first = typeof code === "string" ? code.indexOf(PACKAGE_FIRST) : -1;
      const last = first < 0 ? -1 : code.indexOf(PACKAGE_LAST, first);
      if (last >= 0) code = code.slice(0, first) + code.slice(last + PACKAGE_LAST.length);
      return run.call(this, code, ...rest);
    };
  }
}

/** Pyodide from the site's pyodide/ folder (PyScript would look for its files beside this
 *  module), restored from the memory snapshot when there is one: {runtime, restored}. */
async function loaded(options, snapshot) {
  const own = { ...options, indexURL };
  performance.mark("marquee:load-started");
  if (snapshot) {
    try {
      return { runtime: await load({ ...own, _loadSnapshot: snapshot }), restored: true };
    } catch (error) {
      // a snapshot this runtime cannot restore: drop it, start CPython, make a new one
      post({ kind: "snapshot-refused", error: String(error?.message ?? error) });
      await caches.delete(SNAPSHOT_CACHE).catch(() => {});
    }
  }
  const runtime = await load(own);
  if (typeof caches !== "undefined") setTimeout(makeSnapshot, SNAPSHOT_AFTER_MS);
  return { runtime, restored: false };
}

/** PyScript's loader. Posts {kind: "asked", ms}: when PyScript asked (ms after this module
 *  ran). */
export function loadPyodide(options = {}) {
  performance.mark("marquee:load-asked");
  post({ kind: "asked", ms: ms(evaluated, performance.now()) });
  return start(options);
}
