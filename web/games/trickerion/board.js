// Trickerion's main board: Downtown, Market Row, Dark Alley and Residence (the Theater and the
// tracks: theater.js), each one function of the drawing context `c` (index.js).

import { abbr, area, areaKey, explain, probeChar, seatToken, wire } from "./common.js";
import { SLOT, cap, nameOf, textOf } from "./data.js";
import { apCost, locationActions, slotName } from "./describe.js";
import { h, listen } from "../../ui/dom.js";
import { hover, svg as s } from "../../ui/board.js";
import { askRules } from "../../ui/rules-dialog.js";
import { nameNode } from "./tips.js";
import { propIcon, schoolIcon } from "./icons.js";

// ---- board parts ------------------------------------------------------------------------------

const occupant = (v) => (v >= 0 ? { seat: Math.floor(v / 16), char: v % 16 } : null);

export function slotSvg(c, slotIndex, mod) {
  const { view, players, w, viewer } = c;
  const v = view.slots[slotIndex];
  const occ = occupant(v);
  const g = s(
    "svg",
    { class: "slot", viewBox: "0 0 56 62", width: 46, height: 51, role: "img" },
    s("rect", { x: 3, y: 3, width: 50, height: 44, rx: 8, class: v === -2 ? "slot-box blocked" : "slot-box" }),
    s("text", { x: 28, y: 59, class: "slot-mod" }, mod > 0 ? `+${mod}` : String(mod)),
  );
  if (v === -2) g.append(s("path", { d: "M10 10 L46 40 M46 10 L10 40", class: "slot-x" }));
  if (occ) {
    const kind = players[occ.seat]?.chars[occ.char]?.kind ?? "";
    g.append(seatToken(occ.seat, 28, 25, 15, `${occ.seat + 1}${abbr(c, kind)}`));
  }
  const title = slotName(c, slotIndex);
  const desc = w.lv(
    title,
    v === -2
      ? w("blocked")
      : occ
        ? `${c.seatName(occ.seat)} · ${c.charName(players[occ.seat]?.chars[occ.char]?.kind)}`
        : w("free"),
  );
  g.setAttribute("aria-label", desc);
  const wrap = h(
    "div",
    { class: "slot-wrap", title: desc, dataset: { slot: String(slotIndex) }, testid: `trk-slot-${slotIndex}` },
    g,
  );
  wire(c, wrap, `slot-${slotIndex}`, title);
  if (v === -2 && c.canAct) {
    // the real reason, not the engine's "not free": the slot is unused at this player count
    c.pop.explain(
      wrap,
      () => ({}),
      () => Promise.resolve(w("blocked_n", { n: players.length })),
    );
  } else if (!c.targets.has(`slot-${slotIndex}`) && view.phase === "place") {
    explain(c, wrap, () => {
      const [location, slot] = slotLocation(slotIndex);
      const ci = probeChar(c, location);
      if (ci < 0) return null;
      if (location === "workshop" && Math.floor((slotIndex - SLOT.workshop) / 2) !== viewer) return null;
      return { type: "place_character", character: ci, location, slot };
    });
  }
  return wrap;
}

function locationSlots(c, loc) {
  const base = SLOT[loc];
  return h(
    "div",
    { class: "slot-row", "aria-label": c.w("slots") },
    c.D.locations[loc].slots.map((sl, i) => slotSvg(c, base + i, sl.ap_modifier)),
  );
}

function dieFace(c, face) {
  const { D } = c;
  if (face === "x") return "X";
  if (D.schools[face]) return schoolIcon(face, 18);
  if (face === "any") return "?";
  if (D.characters[face]) return abbr(c, face);
  return face;
}

function dieTitle(c, face) {
  const { D, w } = c;
  if (D.schools[face]) return cap(nameOf(D.schools[face], c.lang));
  if (face === "any") return w("any");
  if (D.characters[face]) return c.charName(face);
  return w("n_coins", { n: face });
}

/** The dice as rolled this round (rerolls and set faces included), from the log: a die that
 *  shows X now but was rolled otherwise has been used. */
