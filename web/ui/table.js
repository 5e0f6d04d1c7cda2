// The table: whose turn, the seats, the board (per-game renderer), the legal actions, the
// log, undo/save/load/lobby, bot speed, the end-of-game scores and the hotseat cover.
//
// `buildTable` makes the skeleton once per table (and per language); `updateTable` refills
// the parts from the current snapshot after every step. Both read `ctx` from web/app.js.

import { askInPlace, keepPlace, markHint, restorePlace } from "./board.js";
import { bdi, h, clear, isolateNames, markOurs } from "./dom.js";
import { drawEnding, endingSummary } from "./ending.js";
import { whyLine } from "./hintwhy.js";
import { joinNames } from "./i18n.js";
import { askRules } from "./rules.js";
import { seatName, seatNames } from "./seats.js";

// "watch" (the default): slow enough to follow each opponent's move as it is drawn
export const SPEEDS = [
  ["watch", 1500],
  ["slow", 1000],
  ["normal", 400],
  ["fast", 120],
  ["instant", 0],
];

export function buildTable(root, ctx) {
  const refs = {};
  const parts = { t: ctx.t, on: ctx.on, refs, keep: (name, el) => (refs[name] = el) };
  clear(
    root,
    h(
      "section",
      { class: "screen table", testid: "screen-table", "aria-label": ctx.t("ui.table.label") },
      ...banners(parts),
      turnBar(parts),
      parts.keep("main", h("div", { class: "table-main" }, boardColumn(parts), sideColumn(parts))),
      phoneBar(parts),
      passCover(parts),
    ),
  );
  return refs;
}

// --- the skeleton's parts: each takes { t, on, keep, refs } and keeps its live elements in refs

/** Storage, other-tab and loaded-file notices above the table. */
function banners(parts) {
  const { keep } = parts;
  return [
    keep(
      "storageBox",
      h("div", { class: "notice-banner storage-banner", testid: "storage-banner", role: "alert", hidden: true }),
    ),
    dismissible(
      parts,
      ["tabBox", "tabText"],
      { class: "notice-banner tab-banner", testid: "tab-banner", role: "alert" },
      "tab-banner-dismiss",
      () => parts.on.dismissTab(),
    ),
    dismissible(
      parts,
      ["loadBox", "loadText"],
      { class: "notice-banner load-notice", testid: "load-notice", role: "status" },
      "load-notice-dismiss",
      () => parts.on.dismissLoaded(),
    ),
  ];
}

/** Whose turn it is and the seats. */
function turnBar({ t, keep }) {
  return keep(
    "status",
    h(
      "div",
      { class: "turn-bar" },
      keep("turn", h("p", { class: "turn-status", testid: "turn-status", role: "status", "aria-live": "polite" })),
      keep("seats", h("ol", { class: "seat-strip", testid: "seats", "aria-label": t("ui.table.seats") })),
    ),
  );
}

/** The board, with the ending's panel above it. */
function boardColumn({ t, keep }) {
  return h(
    "div",
    { class: "board-column" },
    keep(
      "over",
      h("section", {
        class: "panel game-over",
        testid: "game-over",
        hidden: true,
        "aria-labelledby": "over-title",
      }),
    ),
    keep("board", h("div", { class: "board", testid: "board", "aria-label": t("ui.table.board") })),
  );
}

/** Beside the board: errors, the moves with hint and bot speed, the tools, the log. */
function sideColumn(parts) {
  const { t } = parts;
  return h(
    "aside",
    { class: "side-column" },
    errorBanner(parts),
    actionsPanel(parts),
    toolbar(parts),
    h("p", { id: "save-note", class: "save-note", testid: "save-note" }, t("ui.table.save_note")),
    logPanel(parts),
  );
}

/** A refused move's reason, until dismissed, with a link to the rule that refuses it. */
function errorBanner(parts) {
  const { t, keep, refs } = parts;
  const box = dismissible(
    parts,
    ["errorBox", "errorText"],
    { class: "error-banner", testid: "error-banner", role: "alert" },
    "error-dismiss",
    () => parts.on.dismiss(),
    { class: "error-banner-text" },
  );
  refs.errorText.after(
    keep(
      "errorRule",
      h(
        "button",
        {
          type: "button",
          class: "link error-rule",
          testid: "error-rule",
          hidden: true,
          onclick: (e) => askRules(e.currentTarget, refs.errorRule.refusal),
        },
        `📖 ${t("ui.rules.see")}`,
      ),
    ),
  );
  return box;
}

