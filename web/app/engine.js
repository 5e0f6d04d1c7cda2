// The page's connection to the engine: the one place that calls it and the one queue of work
// that changes the game. Calls are asynchronous (the engine runs in a worker, docs/boot.md);
// what changes the game runs as one `exclusive` piece of work, so the next waits until it is
// done, as when the engine answered at once.

import { connect } from "../ui/bridge.js";

let engine = null;
let turn = Promise.resolve();
let busy = 0; // pieces of work started and not yet done
let workDone = () => {};
let waiting = null; // the latest lobby choice waiting for the engine (afterEngine)
let arrived;
const arrival = new Promise((resolve) => (arrived = resolve));

export const call = (method, args = {}) => engine.call(method, args);
export const connected = () => engine !== null;
export const isBusy = () => busy > 0;

/** Connect to window.marqueeBridge once it is there. */
export function join(door) {
  engine = connect(door);
}

/** Say that the engine now answers for the lobby drawn before it (lets afterEngine go on). */
export const announce = () => arrived();

/** Called whenever a piece of work ends (the bot scheduler tells its waiters). */
export function onWorkDone(fn) {
  workDone = fn;
}

/** Run `fn` once the work before it is done; resolves (or rejects) as `fn` does. Never call
 *  it from inside such work: that would wait for itself. */
export function exclusive(fn) {
  busy++;
  const run = turn.then(fn);
  const done = () => {
    busy--;
    workDone();
  };
  turn = run.then(done, done);
  return run;
}

/** A lobby handler that first waits for the engine (only the latest choice runs). */
export function afterEngine(fn) {
  return async (...args) => {
    if (!engine) {
      const ticket = (waiting = {});
      document.documentElement.dataset.lobby = "waiting";
      await arrival;
      if (waiting !== ticket) return;
      waiting = null;
    }
    return fn(...args);
  };
}

/** The lobby's data inlined by the build (docs/boot.md, "lobby first"): the registry's games,
 *  the page strings and the engine's limits, so the lobby is usable while the engine loads. */
export const early = (() => {
  try {
    const data = JSON.parse(document.getElementById("marquee-lobby-data")?.textContent || "null");
    return data?.games && data.strings?.en && data.version ? data : null;
  } catch {
    return null;
  }
})();

/** An event handler that runs `fn` and hands any error to `onError` to show. */
export function reporting(onError, fn) {
  return async (...args) => {
    try {
      await fn(...args);
    } catch (error) {
      onError(error);
    }
  };
}
