// Trickerion's board: the main board (tracks, Downtown, Market Row, Dark Alley, Theater, the
// Residence's trick decks) and every player's area, drawn from the viewer's view; legal targets
// (from snapshot.legal, grouped by what they act on) are highlighted and played by clicking.
// One matching action plays at once; several open a small panel next to the target.
// Test ids are listed in docs/trickerion-page.md.

import { h, clear } from "../ui/dom.js";
import { data, nameOf, cap, textOf, SLOT, DAYS } from "./trickerion/data.js";
import { connect } from "../ui/bridge.js";
import { groupTargets } from "./trickerion/targets.js";
import { tipContent, schoolLetter } from "./trickerion/tips.js";

const NS = "http://www.w3.org/2000/svg";
const SEAT_COLORS = ["#c8372d", "#2563c9", "#1f8a47", "#d99a00"];
const SEAT_SHAPES = ["circle", "square", "diamond", "triangle"];
const SYMBOLS = ["♠", "♥", "♦", "♣"];
const CHAR_ABBR = { magician: "M", apprentice: "Ap", assistant: "As", engineer: "E", manager: "Mg" };

const UI = { zoom: 1, focus: null, scroll: null, selected: null, renders: 0 };

function s(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === "testid") el.setAttribute("data-testid", v);
    else if (k.startsWith("on") && typeof v === "function") el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, String(v));
  }
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** A seat's token: its colour, its shape and its number (colour is never the only cue). */
function seatToken(seat, x, y, r, label = String(seat + 1)) {
  const fill = SEAT_COLORS[seat % 4];
  const shape = SEAT_SHAPES[seat % 4];
  let body;
  if (shape === "circle") body = s("circle", { cx: x, cy: y, r });
  else if (shape === "square") body = s("rect", { x: x - r * 0.9, y: y - r * 0.9, width: r * 1.8, height: r * 1.8, rx: 2 });
  else if (shape === "diamond") body = s("polygon", { points: `${x},${y - r * 1.15} ${x + r * 1.15},${y} ${x},${y + r * 1.15} ${x - r * 1.15},${y}` });
  else body = s("polygon", { points: `${x},${y - r * 1.2} ${x + r * 1.15},${y + r * 0.85} ${x - r * 1.15},${y + r * 0.85}` });
  body.setAttribute("fill", fill);
  body.setAttribute("stroke", "#1b1b1b");
  body.setAttribute("stroke-width", "1.2");
  return s("g", { class: "seat-token" }, body,
    s("text", { x, y: y + (shape === "triangle" ? r * 0.35 : r * 0.1), class: "tok-text", "font-size": r * (label.length > 2 ? 0.8 : 1.05),
      fill: seat % 4 === 3 ? "#1b1b1b" : "#fff" }, label));
}

function seatBadge(seat) {
  return h("span", { class: `seat-badge-mini seat-${seat % 4}`, "aria-hidden": "true" },
    h("span", { class: "shape" }), h("span", { class: "num" }, String(seat + 1)));
}

// The board's own words: the catalog's `ui.trk.*` strings (engine/games/trickerion/messages.json).
const words = (t) => (key, params) => t(`ui.trk.${key}`, params);