/** A notice kept hidden until the table fills it: its text (kept as `text`) and a × button. */
function dismissible({ t, keep }, [box, text], attrs, dismissId, onDismiss, textAttrs = {}) {
  return keep(
    box,
    h(
      "div",
      { ...attrs, hidden: true },
      keep(text, h("span", textAttrs)),
      h(
        "button",
        { type: "button", class: "icon", testid: dismissId, "aria-label": t("ui.table.dismiss"), onclick: onDismiss },
        "×",
      ),
    ),
  );
}

/** The legal moves, the hint and the bots' speed. */
function actionsPanel({ t, on, keep }) {
  return h(
    "section",
    { class: "panel actions-panel", "aria-labelledby": "actions-title" },
    keep("actionsTitle", h("h2", { id: "actions-title" })),
    keep(
      "actions",
      h("div", {
        class: "action-list",
        testid: "actions",
        role: "group",
        "aria-labelledby": "actions-title",
      }),
    ),
    keep(
      "hintRow",
      h(
        "div",
        { class: "hint-row", hidden: true },
        keep(
          "hintButton",
          h(
            "button",
            {
              type: "button",
              class: "ghost",
              testid: "hint",
              "aria-controls": "hint-panel",
              onclick: () => on.hint(),
            },
            h("span", { "aria-hidden": "true" }, "? "),
            t("ui.hint.button"),
          ),
        ),
        keep(
          "hintPanel",
          h("div", {
            id: "hint-panel",
            class: "hint-panel",
            testid: "hint-panel",
            role: "status",
            hidden: true,
          }),
        ),
      ),
    ),
    keep(
      "autoRow",
      h(
        "div",
        { class: "auto-row" },
        h("label", { for: "speed-select" }, t("ui.table.speed")),
        keep(
          "speed",
          h(
            "select",
            {
              id: "speed-select",
              testid: "speed-select",
              onchange: (e) => on.speed(Number(e.target.value)),
            },
            SPEEDS.map(([name, ms]) => h("option", { value: String(ms) }, t(`ui.speed.${name}`))),
          ),
        ),
        keep(
          "skip",
          h(
            "button",
            {
              type: "button",
              class: "ghost",
              testid: "skip-bots",
              onclick: () => on.skip(),
            },
            t("ui.table.skip"),
          ),
        ),
      ),
    ),
  );
}

/** Undo (with its reason), review, save, load, back to the lobby. */
function toolbar({ t, on, keep, refs }) {
  return h(
    "div",
    { class: "toolbar", role: "toolbar", "aria-label": t("ui.table.tools") },
    // A refused Undo stays focusable (aria-disabled, not disabled) so that keyboard and
    // pointer users alike can reach the reason, shown beside it on hover and focus.
    keep(
      "undoWrap",
      h(
        "span",
        { class: "undo-wrap" },
        keep(
          "undo",
          h(
            "button",
            {
              type: "button",
              testid: "undo",
              "aria-describedby": "undo-reason",
              onclick: () => {
                if (refs.undo.getAttribute("aria-disabled") !== "true") on.undo();
              },
            },
            "↶ ",
            t("ui.table.undo"),
          ),
        ),
        keep(
          "undoReason",
          h("span", { id: "undo-reason", class: "undo-reason", role: "tooltip", testid: "undo-reason" }),
        ),
      ),
    ),
    // the game so far, move by move, as this seat saw it (web/app/review.js)
    h("button", { type: "button", testid: "review", onclick: () => on.review() }, t("ui.review.title")),
    h(
      "button",
      {
        type: "button",
        testid: "save",
        title: t("ui.table.save_note"),
        "aria-describedby": "save-note",
        onclick: () => on.save(),
      },
      t("ui.table.save"),
    ),
    h(
      "label",
      { class: "button file-button" },
      t("ui.table.load"),
      h("input", {
        type: "file",
        accept: ".json,application/json",
        class: "visually-hidden",
        testid: "load-input",
        "aria-label": t("ui.table.load"),
        onchange: (e) => {
          const f = e.target.files?.[0];
          e.target.value = "";
          if (f) on.loadFile(f);
        },
      }),
    ),
    h("button", { type: "button", testid: "to-lobby", onclick: () => on.lobby() }, t("ui.table.lobby")),
    // the rules at hand (web/app/rules.js): the game's reference, from its first section
    h(
      "button",
      { type: "button", testid: "rules-open", onclick: (e) => askRules(e.currentTarget) },
      t("ui.rules.button"),
    ),
  );
}

