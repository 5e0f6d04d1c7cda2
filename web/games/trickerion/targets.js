// Legal actions grouped by what they act on: a board slot, a die, a trick, a prop, a card cell,
// a character, a deck... One key per target; `null` for decisions with no place on the board
// (they go to the decision strip). Keys are stable and appear in data-testids: `trk-t-<key>`.

import { SLOT } from "./data.js";

export function targetKey(action, viewer) {
  const a = action;
  switch (a.type) {
    case "place_character": {
      const base = a.location === "workshop" ? SLOT.workshop + 2 * viewer : SLOT[a.location];
      return `slot-${base + a.slot}`;
    }
    case "make_idle":
    case "assign":
    case "move_apprentice":
      return `char-${viewer}-${a.character}`;
    case "learn_trick":
    case "choose_trick":
      return `trick-${a.trick}`;
    case "hire_character":
    case "take_coins":
    case "reroll_die":
    case "set_die":
      return `die-${a.die}`;
    case "buy":
      return `buy-${a.props[0]}`;
    case "order":
      return a.slot >= 0 ? `order-${a.slot}` : null;
    case "quick_order":
      return "quick";
    case "prepare":
    case "move_trick":
    case "return_trick":
      return `mytrick-${a.trick}`;
    case "discard_props":
    case "move_components":
      return `myprop-${a.prop}`;
    case "set_up_trick":
      return a.cell >= 0 ? `cell-${a.card}-${a.cell}` : `perf-${a.card}`;
    case "reschedule":
    case "street_performance":
      return `cell-${a.card}-${a.cell}`;
    case "perform":
      return `perf-${a.card}`;
    case "draw_cards":
    case "choose_special_assignment":
      return `deck-${a.location}`;
    case "keep_card":
      return `keep-${a.card}`;
    case "fortune_telling":
      return "fortune";
    case "fate_weaving":
      return `prophecy-${a.prophecy}`;
    case "choose_magician":
      return `magician-${a.magician}`;
    case "choose_specialist":
      return `specialist-${a.specialist}`;
    case "advertise":
      return `advertise-${a.advertise ? "yes" : "no"}`;
    default:
      return null;
  }
}

/** Map key -> [{index, action, label}] in the engine's order. */
export function groupTargets(legal, viewer) {
  const map = new Map();
  for (const entry of legal) {
    const key = targetKey(entry.action, viewer) ?? `other-${entry.index}`;
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(entry);
  }
  return map;
}
