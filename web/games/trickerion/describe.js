// What a choice costs and what it gives, in the player's words, before it is made: "Buy Rope ×2 —
// 1 AP, 4 coins", "Advertise: pay 3 coins → 2 fame", "Prepare Vanishing — 2 AP". The engine's
// label stays as the detail line. Also the location's action menu: every action of the location
// with its AP cost, greyed with the reason when it cannot be taken now.

import { h } from "../../ui/dom.js";
import { nameOf, cap, SLOT } from "./data.js";

// Actions that give something back to the supply: never one click, always confirmed.
export const DESTRUCTIVE = new Set(["return_trick", "discard_props"]);

/** The AP an action costs now (the active prophecy's cost where it sets one). */
export function apCost(c, id) {
  const base = c.D.actions[id]?.ap ?? 0;
  const proph = c.view.prophecy ? c.D.prophecies[c.view.prophecy] : null;
  const set = (proph?.params ?? []).find((p) => p.action === id && typeof p.ap === "number");
  return set ? set.ap : base;
}

/** The viewer's printed initiative slot (1–4; 2 players use slots 1 and 3). */
function initiativeSlot(c) {
  const i = c.view.order.indexOf(c.viewer);
  if (i < 0) return 0;
  const two = c.D.raw.board.setup?.two_player_initiative_slots;
  return c.players.length === 2 && two ? two[i] : i + 1;
}

/** A die face in words: a school, a character, "any school", coins, or X. */
function dieFaceName(c, face) {
  const { D, w } = c;
  if (face === "x") return "X";
  if (D.schools[face]) return cap(nameOf(D.schools[face], c.lang));
  if (D.characters[face]) return c.charName(face);
  if (face === "any") return w("any");
  return w("n_coins", { n: face });
}

/** A prop's price now: the printed cost, or the active prophecy's flat price. */
function basePrice(c, prop) {
  const proph = c.view.prophecy ? c.D.prophecies[c.view.prophecy] : null;
  const flat = (proph?.params ?? []).find((p) => p.kind === "prop_price");
  return flat ? flat.coins : (c.D.props[prop]?.cost ?? 0);
}

/** What one token costs at the Buy action: the quick-ordered prop (not also in the buy area)
 *  carries the quick-order surcharge (engine market.stock / unit_price). */
function unitPrice(c, prop) {
  const m = c.view.market;
  const inStock = m.buy.includes(prop) || m.extra.includes(prop);
  const surcharge = m.quick === prop && !inStock ? (c.D.market.quick_order_surcharge ?? 1) : 0;
  return basePrice(c, prop) + surcharge;
}

const propName = (c, id) => cap(nameOf(c.D.props[id], c.lang));
const trickName = (c, id) => nameOf(c.D.tricks[id], c.lang);

/** A human name for a board slot: "Friday · backstage 1", "Downtown · slot 2 (+1 AP)". */
export function slotName(c, slot) {
  const { w } = c;
  if (slot >= SLOT.workshop) return `${c.T("workshop")} · ${((slot - SLOT.workshop) % 2) + 1}`;
  if (slot >= SLOT.theater) {
    const k = slot - SLOT.theater;
    const day = cap(nameOf(c.D.days[Math.floor(k / 3)], c.lang));
    return k % 3 === 2 ? `${day} · ${w("stage")}` : `${day} · ${w("backstage")} ${(k % 3) + 1}`;
  }
  const [loc, base] =
    slot >= SLOT.dark_alley
      ? ["dark_alley", SLOT.dark_alley]
      : slot >= SLOT.market_row
        ? ["market_row", SLOT.market_row]
        : ["downtown", SLOT.downtown];
  const mod = c.D.locations[loc].slots[slot - base]?.ap_modifier ?? 0;
  return `${c.T(loc)} · ${w("slot_n", { n: slot - base + 1 })}${mod ? ` (${mod > 0 ? "+" : ""}${mod} ${w("ap")})` : ""}`;
}

/** A character by its name, numbered when the player has more than one of its kind
 *  ("Apprentice 2"). */
export function charLabel(c, seat, i) {
  const chars = c.players[seat]?.chars ?? [];
  const kind = chars[i]?.kind;
  const same = chars.map((ch, k) => [ch, k]).filter(([ch]) => ch.kind === kind);
  const name = c.charName(kind);
  return same.length > 1 ? `${name} ${same.findIndex(([, k]) => k === i) + 1}` : name;
}

/** The performance card at row position `ci`: its theater's name and its 1-based position. */
export function perfName(c, ci) {
  const card = c.view.row[ci];
  const geo = card ? c.D.cards[card.id] : null;
  return `${geo ? nameOf(c.D.theaters[geo.theater], c.lang) : ""} (${ci + 1})`;
}