export function render(container, snap, api) {
  const started = performance.now();
  const D = data();
  const lang = api.lang;
  const w = words(api.t);
  const view = snap.view;
  const viewer = api.viewer;
  const targets = groupTargets(snap.legal ?? [], viewer);
  selectionStep(targets, snap, viewer, words(api.t));
  const drawn = new Set();
  const root = container.querySelector(":scope > .trk");
  if (root) {
    const sc = root.querySelector(".trk-scroll");
    if (sc) UI.scroll = [sc.scrollLeft, sc.scrollTop];
    const f = document.activeElement?.closest?.("[data-testid]");
    UI.focus = f && root.contains(f) ? f.dataset.testid : null;
  }
  const seatName = (i) => api.seatName(i);
  const players = view.players;

  // ---- interaction --------------------------------------------------------------------------
  let panel = null;
  let tip = null;
  const board = h("div", { class: "trk", testid: "trk-board", lang });

  function closePanel() {
    panel?.remove();
    panel = null;
  }
  function anchorBox(el) {
    const a = el.getBoundingClientRect();
    const b = board.getBoundingClientRect();
    return { x: a.left - b.left, y: a.bottom - b.top, top: a.top - b.top, w: a.width };
  }
  function choose(key, el, title) {
    const entries = targets.get(key);
    if (!entries) return;
    const run = (e) => {
      closePanel();
      if (e.select !== undefined) {
        UI.selected = e.select === null ? null : { step: snap.step, char: e.select };
        render(container, snap, api);
        container.querySelector(`[data-testid="trk-t-${key}"]`)?.focus();
        return;
      }
      api.act(e.action).catch(() => {});
    };
    if (entries.length === 1) {
      run(entries[0]);
      return;
    }
    closePanel();
    const box = anchorBox(el);
    panel = h("div", {
      class: "trk-panel", testid: "trk-panel", role: "dialog", "aria-label": w("choose_here", { what: title }),
      onkeydown: (e) => { if (e.key === "Escape") { closePanel(); el.focus(); } },
    },
    h("div", { class: "trk-panel-head" },
      h("strong", {}, title),
      h("button", { type: "button", class: "icon", testid: "trk-panel-close", "aria-label": w("close"), onclick: () => { closePanel(); el.focus(); } }, "×")),
    h("div", { class: "trk-panel-list" },
      entries.map((e) => h("button", {
        type: "button", class: `trk-choice${e.select !== undefined ? " select" : ""}`,
        testid: e.select !== undefined ? "trk-choice-select" : `trk-choice-${e.index}`, dataset: { index: String(e.index) },
        onclick: () => run(e),
      }, friendly(e) ? [h("strong", {}, friendly(e)), h("small", {}, e.label)] : e.label))));
    hideTip();
    board.append(panel);
    const bw = board.clientWidth;
    const pw = Math.min(360, bw - 16);
    panel.style.width = `${pw}px`;
    panel.style.left = `${Math.max(8, Math.min(box.x, bw - pw - 8))}px`;
    // below the target when it fits in the window, else above it
    const anchor = el.getBoundingClientRect();
    const ph = panel.offsetHeight;
    const above = anchor.bottom + ph + 8 > window.innerHeight && anchor.top - ph - 8 > 0;
    panel.style.top = `${above ? box.top - ph - 4 : box.y + 4}px`;
    panel.querySelector(".trk-choice")?.focus();
  }
  /** A short first line for a choice where the engine's label names a character by number. */
  function friendly(e) {
    const a = e.action;
    if (!a) return null;
    const c = a.character !== undefined && typeof a.character === "number" ? players[viewer]?.chars[a.character] : null;
    if (a.type === "place_character" && c) return charName(c.kind);
    if (a.type === "assign" && c) return `${charName(c.kind)} ← ${D.specials[a.card] ? nameOf(D.specials[a.card], lang) : T(a.card)}`;
    return null;
  }
  function showTip(el, key) {
    hideTip();
    if (panel) return; // an open choice panel wins
    const content = tipContent(key, lang, w);
    if (!content) return;
    tip = h("div", { class: "trk-tip", testid: "trk-tip", role: "tooltip" }, content);
    board.append(tip);
    const box = anchorBox(el);
    const bw = board.clientWidth;
    const tw = Math.min(320, bw - 16);
    tip.style.width = `${tw}px`;
    tip.style.left = `${Math.max(8, Math.min(box.x, bw - tw - 8))}px`;
    const th = tip.offsetHeight;
    tip.style.top = box.top - th - 6 > 0 ? `${box.top - th - 6}px` : `${box.y + 6}px`;
  }
  function hideTip() {
    tip?.remove();
    tip = null;
  }

  /** Pointing at a place that is not a legal target says why (the engine's refusal). */
  const canAct = viewer !== null && viewer !== undefined && (snap.legal ?? []).length > 0;
  function explain(el, probe) {
    if (!canAct || !probe) return;
    el.classList.add("why");
    const show = () => {
      const action = probe();
      if (!action) return;
      let refusal = null;
      try {
        refusal = connect(window.marqueeBridge).call("why", { seat: viewer, action, lang });
      } catch (error) {
        refusal = { message: error.message };
      }
      if (!refusal) return;
      hideTip();
      tip = h("div", { class: "trk-tip why-tip", testid: "trk-why", role: "tooltip" }, h("p", {}, "✕ ", refusal.message));
      board.append(tip);
      const box = anchorBox(el);
      const bw = board.clientWidth;
      tip.style.maxWidth = `${Math.min(320, bw - 16)}px`;
      tip.style.left = `${Math.max(8, Math.min(box.x, bw - 330))}px`;
      tip.style.top = `${box.y + 4}px`;
    };
    el.addEventListener("mouseenter", show);
    el.addEventListener("mouseleave", hideTip);
  }
  const me = canAct ? players[viewer] : null;
  /** The character a player would try at `location`: one whose card sends it there, else any
   *  character still at home. */
  const probeChar = (location) => {
    const free = (me?.chars ?? []).map((c, i) => [c, i]).filter(([c]) => c.slot < 0 && c.card && !c.idle && !c.assist);
    const cardLoc = (card) => D.specials[card]?.location ?? card;
    const hit = free.find(([c]) => cardLoc(c.card) === location) ?? free[0];
    return hit ? hit[1] : -1;
  };

  /** Make `el` (HTML or SVG) a target if `key` is legal, and give it a tooltip if `tipKey`. */
  function wire(el, key, title, tipKey) {
    if (tipKey) {
      el.addEventListener("mouseenter", () => showTip(el, tipKey));
      el.addEventListener("mouseleave", hideTip);
      el.addEventListener("focus", () => { if (el.matches(":focus-visible")) showTip(el, tipKey); });
      el.addEventListener("blur", hideTip);
      el.dataset.tip = tipKey;
      if (!el.hasAttribute("tabindex")) el.setAttribute("tabindex", "0");
    }
    if (key && targets.has(key)) {
      drawn.add(key);
      el.classList.add("hot");
      el.setAttribute("tabindex", "0");
      el.setAttribute("role", "button");
      if (!el.hasAttribute("data-testid")) el.setAttribute("data-testid", `trk-t-${key}`);
      el.setAttribute("data-target", key);
      el.setAttribute("data-count", String(targets.get(key).length));
      el.setAttribute("aria-label", targets.get(key).length === 1 ? targets.get(key)[0].label : `${title} (${w("choices", { n: targets.get(key).length })})`);
      el.addEventListener("click", (e) => { e.stopPropagation(); choose(key, el, title); });
      el.addEventListener("keydown", (e) => {
        if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(key, el, title); }
      });
    }
    return el;
  }

  // ---- parts --------------------------------------------------------------------------------
  const T = (id) => cap(nameOf(D.locations[id], lang));
  const charName = (kind) => cap(nameOf(D.characters[kind], lang));
  const occupant = (v) => (v >= 0 ? { seat: Math.floor(v / 16), char: v % 16 } : null);

  function slotSvg(slotIndex, mod, label) {
    const v = view.slots[slotIndex];
    const occ = occupant(v);
    const g = s("svg", { class: "slot", viewBox: "0 0 56 62", width: 46, height: 51, role: "img" },
      s("rect", { x: 3, y: 3, width: 50, height: 44, rx: 8, class: v === -2 ? "slot-box blocked" : "slot-box" }),
      s("text", { x: 28, y: 59, class: "slot-mod" }, mod > 0 ? `+${mod}` : String(mod)));
    if (v === -2) g.append(s("path", { d: "M10 10 L46 40 M46 10 L10 40", class: "slot-x" }));
    if (occ) {
      const kind = players[occ.seat]?.chars[occ.char]?.kind ?? "";
      g.append(seatToken(occ.seat, 28, 25, 15, `${occ.seat + 1}${CHAR_ABBR[kind] ?? ""}`));
    }
    const title = `${label ?? ""}`;
    const desc = v === -2 ? w("blocked") : occ
      ? `${seatName(occ.seat)}: ${charName(players[occ.seat]?.chars[occ.char]?.kind)}` : w("free");
    g.setAttribute("aria-label", desc);
    const wrap = h("div", { class: "slot-wrap", title: desc, dataset: { slot: String(slotIndex) }, testid: `trk-slot-${slotIndex}` }, g);
    wire(wrap, `slot-${slotIndex}`, title || desc);
    if (!targets.has(`slot-${slotIndex}`) && view.phase === "place") {
      explain(wrap, () => {
        const [location, slot] = slotLocation(slotIndex);
        const ci = probeChar(location);
        if (ci < 0) return null;
        if (location === "workshop" && Math.floor((slotIndex - SLOT.workshop) / 2) !== viewer) return null;
        return { type: "place_character", character: ci, location, slot };
      });
    }
    return wrap;
  }

  function locationSlots(loc) {
    const base = SLOT[loc];
    const L = D.locations[loc];
    return h("div", { class: "slot-row", "aria-label": w("slots") },
      L.slots.map((sl, i) => slotSvg(base + i, sl.ap_modifier)));
  }

  function dieFace(face) {
    if (face === "x") return "✕";
    if (D.schools[face]) return schoolLetter(face, lang);
    if (face === "any") return "?";
    if (D.characters[face]) return CHAR_ABBR[face] ?? face;
    return face;
  }
  function dieTitle(face) {
    if (face === "x") return w("used_die");
    if (D.schools[face]) return cap(nameOf(D.schools[face], lang));
    if (face === "any") return w("any");
    if (D.characters[face]) return charName(face);
    return w("n_coins", { n: face });
  }
  function die(i) {
    const face = view.dice[i];
    const cls = D.schools[face] ? ` s-${face}` : "";
    const el = h("div", { class: `die${face === "x" ? " used" : ""}${cls}`, testid: `trk-die-${i}`, title: dieTitle(face), dataset: { face } },
      h("span", {}, dieFace(face)));
    wire(el, `die-${i}`, dieTitle(face));
    if (!targets.has(`die-${i}`) && view.phase === "place") explain(el, () => ({ type: i >= 4 ? "take_coins" : "reroll_die", die: i }));
    return el;
  }

  function downtown() {
    return h("section", { class: "loc loc-downtown", testid: "trk-downtown" },
      h("h3", {}, T("downtown")),
      h("div", { class: "dice-areas" },
        h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("residence")), die(0), die(1)),
        h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("inn")), die(2), die(3)),
        h("div", { class: "dice-area" }, h("span", { class: "area-name" }, w("bank")), die(4), die(5))),
      locationSlots("downtown"));
  }

  function propChip(prop, n, opts = {}) {
    const p = D.props[prop];
    const el = h("span", { class: `prop-chip tier-${p?.tier ?? "basic"}${opts.mgr ? " mgr" : ""}`, testid: opts.testid, dataset: { prop } },
      h("span", { class: "prop-name" }, cap(nameOf(p, lang))),
      n !== undefined ? h("span", { class: "prop-n" }, `×${n}`) : null,
      p ? h("span", { class: "prop-cost", "aria-label": w("n_coins", { n: p.cost }) }, `${p.cost}¢`) : null);
    return wire(el, opts.key, cap(nameOf(p, lang)), `prop:${prop}`);
  }

  function market() {
    const m = view.market;
    const area = (ids, kind) => ids.map((prop, i) => h("div", { class: "mk-slot", testid: `trk-${kind}-${i}` },
      prop ? propChip(prop, undefined, { key: kind === "buy" ? `buy-${prop}` : null }) : h("span", { class: "muted" }, "—")));
    const orderSlots = m.order.map((prop, i) => {
      const el = h("div", { class: "mk-slot order", testid: `trk-order-${i}` },
        prop ? propChip(prop) : h("span", { class: "muted" }, w("free")));
      return wire(el, `order-${i}`, `${w("order_area")} ${i + 1}`);
    });
    const quick = wire(h("div", { class: "mk-slot quick", testid: "trk-quick" },
      m.quick ? propChip(m.quick) : h("span", { class: "muted" }, w("free"))), "quick", w("quick_order"));
    // stock props that are buyable but not in the buy area (ordered ones, Logistics)
    const extra = m.extra.map((prop, i) => h("div", { class: "mk-slot", testid: `trk-extra-${i}` }, propChip(prop, undefined, { key: `buy-${prop}` })));
    return h("section", { class: "loc loc-market", testid: "trk-market" },
      h("h3", {}, T("market_row")),
      h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("buy_area")), area(m.buy, "buy"), extra),
      h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("order_area")), orderSlots),
      h("div", { class: "mk-row" }, h("span", { class: "area-name" }, w("quick_order")), quick),
      locationSlots("market_row"));
  }

  function prophecyCard(id, active) {
    const c = D.prophecies[id];
    const el = h("div", { class: `prophecy${active ? " active" : ""}`, testid: `trk-prophecy-${id}` },
      h("span", { class: "proph-id" }, c?.bga_id ?? id), h("span", { class: "proph-text" }, c ? textOf(c.text, lang) : id));
    return wire(el, `prophecy-${id}`, c?.bga_id ?? id, `prophecy:${id}`);
  }

  function alley() {
    if (!snap.options?.dark_alley) return null;
    const decks = ["downtown", "market_row", "workshop", "theater"].map((loc) => wire(
      h("div", { class: "deck", testid: `trk-deck-${loc}` },
        h("span", { class: "deck-name" }, T(loc)), h("span", { class: "deck-n" }, w("deck_count", { n: view.decks[loc] ?? 0 }))),
      `deck-${loc}`, T(loc)));
    const fortune = wire(h("div", { class: "fortune", testid: "trk-fortune" }, "✦ ", w("fortune_teller")), "fortune", w("fortune_teller"));
    const keep = (view.pending ?? []).filter((p) => p.kind === "keep_card" && p.seat === viewer);
    return h("section", { class: "loc loc-alley", testid: "trk-alley" },
      h("h3", {}, T("dark_alley")),
      h("div", { class: "decks", "aria-label": w("decks") }, decks),
      snap.options?.prophecies ? h("div", { class: "prophecies" },
        h("div", { class: "proph-col" }, h("span", { class: "area-name" }, w("prophecy_active")),
          view.prophecy ? prophecyCard(view.prophecy, true) : h("span", { class: "muted" }, "—")),
        h("div", { class: "proph-col" }, h("span", { class: "area-name" }, w("prophecy_pending"),
          " · ", w("prophecy_stack", { n: view.prophecy_stack })),
        view.pending_prophecies.map((id) => prophecyCard(id, false))),
        fortune) : null,
      keep.length ? h("div", { class: "keep", testid: "trk-keep" }, h("span", { class: "area-name" }, w("drawn")),
        keep[0].cards.map((c) => specialCard(c, `keep-${c}`))) : null,
      locationSlots("dark_alley"));
  }

  function specialCard(id, key) {
    const c = D.specials[id];
    const el = h("div", { class: "special-card", testid: `trk-special-${id}` },
      h("strong", {}, nameOf(c, lang) || id), c ? h("span", { class: "sc-loc" }, T(c.location)) : null);
    return wire(el, key, nameOf(c, lang), `special:${id}`);
  }

  function perfCard(card, ci) {
    const geo = D.cards[card.id];
    const C = 50; // cell size
    const P = 10;
    const cols = Math.max(...geo.cells.map((c) => c[0])) + 1;
    const rows = Math.max(...geo.cells.map((c) => c[1])) + 1;
    const W = cols * C + 2 * P;
    const H = rows * C + 2 * P + 16;
    const svg = s("svg", { viewBox: `0 0 ${W} ${H}`, width: W, height: H, class: "perf-svg", role: "img",
      "aria-label": nameOf(D.theaters[geo.theater], lang) });
    svg.append(s("rect", { x: 1, y: 1, width: W - 2, height: H - 2, rx: 8, class: `perf-bg th-${geo.theater}` }));
    const cellXY = (c) => [P + c[0] * C, P + c[1] * C];
    geo.cells.forEach((c, k) => {
      const [x, y] = cellXY(c);
      const m = card.m[k];
      const g = s("g", { class: "cell", "data-testid": `trk-cell-${ci}-${k}` },
        s("rect", { x: x + 4, y: y + 4, width: C - 8, height: C - 8, rx: 6, class: "cell-box" }));
      if (m >= 0) {
        const seat = Math.floor(m / 4);
        const sym = m % 4;
        const trick = players[seat]?.tricks.find((t) => t.sym === sym);
        const school = trick ? D.tricks[trick.id]?.school : null;
        const facing = card.o[k] ?? 0;
        const cx = x + C / 2;
        const cy = y + C / 2;
        g.append(s("rect", { x: x + 8, y: y + 8, width: C - 16, height: C - 16, rx: 4, fill: SEAT_COLORS[seat % 4], stroke: "#111", "stroke-width": 1.2 }));
        // the facing: a notch of the trick's school on that side
        const d = [[0, -1], [1, 0], [0, 1], [-1, 0]][facing];
        g.append(s("circle", { cx: cx + d[0] * (C / 2 - 10), cy: cy + d[1] * (C / 2 - 10), r: 5, class: `notch s-${school}` }));
        g.append(s("text", { x: cx, y: cy + 1, class: "tok-text", "font-size": 12, fill: seat % 4 === 3 ? "#111" : "#fff" }, `${seat + 1}${SYMBOLS[sym]}`));
        if ((card.dbl ?? []).includes(k)) g.append(s("text", { x: x + C - 10, y: y + 14, class: "tok-text", "font-size": 10 }, "×2"));
        const tname = trick ? nameOf(D.tricks[trick.id], lang) : "";
        g.append(s("title", {}, `${seatName(seat)}: ${tname} ${SYMBOLS[sym]}`));
        if (trick) {
          g.addEventListener("mouseenter", () => showTip(g, `trick:${trick.id}`));
          g.addEventListener("mouseleave", hideTip);
        }
      } else {
        // the cell's number, as the action labels name it ("card 0, slot 2")
        g.append(s("text", { x: x + C / 2, y: y + C / 2 + 1, class: "cell-num" }, String(k)));
        g.append(s("title", {}, w("free")));
      }
      wire(g, `cell-${ci}-${k}`, `${nameOf(D.theaters[geo.theater], lang)} · ${k + 1}`);
      svg.append(g);
    });
    // link circles on the borders; the shard link as a gem
    for (const link of geo.links) {
      const [ax, ay] = cellXY(link.a);
      const [bx, by] = cellXY(link.b);
      const cx = (ax + bx) / 2 + C / 2;
      const cy = (ay + by) / 2 + C / 2;
      if (link.shard) {
        svg.append(s("polygon", { points: `${cx},${cy - 7} ${cx + 6},${cy} ${cx},${cy + 7} ${cx - 6},${cy}`, class: "shard-link" },
          s("title", {}, w("shard_link"))));
      } else {
        svg.append(s("circle", { cx, cy, r: 5, class: "link" }, s("title", {}, w("link"))));
      }
    }
    const b = geo.performer_bonus ?? {};
    const bonus = [b.fame ? `${b.fame}★` : "", b.coins ? `${b.coins}¢` : "", b.shards ? `${b.shards}◆` : ""].filter(Boolean).join(" ");
    svg.append(s("text", { x: W / 2, y: H - 8, class: "perf-bonus" }, bonus || "·"));
    svg.append(s("text", { x: 7, y: H - 8, class: "perf-num" }, `#${ci}`));
    const wrap = h("div", { class: "perf-card", testid: `trk-perf-${ci}`, dataset: { card: card.id } }, svg);
    wire(wrap, `perf-${ci}`, `${nameOf(D.theaters[geo.theater], lang)} (${ci + 1})`, `perf:${card.id}`);
    return wrap;
  }

  function theater() {
    const days = D.days.map((day, d) => {
      const base = SLOT.theater + 3 * d;
      const yf = day.yield_fame;
      const yc = day.yield_coins;
      const mod = day.ap_modifier;
      return h("div", { class: "day", testid: `trk-day-${day.id}` },
        h("div", { class: "day-head" }, h("strong", {}, cap(nameOf(day, lang))),
          h("span", { class: "muted", title: w("day_yield", { f: yf, c: yc }) }, ` ${mod > 0 ? "+" : ""}${mod} ${w("ap")}${yf || yc ? ` · ${yf > 0 ? "+" : ""}${yf}★ ${yc > 0 ? "+" : ""}${yc}¢` : ""}`)),
        h("div", { class: "day-slots" },
          h("div", { class: "day-group" }, h("div", { class: "day-pair" }, slotSvg(base, mod, w("backstage")), slotSvg(base + 1, mod, w("backstage"))),
            h("span", { class: "day-cap" }, w("backstage"))),
          h("div", { class: "day-group stage" }, slotSvg(base + 2, mod, w("stage")), h("span", { class: "day-cap" }, w("stage")))));
    });
    const deckCount = view.perf_deck.length;
    return h("section", { class: "loc loc-theater", testid: "trk-theater" },
      h("h3", {}, T("theater"), h("span", { class: "muted small" }, " · ", w("perf_deck", { n: deckCount }))),
      h("div", { class: "days" }, days),
      h("div", { class: "perf-row", "aria-label": w("performance_cards") }, view.row.map(perfCard)));
  }

  function tracks() {
    const roundCount = view.round_count;
    const rounds = h("div", { class: "round-track", testid: "trk-rounds", "aria-label": w("round_track") },
      Array.from({ length: roundCount }, (_, i) => h("span", { class: `round-pip${i + 1 === view.round ? " now" : ""}${i + 1 < view.round ? " past" : ""}` }, String(i + 1))));
    const init = h("ol", { class: "init-track", testid: "trk-initiative", "aria-label": w("initiative") },
      view.order.map((seat, i) => h("li", { class: "init-slot" },
        h("span", { class: "init-n" }, String(i + 1)), seatBadge(seat), h("span", { class: "init-name" }, seatName(seat)),
        players[seat].poster ? h("span", { class: "poster", title: w("poster") }, w("poster")) : null)));
    // fame track
    const maxFame = Math.max(40, ...players.map((p) => p.fame + 5));
    const top = Math.ceil(maxFame / 10) * 10;
    const W = 900;
    const X = (f) => 12 + (f / top) * (W - 24);
    const svg = s("svg", { viewBox: `0 0 ${W} 46`, class: "fame-svg", role: "img", "aria-label": w("fame_track") },
      s("line", { x1: X(0), y1: 30, x2: X(top), y2: 30, class: "fame-line" }));
    for (let f = 0; f <= top; f += 5) {
      svg.append(s("line", { x1: X(f), y1: 26, x2: X(f), y2: 34, class: "fame-tick" }));
      if (f % 10 === 0) svg.append(s("text", { x: X(f), y: 45, class: "fame-num" }, String(f)));
    }
    const stacks = {};
    players.forEach((p, seat) => {
      const n = (stacks[p.fame] = (stacks[p.fame] ?? 0) + 1) - 1;
      const tok = seatToken(seat, X(p.fame) + n * 17, 14, 8);
      tok.append(s("title", {}, `${seatName(seat)}: ${w("n_fame", { n: p.fame })}`));
      svg.append(tok);
    });
    const phase = view.phase;
    return h("section", { class: "tracks", testid: "trk-tracks" },
      h("div", { class: "track-line" },
        h("span", { class: "phase-name", testid: "trk-phase", dataset: { phase } }, w(`phase.${phase}`) !== `phase.${phase}` ? w(`phase.${phase}`) : phase),
        h("span", { class: "round-label" }, w("round", { n: Math.min(view.round, roundCount), of: roundCount })), rounds),
      h("div", { class: "track-line" }, h("span", { class: "area-name" }, w("initiative")), init),
      h("div", { class: "fame-track", testid: "trk-fame" }, h("span", { class: "area-name" }, w("fame_track")), svg));
  }

  function resTrick(t) {
    const el = wire(h("div", { class: `res-trick lvl-${t.level}`, testid: `trk-trick-${t.id}` },
      h("span", { class: "lvl" }, "●".repeat(t.level)),
      h("span", { class: "tname" }, nameOf(t, lang)),
      h("span", { class: "tmeta" }, `${t.fame_threshold}★`)), `trick-${t.id}`, nameOf(t, lang), `trick:${t.id}`);
    if (!targets.has(`trick-${t.id}`) && view.act?.loc === "downtown" && view.act.seat === viewer) {
      explain(el, () => ({ type: "learn_trick", trick: t.id, die: 0 }));
    }
    return el;
  }

  function residence() {
    const owned = new Set(players.flatMap((p) => p.tricks.map((t) => t.id)));
    const cols = D.schoolIds.map((school) => h("div", { class: `res-col s-${school}`, testid: `trk-residence-${school}` },
      h("h4", {}, h("span", { class: `school-dot s-${school}` }, schoolLetter(school, lang)), " ", cap(nameOf(D.schools[school], lang))),
      h("ol", {}, D.trickList.filter((t) => t.school === school && !owned.has(t.id)).map((t) => h("li", {},
        resTrick(t))))));
    return h("section", { class: "loc loc-residence", testid: "trk-residence" },
      h("h3", {}, w("residence")), h("div", { class: "res-cols" }, cols));
  }

  // ---- players ------------------------------------------------------------------------------
  function playerArea(p, seat) {
    const mine = seat === viewer;
    const mag = D.magicians[p.magician];
    const chars = p.chars.map((c, i) => {
      let where = w("home");
      if (c.slot >= 0) where = slotPlace(c.slot);
      else if (c.assist) where = w("on_assistant");
      else if (c.idle && view.phase !== "assign" && view.phase !== "setup") where = w("idle");
      const card = c.card === "face_down" ? w("face_down")
        : c.card ? (D.specials[c.card] ? nameOf(D.specials[c.card], lang) : T(c.card)) : "";
      const svg = s("svg", { viewBox: "0 0 34 34", width: 30, height: 30, "aria-hidden": "true" }, seatToken(seat, 17, 17, 13, `${seat + 1}${CHAR_ABBR[c.kind] ?? ""}`));
      const el = h("div", { class: "char", testid: `trk-char-${seat}-${i}` }, svg,
        h("div", { class: "char-text" }, h("strong", {}, charName(c.kind)),
          h("span", { class: "muted" }, where), card ? h("span", { class: "char-card" }, card) : null));
      return wire(el, `char-${seat}-${i}`, charName(c.kind), c.card && D.specials[c.card] ? `special:${c.card}` : `character:${c.kind}`);
    });
    const hired = p.hired.map((k) => h("div", { class: "char hired" }, h("strong", {}, charName(k)), h("span", { class: "muted" }, w("hired"))));
    const props = Object.entries(p.props).filter(([, n]) => n > 0).map(([prop, n]) =>
      propChip(prop, n, { mgr: p.mgr.includes(prop), key: mine ? `myprop-${prop}` : null, testid: `trk-prop-${seat}-${prop}` }));
    const tricks = p.tricks.map((t) => {
      const T_ = D.tricks[t.id];
      const el = h("div", { class: `trick-card s-${T_?.school}`, testid: `trk-mytrick-${seat}-${t.id}` },
        h("div", { class: "tc-head" }, h("span", { class: `school-dot s-${T_?.school}` }, schoolLetter(T_?.school, lang)),
          h("strong", {}, nameOf(T_, lang)), h("span", { class: "sym", title: w("symbol") }, SYMBOLS[t.sym])),
        h("div", { class: "tc-meta" },
          h("span", { title: cap(w("markers")) }, `▣ ${t.markers}/${T_?.markers ?? "?"}`),
          h("span", {}, w("prep_ap", { n: T_?.prepare_ap ?? "?" })),
          t.eng ? h("span", { class: "tag" }, w("on_engineer")) : null,
          t.enhanced ? h("span", { class: "tag" }, w("enhanced")) : null));
      return wire(el, mine ? `mytrick-${t.id}` : null, nameOf(T_, lang), `trick:${t.id}`);
    });
    const specialists = p.chars.filter((c) => ["assistant", "engineer", "manager"].includes(c.kind))
      .map((c) => h("span", { class: "spec-board" }, charName(c.kind)));
    const ws = SLOT.workshop + 2 * seat;
    let hand;
    if (mine && (Object.keys(p.hand).length || p.specials.length)) {
      hand = h("div", { class: "hand", testid: `trk-hand-${seat}` },
        Object.entries(p.hand).filter(([, n]) => n > 0).map(([loc, n]) => h("span", { class: "hand-card" }, `${T(loc)} ×${n}`)),
        p.specials.map((id) => specialCard(id, null)));
    } else {
      hand = h("div", { class: "hand muted", testid: `trk-hand-${seat}` }, w("hand_count", { n: p.hand_count ?? 0, s: p.special_count ?? 0 }));
    }
    const acting = snap.to_act.seats.includes(seat) && snap.to_act.kind !== "terminal";
    return h("section", { class: `player seat-${seat % 4}${mine ? " mine" : ""}${acting ? " acting" : ""}`, testid: `trk-player-${seat}` },
      h("header", {},
        seatBadge(seat), h("strong", { class: "pname" }, seatName(seat)),
        mag ? wire(h("span", { class: "magician", testid: `trk-magician-${seat}` }, nameOf(mag, lang),
          " · ", h("span", { class: `school-dot s-${mag.school}` }, schoolLetter(mag.school, lang))), null, nameOf(mag, lang), `magician:${mag.id}`) : null,
        h("span", { class: "res" },
          h("span", { class: "fame", title: w("fame"), testid: `trk-fame-${seat}` }, `★ ${p.fame}`),
          h("span", { class: "coins", title: w("coins"), testid: `trk-coins-${seat}` }, `¢ ${p.coins}`),
          h("span", { class: "shards", title: w("shards"), testid: `trk-shards-${seat}` }, `◆ ${p.shards}`))),
      h("div", { class: "pbody" },
        h("div", { class: "pcol" }, h("h4", {}, w("characters")), h("div", { class: "chars" }, chars, hired),
          h("h4", {}, T("workshop")), h("div", { class: "slot-row" }, slotSvg(ws, 0, "1"), slotSvg(ws + 1, 0, "2"))),
        h("div", { class: "pcol" }, h("h4", {}, w("tricks")), h("div", { class: "tricks" }, tricks.length ? tricks : h("span", { class: "muted" }, "—")),
          h("h4", {}, w("props")), h("div", { class: "props" }, props.length ? props : h("span", { class: "muted" }, "—")),
          specialists.length ? [h("h4", {}, w("specialists")), h("div", { class: "specs" }, specialists)] : null,
          h("h4", {}, w("hand")), hand)));
  }

  function slotLocation(slot) {
    if (slot >= SLOT.workshop) return ["workshop", (slot - SLOT.workshop) % 2];
    if (slot >= SLOT.theater) return ["theater", slot - SLOT.theater];
    if (slot >= SLOT.dark_alley) return ["dark_alley", slot - SLOT.dark_alley];
    if (slot >= SLOT.market_row) return ["market_row", slot - SLOT.market_row];
    return ["downtown", slot];
  }

  function slotPlace(slot) {
    if (slot >= SLOT.workshop) return T("workshop");
    if (slot >= SLOT.theater) {
      const d = Math.floor((slot - SLOT.theater) / 3);
      return `${T("theater")} · ${cap(nameOf(D.days[d], lang))}`;
    }
    if (slot >= SLOT.dark_alley) return T("dark_alley");
    if (slot >= SLOT.market_row) return T("market_row");
    return T("downtown");
  }

  // ---- the decision strip: what has no place on the board -----------------------------------
  function decisionStrip() {
    const rest = [...targets.entries()].filter(([key]) => !drawn.has(key));
    const to = snap.to_act;
    let status = null;
    if (view.act) {
      const a = view.act;
      const c = players[a.seat]?.chars[a.char];
      status = h("p", { class: "placing", testid: "trk-placing" }, w("placing", { who: `${seatName(a.seat)} · ${charName(c?.kind)}`, where: T(a.loc), ap: a.ap }));
    }
    const pend = (view.pending ?? [])[0];
    const items = rest.map(([key, entries]) => {
      if (entries.length === 1 && (key.startsWith("magician-") || key.startsWith("specialist-"))) {
        drawn.add(key);
        return choiceCard(key, entries[0]);
      }
      if (entries.length === 1) {
        const e = entries[0];
        const tipKey = tipFor(e.action);
        const el = h("button", { type: "button", class: "trk-decide", testid: `trk-t-${key}`, dataset: { target: key, count: "1" },
          onclick: () => api.act(e.action).catch(() => {}) }, e.label);
        if (tipKey) wireTip(el, tipKey);
        drawn.add(key);
        return el;
      }
      const el = h("button", { type: "button", class: "trk-decide", testid: `trk-t-${key}`, dataset: { target: key, count: String(entries.length) } },
        entries[0].label, " …");
      el.addEventListener("click", () => choose(key, el, entries[0].label));
      drawn.add(key);
      return el;
    });
    if (!items.length && !status && targets.size) {
      return h("div", { class: "trk-decision hint", testid: "trk-decision" }, w("hint", { n: targets.size }));
    }
    if (!items.length && !status) {
      if (to.kind === "players" && !to.seats.includes(viewer)) {
        return h("div", { class: "trk-decision waiting", testid: "trk-decision" }, w("waiting", { names: to.seats.map(seatName).join(", ") }));
      }
      return h("div", { class: "trk-decision empty", testid: "trk-decision" });
    }
    return h("div", { class: "trk-decision", testid: "trk-decision", role: "group", "aria-label": w("your_move") },
      status, items.length ? h("strong", { class: "dec-title" }, pend ? `${w("pending")}: ` : `${w("more")}: `) : null, items);
  }
  /** A setup choice shown as its card: a magician (school, ability) or a specialist (bonus). */
  function choiceCard(key, e) {
    const a = e.action;
    let body;
    if (a.magician) {
      const m = D.magicians[a.magician];
      body = [h("strong", {}, nameOf(m, lang), " ", h("span", { class: `school-dot s-${m.school}` }, schoolLetter(m.school, lang))),
        h("span", { class: "cc-school" }, cap(nameOf(D.schools[m.school], lang))),
        h("span", { class: "cc-text" }, h("em", {}, nameOf(m.ability, lang)), ": ", textOf(m.ability.text, lang))];
    } else {
      const spec = D.raw.board.setup.specialist_choices.find((c) => c.specialist === a.specialist);
      body = [h("strong", {}, charName(a.specialist)), spec ? h("span", { class: "cc-text" }, spec.text) : null];
    }
    return h("button", {
      type: "button", class: "trk-decide choice-card", testid: `trk-t-${key}`, dataset: { target: key, count: "1" },
      "aria-label": e.label, onclick: () => api.act(a).catch(() => {}),
    }, body);
  }
  function wireTip(el, key) {
    el.addEventListener("mouseenter", () => showTip(el, key));
    el.addEventListener("mouseleave", hideTip);
    el.addEventListener("focus", () => { if (el.matches(":focus-visible")) showTip(el, key); });
    el.addEventListener("blur", hideTip);
  }
  function tipFor(a) {
    if (a.magician) return `magician:${a.magician}`;
    if (a.trick) return `trick:${a.trick}`;
    if (a.type === "choose_props") return null;
    return null;
  }

  // ---- compose ------------------------------------------------------------------------------
  const zoomBtn = (label, testid, fn, text) => h("button", { type: "button", class: "ghost zoom", testid, "aria-label": label, title: label, onclick: fn }, text);
  // In the Assignment phase everything to do is in one's own area: it comes first.
  const seats = orderedSeats(viewer, players.length);
  const ownFirst = view.phase === "assign" && viewer !== null && viewer !== undefined;
  const areas = h("div", { class: "trk-players", testid: "trk-players" },
    (ownFirst ? seats.slice(1) : seats).map((seat) => playerArea(players[seat], seat)));
  const inner = h("div", { class: "trk-inner", style: `zoom:${UI.zoom}` },
    tracks(),
    ownFirst ? h("div", { class: "trk-players own" }, playerArea(players[viewer], viewer)) : null,
    h("div", { class: "trk-locs" }, downtown(), market(), alley()),
    theater(),
    areas,
    residence());
  const scroll = h("div", { class: "trk-scroll", testid: "trk-scroll" }, inner);
  const strip = decisionStrip();
  const setZoom = (z) => { UI.zoom = Math.max(0.5, Math.min(2, Math.round(z * 10) / 10)); inner.style.zoom = String(UI.zoom); zl.textContent = `${Math.round(UI.zoom * 100)}%`; };
  const zl = h("span", { class: "zoom-level", testid: "trk-zoom-level" }, `${Math.round(UI.zoom * 100)}%`);
  board.append(
    h("div", { class: "trk-top" },
      strip,
      h("div", { class: "trk-zoom", role: "group" },
        zoomBtn(w("zoom_out"), "trk-zoom-out", () => setZoom(UI.zoom - 0.1), "−"), zl,
        zoomBtn(w("zoom_in"), "trk-zoom-in", () => setZoom(UI.zoom + 0.1), "+"),
        zoomBtn(w("zoom_fit"), "trk-zoom-fit", () => setZoom(1), "⤢"))),
    scroll);
  board.addEventListener("click", (e) => { if (panel && !panel.contains(e.target)) closePanel(); });
  clear(container, board);
  if (UI.scroll) [scroll.scrollLeft, scroll.scrollTop] = UI.scroll;
  if (UI.focus) board.querySelector(`[data-testid="${CSS.escape(UI.focus)}"]`)?.focus({ preventScroll: true });
  board.dataset.targets = String(targets.size);
  UI.renders += 1;
  board.dataset.render = String(UI.renders);
  if (UI.selected) {
    board.dataset.selected = String(UI.selected.char);
    board.querySelector(`[data-target="char-${viewer}-${UI.selected.char}"]`)?.classList.add("selected");
  }
  board.dataset.renderMs = String(Math.round((performance.now() - started) * 10) / 10);
  window.marqueeTrickerion = {
    renderMs: Number(board.dataset.renderMs),
    targets: [...targets.keys()],
    // key -> the legal actions' indexes it offers (-1: choose the character for placing)
    groups: Object.fromEntries([...targets].map(([k, es]) => [k, es.map((e) => e.index)])),
  };
}