/** The log, translated, newest last. */
function logPanel({ t, keep }) {
  return h(
    "section",
    { class: "panel log-panel", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, t("ui.table.log")),
    keep(
      "log",
      // focusable: it scrolls, and a keyboard reaches its older entries only through focus
      h("ol", {
        class: "log",
        testid: "log",
        tabindex: "0",
        "aria-live": "polite",
        "aria-relevant": "additions",
      }),
    ),
  );
}

/** On a phone the board fills several screens: what to decide, Undo and Hint stay at the
 * bottom of the window (shown by app.css at phone widths only). */
function phoneBar({ t, on, keep, refs }) {
  return keep(
    "phoneBar",
    h(
      "div",
      { class: "phone-bar", testid: "phone-bar", role: "region", "aria-label": t("ui.table.phone_bar") },
      keep("phonePrompt", h("p", { class: "phone-prompt", testid: "phone-prompt" })),
      keep("phoneHintText", h("p", { class: "phone-hint", testid: "phone-hint-text", hidden: true })),
      h(
        "div",
        { class: "phone-tools" },
        keep(
          "phoneUndo",
          h(
            "button",
            { type: "button", testid: "phone-undo", onclick: () => refs.undo.click() },
            "↶ ",
            t("ui.table.undo"),
          ),
        ),
        keep(
          "phoneHint",
          h("button", { type: "button", testid: "phone-hint", onclick: () => on.hint() }, "? ", t("ui.hint.button")),
        ),
        h(
          "button",
          {
            type: "button",
            testid: "phone-moves",
            onclick: () => refs.actionsTitle.scrollIntoView({ block: "start" }),
          },
          t("ui.table.moves"),
          " ↓",
        ),
      ),
    ),
  );
}

/** The hotseat cover: pass the device before a seat's hidden hand shows. */
function passCover({ on, keep }) {
  return keep(
    "cover",
    h(
      "div",
      {
        class: "pass-screen",
        testid: "pass-screen",
        hidden: true,
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": "pass-title",
      },
      h(
        "div",
        { class: "pass-card" },
        h("p", { class: "pass-icon", "aria-hidden": "true" }, "🂠"),
        keep("coverTitle", h("h2", { id: "pass-title" })),
        keep("coverText", h("p", { class: "pass-text" })),
        keep(
          "coverButton",
          h("button", {
            type: "button",
            class: "primary big",
            testid: "pass-confirm",
            onclick: () => on.confirm(),
          }),
        ),
      ),
    ),
  );
}

