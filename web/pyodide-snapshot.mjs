// Makes a memory snapshot of the Pyodide runtime with no package (a snapshot taken after
// loadPackage fails with "Unexpected hiwire entry") and keeps it in Cache Storage, so the next
// visit restores CPython instead of starting it (docs/boot.md "Memory snapshot"). Started by
// web/pyodide-worker.mjs a while after the engine is up; it runs in its own worker, never in
// the way.
//   page -> this worker  {cache, key}    where to keep it
//   this worker -> page  {made: bytes, stored} | {failed: message}

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

// Most of the memory is pages never written (61% of its 4 KiB pages once the modules above are
// imported, in 14 stretches, its last 8.5 MB among them): only the others are kept, so a new tab
// reads 12 MB from Cache Storage, not 31, before CPython can start (docs/speed.md "Issue #32,
// session 27"). Read back by web/pyodide-worker.mjs (`unpacked`): [PACKED, the memory's
// length, PAGE, n] as 32-bit words, n [first page, pages] pairs (the stretches kept, in order),
// then their bytes (the memory's last page may be short).
const PACKED = 0x4d515a31; // "MQZ1"
const PAGE = 4096;

function packed(bytes) {
  const words = new Uint32Array(bytes.buffer, bytes.byteOffset, bytes.byteLength >> 2);
  const written = (page) => {
    const end = Math.min((page + 1) * PAGE, bytes.byteLength) >> 2;
    for (let i = (page * PAGE) >> 2; i < end; i++) if (words[i] !== 0) return true;
    return false;
  };
  const runs = [];
  for (let page = 0; page * PAGE < bytes.byteLength; page++) {
    if (!written(page)) continue;
    const last = runs.at(-1);
    if (last && last[0] + last[1] === page) last[1]++;
    else runs.push([page, 1]);
  }
  const head = new Uint32Array([PACKED, bytes.byteLength, PAGE, runs.length, ...runs.flat()]);
  return new Blob([head, ...runs.map(([first, pages]) => bytes.subarray(first * PAGE, (first + pages) * PAGE))]);
}

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
    const kept = packed(bytes);
    await (await caches.open(cache)).put(key, new Response(kept));
    self.postMessage({ made: bytes.byteLength, stored: kept.size });
  } catch (error) {
    self.postMessage({ failed: String(error?.message ?? error) });
  }
};