function rolledDice(c) {
  const log = c.snap.log ?? [];
  let k = log.length - 1;
  while (k >= 0 && log[k].code !== "trickerion.dice_rolled") k -= 1;
  if (k < 0) return null;
  const dice = [...(log[k].params.dice ?? [])];
  for (const e of log.slice(k + 1)) {
    if (e.code === "trickerion.die_rerolled" || e.code === "trickerion.die_set") dice[e.params.die] = e.params.face;
  }
  return dice;
}

export function die(c, i) {
  const face = c.view.dice[i];
  c.rolled ??= rolledDice(c);
  // before this game's first roll the dice show nothing (not "used", not X)
  if (!c.rolled)
    return h("div", { class: "die unrolled", testid: `trk-die-${i}`, dataset: { face: "", used: "false" } });
  const used = face === "x" && c.rolled[i] !== undefined && c.rolled[i] !== "x";
  const cls = c.D.schools[face] ? ` s-${face}` : "";
  const state = used ? " used" : face === "x" ? " x-face" : "";
  // a die rolled X was never used: its name says so, the way a used one says it was
  const title = used ? c.w("die_used") : face === "x" ? c.w("die_rolled_x") : dieTitle(c, face);
  const el = h(
    "div",
    { class: `die${state}${cls}`, testid: `trk-die-${i}`, title, dataset: { face, used: String(used) } },
    h("span", {}, used ? "" : dieFace(c, face)),
  );
  wire(c, el, `die-${i}`, c.w.lv(c.w("die_n", { n: i + 1 }), title));
  if (!c.targets.has(`die-${i}`) && c.view.phase === "place")
    explain(c, el, () => ({ type: i >= 4 ? "take_coins" : "reroll_die", die: i }));
  return el;
}

/** What slots `first` to `end` (not included) show (who stands where, by seat and character),
 *  and whether they and the dice explain why a placement is refused (slotSvg, die). A part keyed
 *  on every slot of the board was built again at each placement anywhere (issue #32, session
 *  20): each keys on its own. */
export const slotsShown = (c, first, end) => {
  const slots = c.view.slots.slice(first, end);
  return [
    slots,
    c.players.map((p) => p.chars.map((ch) => ch.kind)),
    c.snap.seats,
    c.canAct && (c.view.phase === "place" || slots.includes(-2)),
  ];
};

/** Whether target `key` is one of `loc`'s slots, or starts with one of `prefixes`. */
export const offeredAt = (loc, prefixes) => (key) => {
  if (prefixes.some((p) => key.startsWith(p))) return true;
  if (!key.startsWith("slot-")) return false;
  const slot = Number(key.slice(5));
  return slotLocation(slot)[0] === loc && slot < SLOT.workshop;
};

export function downtown(c) {
  c.rolled ??= rolledDice(c);
  const offered = offeredAt("downtown", ["die-"]);
  const key = areaKey(c, offered, slotsShown(c, SLOT.downtown, SLOT.market_row), c.view.phase, c.view.dice, c.rolled);
  return area(c, "trk-downtown", key, () => downtownArea(c));
}

function downtownArea(c) {
  const { w } = c;
  return h(
    "section",
    { class: "loc loc-downtown", testid: "trk-downtown" },
    h("h3", {}, c.T("downtown"), locHelp(c, "downtown")),
    h(
      "div",
      { class: "dice-areas" },
      h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("residence")), die(c, 0), die(c, 1)),
      h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("inn")), die(c, 2), die(c, 3)),
      h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("bank")), die(c, 4), die(c, 5)),
    ),
    locationSlots(c, "downtown"),
  );
}

/** A "?" by a location's name: its actions with their AP costs, and the hints that save moves
 *  (hovered); clicked, the rules of that location. */
export function locHelp(c, loc) {
  const { w, lang } = c;
  const hints = { theater: ["help_ap", "hint_prepare"], workshop: ["hint_components", "hint_prepare"] }[loc] ?? [
    "help_ap",
  ];
  const content = () =>
    h(
      "div",
      { class: "tip" },
      h("h4", {}, `${c.T(loc)} — ${w("help")}`),
      h(
        "dl",
        {},
        locationActions(c, loc).map((a) =>
          h(
            "div",
            { class: "tip-row" },
            h("dt", {}, nameOf(a, lang)),
            h("dd", {}, a.ap === null ? w("ap_varies") : w("n_ap", { n: apCost(c, a.id) })),
          ),
        ),
      ),
      hints.map((k) => h("p", { class: "tip-note" }, w(k))),
    );
  const el = h(
    "button",
    { type: "button", class: "loc-help", testid: `trk-help-${loc}`, "aria-label": `${c.T(loc)}: ${w("help")}` },
    "?",
  );
  hover(
    el,
    (target) => c.pop.showTip(target, content()),
    () => c.pop.hideTip(),
  );
  // the tip on hover; a click opens the rules reference at this location's section
  listen(el, "click", (e) => {
    e.stopPropagation();
    c.pop.hideTip();
    askRules(e.currentTarget, { place: loc });
  });
  return el;
}