/** Choose a character, then a slot: every character that may be placed gets a "choose a slot
 *  for it" entry; while one is chosen, the slots offer only its placements (one click plays). */
function selectionStep(targets, snap, viewer, w) {
  const sel = UI.selected;
  const placeable = new Set((snap.legal ?? []).filter((e) => e.action.type === "place_character").map((e) => e.action.character));
  if (sel && (sel.step !== snap.step || !placeable.has(sel.char))) UI.selected = null;
  for (const ci of placeable) {
    const key = `char-${viewer}-${ci}`;
    const chosen = UI.selected?.char === ci;
    const entry = { index: -1, select: chosen ? null : ci, label: w(chosen ? "deselect" : "select_char") };
    targets.set(key, [entry, ...(targets.get(key) ?? [])]);
  }
  if (!UI.selected) return;
  for (const [key, entries] of [...targets]) {
    if (!key.startsWith("slot-")) continue;
    const mine = entries.filter((e) => e.action?.type !== "place_character" || e.action.character === UI.selected.char);
    if (mine.length) targets.set(key, mine);
    else targets.delete(key);
  }
}

function orderedSeats(viewer, n) {
  const seats = Array.from({ length: n }, (_, i) => i);
  if (viewer === null || viewer === undefined) return seats;
  return [viewer, ...seats.filter((i) => i !== viewer)];
}

// the days' ids in order, for the docs and tests
export { DAYS };
