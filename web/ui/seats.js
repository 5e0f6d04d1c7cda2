// Who sits where, whose screen this is, and when the device must change hands.
//
// Pure functions over snapshots (engine/bridge/snapshot.py): the controller (web/app.js) keeps the
// results. Terms:
//   viewer  the seat whose view the page shows and for whom it acts (null: a spectator,
//           when every seat is a bot);
//   shown   the human whose screen was last uncovered;
//   group   the seats of the simultaneous decision in progress (null when none).

import { cleanName } from "./dom.js";

export const humanSeats = (seats) => seats.flatMap((s, i) => (s.kind === "human" ? [i] : []));

export function seatName(seats, i, t) {
  if (i === null || i === undefined || i < 0) return t("ui.seat.chance");
  const seat = seats[i];
  const name = cleanName(seat?.name);
  if (name) return name;
  if (isYou(seats, i)) return t("ui.seat.default_you");
  return t(seat?.kind === "bot" ? "ui.seat.default_bot" : "ui.seat.default", { n: i + 1 });
}

/** The person at this screen: the one human at a table of bots or an automaton (a solo game,
 *  or one against bots). Every sentence about them speaks to them ("Your move", the log's
 *  "You gain 3 coins": engine/bridge/seats.py, Table.addressed, the same rule), and unnamed
 *  they are "You", as the lobby's "You play this seat" and the moves' own words ("Give your
 *  Magician…") say; "Player 1" read as someone else. Among several people each is a numbered
 *  or named player, to tell them apart when the device changes hands. */
export function isYou(seats, i) {
  if (seats[i]?.kind !== "human") return false;
  return seats.filter((s) => s.kind === "human").length === 1;
}

/** Every seat's display name, for isolating names in the text the engine wrote. */
export const seatNames = (seats, t) => seats.map((_, i) => seatName(seats, i, t));

/** True when the next step is nobody's at this screen: chance, an automaton, or a bot. */
export function autoPending(snap) {
  const to = snap.to_act;
  if (to.kind === "chance" || to.kind === "automaton") return true;
  return to.kind === "players" && to.seats.some((s) => snap.seats[s]?.kind === "bot");
}

/** The human the page should show: the current viewer while they still must act, else the
 *  first human who must act, else whoever was shown (humans[0] at the start). */
export function chooseViewer(snap, current) {
  const humans = humanSeats(snap.seats);
  if (!humans.length) return null;
  const to = snap.to_act;
  if (to.kind === "players") {
    const waiting = to.seats.filter((s) => humans.includes(s));
    if (waiting.includes(current)) return current;
    if (waiting.length) return waiting[0];
  }
  return humans.includes(current) ? current : humans[0];
}

/** Follow a simultaneous decision across its steps: it starts when several seats must act at
 *  once and lasts while each step only removes seats from the waiting set. */
export function trackGroup(prev, snap) {
  const to = snap.to_act;
  const here = { group: null, seats: [...to.seats], step: snap.step };
  if (to.kind !== "players") return here;
  if (to.seats.length > 1) {
    here.group = [...to.seats];
  } else if (prev?.group) {
    const same = snap.step === prev.step;
    const shrinks = to.seats.every((s) => prev.seats.includes(s)) && to.seats.length < prev.seats.length;
    if (same || shrinks) here.group = prev.group;
  }
  return here;
}
