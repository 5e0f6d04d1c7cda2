// Trickerion's main board: Downtown, Market Row, Dark Alley, Theater, tracks and Residence,
// each one function of the drawing context `c` (index.js).

import {
  CELL,
  PAD,
  SEAT_COLORS,
  SYMBOLS,
  abbr,
  explain,
  probeChar,
  seatBadge,
  seatToken,
  showTip,
  wire,
} from "./common.js";
import { SLOT, cap, nameOf, textOf } from "./data.js";
import { apCost, locationActions, perfName, slotName } from "./describe.js";
import { h, listen } from "../../ui/dom.js";
import { hover, svg as s } from "../../ui/board.js";
import { askRules } from "../../ui/rules.js";
import { nameNode } from "./tips.js";
import { propIcon, schoolIcon, yieldIcon } from "./icons.js";

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

export function downtown(c) {
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
  const { snap, view, w, viewer } = c;
  if (!snap.options?.dark_alley) return null;
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

/** One cell of a performance card: its box, and the trick marker on it or its number. */
function perfCell(c, card, ci, k, x, y) {
  const { D, players, lang, w } = c;
  const C = CELL;
  const m = card.m[k];
  const g = s(
    "g",
    { class: "cell", "data-testid": `trk-cell-${ci}-${k}` },
    s("rect", { x: x + 4, y: y + 4, width: C - 8, height: C - 8, rx: 6, class: "cell-box" }),
  );
  if (m >= 0) {
    const seat = Math.floor(m / 4);
    const sym = m % 4;
    const trick = players[seat]?.tricks.find((t) => t.sym === sym);
    const school = trick ? D.tricks[trick.id]?.school : null;
    const facing = card.o[k] ?? 0;
    const cx = x + C / 2;
    const cy = y + C / 2;
    g.append(
      s("rect", {
        x: x + 8,
        y: y + 8,
        width: C - 16,
        height: C - 16,
        rx: 4,
        fill: SEAT_COLORS[seat % 4],
        stroke: "#111",
        "stroke-width": 1.2,
      }),
    );
    // the facing: a notch of the trick's school on that side
    const d = [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ][facing];
    g.append(
      s("circle", { cx: cx + d[0] * (C / 2 - 10), cy: cy + d[1] * (C / 2 - 10), r: 5, class: `notch s-${school}` }),
    );
    g.append(
      s(
        "text",
        { x: cx, y: cy + 1, class: "tok-text", "font-size": 12, fill: seat % 4 === 3 ? "#111" : "#fff" },
        `${seat + 1}${SYMBOLS[sym]}`,
      ),
    );
    if ((card.dbl ?? []).includes(k))
      g.append(s("text", { x: x + C - 10, y: y + 14, class: "tok-text", "font-size": 10 }, "×2"));
    const tname = trick ? nameOf(D.tricks[trick.id], lang) : "";
    g.append(s("title", {}, c.w.lv(c.seatName(seat), `${tname} ${SYMBOLS[sym]}`)));
    if (trick) {
      listen(g, "mouseenter", (e) => showTip(c, e.currentTarget, `trick:${trick.id}`));
      listen(g, "mouseleave", () => c.pop.hideTip());
    }
  } else {
    const instead = c.ext.perfCell?.(c, card, ci, k, x, y);
    if (instead) g.append(instead);
    else {
      // the cell's number, as the action labels name it ("card 0, slot 2")
      g.append(s("text", { x: x + C / 2, y: y + C / 2 + 1, class: "cell-num" }, String(k + 1)));
      g.append(s("title", {}, w("free")));
    }
  }
  return wire(c, g, `cell-${ci}-${k}`, `${perfName(c, ci)} · ${w("slot_n", { n: k + 1 })}`);
}

function perfCard(c, card, ci) {
  const { D, lang, w } = c;
  const geo = D.cards[card.id];
  const C = CELL;
  const P = PAD;
  const cols = Math.max(...geo.cells.map((cell) => cell[0])) + 1;
  const rows = Math.max(...geo.cells.map((cell) => cell[1])) + 1;
  const W = cols * C + 2 * P;
  const H = rows * C + 2 * P + 16;
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`,
    width: W,
    height: H,
    class: "perf-svg",
    role: "img",
    "aria-label": nameOf(D.theaters[geo.theater], lang),
  });
  svg.append(s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, class: `perf-bg th-${geo.theater}` }));
  const cellXY = (cell) => [P + cell[0] * C, P + cell[1] * C];
  geo.cells.forEach((cell, k) => svg.append(perfCell(c, card, ci, k, ...cellXY(cell))));
  // link circles on the borders; the shard link as a gem
  for (const link of geo.links) {
    const [ax, ay] = cellXY(link.a);
    const [bx, by] = cellXY(link.b);
    const cx = (ax + bx) / 2 + C / 2;
    const cy = (ay + by) / 2 + C / 2;
    if (link.shard) {
      svg.append(
        s(
          "polygon",
          { points: `${cx},${cy - 7} ${cx + 6},${cy} ${cx},${cy + 7} ${cx - 6},${cy}`, class: "shard-link" },
          s("title", {}, w("shard_link")),
        ),
      );
    } else {
      svg.append(s("circle", { cx, cy, r: 5, class: "link" }, s("title", {}, w("link"))));
    }
  }
  const b = geo.performer_bonus ?? {};
  const bonus = [b.fame ? `${b.fame}★` : "", b.coins ? `${b.coins}¢` : "", b.shards ? `${b.shards}◆` : ""]
    .filter(Boolean)
    .join(" ");
  svg.append(s("text", { x: W / 2, y: H - 8, class: "perf-bonus" }, bonus || "·"));
  svg.append(s("text", { x: 7, y: H - 8, class: "perf-num" }, String(ci + 1)));
  const wrap = h(
    "div",
    { class: "perf-card", testid: `trk-perf-${ci}`, dataset: { card: card.id } },
    h("span", { class: "perf-name" }, perfName(c, ci)),
    perfFate(c, ci),
    svg,
  );
  wire(c, wrap, `perf-${ci}`, perfName(c, ci), `perf:${card.id}`);
  c.ext.perfCard?.(c, wrap, card, ci);
  return wrap;
}

function theaterDay(c, day, d) {
  const { w, lang } = c;
  const base = SLOT.theater + 3 * d;
  const yf = day.yield_fame;
  const yc = day.yield_coins;
  const mod = day.ap_modifier;
  return h(
    "div",
    { class: "day", testid: `trk-day-${day.id}` },
    h(
      "div",
      { class: "day-head" },
      h("strong", {}, cap(nameOf(day, lang))),
      h(
        "span",
        { class: "muted", title: w("day_yield", { f: yf, c: yc }) },
        ` ${mod > 0 ? "+" : ""}${mod} ${w("ap")}${yf || yc ? ` · ${yf > 0 ? "+" : ""}${yf}★ ${yc > 0 ? "+" : ""}${yc}¢` : ""}`,
      ),
    ),
    h(
      "div",
      { class: "day-slots" },
      h(
        "div",
        { class: "day-group" },
        h("div", { class: "day-pair" }, slotSvg(c, base, mod), slotSvg(c, base + 1, mod)),
        h("span", { class: "day-cap" }, w("backstage")),
      ),
      h("div", { class: "day-group stage" }, slotSvg(c, base + 2, mod), h("span", { class: "day-cap" }, w("stage"))),
    ),
  );
}

export function theater(c) {
  const { w, view } = c;
  return h(
    "section",
    { class: "loc loc-theater", testid: "trk-theater" },
    h(
      "h3",
      {},
      c.T("theater"),
      locHelp(c, "theater"),
      h("span", { class: "muted small" }, " · ", w("perf_deck", { n: view.perf_deck.length })),
    ),
    h(
      "div",
      { class: "days" },
      c.D.days.map((day, d) => theaterDay(c, day, d)),
    ),
    // no card belongs to a day: each day's magician on the stage picks one
    h("p", { class: "perf-note muted small", testid: "trk-perf-note" }, w("perf_any_day")),
    h(
      "div",
      { class: "perf-row", "aria-label": w("performance_cards") },
      view.row.map((card, ci) => perfCard(c, card, ci)),
    ),
  );
}

/** What becomes of a card at the end of this round: from the rulebook's round on, the last
 *  card of the row is discarded with the markers left on it (the others move one place on). */
function perfFate(c, ci) {
  const { view, D, w } = c;
  const last = ci === view.row.length - 1;
  const leaves = view.round >= D.raw.board.performance.discard_from_round && view.round < view.round_count;
  return last && leaves ? h("span", { class: "perf-leaves", testid: `trk-perf-leaves-${ci}` }, w("perf_leaves")) : null;
}

function fameTrack(c) {
  const { players, w } = c;
  const maxFame = Math.max(40, ...players.map((p) => p.fame + 5));
  const top = Math.ceil(maxFame / 10) * 10;
  // about a unit a pixel: a phone's 900-unit track drew its numbers and tokens a third of size
  const W = window.innerWidth <= 720 ? 360 : 900;
  const X = (f) => 12 + (f / top) * (W - 24);
  const svg = s(
    "svg",
    { viewBox: `0 0 ${W} 46`, class: "fame-svg", role: "img", "aria-label": w("fame_track") },
    s("line", { x1: X(0), y1: 30, x2: X(top), y2: 30, class: "fame-line" }),
  );
  for (let f = 0; f <= top; f += 5) {
    svg.append(s("line", { x1: X(f), y1: 26, x2: X(f), y2: 34, class: "fame-tick" }));
    if (f % 10 === 0) svg.append(s("text", { x: X(f), y: 45, class: "fame-num" }, String(f)));
  }
  const stacks = {};
  players.forEach((p, seat) => {
    const n = (stacks[p.fame] = (stacks[p.fame] ?? 0) + 1) - 1;
    const tok = seatToken(seat, X(p.fame) + n * 17, 14, 8);
    tok.append(s("title", {}, w.lv(c.seatName(seat), w("n_fame", { n: p.fame }))));
    svg.append(tok);
  });
  return svg;
}

export function tracks(c) {
  const { view, players, w } = c;
  const roundCount = view.round_count;
  const rounds = h(
    "div",
    { class: "round-track", testid: "trk-rounds", "aria-label": w("round_track") },
    Array.from({ length: roundCount }, (_, i) =>
      h(
        "span",
        { class: `round-pip${i + 1 === view.round ? " now" : ""}${i + 1 < view.round ? " past" : ""}` },
        String(i + 1),
      ),
    ),
  );
  const init = h(
    "ol",
    { class: "init-track", testid: "trk-initiative", "aria-label": w("initiative") },
    view.order.map((seat, i) =>
      h(
        "li",
        { class: "init-slot" },
        h("span", { class: "init-n" }, String(i + 1)),
        seatBadge(seat),
        h("span", { class: "init-name" }, c.seatName(seat)),
        players[seat].poster ? h("span", { class: "poster", title: w("poster") }, w("poster")) : null,
      ),
    ),
  );
  const phase = view.phase;
  return h(
    "section",
    { class: "tracks", testid: "trk-tracks" },
    h(
      "div",
      { class: "track-line" },
      h(
        "span",
        { class: "phase-name", testid: "trk-phase", dataset: { phase } },
        w(`phase.${phase}`) !== `phase.${phase}` ? w(`phase.${phase}`) : phase,
      ),
      h("span", { class: "round-label" }, w("round", { n: Math.min(view.round, roundCount), of: roundCount })),
      rounds,
    ),
    h("div", { class: "track-line" }, h("span", { class: "area-name" }, w("initiative")), init),
  );
}

/** The fame track along the Theater's edge, as on the board. */
export function fameBand(c) {
  return h(
    "div",
    { class: "fame-track", testid: "trk-fame" },
    h("span", { class: "area-name" }, yieldIcon("fame", 13), " ", c.w("fame_track")),
    fameTrack(c),
  );
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
  const { D, lang } = c;
  const owned = new Set(c.players.flatMap((p) => p.tricks.map((t) => t.id)));
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
        D.trickList.filter((t) => t.school === school && !owned.has(t.id)).map((t) => h("li", {}, resTrick(c, t))),
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
