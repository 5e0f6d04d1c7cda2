// The table: whose turn, the seats, the board (per-game renderer), the legal actions, the
// log, undo/save/load/lobby, bot speed, the end-of-game scores and the hotseat cover.
//
// `buildTable` (skeleton.js) makes the skeleton once per table (and per language);
// `updateTable` refills the parts from the current snapshot after every step. Both read `ctx`
// from web/app/play.js. Each part of the table sits in a module of its own beside this one.

import { keepPlace, restorePlace } from "../board.js";
import { bdi, h, clear, isolateNames } from "../dom.js";
import { morph } from "../morph.js";
import { seatName, seatNames } from "../seats.js";
import { updateActions } from "./actions.js";
import { cancelBoard, drawBoard } from "./board-wait.js";
import { updateOver } from "./ending.js";
import { focusDecision } from "./focus.js";
import { updateHint } from "./hint.js";
import { updateLog } from "./log.js";
import { updatePhoneBar } from "./phone.js";
import { SPEEDS } from "./skeleton.js";
import { turnText } from "./turn.js";

export { buildTable } from "./skeleton.js";
export { releaseMoveFocus } from "./focus.js";

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
  // patched, not refilled: the seats change little from one step to the next
  morph(
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

// A seat the game itself plays (an automaton such as Dahlgaard's Successor) is neither a person
// nor one of our bots: it follows the printed flowchart.
const SEAT_ICONS = { human: "☺", bot: "⚙", automaton: "♜" };