/** The choice's first line, with its price and effect; null to keep the engine's label alone. */
export function describe(c, action) {
  const a = action;
  if (!a) return null;
  const { w, D } = c;
  const ap = (id) => w("n_ap", { n: apCost(c, id) });
  const ch = typeof a.character === "number" ? c.players[c.viewer]?.chars[a.character] : null;
  const who = ch ? charLabel(c, c.viewer, a.character) : "";
  switch (a.type) {
    case "place_character": {
      if (!ch) return null;
      const base = a.location === "workshop" ? SLOT.workshop + 2 * c.viewer : SLOT[a.location];
      // the costly surprise: a Magician on a stage gets no action points (it performs that day)
      const stage = a.location === "theater" && a.slot % 3 === 2 && ch.kind === "magician";
      return `${who} → ${slotName(c, base + a.slot)}${stage ? ` — ${w("stage_no_ap")}` : ""}`;
    }
    case "assign": {
      if (!ch) return null;
      // a special assignment's effect is the engine's label's (the detail under this line, and
      // the side list's move): said once, not here again
      const special = D.specials[a.card];
      return `${c.charName(ch.kind)} ← ${special ? nameOf(special, c.lang) : c.T(a.card)}`;
    }
    case "make_idle":
      return ch ? w.lv(who, w("make_idle")) : null;
    case "advertise": {
      const cost = D.raw.board.advertise.cost_by_initiative[initiativeSlot(c) - 1];
      if (a.advertise) return w("advertise_yes", { c: cost, f: D.raw.board.advertise.fame });
      // a lone "no": say why Advertise is not offered (it was silently absent)
      const can = (c.snap.legal ?? []).some((e) => e.action.type === "advertise" && e.action.advertise);
      return can ? w("advertise_no") : w("advertise_cannot", { c: cost, have: c.me?.coins ?? 0 });
    }
    case "buy": {
      const n = a.props.length;
      const coins = a.props.reduce((sum, p) => sum + unitPrice(c, p), 0) - (a.bargain ?? 0);
      const apN = apCost(c, "buy") + (a.bargain ?? 0) * apCost(c, "bargain");
      const what = `${propName(c, a.props[0])}${n > 1 ? ` ×${n}` : ""}`;
      if (a.mode) return null; // special assignment purchases: the engine's label says how they are paid
      return `${w("buy_what", { what })} — ${w("n_ap", { n: apN })}, ${w("n_coins", { n: Math.max(coins, 0) })}${a.bargain ? ` (${w("bargain_n", { n: a.bargain })})` : ""}`;
    }
    case "order":
      // one entry per free Order slot: the slot tells them apart
      return `${w("order_what", { what: propName(c, a.prop) })}${a.slot >= 0 ? ` → ${w("order_area")} ${a.slot + 1}` : ""} — ${ap("order")}`;
    case "quick_order": {
      const surcharge = D.market.quick_order_surcharge ?? 1;
      return `${w("quick_what", { what: propName(c, a.prop) })} — ${ap("quick_order")}, ${w("n_coins", { n: basePrice(c, a.prop) + surcharge })}`;
    }
    case "learn_trick":
      return `${w("learn_what", { what: trickName(c, a.trick) })} — ${ap("learn_trick")}`;
    case "hire_character":
      return `${w("hire_what", { what: c.charName(a.character) })} — ${ap("hire_character")}; ${w("wage", { n: D.characters[a.character]?.wage ?? 0 })}`;
    case "take_coins": {
      const face = c.view.dice[a.die];
      return `${w("take_coins_n", { n: face })} — ${ap("take_coins")}`;
    }
    case "reroll_die":
      return `${w("reroll_die", { n: a.die + 1 })} — ${ap("reroll_die")}`;
    case "set_die":
      return `${w("set_die", { n: a.die + 1, face: dieFaceName(c, a.face) })} — ${ap("set_die")}`;
    case "prepare":
      return `${w("prepare_what", { what: trickName(c, a.trick) })} — ${w("n_ap", { n: D.tricks[a.trick]?.prepare_ap ?? "?" })}`;
    case "move_trick":
    case "move_components":
    case "move_apprentice":
      return null;
    case "return_trick":
      return w("return_trick", { what: trickName(c, a.trick) });
    case "discard_props":
      return w("discard_props", { what: propName(c, a.prop), n: a.count ?? 1 });
    case "set_up_trick":
      return a.cell >= 0
        ? `${w("setup_what", { what: trickName(c, a.trick) })} · ${perfName(c, a.card)}, ${w("slot_n", { n: a.cell + 1 })} — ${ap("set_up_trick")}`
        : null;
    case "perform":
      return `${w("perform_what", { what: perfName(c, a.card) })}`;
    case "draw_cards":
      return null;
    case "fortune_telling":
      return `${D.actions.fortune_telling ? nameOf(D.actions.fortune_telling, c.lang) : "Fortune Telling"} — ${ap("fortune_telling")}`;
    default:
      return null;
  }
}

