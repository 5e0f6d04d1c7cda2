// Where the keyboard focus goes when a new decision comes to the person at the screen.

// What a keyboard may play: the boards mark their legal targets (data-legal / data-target); one
// marked data-passive (a pass, an end of turn) takes the focus only when nothing else can.
const LEGAL = '[data-legal="true"], [data-target]';
// Fields a person types or picks in: a new decision never takes the focus out of them.
const FIELDS = "input:not([type=button],[type=checkbox],[type=radio],[type=file]), textarea, select, [contenteditable]";
// How long a board may take to load (its module, its data) before the side list keeps the focus.
const LOAD_FRAMES = 600;

/** A new decision for the person at the screen (a move of theirs, or the bots handing the turn
 *  back) takes the keyboard focus to where it is answered: the board's part that answers it
 *  (data-focus), else its first legal target in view, else its first, else the first button of
 *  the side list. Without this the played target vanishes, the focus falls to <body> and Tab
 *  resumes from the old place. Once per decision, on the frame after the draw: after the board's
 *  own redraw() has put back a focus it lost and the board has scrolled its targets into view
 *  (whose scroll this keeps: preventScroll). The focus is moved only from where the last move
 *  was made (a board target, the side list, the hotseat cover) or from nowhere: never out of a
 *  field being typed in, nor while the board has a popup open, nor from anything else the person
 *  went to (the log, Undo, the speed menu, the board's zoom). */
export function focusDecision(refs, ctx) {
  const { snap } = ctx;
  const key = `${snap.step}:${ctx.viewer}`;
  if (ctx.covered || !snap.legal.length || refs.focusedDecision === key) return;
  refs.focusedDecision = key;
  refs.placed = null; // the test id of the element the focus was put on (null: none yet)
  placeFocus(refs, key, LOAD_FRAMES);
}

function placeFocus(refs, key, frames) {
  cancelAnimationFrame(refs.focusFrame);
  refs.focusFrame = requestAnimationFrame(() => {
    if (refs.focusedDecision !== key || !refs.main.isConnected || !refs.cover.hidden) return;
    const active = document.activeElement;
    const nowhere = !active || active === document.body || !active.isConnected || !active.getClientRects().length;
    // the side list counts as where the move was made only until the focus is put somewhere:
    // after that, a button of it the person went to stays focused (by test id: the list is
    // rebuilt at each update)
    const placed = refs.placed === null || active?.dataset?.testid === refs.placed;
    const fromList = refs.actions.contains(active) && placed;
    const onBoard = refs.board.contains(active) && isTarget(active);
    const ours = fromList || onBoard || refs.cover.contains(active);
    if (!(nowhere || ours) || active?.matches?.(FIELDS)) return;
    if (refs.board.querySelector('[role="dialog"]')) return;
    const next = decisionTarget(refs);
    if (next && next !== active) next.focus({ preventScroll: true });
    refs.placed = next?.dataset.testid ?? "";
    // the game's board still loading (a board draws itself once its data has come, without
    // the table): look again at the next frame, so that the focus goes to its targets
    const loading = !refs.board.firstElementChild || refs.board.querySelector('[data-testid="generic-view"]');
    if (loading && frames > 0) placeFocus(refs, key, frames - 1);
  });
}

// on the board, a target, or one that was (the one just played, kept by the redraw and now
// refused or out of the tab order); not a control of the board's own (zoom, help)
const isTarget = (el) => el.matches(`${LEGAL}, [data-quiet], [data-legal="false"]`) || el.tabIndex < 0;

function decisionTarget(refs) {
  const usable = (el) =>
    el.tabIndex >= 0 && !el.disabled && el.getAttribute("aria-disabled") !== "true" && el.getClientRects().length;
  const legal = (root) =>
    (root ? [root, ...root.querySelectorAll(LEGAL)] : []).filter((el) => el.matches(LEGAL) && usable(el));
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < window.innerHeight && r.right > 0 && r.left < window.innerWidth;
  };
  const active = (el) => !el.hasAttribute("data-passive");
  const part = legal(refs.board.querySelector('[data-focus="true"]')).filter(active);
  const board = legal(refs.board);
  const eager = board.filter(active);
  const list = refs.actions.querySelector("button:not([data-warning]), input") ?? refs.actions.querySelector("button");
  return part[0] ?? eager.find(inView) ?? eager[0] ?? board[0] ?? list;
}

/** A move is on its way: let go of the focus if it sits where moves are made (a board target,
 *  a button of the side list; not a control of the board's own the person went to), and return
 *  the element let go of (null: none). The played target is about to
 *  vanish or leave the tab order, and Chromium, when the focused element does so in the middle
 *  of a redraw, recalculates the whole page's style and layout on the spot (90–130 ms a move in
 *  a Trickerion game on a 2-core machine, most of the page's long tasks). Now, before the
 *  answer comes, nothing is waiting to be recalculated; the new decision's target gets the
 *  focus as usual (focusDecision: it moves the focus from nowhere). */
export function releaseMoveFocus(refs) {
  const active = document.activeElement;
  if (!refs || !active || active === document.body) return null;
  if (!(refs.board.contains(active) && isTarget(active)) && !refs.actions.contains(active)) return null;
  active.blur();
  return active;
}
