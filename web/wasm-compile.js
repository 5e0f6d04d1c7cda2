// Pyodide's WebAssembly, fetched and compiled for the page as soon as it opens (index.html's
// first script), which hands the module to the engine's worker (web/pyodide-worker.mjs). A
// worker of its own, not the page: from the second visit the service worker answers, V8 reads
// the module from its code cache, hashing the 9.6 MB and deserialising on the thread that
// compiles, and the page's thread is the one PyScript needs to make the engine's worker
// (docs/boot.md "Issue #32, session 23"). Posts, as the engine's worker does, the bytes
// received ({marquee: {kind: "bytes", url, loaded, done}}), then {module} or {error}. It is
// never ended: V8 writes the code cache through the context that compiled the module, once
// enough of it has been optimised, seconds later.

const url = new URL("../pyodide/pyodide.asm.wasm", self.location.href).href;
const BYTES_EVERY_MS = 50;

// (a clone is counted, taken before the compile reads the body)
const response = fetch(url).then((r) => {
  if (r.ok) count(r.clone());
  return r;
});
const failed = (error) => self.postMessage({ error: String(error?.message ?? error) });
(WebAssembly.compileStreaming?.(response) ?? Promise.reject(new Error("no compileStreaming"))).then((module) => {
  try {
    self.postMessage({ module });
  } catch (error) {
    failed(error); // (a browser that cannot post a module: the engine's worker compiles its own)
  }
}, failed);

async function count(res) {
  let loaded = 0;
  let sent = 0;
  try {
    const reader = res.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      loaded += value.byteLength;
      if (performance.now() - sent > BYTES_EVERY_MS) {
        sent = performance.now();
        self.postMessage({ marquee: { kind: "bytes", url, loaded } });
      }
    }
    self.postMessage({ marquee: { kind: "bytes", url, loaded, done: true } });
  } catch {
    // only a counter: the compile reports the failure
  }
}