export function propChip(c, prop, n, opts = {}) {
  const { w, lang } = c;
  const p = c.D.props[prop];
  const el = h(
    "span",
    { class: `prop-chip tier-${p?.tier ?? "basic"}${opts.mgr ? " mgr" : ""}`, testid: opts.testid, dataset: { prop } },
    propIcon(prop),
    h("span", { class: "prop-name" }, nameNode(p, lang, w, true)),
    n !== undefined ? h("span", { class: "prop-n" }, `×${n}`) : null,
    p ? h("span", { class: "prop-cost", role: "img", "aria-label": w("n_coins", { n: p.cost }) }, `${p.cost}¢`) : null,
  );
  return wire(c, el, opts.key, cap(nameOf(p, lang)), `prop:${prop}`);
}

export function market(c) {
  const offered = offeredAt("market_row", ["buy-", "order-", "quick"]);
  const key = areaKey(c, offered, slotsShown(c, SLOT.market_row, SLOT.dark_alley), c.view.phase, c.view.market);
  return area(c, "trk-market", key, () => marketArea(c));
}

function marketArea(c) {
  const { w } = c;
  const m = c.view.market;
  const area = (ids, kind) =>
    ids.map((prop, i) =>
      h(
        "div",
        { class: "mk-slot", testid: `trk-${kind}-${i}` },
        prop
          ? propChip(c, prop, undefined, { key: kind === "buy" ? `buy-${prop}` : null })
          : h("span", { class: "muted" }, "—"),
      ),
    );
  const orderSlots = m.order.map((prop, i) => {
    const el = h(
      "div",
      { class: "mk-slot order", testid: `trk-order-${i}` },
      prop ? propChip(c, prop) : h("span", { class: "muted" }, w("free")),
    );
    return wire(c, el, `order-${i}`, `${w("order_area")} ${i + 1}`);
  });
  const quick = wire(
    c,
    h(
      "div",
      { class: "mk-slot quick", testid: "trk-quick" },
      m.quick ? propChip(c, m.quick) : h("span", { class: "muted" }, w("free")),
    ),
    "quick",
    w("quick_order"),
  );
  // stock props that are buyable but not in the buy area (ordered ones, Logistics)
  const extra = m.extra.map((prop, i) =>
    h("div", { class: "mk-slot", testid: `trk-extra-${i}` }, propChip(c, prop, undefined, { key: `buy-${prop}` })),
  );
  return h(
    "section",
    { class: "loc loc-market", testid: "trk-market" },
    h("h3", {}, c.T("market_row"), locHelp(c, "market_row")),
    h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("buy_area")), area(m.buy, "buy"), extra),
    h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("order_area")), orderSlots),
    h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("quick_order")), quick),
    locationSlots(c, "market_row"),
  );
}

function prophecyCard(c, id, active) {
  const p = c.D.prophecies[id];
  const el = h(
    "div",
    { class: `prophecy${active ? " active" : ""}`, testid: `trk-prophecy-${id}` },
    h("span", { class: "proph-id" }, p?.bga_id ?? id),
    h("span", { class: "proph-text" }, p ? textOf(p.text, c.lang) : id),
  );
  wire(c, el, `prophecy-${id}`, p?.bga_id ?? id, `prophecy:${id}`);
  c.ext.prophecyCard?.(c, el, id);
  return el;
}

export function alley(c) {
  const { snap, view } = c;
  if (!snap.options?.dark_alley) return null;
  // (a variant may mark the prophecies from its own state: the solo game's provisional ones)
  const variant = c.ext.prophecyCard ? (view.solo ?? null) : null;
  const shown = [view.decks, view.prophecy, view.pending_prophecies, view.prophecy_stack, view.pending, variant];
  const offered = offeredAt("dark_alley", ["deck-", "fortune", "prophecy-", "keep-"]);
  const key = areaKey(c, offered, slotsShown(c, SLOT.dark_alley, SLOT.theater), view.phase, snap.options, shown);
  return area(c, "trk-alley", key, () => alleyArea(c));
}

