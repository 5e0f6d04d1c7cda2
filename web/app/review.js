// The review: a game looked back at move by move (the bridge's `review`, `review_at`, `fork`),
// from the table (the game so far, as this screen's seat saw it), an autosave or a save file.
// It owns the reviewed game's position on screen and never touches the table or its autosave:
// the bridge reviews a copy of the history, and nothing here saves.

import { pageError } from "../ui/bridge.js";
import { buildReview, updateReview, updateVerdicts } from "../ui/review-screen.js";
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
  refs: null, // the review screen's elements (ui/review-screen.js)
  // the rating of the moves (ui/verdicts.js): null, or {running, done, total, cancelled,
  // failed (what went wrong, or null), list},
  // replaced (not changed) at each step of the rating so a redraw sees it is new
  verdicts: null,
  rating: null, // the rating under way: a token it checks between slices (null: none goes on)
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
  // a rating of another game under way stops; this game's verdicts, if rated before, are back
  Object.assign(R, { rating: null, verdicts: resumed(kept.get(snap.review.key)) });
  await page.loadStrings(); // the reviewed game's own ui.* strings
  boards.use(snap.game);
  page.show("review");
  draw();
  timings.reviewOpen = Math.round((performance.now() - started) * 10) / 10;
  return state();
}

// a rating left running when the review closed ended there: it may be taken up again
const resumed = (v) => (v?.running ? { ...v, running: false, cancelled: true } : (v ?? null));

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

// Verdicts kept per finished game (the bridge's `review.key`) while the page is open: a
// review closed and opened again shows them, and "Rate the moves" goes on where it stopped.
const kept = new Map();
const BUDGET_MS = 250; // engine work per call: a Cancel is heard within about this much

/** Rate the people's moves of the finished game under review in the engine's worker, a slice
 *  of work per call (the page stays free meanwhile), the panel redrawn after each move;
 *  `cancel()` stops it at the end of the slice under way. A move the engine fails to rate ends
 *  the rating with the verdicts so far kept and the failure said. Resolves with the verdicts. */
export async function analyse() {
  if (!active()) throw pageError(page.t(), "bridge.no_review");
  if (R.verdicts?.running) return R.verdicts.list;
  const started = performance.now();
  const key = R.info.key;
  const ticket = (R.rating = {}); // this rating goes on while it is the page's
  const going = () => R.rating === ticket && active() && R.info.key === key;
  const list = [...(R.verdicts?.list ?? [])];
  let state = { running: true, done: list.length, total: R.verdicts?.total ?? 0, cancelled: false, failed: null };
  const show = (fields) => {
    if (R.rating !== ticket && R.rating !== null) return; // a newer rating has taken over
    state = { ...state, ...fields, list: [...list] };
    if (key) kept.set(key, state);
    if (active() && R.info.key === key) {
      R.verdicts = state;
      drawVerdicts();
    }
  };
  show({});
  let failed = null;
  let steps = [];
  try {
    steps = await call("verdict_steps");
    const seen = new Set(list.map((v) => v.step));
    for (const step of steps) {
      if (seen.has(step)) continue;
      if (!going()) break;
      show({ done: list.length, total: steps.length });
      let v = null;
      while (going()) {
        v = await call("verdict", { step, lang: page.lang(), budget_ms: BUDGET_MS });
        if (!v.pending) break;
      }
      if (!v || v.pending || !going()) break;
      list.push(v);
    }
  } catch (error) {
    console.error("marquee: a move could not be rated", error);
    failed = error;
  }
  if (R.rating === ticket) R.rating = null;
  const cancelled = !failed && list.length < steps.length;
  show({ running: false, done: list.length, total: steps.length, cancelled, failed: failed ? failText(failed) : null });
  timings.analysis = round(performance.now() - started);
  return list;
}

const failText = (error) => error?.message || String(error);

/** Stop the rating under way: said at once, the engine's slice under way dropped. */
export function cancel() {
  R.rating = null;
  if (R.verdicts?.running) {
    R.verdicts = { ...R.verdicts, running: false, cancelled: true };
    if (R.info?.key) kept.set(R.info.key, R.verdicts);
    drawVerdicts();
  }
}

export const verdicts = () => (active() ? (R.verdicts?.list ?? []) : []);

/** Forget every game's kept verdicts, as a page opened anew has none: a rating under way stops,
 *  and the review on screen shows none. (The browser tests share one booted page, and those
 *  that rate a game find it unrated.) */
export function forget() {
  R.rating = null;
  kept.clear();
  if (R.verdicts === null) return;
  R.verdicts = null;
  if (!active()) return;
  R.refs = null; // the log's marks go with them: built again
  draw();
}

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
  R.rating = null;
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
