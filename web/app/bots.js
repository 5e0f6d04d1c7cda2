// The automatic steps (bots, chance, automata): when the next runs, at what pace, and who is
// waiting for the table to be idle or settled (window.marquee.idle / settled).

import * as store from "../ui/store.js";
import { exclusive, isBusy, onWorkDone } from "./engine.js";

// Instant bots: steps run this long (in the engine's worker: the page stays free) between two
// redraws, each of which costs the page's thread a whole table render.
const BATCH_MS = 250;

let timer = null;
// schedule()'s latest call: a step whose timer ran out but that still waits for the engine
// behind other work belongs to an earlier call when a later one has set a timer of its own
let generation = 0;
let pace = store.load("speed", 1500); // ms between automatic steps: "watch", a pace a person can follow
let skipping = false; // run automatic steps without delay until a human must act
let stalledAt = null; // step at which an automatic step did not move (stop retrying)
const idleWaiters = [];
const quietWaiters = [];
let table = { due: () => null, run: async () => {} };

/** The table the scheduler drives: `due()` is the step at which an automatic step is pending
 *  (null: none), `run({batch, more, stall})` takes one step, or while `more()` as many as fit. */
export function drive(host) {
  table = host;
}

export const speed = () => pace;
export const unstall = () => (stalledAt = null);
/** Automatic steps run without delay: skipping ahead, or at speed 0. */
const instant = () => skipping || pace === 0;
const due = () => {
  const step = table.due();
  return step !== null && step !== stalledAt;
};

export function schedule() {
  clearTimeout(timer);
  timer = null;
  generation++;
  if (!due()) {
    skipping = false;
    flushIdle();
    return;
  }
  const mine = generation;
  const delay = skipping ? 0 : pace;
  timer = setTimeout(() => autoStep(mine, delay), delay);
  flushIdle(); // a bot that waits `pace` leaves the table readable meanwhile
}

function autoStep(mine, delay) {
  timer = null;
  exclusive(async () => {
    if (mine !== generation) return; // a later schedule() runs the next step at its own time
    if (!due()) return schedule(); // the table changed while this step waited
    // A slower pace set while this step waited for the engine (its timer had run out, so
    // setSpeed found none to reset): the step waits for that pace first.
    if ((skipping ? 0 : pace) > delay) return schedule();
    const started = performance.now();
    await table.run({
      batch: instant(),
      // a pace set meanwhile ends the batch: the next step waits for it
      more: () => instant() && due() && performance.now() - started < BATCH_MS,
      stall: (step) => (stalledAt = step),
    });
  });
}

export function stop() {
  clearTimeout(timer);
  timer = null;
  skipping = false;
}

export function skip() {
  skipping = true;
  schedule();
}

export function setSpeed(ms) {
  pace = Math.max(0, Number(ms) || 0);
  store.save("speed", pace);
  if (timer) schedule();
}

export function flushIdle() {
  if (quiet()) while (quietWaiters.length) quietWaiters.shift()();
  if (timer || isBusy()) return;
  while (idleWaiters.length) idleWaiters.shift()();
}
onWorkDone(flushIdle);

/** No work under way and no instant automatic step waiting to run. */
const quiet = () => !isBusy() && !(timer && instant());

/** Resolves once nothing is under way and no instant step waits. */
export const settled = () =>
  new Promise((resolve) => {
    quietWaiters.push(resolve);
    flushIdle();
  });

/** Resolves when no automatic step is pending. */
export const idle = () =>
  new Promise((resolve) => {
    idleWaiters.push(resolve);
    flushIdle();
  });
