// Issue #21, session 27: every person's move of a save rated in Pyodide under Node, the CPU
// seconds of each verdict (process.cpuUsage), through the bridge's own calls:
//   node scripts/experiments/s27c_rate.mjs $PWD/build/site SAVE.json > verdicts.jsonl
import { readFileSync } from "node:fs";
const [site, savePath] = process.argv.slice(2);
const { loadPyodide } = await import(`${site}/pyodide/pyodide.mjs`);
const py = await loadPyodide({ indexURL: `${site}/pyodide/` });
for (const w of ["msgspec-0.22.0-cp314-cp314-pyemscripten_2026_0_wasm32.whl", "marquee-0.8.10-py3-none-any.whl"])
  await py.loadPackage(`${site}/pyodide/${w}`);
py.globals.set("save_text", readFileSync(savePath, "utf8"));
py.runPython(`
import json
from engine.bridge import Bridge
bridge = Bridge()
bridge.call("review", json.dumps({"text": save_text, "viewer": 0}))
steps = json.loads(bridge.call("verdict_steps", "{}"))
def rate(step):
    return bridge.call("verdict", json.dumps({"step": step}))
`);
const steps = py.globals.get("steps").toJs();
const rate = py.globals.get("rate");
let total = 0;
const out = [];
for (const step of steps) {
  const c0 = process.cpuUsage();
  const v = JSON.parse(rate(step));
  const c = process.cpuUsage(c0);
  const s = (c.user + c.system) / 1e6;
  total += s;
  out.push({ step, cpu: +s.toFixed(4), best: v.best, score: v.score, best_score: v.best_score, loss: v.loss, mark: v.mark });
}
for (const o of out) console.log(JSON.stringify(o));
console.error(`moves ${steps.length} cpu ${total.toFixed(2)} s`);
