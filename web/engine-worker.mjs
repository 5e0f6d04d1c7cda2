// The engine's worker as index.html's first script makes it, before the page's modules and
// PyScript have loaded (docs/boot.md "Issue #32, session 22"): the runtime starts here once
// the page has drawn its first screen or PyScript asks for a worker, whichever comes first
// (the message {marqueeGo}; web/pyodide-worker.mjs `prestart`: the memory snapshot restored
// and the wheels written back while PyScript loads on the page), and PyScript, when it makes its worker, is
// handed this one instead (index.html): its first message names PyScript's own worker bundle
// (a blob: URL), which is imported here. PyScript then asks for the runtime as it always does
// (web/pyscript.json's interpreter, the module imported below) and gets the one already
// started.

import { prestart } from "./pyodide-worker.mjs";

// The messages PyScript's page side posts right after making its worker arrive before its
// bundle is here to hear them: they are held, and handed on once the bundle has put its first
// listener in place, each in a task of its own as they came (the bundle awaits its first
// message at its top level before it adds the next listener).
const held = [];
let handing = false;

function hold(event) {
  if (!event.isTrusted) return; // (one handed on, below)
  event.stopImmediatePropagation();
  const { marqueeBundle, marqueeGo } = event.data ?? {};
  if (marqueeGo) prestart();
  else if (marqueeBundle) pyscript(marqueeBundle);
  else held.push(event);
}
addEventListener("message", hold);

function pyscript(url) {
  const listen = self.addEventListener;
  self.addEventListener = function (type, ...rest) {
    // (the bundle's own: Pyodide, starting meanwhile, may listen for messages too)
    if (type === "message" && !handing && new Error().stack?.includes(url)) {
      handing = true;
      self.addEventListener = listen;
      setTimeout(handOn);
    }
    return listen.call(this, type, ...rest);
  };
  import(url).catch((error) => postMessage(error)); // (PyScript's page side rejects `ready`)
}

function handOn() {
  const event = held.shift();
  if (!event) {
    removeEventListener("message", hold);
    return;
  }
  dispatchEvent(new MessageEvent("message", { data: event.data, ports: [...event.ports] }));
  setTimeout(handOn);
}
