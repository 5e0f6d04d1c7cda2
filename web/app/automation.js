// window.marquee, the automation surface (docs/automation.md): every call waits for the page to
// be ready, runs as one piece of the engine's work, and answers plain JSON (errors as the
// engine's {code, params, message}).

import { EngineError } from "../ui/bridge.js";
import * as bots from "./bots.js";
import { exclusive } from "./engine.js";

export const timings = {}; // ms since navigation start, or durations in ms

let resolveReady, rejectReady;
const readyPromise = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
readyPromise.catch(() => {}); // a failed boot shows on the loading screen
export const ready = (screen) => resolveReady({ screen });
export const failed = (error) => rejectReady(error);

/** After the frames that follow a draw (a board places itself, or scrolls a lit target into
 *  view, on the frame after it is drawn) and the task queued in the first of them (a new
 *  Trickerion board draws its Residence there), so a script reads the page as a player sees it.
 *  The frames are waited for however late they come: on a busy machine a fixed wait ended
 *  before them, and a script read a board without its Residence. A tab in the background runs
 *  no frames: there, a short wait instead. */
const drawn = (value) =>
  new Promise((resolve) => {
    const done = () => {
      document.removeEventListener("visibilitychange", hidden);
      resolve(value);
    };
    const hidden = () => {
      if (document.hidden) setTimeout(done, 250);
    };
    document.addEventListener("visibilitychange", hidden);
    hidden();
    requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done)));
  });

const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

/** The message of an error for a banner: the engine's own, or a page failure. */
export function errorText(t, error) {
  if (error instanceof EngineError) return error.message;
  return t("ui.error.internal", { method: "page", detail: String(error?.message ?? error) });
}

/** window.marquee over the page's table flow (`page`, built in app.js). */
export function automation(page) {
  /** Run `fn` for the API: resolve with its result, reject with the engine's error object. */
  async function guarded(fn) {
    await readyPromise;
    try {
      return clone(await exclusive(fn));
    } catch (error) {
      throw error instanceof EngineError
        ? { ...error.error }
        : { code: "ui.error.internal", params: {}, message: errorText(page.t(), error) };
    }
  }
  const snap = () => page.snap();
  const marquee = {
    /** Resolves once the engine is loaded and the first screen (lobby or resumed table) is drawn. */
    ready: () => readyPromise.then(() => marquee),
    /** Resolves once no work is under way (a move just clicked, a bot's step: the engine answers
     *  asynchronously) and no instant automatic step waits: what a click did is on the table. */
    settled: () => bots.settled().then(drawn),
    /** Resolves when no automatic step (bot, chance, automaton) is pending. */
    idle: () => readyPromise.then(bots.idle).then(drawn),
    get lang() {
      return page.lang();
    },
    setLang: (lang) => guarded(() => page.setLang(lang)),
    t: (code, params) => page.t()(code, params),
    screen: page.screen,
    games: () => clone(page.games()),
    setup: () => clone(page.setup()),
    start: (setup = {}) => guarded(() => page.start(setup)),
    /** The hard bot's best moves for the seat at this screen, shown as the Hint button shows
     *  them: [{index, action, label, estimate}], with the time taken in timings.hint. */
    hint: () => guarded(async () => (await page.hint()).moves),
    snapshot: () => clone(snap()),
    state: () => clone(snap()?.view ?? null),
    legalActions: () => clone((snap()?.legal ?? []).map((a) => a.action)),
    legal: () => clone(snap()?.legal ?? []),
    toAct: () => clone(snap()?.to_act ?? null),
    viewer: page.viewer,
    hash: () => snap()?.hash ?? null,
    gameId: page.gameId,
    savedGames: () => clone(page.savedGames().map(({ text, ...slot }) => slot)),
    act: (action) => guarded(() => page.act(action)),
    undo: () => guarded(page.undo),
    save: () => guarded(page.save),
    load: (text) => guarded(() => page.load(text)),
    confirmPass: () => guarded(page.confirmPass),
    toLobby: () => guarded(page.toLobby),
    setSpeed: bots.setSpeed,
    skip: bots.skip,
    /** A new game with the finished one's table: same game, options, seats, a new seed. */
    again: () => guarded(page.again),
    review: reviewApi(page.review, guarded),
    timings,
  };
  return marquee;
}

/** marquee.review: the review of a game, move by move (docs/automation.md "Review"). */
function reviewApi(review, guarded) {
  const state = () => clone(review.state());
  const go = (step) => guarded(() => review.go(step));
  const from = (fn) => () => go(fn(review.state() ?? { step: 0, steps: 0 }));
  return {
    /** Open a review: `{text}` a save file's, `{slot}` an autosave's (savedGames() ids), or
     *  `{}` the game at the table so far. Resolves with state(). */
    open: (source = {}) => guarded(() => review.open(source)),
    /** `{step, steps, over, viewer, hash, rounds: [{round, step}], from}`, or null. */
    state,
    /** The position after `step` moves: Promise<snapshot> once it is drawn. */
    go,
    first: () => go(0),
    prev: from((s) => s.step - 1),
    next: from((s) => s.step + 1),
    last: from((s) => s.steps),
    /** The first position of round (or day) `n`. */
    round: (n) => {
      const hit = (review.state()?.rounds ?? []).find((r) => r.round === n);
      return hit ? go(hit.step) : Promise.reject({ code: "core.bad_step", params: { step: n }, message: String(n) });
    },
    setViewer: (seat) => guarded(() => review.setViewer(seat)),
    /** Rate the people's moves of the finished game under review (the normal bot, in the
     *  engine's worker): Promise<[verdict]>, what was rated if cancel() stopped it. Not inside
     *  the page's work queue: cancel() and the other reads answer while it runs. */
    analyse: () => review.analyse().then(clone),
    cancel: review.cancel,
    /** The verdicts so far: [{step, seat, played, label, best, best_label, score, best_score,
     *  loss, mark}] (mark: null, "inaccuracy", "mistake" or "blunder"). */
    verdicts: () => clone(review.verdicts()),
    /** Forget every game's kept verdicts, as a page opened anew (a rating under way stops). */
    forget: review.forget,
    /** Play on from the position on screen (a finished game): Promise<the new table's snapshot>. */
    fork: () => guarded(review.fork),
    close: () => guarded(review.close),
  };
}
