// Makes a memory snapshot of the Pyodide runtime with no package (a snapshot taken after
// loadPackage fails with "Unexpected hiwire entry") and keeps it in Cache Storage, so the next
// visit restores CPython instead of starting it (docs/boot.md "Memory snapshot"). Started by
// web/pyodide-worker.mjs a while after the engine is up; it runs in its own worker, never in
// the way.
//   page -> this worker  {cache, key}    where to keep it
//   this worker -> page  {made: bytes} | {failed: message}

import { loadPyodide } from "../pyodide/pyodide.mjs";

const indexURL = new URL("../pyodide/", import.meta.url).href;
const RUNTIME = ["pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"].map((f) => new URL(f, indexURL).href);

// The runtime's files come from the service worker's cache (web/sw.js), never downloaded a
// second time: until the build is cached there, no snapshot is made (the next visit tries).
const nativeFetch = self.fetch;
self.fetch = async (input, init) => {
  const url = new URL(typeof input === "string" ? input : (input?.url ?? String(input)), indexURL).href;
  return (await caches.match(url)) ?? nativeFetch.call(self, input, init);
};

// The standard-library modules a start imports that Pyodide's own start does not (`import
// engine`'s, and `html` for PyScript's package): imported before the snapshot is taken, a new
// tab finds them imported (60-150 ms in Pyodide under Node, docs/boot.md "Issue #32, session
// 24"); e2e/test_boot.py names any `import engine` still imports after a restore. Pure Python
// or Pyodide's built-in C modules only (a shared library's own WebAssembly module is not in a
// snapshot), none drawing at import anything that should differ between tabs (`random`,
// seeded at import, is in Pyodide's own start; the engine never uses it). The snapshot's
// cache name carries a hash of this file (scripts/build.py): another list, another snapshot.
const IMPORTED = ["datetime", "decimal", "hashlib", "html", "importlib.resources", "numbers", "uuid"];

self.onmessage = async ({ data: { cache, key } }) => {
  try {
    for (const url of RUNTIME) {
      if (!(await caches.match(url))) throw new Error(`${url} is not in the service worker's cache yet`);
    }
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
    pyodide.runPython(IMPORTED.map((name) => `import ${name}`).join("\n"));
    const bytes = pyodide.makeMemorySnapshot();
    for (const name of await caches.keys()) {
      if (name.startsWith("pyodide-snapshot-") && name !== cache) await caches.delete(name);
    }
    await (await caches.open(cache)).put(key, new Response(bytes));
    self.postMessage({ made: bytes.byteLength });
  } catch (error) {
    self.postMessage({ failed: String(error?.message ?? error) });
  }
};
