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
//   {kind: "snapshot-used", bytes, readMs, loadMs} CPython restored from the memory snapshot (below)
//   {kind: "snapshot-refused", error}   the snapshot could not be restored (dropped)
//   {kind: "snapshot-made", made|failed} a snapshot for the next visit is kept (or not)
// web/main.py then posts "main", and "ready" or "failed".

import { loadPyodide as load, version } from "../pyodide/pyodide.mjs";

export { version };

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

// Pyodide's memory snapshot of the bare runtime, made in the browser after a first visit and
// kept in Cache Storage (not shipped: 31 MB raw, 6 MB gzip, over the site's budget). Its own
// cache, not one of the service worker's "marquee-<build>" ones: it outlives a new build of
// the site as long as Pyodide is the same version.
const SNAPSHOT_CACHE = `pyodide-snapshot-${version}`;
const SNAPSHOT_KEY = new URL("pyodide.asm.wasm?snapshot", indexURL).href;
// Making one costs a second CPython start-up (seconds of a core) in the background: a visit
// that lasts pays it for a fast next one; a short look (and most e2e pages) does not.
const SNAPSHOT_AFTER_MS = 20_000;

async function readSnapshot() {
  try {
    const hit = await (await caches.open(SNAPSHOT_CACHE)).match(SNAPSHOT_KEY);
    return hit ? new Uint8Array(await hit.arrayBuffer()) : null;
  } catch {
    return null; // no Cache Storage here (not a secure context): start CPython as usual
  }
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

/** PyScript's loader, with Pyodide's files from the site's pyodide/ folder (PyScript would
 *  look for them beside this module), restored from the memory snapshot when there is one. */
export async function loadPyodide(options = {}) {
  const asked = performance.now();
  const snapshot = typeof caches === "undefined" ? null : await readSnapshot();
  if (snapshot) {
    const read = performance.now();
    try {
      const pyodide = await load({ ...options, indexURL, _loadSnapshot: snapshot });
      // (how long reading it from the cache took, and restoring it with the wheels installed)
      const ms = (a, b) => Math.round(b - a);
      post({
        kind: "snapshot-used",
        bytes: snapshot.byteLength,
        readMs: ms(asked, read),
        loadMs: ms(read, performance.now()),
      });
      post({ kind: "installed" });
      return pyodide;
    } catch (error) {
      // a snapshot this runtime cannot restore: drop it, start CPython, make a new one
      post({ kind: "snapshot-refused", error: String(error?.message ?? error) });
      await caches.delete(SNAPSHOT_CACHE).catch(() => {});
    }
  }
  const pyodide = await load({ ...options, indexURL });
  post({ kind: "installed" });
  if (typeof caches !== "undefined") setTimeout(makeSnapshot, SNAPSHOT_AFTER_MS);
  return pyodide;
}
