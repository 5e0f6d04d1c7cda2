// The review: a game looked back at move by move (the bridge's `review`, `review_at`, `fork`),
// from the table (the game so far, as this screen's seat saw it), an autosave or a save file.
// It owns the reviewed game's position on screen and never touches the table or its autosave:
// the bridge reviews a copy of the history, and nothing here saves.

import { pageError } from "../ui/bridge.js";
import { buildReview, updateReview, updateVerdicts } from "../ui/review.js";
import { timings } from "./automation.js";
import * as boards from "./boards.js";
import { call, exclusive } from "./engine.js";

const R = {
  info: null, // the bridge's `review`: {steps, over, rounds, chart, log}
  snap: null, // the reviewed position on screen
  viewer: null, // whose eyes (any seat once the game is over)
  from: "lobby", // where closing the review goes back to: "lobby" or "table"
  want: null, // the step asked for last (steps asked while one is drawn are coalesced)
  busy: null, // the Promise of the steps being fetched
  stale: false, // the position must be fetched again (another viewer, another language)
  refs: null, // the review screen's elements (ui/review.js)
  // the rating of the moves (ui/verdicts.js): null, or {running, done, total, cancelled, list},
  // replaced (not changed) at each step of the rating so a redraw sees it is new
  verdicts: null,
  cancel: false, // the rating under way stops before its next move
};

// {lang(), t(), el(), screen(), show(screen), loadStrings(), back(from), fork(snap)}
let page;
export function attach(host) {
  page = host;
}

export const active = () => page.screen() === "review" && R.snap !== null;

/** Open a review of a save file's `text`, or of the game at the table (`text` null), seen by
 *  `viewer`; `from` is where closing it goes back to. Shows the last position. */
export async function open({ text = null, viewer = null, from = "lobby" }) {
  const started = performance.now();
  const snap = await call("review", { text, viewer, lang: page.lang() });
  Object.assign(R, { info: snap.review, snap, viewer, from, want: snap.step, stale: false, refs: null });
  Object.assign(R, { verdicts: null, cancel: true });
  await page.loadStrings(); // the reviewed game's own ui.* strings
  boards.use(snap.game);
  page.show("review");
  draw();
  timings.reviewOpen = Math.round((performance.now() - started) * 10) / 10;
  return state();
}

/** The position after `step` moves (clamped to the game); resolves with its snapshot once it
 *  is drawn. Steps asked while one is fetched are coalesced: the last one wins. */
export function go(step) {
  if (!active()) return Promise.reject(pageError(page.t(), "bridge.no_review"));
  R.want = Math.max(0, Math.min(R.info.steps, Math.round(Number(step) || 0)));
  // already there: answered at once (the loop below would end before its first await, and
  // its `finally` would run before `R.busy` is set, leaving a settled promise there for good)
  if (!R.busy && R.want === R.snap.step && !R.stale) return Promise.resolve(R.snap);
  R.busy ??= (async () => {
    try {
      while (R.want !== R.snap.step || R.stale) {
        const started = performance.now();
        const stale = R.stale;
        R.stale = false;
        const snap = await call("review_at", { step: R.want, viewer: R.viewer, lang: page.lang(), full_log: stale });
        if (!active()) break;
        if (snap.review_log) R.info = { ...R.info, log: snap.review_log };
        R.snap = snap;
        if (stale) {
          R.refs = null; // the log (and the names) are the new viewer's
          if (R.verdicts) R.verdicts = { ...R.verdicts }; // drawn and marked again in it
        }
        const drawn = performance.now();
        draw();
        timings.reviewDraw = round(performance.now() - drawn);
        timings.reviewStep = round(performance.now() - started);
      }
      return R.snap;
    } finally {
      R.busy = null;
    }
  })();
  return R.busy;
}

const round = (ms) => Math.round(ms * 10) / 10;

/** See the reviewed game through another seat's eyes (a finished game only: the bridge refuses
 *  anyone but this screen's seat before the end). */
export async function setViewer(viewer) {
  const before = R.viewer;
  R.viewer = viewer;
  R.stale = true;
  try {
    return await go(R.snap.step);
  } catch (error) {
    // refused (another seat's eyes before the end): the position on screen stays as it was
    R.viewer = before;
    R.stale = false;
    throw error;
  }
}