function alleyArea(c) {
  const { snap, view, w, viewer } = c;
  const decks = ["downtown", "market_row", "workshop", "theater"].map((loc) =>
    wire(
      c,
      h(
        "div",
        { class: "deck", testid: `trk-deck-${loc}` },
        h("span", { class: "deck-name" }, c.T(loc)),
        h("span", { class: "deck-n" }, w("deck_count", { n: view.decks[loc] ?? 0 })),
      ),
      `deck-${loc}`,
      c.T(loc),
    ),
  );
  const fortune = wire(
    c,
    h("div", { class: "fortune", testid: "trk-fortune" }, "✦ ", w("fortune_teller")),
    "fortune",
    w("fortune_teller"),
  );
  const keep = (view.pending ?? []).filter((p) => p.kind === "keep_card" && p.seat === viewer);
  return h(
    "section",
    { class: "loc loc-alley", testid: "trk-alley" },
    h("h3", {}, c.T("dark_alley"), locHelp(c, "dark_alley")),
    h("div", { class: "decks", "aria-label": w("decks") }, decks),
    snap.options?.prophecies
      ? h(
          "div",
          { class: "prophecies" },
          h(
            "div",
            { class: "proph-col" },
            h("span", { class: "area-name" }, w("prophecy_active")),
            view.prophecy ? prophecyCard(c, view.prophecy, true) : h("span", { class: "muted" }, "—"),
          ),
          h(
            "div",
            { class: "proph-col" },
            h(
              "span",
              { class: "area-name" },
              w("prophecy_pending"),
              " · ",
              w("prophecy_stack", { n: view.prophecy_stack }),
            ),
            view.pending_prophecies.map((id) => prophecyCard(c, id, false)),
          ),
          fortune,
        )
      : null,
    keep.length
      ? h(
          "div",
          { class: "keep", testid: "trk-keep" },
          h("span", { class: "area-name" }, w("drawn")),
          keep[0].cards.map((card) => specialCard(c, card, `keep-${card}`)),
        )
      : null,
    locationSlots(c, "dark_alley"),
  );
}

export function specialCard(c, id, key) {
  const card = c.D.specials[id];
  const el = h(
    "div",
    { class: "special-card", testid: `trk-special-${id}` },
    h("strong", {}, card ? nameNode(card, c.lang, c.w) : id),
    card ? h("span", { class: "sc-loc" }, c.T(card.location)) : null,
  );
  return wire(c, el, key, nameOf(card, c.lang), `special:${id}`);
}

/** What a trick card prints, drawn as a card: its school's symbol, name and level on top; the
 *  props it needs (its cost) and what each performed marker yields at the bottom. */
export function trickFace(c, T_) {
  if (!T_) return [];
  // the same on every drawing in a language: built once, then cloned (the Residence shows ~40)
  const key = `${T_.id}/${c.lang}`;
  if (!FACES.has(key)) FACES.set(key, buildFace(c, T_));
  return FACES.get(key).map((node) => node.cloneNode(true));
}

const FACES = new Map();
// a card's yield in the marks the players' chips use (text: ~40 cards on the board at once)
const YIELD_MARK = { fame: "★", coins: "¢", shards: "◆" };

