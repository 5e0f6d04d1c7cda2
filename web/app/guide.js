// The guided first game at the table ("Learn to play", docs/guides.md). A guide is the
// engine's data (bridge `guide`): the table it opens and its steps. This room walks them: it
// marks the one move a step asks for, lets only that move through (any other is answered "not
// yet", never dropped silently), waits for "Next" on a note, and keeps where it is beside the
// table's autosave, so a reload resumes at the same step. Leaving, or playing on at the end,
// keeps the game: it simply goes on without the guide.

import { pageError } from "../ui/bridge.js";
import { drawPanel, markMove, targetOf } from "../ui/guide-panel.js";
import * as store from "../ui/store.js";
import * as saves from "./saves.js";

const KEY = "guide"; // {slot, guide, index, starts}: the guided table's slot and its step
const FINISHED = "finished-a-game"; // a game was played to its end here: the lobby offers the guide less

// the guide under way at this table (null: none), and the table's last drawn position
let G = null;
let shown = { snap: null, t: null, scrolled: null };
let host; // {t(), redraw()}

export function attach(page) {
  host = page;
  // a board target offering several moves opens its panel of choices on the click: the
  // asked move's choice is brought into view (a phone's bar may cover where it opened)
  // (in the capture phase: a board's own handler may stop the click there)
  document.addEventListener(
    "click",
    () => {
      const g = shown.snap && current();
      const asked = g ? askedIndex(g, shown.snap) : null;
      if (asked === null) return;
      requestAnimationFrame(() =>
        document.querySelector(`.board button[data-index="${asked}"]`)?.scrollIntoView({ block: "center" }),
      );
    },
    true,
  );
}

export const finishedAGame = () => store.load(FINISHED, false) === true;

const sameAction = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
const sorted = (o) => Object.fromEntries(Object.entries(o ?? {}).sort(([x], [y]) => (x < y ? -1 : 1)));

/** The guide under way for the table on screen (restored from storage after a reload). */
function current() {
  const slot = saves.gameId();
  if (G && G.slot === slot) return G;
  const kept = store.load(KEY);
  G = kept && kept.slot === slot ? kept : null;
  return G;
}

function keep() {
  if (G) store.save(KEY, G);
  else store.remove(KEY);
}

/** A guided table was just opened (the table's first position is on screen). */
export function begin(guide, snap) {
  G = { slot: saves.gameId(), guide, index: 0, starts: [snap.step], refusal: null };
  keep();
  drawn(snap, host.t());
}

/** The guide's figures for tests (window.marquee.guide()): null when none is under way. */
export function state() {
  const g = shown.snap && current();
  if (!g) return null;
  const step = g.guide.steps[g.index];
  return {
    game: g.guide.game,
    index: g.index,
    total: g.guide.steps.length,
    text: step.text,
    move: askedIndex(g, shown.snap),
  };
}

/** The index in the snapshot's legal list of the move the step asks for (null: none now). */
function askedIndex(g, snap) {
  const step = g.guide.steps[g.index];
  if (!step?.action) return null;
  const i = snap.legal.findIndex((e) => sameAction(e.action, step.action));
  return i < 0 ? null : i;
}

/** The table's gate before a move: the step's own move passes (and the guide moves on); any
 *  other is refused with what the step asks for. */
export function gate(action) {
  const g = shown.snap && current();
  if (!g) return;
  const step = g.guide.steps[g.index];
  const t = host.t();
  if (step.action && sameAction(action, step.action)) {
    g.index += 1;
    g.refusal = null;
    keep();
    return;
  }
  const asked = askedIndex(g, shown.snap);
  const code = step.action ? "ui.guide.not_yet" : "ui.guide.read_first";
  const error = pageError(t, code, { move: asked === null ? "" : shown.snap.legal[asked].label });
  g.refusal = error.message;
  drawn(shown.snap, t);
  throw error;
}

/** After each draw of the table: the step's panel and its mark (nothing without a guide). */
export function drawn(snap, t) {
  shown = { ...shown, snap, t };
  if (snap.result) store.save(FINISHED, true);
  const g = current();
  if (!g) return hide();
  // an undo back past where a step began: the guide goes back with it
  while (g.index > 0 && snap.step < (g.starts[g.index] ?? snap.step)) {
    g.starts.length = g.index;
    g.index -= 1;
  }
  g.starts[g.index] ??= snap.step;
  const step = g.guide.steps[g.index];
  const last = g.index === g.guide.steps.length - 1;
  const asked = askedIndex(g, snap);
  markMove(asked);
  drawPanel({
    t,
    n: g.index + 1,
    total: g.guide.steps.length,
    text: t(step.text),
    move: asked === null ? null : snap.legal[asked].label,
    refusal: g.refusal ?? (step.action && asked === null ? t("ui.guide.wait") : null),
    last,
    on: { next, leave: stop, playOn: stop },
  });
  const key = `${g.slot}:${g.index}`;
  if (asked !== null && shown.scrolled !== key) scrollWhenDrawn(key, asked, snap.step);
}

/** The step's target into the middle of the view, once the board shows this position. Not
 *  before: a board waiting for an automatic step is drawn a few frames after the table
 *  (web/ui/table/board-wait.js drawBoard), and until then the old board's targets carry the same indexes;
 *  after a reload the game's own renderer loads first. And a frame after it, so that the
 *  board's own scroll into view (on the frame after it draws: Trickerion's Assignment phase
 *  brings the viewer's own area to the top, under the panel on a phone) does not undo it. */
function scrollWhenDrawn(key, asked, step, frames = 120) {
  requestAnimationFrame(() => {
    if (shown.scrolled === key || frames <= 0) return;
    const board = document.querySelector('[data-testid="board"]');
    if (board?.dataset.drawn !== String(step) || document.querySelector('[data-testid="generic-view"]')) {
      scrollWhenDrawn(key, asked, step, frames - 1);
      return;
    }
    requestAnimationFrame(() => {
      if (shown.scrolled === key) return;
      shown.scrolled = key;
      // the move list's entry in view within its list, then the target in the middle of the view
      document.querySelector(`[data-testid="actions"] [data-index="${asked}"]`)?.scrollIntoView({ block: "nearest" });
      targetOf(asked)?.scrollIntoView({ block: "center", inline: "nearest" });
    });
  });
}

function next() {
  const g = current();
  if (!g || g.guide.steps[g.index].action) return;
  g.index += 1;
  g.refusal = null;
  g.starts[g.index] = shown.snap.step;
  keep();
  drawn(shown.snap, shown.t);
}

/** Leave the guide (or play on at its end): the game stays, as a normal game. */
function stop() {
  G = null;
  keep();
  hide();
  host.redraw();
}

/** The table is off screen (the lobby, a review): no panel, no mark. */
export function hide() {
  markMove(null);
  drawPanel(null);
}