// A plausible action of each kind at a location, to ask the engine why it is refused.
function probe(c, id) {
  const { view, me, D } = c;
  const m = view.market;
  const firstProp = m?.buy.find(Boolean);
  const myTrick = me?.tricks[0]?.id;
  const resTrick = D.trickList.find((t) => !c.players.some((p) => p.tricks.some((x) => x.id === t.id)))?.id;
  switch (id) {
    case "learn_trick":
      return resTrick ? { type: "learn_trick", trick: resTrick, die: view.dice[0] === "x" ? 1 : 0 } : null;
    case "hire_character":
      return {
        type: "hire_character",
        character: view.dice[3] === "x" ? "assistant" : "apprentice",
        die: view.dice[3] === "x" ? 2 : 3,
      };
    case "take_coins":
      return { type: "take_coins", die: view.dice[4] === "x" ? 5 : 4 };
    case "reroll_die":
      return { type: "reroll_die", die: 0 };
    case "buy":
      return firstProp ? { type: "buy", props: [firstProp], bargain: 0 } : null;
    case "order":
      return firstProp ? { type: "order", prop: firstProp, slot: Math.max(0, (m.order ?? []).indexOf(null)) } : null;
    case "quick_order":
      return firstProp ? { type: "quick_order", prop: firstProp } : null;
    case "prepare":
      return myTrick ? { type: "prepare", trick: myTrick } : null;
    case "fortune_telling":
      return { type: "fortune_telling" };
    case "perform":
      return { type: "perform", card: 0 };
    default:
      return null;
  }
}

// The menu lines with a reason of their own when nothing can be done with them now.
const OFF_WHY = new Set(["set_up_trick", "reschedule", "prepare", "move_trick", "move_components"]);

// The engine's action types behind each menu line.
const TYPES = {
  learn_trick: ["learn_trick"],
  hire_character: ["hire_character"],
  take_coins: ["take_coins"],
  reroll_die: ["reroll_die"],
  set_die: ["set_die"],
  buy: ["buy"],
  bargain: ["buy"],
  order: ["order"],
  quick_order: ["quick_order"],
  prepare: ["prepare"],
  move_trick: ["move_trick"],
  move_components: ["move_components"],
  move_apprentice: ["move_apprentice"],
  set_up_trick: ["set_up_trick"],
  reschedule: ["reschedule"],
  perform: ["perform"],
  draw_first_card: ["draw_cards", "choose_special_assignment"],
  draw_further_card: ["draw_cards"],
  fortune_telling: ["fortune_telling"],
  enhance_character: ["enhance_character"],
};

/** The actions of `loc` with their AP cost, in the order of the board's action list. */
export function locationActions(c, loc) {
  return Object.values(c.D.actions).filter((a) => a.location === loc);
}

/** During the viewer's placement: every action of the location, with its cost; those that
 *  cannot be taken now are greyed, with the reason (AP first, else the engine's refusal). */
export function actionMenu(c, whyNot) {
  const { view, w, snap } = c;
  const act = view.act;
  if (!act || act.seat !== c.viewer) return null;
  const types = new Set((snap.legal ?? []).map((e) => e.action.type));
  const rows = locationActions(c, act.loc).map((a) => {
    const cost = a.ap === null ? null : apCost(c, a.id);
    const ok = (TYPES[a.id] ?? [a.id]).some((t) => types.has(t));
    const el = h(
      "li",
      { class: `act-row${ok ? " ok" : " off"}`, testid: `trk-act-${a.id}`, dataset: { ok: String(ok) } },
      h("span", { class: "act-name" }, nameOf(a, c.lang)),
      h("span", { class: "act-ap" }, cost === null ? w("ap_varies") : w("n_ap", { n: cost })),
      ok ? null : h("span", { class: "act-why" }),
    );
    if (!ok) {
      const why = el.querySelector(".act-why");
      // (the engine's refusal, "not available here", would not say who performs, and when)
      if (a.id === "perform") why.textContent = w("perform_stage_only");
      else if (cost !== null && act.ap < cost) why.textContent = w("needs_ap", { n: cost, have: act.ap });
      else {
        // what it lacks in the game's words, the engine's refusal of a probe where it has one
        // (a struck-through action with no reason read as a fault)
        why.textContent = w(OFF_WHY.has(a.id) ? `why_off.${a.id}` : "why_off.other");
        const p = probe(c, a.id);
        if (p)
          whyNot(p).then((msg) => {
            if (msg) why.textContent = msg;
          });
      }
    }
    return el;
  });
  return h("ul", { class: "act-menu", testid: "trk-act-menu", "aria-label": w("actions_here") }, rows);
}