function buildFace(c, T_) {
  const { w, lang, D } = c;
  const school = cap(nameOf(D.schools[T_.school], lang));
  const comps = Object.entries(T_.components ?? {});
  const y = T_.yield ?? {};
  const yields = ["fame", "coins", "shards"].filter((k) => y[k]);
  return [
    h(
      "div",
      { class: "tc-head" },
      h(
        "span",
        { class: `school-mark s-${T_.school}`, title: school, "aria-label": school, role: "img" },
        schoolIcon(T_.school),
      ),
      h("strong", { class: "tname" }, nameNode(T_, lang, w)),
      h(
        "span",
        { class: "lvl", role: "img", title: w("level", { n: T_.level }), "aria-label": w("level", { n: T_.level }) },
        "★".repeat(T_.level),
      ),
    ),
    h(
      "div",
      { class: "tc-foot" },
      h(
        "span",
        { class: "tc-cost", title: w("components") },
        comps.map(([prop, n]) =>
          h(
            "span",
            // role="img": a span may carry aria-label only with a role; it is read as its words
            { class: "tc-comp", role: "img", "aria-label": `${cap(nameOf(D.props[prop], lang))} ×${n}` },
            propIcon(prop, 13),
            n > 1 ? h("small", {}, `×${n}`) : null,
          ),
        ),
      ),
      h(
        "span",
        { class: "tc-yield", title: w("yield") },
        yields.map((k) =>
          h(
            "span",
            { class: `y-${k}`, role: "img", "aria-label": w(`n_${k}`, { n: y[k] }) },
            `${y[k]}${YIELD_MARK[k]}`,
          ),
        ),
      ),
    ),
  ];
}

function resTrick(c, t) {
  const { lang, view, viewer } = c;
  const el = wire(
    c,
    h(
      "div",
      { class: `res-trick card lvl-${t.level} s-${t.school}`, testid: `trk-trick-${t.id}` },
      trickFace(c, t),
      h("span", { class: "tmeta", title: c.w("threshold") }, `${t.fame_threshold}★`),
    ),
    `trick-${t.id}`,
    nameOf(t, lang),
    `trick:${t.id}`,
  );
  if (!c.targets.has(`trick-${t.id}`) && view.act?.loc === "downtown" && view.act.seat === viewer) {
    explain(c, el, () => ({ type: "learn_trick", trick: t.id, die: 0 }));
  }
  return el;
}

export function residence(c) {
  if (c.later && ![...c.targets.keys()].some((key) => key.startsWith("trick-"))) return null;
  const owned = new Set(c.players.flatMap((p) => p.tricks.map((t) => t.id)));
  return area(c, "trk-residence", residenceKey(c, owned), () => residenceCards(c, owned));
}

/** What the Residence shows and offers: the tricks still in it, in the page's language, and
 *  the viewer's targets among them (with what each does, as named on it). */
function residenceKey(c, owned) {
  const { view, viewer } = c;
  // (as resTrick reads it: whether a trick says why it cannot be learnt)
  const explains = c.canAct && view.act?.seat === viewer && view.act?.loc === "downtown";
  return areaKey(c, (key) => key.startsWith("trick-"), [...owned].sort(), explains);
}

function residenceCards(c, owned) {
  const { D, lang } = c;
  const cols = D.schoolIds.map((school) =>
    h(
      "div",
      { class: `res-col s-${school}`, testid: `trk-residence-${school}` },
      h(
        "h4",
        {},
        h("span", { class: `school-dot s-${school}` }, schoolIcon(school, 12)),
        " ",
        cap(nameOf(D.schools[school], lang)),
      ),
      h(
        "ol",
        {},
        // (the list items carry the trick's id: matched by order, each card after one that was
        // learnt would meet the next trick's item and be built again)
        D.trickList
          .filter((t) => t.school === school && !owned.has(t.id))
          .map((t) => h("li", { testid: `trk-res-${t.id}` }, resTrick(c, t))),
      ),
    ),
  );
  return h(
    "section",
    { class: "loc loc-residence", testid: "trk-residence" },
    h("h3", {}, c.w("residence")),
    h("div", { class: "res-cols" }, cols),
  );
}

function slotLocation(slot) {
  if (slot >= SLOT.workshop) return ["workshop", (slot - SLOT.workshop) % 2];
  if (slot >= SLOT.theater) return ["theater", slot - SLOT.theater];
  if (slot >= SLOT.dark_alley) return ["dark_alley", slot - SLOT.dark_alley];
  if (slot >= SLOT.market_row) return ["market_row", slot - SLOT.market_row];
  return ["downtown", slot];
}

export function slotPlace(c, slot) {
  if (slot >= SLOT.workshop) return c.T("workshop");
  if (slot >= SLOT.theater) {
    const d = Math.floor((slot - SLOT.theater) / 3);
    return `${c.T("theater")} · ${cap(nameOf(c.D.days[d], c.lang))}`;
  }
  if (slot >= SLOT.dark_alley) return c.T("dark_alley");
  if (slot >= SLOT.market_row) return c.T("market_row");
  return c.T("downtown");
}