/** The same position in the page's new language. */
export function relang() {
  R.stale = true;
  return go(R.snap.step);
}

/** Rate the people's moves of the finished game under review, one move per call to the
 *  engine's worker (the page stays free meanwhile), the panel redrawn after each; `cancel()`
 *  stops it before the next move. Resolves with the verdicts so far. */
export async function analyse() {
  if (!active()) throw pageError(page.t(), "bridge.no_review");
  if (R.verdicts?.running) return R.verdicts.list;
  const started = performance.now();
  R.cancel = false;
  R.verdicts = { running: true, done: 0, total: 0, cancelled: false, list: [] };
  drawVerdicts();
  const steps = await call("verdict_steps");
  const list = [];
  for (const step of steps) {
    if (R.cancel || !active()) break;
    R.verdicts = { ...R.verdicts, done: list.length, total: steps.length, list: [...list] };
    drawVerdicts();
    list.push(await call("verdict", { step, lang: page.lang() }));
  }
  const cancelled = list.length < steps.length;
  if (active()) {
    R.verdicts = { running: false, done: list.length, total: steps.length, cancelled, list };
    drawVerdicts();
  }
  timings.analysis = round(performance.now() - started);
  return list;
}

export function cancel() {
  R.cancel = true;
}

export const verdicts = () => (active() ? (R.verdicts?.list ?? []) : []);

/** A new game from the position on screen of the finished game under review. */
export async function fork() {
  if (!active()) throw pageError(page.t(), "bridge.no_review");
  const snap = await call("fork", { step: R.snap.step, viewer: null, lang: page.lang() });
  await close({ back: false });
  await page.fork(snap);
  return snap;
}

export async function close({ back = true } = {}) {
  if (R.snap === null) return;
  R.cancel = true;
  await call("review_close");
  const from = R.from;
  Object.assign(R, { snap: null, info: null, refs: null });
  if (back) await page.back(from);
}

/** What the review shows, for window.marquee. */
export function state() {
  if (!active()) return null;
  const { info, snap, viewer, from } = R;
  return { step: snap.step, steps: info.steps, over: info.over, viewer, hash: snap.hash, rounds: info.rounds, from };
}

export const snap = () => (active() ? R.snap : null);

function draw() {
  const ctx = reviewCtx();
  R.refs ??= buildReview(page.el(), ctx);
  updateReview(R.refs, ctx);
}
/** Only the verdicts (a rating under way): the board and the log stay as they are. */
function drawVerdicts() {
  if (R.refs) updateVerdicts(R.refs, reviewCtx());
  else draw();
}

boards.onLoaded(() => {
  if (active()) draw();
});

function reviewCtx() {
  const t = page.t();
  const lang = page.lang();
  // nothing on a reviewed board can be played
  const act = () => Promise.reject(pageError(t, "bridge.no_game"));
  return {
    t,
    snap: R.snap,
    info: R.info,
    seats: R.snap.seats,
    step: () => R.snap.step,
    viewer: () => R.viewer,
    verdicts: R.verdicts,
    renderBoard: (container, shown) =>
      boards.renderBoard(container, shown, { viewer: R.viewer, lang, t, hint: null, call, act, review: true }),
    on: handlers,
  };
}

const report =
  (fn) =>
  (...args) =>
    fn(...args).catch((error) => {
      console.error("marquee: the review failed", error);
    });

const handlers = {
  go: report(go),
  viewer: report(setViewer),
  analyse: report(analyse),
  cancel: async () => cancel(),
  // these change what is at the table: one piece of the page's work, as a move is
  fork: report(() => exclusive(fork)),
  close: report(() => exclusive(close)),
};

// The keyboard: arrows step, Home and End go to either end (not while a field has the focus:
// the slider and the selects use the same keys).
addEventListener("keydown", (event) => {
  if (!active() || event.altKey || event.ctrlKey || event.metaKey) return;
  if (event.target instanceof Element && event.target.closest("input, select, textarea")) return;
  const step = R.want ?? R.snap.step;
  const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: R.info.steps }[event.key];
  if (to === undefined) return;
  event.preventDefault();
  handlers.go(to);
});
