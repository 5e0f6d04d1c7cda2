// The engine in a module worker (issue 14, step 3; docs/boot.md "Engine off the main thread"):
// Pyodide, msgspec and the marquee wheel load here, so CPython's start-up and every engine
// call run off the page's main thread. It needs no cross-origin isolation: it only answers
// JSON-in/JSON-out messages and never touches the page.
//
//   page -> worker  {id, method, args}      args: a JSON string (engine/bridge.py's call)
//   worker -> page  {id, result}            result: the bridge's JSON string
//                   {stage, ms}             a start-up milestone (runtime, packages, engine)
//                   {ready, version, ms}    the engine is importable and answering
//                   {failed, message}       start-up failed

import { loadPyodide } from "../pyodide/pyodide.mjs";

const t0 = performance.now();
const since = () => Math.round(performance.now() - t0);
const pending = [];
let bridge = null;

self.onmessage = ({ data }) => {
  if (bridge) answer(data);
  else pending.push(data);
};

function answer({ id, method, args }) {
  let result;
  try {
    result = bridge.call(method, args ?? "{}");
  } catch (error) {
    result = JSON.stringify({
      error: { code: "ui.error.internal", params: { method, detail: String(error?.message ?? error) } },
    });
  }
  self.postMessage({ id, result });
}

try {
  const base = new URL("../pyodide/", import.meta.url).href;
  const pyodide = await loadPyodide({ indexURL: base });
  self.postMessage({ stage: "runtime", ms: since() });
  await pyodide.loadPackage(["msgspec", "marquee"], { messageCallback: () => {} });
  self.postMessage({ stage: "packages", ms: since() });
  const Bridge = pyodide.pyimport("engine.bridge").Bridge;
  const instance = Bridge();
  bridge = { call: (method, args) => instance.call(method, args) };
  self.postMessage({ ready: true, version: pyodide.pyimport("engine").__version__, ms: since() });
  while (pending.length) answer(pending.shift());
} catch (error) {
  self.postMessage({ failed: true, message: String(error?.stack ?? error) });
}
