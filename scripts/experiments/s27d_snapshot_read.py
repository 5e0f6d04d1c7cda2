"""The memory snapshot's read in a new worker: kept whole against kept without its zero pages.

    python3 scripts/build.py
    python3 scripts/experiments/s27d_snapshot_read.py [PAIRS]

A page served from a temporary folder (build/site's pyodide/ beside it) makes one snapshot in a
worker as web/pyodide-snapshot.mjs does (Pyodide started, the same standard-library modules
imported) and keeps it in Cache Storage twice: whole, and through that file's own `packed`.
Then, PAIRS times in alternated order, a fresh worker reads one back (`caches.match`, the
body's ArrayBuffer), unpacks it with web/pyodide-worker.mjs's own `unpacked` where packed, and
copies the memory into a fresh WebAssembly memory as Pyodide's restore does; it prints read,
unpack, copy and their total per kind (median [min-max]) and paired (packed minus whole, the
median with a 95% bootstrap interval, pairs lower). docs/speed.md "Issue #32, session 27".
"""

import random
import re
import statistics
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

import server  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402

WORKER = """
import { loadPyodide } from "./pyodide/pyodide.mjs";
%(unpacked)s
%(packed)s
const KEY = (name) => new URL(`${name}?kept`, location.href).href;
const IMPORTED = %(imported)s;
async function keep() {
  const py = await loadPyodide({ indexURL: new URL("./pyodide/", location.href).href, _makeSnapshot: true });
  py.runPython(IMPORTED.map((name) => `import ${name}`).join("\\n"));
  const bytes = py.makeMemorySnapshot();
  const cache = await caches.open("bench");
  await cache.put(KEY("whole"), new Response(bytes));
  await cache.put(KEY("packed"), new Response(packed(bytes)));
}
async function read(name) {
  const t0 = performance.now();
  const hit = await (await caches.open("bench")).match(KEY(name));
  const buffer = await hit.arrayBuffer();
  const t1 = performance.now();
  const memory = name === "packed" ? unpacked(buffer).memory : new Uint8Array(buffer);
  const t2 = performance.now();
  const head = new Uint32Array(memory.buffer, memory.byteOffset, 4)[1];
  const wasm = new WebAssembly.Memory({ initial: (memory.byteLength - head) / 65536 });
  new Uint8Array(wasm.buffer).set(memory.subarray(head));
  const t3 = performance.now();
  return { read: t1 - t0, unpack: t2 - t1, copy: t3 - t2, total: t3 - t0 };
}
self.onmessage = async ({ data }) => self.postMessage(data === "keep" ? await keep() ?? "kept" : await read(data));
"""

PAGE = """<!doctype html><title>snapshot read</title><script>
window.run = (what) => new Promise((resolve, reject) => {
  const worker = new Worker("worker.mjs", { type: "module" });
  worker.onerror = (e) => reject(String(e.message));
  worker.onmessage = ({ data }) => { worker.terminate(); resolve(data); };
  worker.postMessage(what);
});
</script>"""


def between(text: str, first: str, before: str) -> str:
    start = text.index(first)
    return text[start : text.index(before, start)]


def worker_source() -> str:
    reader = (ROOT / "web" / "pyodide-worker.mjs").read_text()
    maker = (ROOT / "web" / "pyodide-snapshot.mjs").read_text()
    imported = re.search(r"const IMPORTED = (\[.*?\]);", maker)
    assert imported, "web/pyodide-snapshot.mjs no longer lists IMPORTED"
    return WORKER % {
        "unpacked": between(reader, "const PACKED", "function makeSnapshot"),
        "packed": between(maker, "function packed", "self.onmessage"),
        "imported": imported.group(1),
    }


def paired(whole: list[float], packed: list[float]) -> str:
    diffs = [b - a for a, b in zip(whole, packed, strict=True)]
    draw = random.Random(1)
    medians = sorted(statistics.median(draw.choices(diffs, k=len(diffs))) for _ in range(4000))
    return (
        f"{statistics.median(diffs):+.1f} ({medians[100]:+.1f} to {medians[3899]:+.1f}),"
        f" {sum(d < 0 for d in diffs)} of {len(diffs)} lower"
    )


def main() -> None:
    pairs = int(sys.argv[1]) if len(sys.argv) > 1 else 20
    with tempfile.TemporaryDirectory() as folder:
        site = Path(folder)
        (site / "pyodide").symlink_to(ROOT / "build" / "site" / "pyodide")
        (site / "worker.mjs").write_text(worker_source())
        (site / "index.html").write_text(PAGE)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(
                executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS
            )
            _, url = server.start_in_thread(site)
            page = browser.new_context().new_page()
            page.goto(url)
            page.evaluate("run('keep')")
            rows: dict[str, list[dict]] = {"whole": [], "packed": []}
            for n in range(pairs):
                for kind in ("whole", "packed") if n % 2 == 0 else ("packed", "whole"):
                    rows[kind].append(page.evaluate(f"run('{kind}')"))
            browser.close()
    for part in ("read", "unpack", "copy", "total"):
        got = {kind: [r[part] for r in rows[kind]] for kind in rows}
        print(
            f"{part}: "
            + "; ".join(
                f"{k} {statistics.median(v):.1f} [{min(v):.1f}-{max(v):.1f}]"
                for k, v in got.items()
            )
            + f"; paired {paired(got['whole'], got['packed'])}"
        )


if __name__ == "__main__":
    main()