export function updateTable(refs, ctx) {
  const { t, snap, covered } = ctx;
  const name = (i) => seatName(snap.seats, i, t);
  // every name on the table sits in its own <bdi>, whatever sentence carries it
  const names = seatNames(snap.seats, t);
  const iso = (text) => isolateNames(text, names);

  refs.storageBox.hidden = !ctx.storageProblem;
  refs.storageBox.textContent = ctx.storageProblem ?? "";
  refs.tabBox.hidden = !ctx.tabNotice;
  refs.tabText.textContent = ctx.tabNotice ?? "";
  refs.loadBox.hidden = !ctx.loadNotice;
  refs.loadText.textContent = ctx.loadNotice ?? "";

  const turn = turnText(snap, t, name);
  clear(refs.turn, iso(turn));
  refs.turn.dataset.kind = snap.to_act.kind;
  clear(
    refs.seats,
    snap.seats.map((s, i) => {
      const acting = snap.to_act.kind !== "terminal" && snap.to_act.seats.includes(i);
      const winner = snap.result?.winners.includes(i);
      return h(
        "li",
        {
          class: `seat-badge${acting ? " acting" : ""}${i === ctx.viewer ? " viewer" : ""}${winner ? " winner" : ""}`,
          testid: `seat-${i}`,
          dataset: { toAct: String(acting), kind: s.kind },
          "aria-current": i === ctx.viewer ? "true" : null,
        },
        h("span", { class: "seat-kind", "aria-hidden": "true" }, SEAT_ICONS[s.kind] ?? SEAT_ICONS.human),
        h("span", { class: "seat-name" }, bdi(name(i))),
        h("span", { class: "visually-hidden" }, ` (${t(`ui.seat.${s.kind in SEAT_ICONS ? s.kind : "human"}`)})`),
        acting ? h("span", { class: "seat-flag" }, t("ui.seat.to_act")) : null,
        winner ? h("span", { class: "seat-flag" }, "★") : null,
      );
    }),
  );

  // While the device changes hands nothing of the table is drawn: the cover hides it and the
  // board, actions and log stay empty, so no one's private view shows or is read out.
  refs.cover.hidden = !covered;
  refs.main.inert = covered;
  refs.main.setAttribute("aria-hidden", covered ? "true" : "false");
  if (covered) {
    const who = name(ctx.coverFor);
    clear(refs.coverTitle, iso(t("ui.pass.title", { name: who })));
    clear(refs.coverText, iso(t(ctx.secret ? "ui.pass.text" : "ui.pass.text_private", { name: who })));
    clear(refs.coverButton, iso(t("ui.pass.confirm", { name: who })));
    cancelBoard(refs);
    clear(refs.board);
    clear(refs.actions);
    clear(refs.log);
    refs.logKeys = [];
    refs.over.hidden = true;
    if (!refs.cover.contains(document.activeElement)) refs.coverButton.focus();
    return;
  }

  drawBoard(refs, ctx);
  // the side list is rebuilt at each update: a focused button is put back (by test id, as the
  // boards' redraw does), or the focus would fall to <body> whenever the table redraws
  const place = keepPlace(refs.actions);
  updateActions(refs, ctx, name, iso);
  if (place.focus && !refs.actions.contains(document.activeElement)) restorePlace(refs.actions, place);
  const best = updateHint(refs, ctx);
  updateLog(refs, snap, ctx.freshFrom, names, (en) => t("ui.name.ours", { en }));
  updateOver(refs, ctx, name, iso);

  const reason = snap.can_undo ? t("ui.table.undo_hint") : (snap.undo_refusal?.message ?? t("ui.table.undo_no_seat"));
  refs.undo.setAttribute("aria-disabled", snap.can_undo ? "false" : "true");
  refs.undo.title = reason;
  refs.undo.setAttribute("aria-description", reason);
  refs.undoReason.textContent = reason;
  refs.undoReason.dataset.refused = String(!snap.can_undo);
  // after the end there is nothing to take back: the ending offers what comes next instead
  refs.undoWrap.hidden = snap.to_act.kind === "terminal";
  // window.marquee.setSpeed takes any delay; the menu shows the nearest of its presets.
  refs.speed.value = String(
    SPEEDS.reduce((best, [, ms]) => (Math.abs(ms - ctx.speed) < Math.abs(best - ctx.speed) ? ms : best), SPEEDS[0][1]),
  );
  refs.autoRow.hidden = snap.to_act.kind === "terminal";
  updatePhoneBar(refs, ctx, iso(turn), best);
  refs.skip.disabled = !ctx.autoPending;

  refs.errorBox.hidden = !ctx.error;
  refs.errorText.textContent = ctx.error ?? "";
  refs.errorRule.hidden = !ctx.errorRule;
  refs.errorRule.refusal = ctx.errorRule && { code: ctx.errorRule.code, params: ctx.errorRule.params };
  focusDecision(refs, ctx);
}

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
function focusDecision(refs, ctx) {
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
    // on the board, a target, or one that was (the one just played, kept by the redraw and now
    // refused or out of the tab order); not a control of the board's own (zoom, help) the
    // person went to
    const target = (el) => el.matches(`${LEGAL}, [data-quiet], [data-legal="false"]`) || el.tabIndex < 0;
    const onBoard = refs.board.contains(active) && target(active);
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

/** The board of this position. With no pause before an automatic step, that step replaces the
 *  position at once and draws its own board: this one waits up to two frames for it (the
 *  previous board stays painted meanwhile), and is drawn only if no step came. */
function drawBoard(refs, ctx) {
  cancelBoard(refs);
  if (!(ctx.autoPending && ctx.speed === 0)) {
    ctx.renderBoard(refs.board, ctx.snap);
    return;
  }
  const { snap } = ctx;
  const wait = (frames) => {
    refs.boardFrame = requestAnimationFrame(() => {
      if (frames > 1) return wait(frames - 1);
      refs.boardFrame = 0;
      // drawn in a task of its own, not inside the frame: the browser lays the new board out
      // in the next frame, so building it and laying it out are two tasks, not one twice as long
      refs.boardTask = setTimeout(() => {
        refs.boardTask = 0;
        ctx.renderBoard(refs.board, snap);
      });
    });
  };
  wait(2);
}

/** A board still waiting for its frame (or its task) stays undrawn. */
function cancelBoard(refs) {
  cancelAnimationFrame(refs.boardFrame);
  clearTimeout(refs.boardTask);
  refs.boardFrame = 0;
  refs.boardTask = 0;
}

export function turnText(snap, t, name) {
  const to = snap.to_act;
  if (to.kind === "terminal") {
    const winners = snap.result?.winners ?? [];
    if (snap.seats.length === 1 && snap.result) {
      return t("ui.turn.over_solo", { name: name(0), score: snap.result.scores[0] });
    }
    if (!winners.length) return t("ui.turn.over");
    return t(winners.length > 1 ? "ui.turn.over_tie" : "ui.turn.over_winner", {
      names: joinNames(winners.map(name), t),
    });
  }
  if (to.kind === "chance") return t("ui.turn.chance");
  if (to.kind === "automaton") return t("ui.turn.automaton", { name: name(to.seats[0]) });
  if (to.seats.length > 1) return t("ui.turn.many", { names: joinNames(to.seats.map(name), t) });
  return t("ui.turn.one", { name: name(to.seats[0]) });
}

// Some decisions have hundreds of choices (the Oracle companion's physical throw: about a
// thousand); a button each would cost more to draw than the rest of the table, so long lists
// show a filter and the first matches.
const ACTION_BUTTON_LIMIT = 60;

function actionButton(ctx, a) {
  return h(
    "button",
    {
      type: "button",
      class: "action",
      testid: `action-${a.index}`,
      // (data-warning: a move the game warns about is never where a decision's focus lands)
      dataset: { index: String(a.index), action: JSON.stringify(a.action), ...(a.warning && { warning: "true" }) },
      onclick: (e) => (a.warning ? askFirst(ctx, a, e.currentTarget) : ctx.on.act(a.action)),
    },
    // one inline box: a button lays its children out as flex items, spaced apart
    h(
      "span",
      {},
      markOurs([a.label], ctx.snap.unofficial, (en) => ctx.t("ui.name.ours", { en })),
    ),
  );
}

/** A move the game warns about (one that ends a phase or a turn with something left to do)
 *  asks first, in the list where it was chosen (board.js askInPlace). */
function askFirst(ctx, a, button) {
  const { t } = ctx;
  askInPlace(button, {
    title: t("ui.confirm.title"),
    warning: a.warning,
    yes: t("ui.confirm.yes", { what: a.label }),
    no: t("ui.confirm.no"),
    play: () => ctx.on.act(a.action),
  });
}

function foldedActions(refs, ctx) {
  const { t, snap } = ctx;
  const list = h("div", { class: "action-list-folded" });
  const note = h("p", { class: "muted", testid: "actions-count" });
  const show = (text) => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const hits = snap.legal.filter((a) => words.every((w) => a.label.toLowerCase().includes(w)));
    clear(
      list,
      hits.slice(0, ACTION_BUTTON_LIMIT).map((a) => actionButton(ctx, a)),
    );
    note.textContent = t("ui.actions.shown", {
      shown: Math.min(hits.length, ACTION_BUTTON_LIMIT),
      total: snap.legal.length,
    });
  };
  const filter = h("input", {
    type: "search",
    class: "action-filter",
    testid: "actions-filter",
    "aria-label": t("ui.actions.filter"),
    placeholder: t("ui.actions.filter"),
    oninput: (e) => show(e.target.value),
  });
  clear(refs.actions, filter, note, list);
  show("");
}

