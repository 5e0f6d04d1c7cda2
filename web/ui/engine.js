// One asynchronous door to the engine running in web/engine-worker.js:
// call(method, argsJson) -> Promise of the bridge's JSON string, as window.marqueeBridge.call
// answers synchronously today (docs/boot.md "Engine off the main thread").

export function startWorker(url = new URL("../engine-worker.js", import.meta.url)) {
  const worker = new Worker(url, { type: "module" });
  const waiting = new Map();
  const stages = {};
  let next = 0;
  let resolveReady, rejectReady;
  const ready = new Promise((resolve, reject) => {
    resolveReady = resolve;
    rejectReady = reject;
  });
  worker.onmessage = ({ data }) => {
    if ("id" in data) {
      waiting.get(data.id)?.(data.result);
      waiting.delete(data.id);
    } else if (data.stage) stages[data.stage] = data.ms;
    else if (data.ready) resolveReady({ version: data.version, ms: data.ms, stages });
    else if (data.failed) rejectReady(new Error(data.message));
  };
  worker.onerror = (event) => rejectReady(new Error(event.message || "the engine worker failed to start"));
  return {
    ready,
    call(method, argsJson = "{}") {
      const id = next++;
      return new Promise((resolve) => {
        waiting.set(id, resolve);
        worker.postMessage({ id, method, args: argsJson });
      });
    },
    terminate: () => worker.terminate(),
  };
}
