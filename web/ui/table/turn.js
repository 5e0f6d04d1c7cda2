// Whose turn it is: the bar above the table (with the seats) and its sentence, which the move
// list and the ending also say.

import { h } from "../dom.js";
import { joinNames } from "../i18n.js";
import { isYou } from "../seats.js";

/** Whose turn it is and the seats. */
export function turnBar({ t, keep }) {
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

export function turnText(snap, t, name) {
  const to = snap.to_act;
  // the person at this screen is spoken to, not of ("You to play", "You wins" otherwise)
  const you = (i) => isYou(snap.seats, i);
  if (to.kind === "terminal") {
    const winners = snap.result?.winners ?? [];
    if (snap.seats.length === 1 && snap.result) {
      const score = snap.result.scores[0];
      return you(0) ? t("ui.turn.over_solo_you", { score }) : t("ui.turn.over_solo", { name: name(0), score });
    }
    if (!winners.length) return t("ui.turn.over");
    if (winners.length === 1 && you(winners[0])) return t("ui.turn.over_you_win");
    return t(winners.length > 1 ? "ui.turn.over_tie" : "ui.turn.over_winner", {
      names: joinNames(winners.map(name), t),
    });
  }
  if (to.kind === "chance") return t("ui.turn.chance");
  if (to.kind === "automaton") return t("ui.turn.automaton", { name: name(to.seats[0]) });
  if (to.seats.length > 1) return t("ui.turn.many", { names: joinNames(to.seats.map(name), t) });
  return you(to.seats[0]) ? t("ui.turn.you") : t("ui.turn.one", { name: name(to.seats[0]) });
}