function updateActions(refs, ctx, name, iso) {
  const { t, snap } = ctx;
  const to = snap.to_act;
  if (to.kind === "terminal") {
    clear(refs.actionsTitle, t("ui.actions.over"));
    clear(refs.actions, endingSummary(ctx, name, iso));
    return;
  }
  if (snap.legal.length) {
    clear(refs.actionsTitle, iso(t("ui.actions.choose", { name: name(ctx.viewer) })));
    if (snap.legal.length <= ACTION_BUTTON_LIMIT) {
      clear(
        refs.actions,
        snap.legal.map((a) => actionButton(ctx, a)),
      );
    } else {
      foldedActions(refs, ctx);
    }
    return;
  }
  clear(
    refs.actionsTitle,
    iso(
      to.kind === "players"
        ? t("ui.actions.waiting", { names: joinNames(to.seats.map(name), t) })
        : turnText(snap, t, name),
    ),
  );
  clear(refs.actions, h("p", { class: "muted waiting" }, h("span", { class: "dots", "aria-hidden": "true" }, "• • •")));
}

/** The phone's bar: the board's own prompt where it has one (drawn on a later frame when the
 *  board waits for bots), else whose turn it is; Undo and Hint as the side panel has them, and
 *  the current hint's best move. */
function updatePhoneBar(refs, ctx, turn, best) {
  const { t, snap } = ctx;
  const over = snap.to_act.kind === "terminal";
  refs.phoneBar.hidden = over || ctx.covered;
  refs.phoneUndo.setAttribute("aria-disabled", snap.can_undo ? "false" : "true");
  refs.phoneUndo.title = refs.undo.title;
  refs.phoneHint.hidden = refs.hintRow.hidden;
  refs.phoneHint.disabled = refs.hintButton.disabled;
  refs.phoneHintText.hidden = !best;
  clear(
    refs.phoneHintText,
    best ? t("ui.table.phone_hint", { move: best.label }) : "",
    whyLine(best, "phone-hint-why"),
  );
  const fill = () => {
    const own = refs.board.querySelector('[data-testid$="-prompt"]')?.textContent?.trim();
    clear(refs.phonePrompt, own || turn);
  };
  fill();
  cancelAnimationFrame(refs.phoneFrame);
  refs.phoneFrame = requestAnimationFrame(fill);
}

