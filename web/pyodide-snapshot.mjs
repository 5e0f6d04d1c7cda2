// Makes a memory snapshot of the bare Pyodide runtime (no packages: a snapshot taken after
// loadPackage fails with "Unexpected hiwire entry") and keeps it in Cache Storage, so the next
// visit restores CPython instead of starting it (docs/boot.md "Memory snapshot"). Started by
// web/pyodide-worker.mjs once the engine is up; it runs in its own worker, never in the way.
//   page -> this worker  {cache, key}    where to keep it
//   this worker -> page  {made: bytes} | {failed: message}

import { loadPyodide } from "../pyodide/pyodide.mjs";

self.onmessage = async ({ data: { cache, key } }) => {
  try {
    const indexURL = new URL("../pyodide/", import.meta.url).href;
    const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
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