/** The Hint button (hints on, a person to act) and the last hint for this very position: its
 *  moves with their estimates, the matching action buttons marked by rank. Returns the best move
 *  (null while there is none to show). */
function updateHint(refs, ctx) {
  const { t, snap } = ctx;
  refs.hintRow.hidden = !(snap.hints && snap.legal.length);
  const hint = ctx.hint;
  const current = hint && hint.step === snap.step && hint.viewer === ctx.viewer;
  refs.hintButton.disabled = Boolean(current && hint.pending);
  refs.hintPanel.hidden = refs.hintRow.hidden || !current;
  const best = !refs.hintPanel.hidden && !hint.pending ? hint.moves[0] : null;
  markHint(refs.board, best?.index ?? null);
  if (refs.hintPanel.hidden) {
    clear(refs.hintPanel);
    return null;
  }
  if (hint.pending) {
    clear(refs.hintPanel, h("p", { class: "muted" }, t("ui.hint.thinking")));
    return null;
  }
  clear(
    refs.hintPanel,
    h("p", { class: "hint-title" }, t("ui.hint.title")),
    h(
      "ol",
      { class: "hint-moves" },
      hint.moves.map((m, rank) =>
        h(
          "li",
          {
            testid: "hint-move",
            dataset: { index: m.index === null ? "" : String(m.index), rank: String(rank + 1) },
          },
          h("span", { class: "hint-label" }, m.label),
          " ",
          h("span", { class: "hint-estimate muted" }, hintFigure(t, m)),
          rank === 0 ? whyLine(m) : null,
        ),
      ),
    ),
    h("p", { class: "hint-time muted", testid: "hint-time" }, t("ui.hint.time", { ms: hint.ms })),
  );
  hint.moves.forEach((m, rank) => {
    const button = m.index === null ? null : refs.actions.querySelector(`[data-index="${m.index}"]`);
    if (!button) return;
    button.classList.add("hinted");
    button.dataset.hintRank = String(rank + 1);
    // the best move in view within the move list, once per hint (the page itself stays put)
    if (rank === 0 && refs.hintShown !== hint) {
      refs.hintShown = hint;
      const list = refs.actions;
      const top = button.getBoundingClientRect().top - list.getBoundingClientRect().top + list.scrollTop;
      if (top < list.scrollTop || top + button.offsetHeight > list.scrollTop + list.clientHeight)
        list.scrollTop = top - list.clientHeight / 3;
    }
  });
  return best;
}

/** What a hinted move is worth against the best one, in the game's points (rollout levels:
 *  the value a round ahead, so a difference, not a forecast of the final score), else the tree
 *  search's estimate. The best move also says where it leaves the player against the strongest
 *  other seat at that horizon (the margin), which the differences are measured from. */
function hintFigure(t, m) {
  if (m.loss !== null && m.loss !== undefined) {
    const loss = m.loss.toLocaleString(t.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    if (m.loss > 0.05) return t("ui.hint.points_loss", { loss });
    if (m.margin === null || m.margin === undefined) return t("ui.hint.points_best");
    return `${t("ui.hint.points_best")} · ${marginText(t, m.margin)}`;
  }
  return m.estimate === null ? t("ui.hint.only") : t("ui.hint.estimate", { value: Math.round(m.estimate * 100) });
}

function marginText(t, margin) {
  const points = Math.abs(margin).toLocaleString(t.lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (margin >= 0.05) return t("ui.hint.margin_ahead", { points });
  if (margin <= -0.05) return t("ui.hint.margin_behind", { points });
  return t("ui.hint.margin_level");
}

/** The log only grows between steps (undo, a load, a language or viewer change rewrite it):
 *  keep the entries that did not change and append the rest. */
function updateLog(refs, snap, freshFrom, names, ours) {
  const log = refs.log;
  const entries = snap.log;
  const keys = entries.map((e) => `${e.step}\u0000${e.code}\u0000${e.text}\u0000${names.join("\u0000")}`);
  const old = refs.logKeys ?? [];
  let same = 0;
  while (same < old.length && same < keys.length && old[same] === keys[same]) same++;
  while (log.children.length > same) log.lastElementChild.remove();
  const added = entries.slice(same).map((e) =>
    h(
      "li",
      {
        dataset: { step: String(e.step), code: e.code },
        testid: "log-entry",
      },
      h("span", { class: "log-step" }, String(e.step + 1)),
      h("span", { class: "log-text" }, markOurs(isolateNames(e.text, names), snap.unofficial, ours)),
    ),
  );
  log.append(...added);
  refs.logKeys = keys;
  // the entries of the latest steps stand out
  for (const li of refs.freshLog ?? []) li.classList.remove("fresh");
  refs.freshLog = [];
  for (let i = entries.length - 1; i >= 0 && entries[i].step >= freshFrom; i--) {
    const li = log.children[i];
    li.classList.add("fresh");
    refs.freshLog.push(li);
  }
  if (added.length) scrollToEnd(refs);
}

/** Scroll the log to its newest entry at the next frame: reading its height now would lay out
 *  the whole table in the middle of the redraw, and the frame lays it out once anyway. */
function scrollToEnd(refs) {
  if (refs.logScroll) return;
  refs.logScroll = requestAnimationFrame(() => {
    refs.logScroll = null;
    refs.log.scrollTop = refs.log.scrollHeight;
  });
}

/** The ending (ui/ending.js) once the game is over; the moment it ends, or a finished game
 *  opens, the ending is scrolled into view (the board above it may be taller than the window). */
function updateOver(refs, ctx, name, iso) {
  const { t, snap } = ctx;
  refs.over.hidden = !snap.result;
  if (!snap.result) {
    refs.endingShown = false;
    return;
  }
  drawEnding(refs.over, ctx, iso(turnText(snap, t, name)), name);
  if (refs.endingShown) return;
  refs.endingShown = true;
  // at the next frame: the layout is done once, by the browser, instead of in the redraw
  requestAnimationFrame(() => refs.over.scrollIntoView({ block: "start" }));
}

// A seat the game itself plays (an automaton such as Dahlgaard's Successor) is neither a person
// nor one of our bots: it follows the printed flowchart.
const SEAT_ICONS = { human: "☺", bot: "⚙", automaton: "♜" };
