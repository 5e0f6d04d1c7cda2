// The Magnificent's drawing context and its targets, shared by the board's parts.
//
// Every legal action (snapshot.legal) is filed under the board places it acts on (`keysOf`);
// a part that draws such a place makes it a target (`target`): one action plays at once,
// several open a choice panel. Actions whose place was not drawn fall to the decision strip.

import { labelled } from "../../ui/i18n.js";
import { h } from "../../ui/dom.js";
import { svg as s, SVG_NS, activate, movesOf, nameTarget, whyNot } from "../../ui/board.js";

export const COLOURS = { orange: "#e07b24", green: "#3c9a4a", purple: "#8250b8", clear: "#bfe3f0" };
export const SEAT_COLOURS = ["#c8372d", "#2563c9", "#1f8a47", "#d99a00"];

/** Board places an action acts on (none: the decision strip). */
export function keysOf(a) {
  switch (a.type) {
    case "take":
      return [`die-${a.die}`];
    case "solo_discard":
      return [`np-${a.slot}`];
    case "gem":
    case "pick_gem":
      return [`gem-${a.gem}`];
    case "bonus":
    case "score":
    case "final_choice":
      return [`card-${a.card}`];
    case "pay_gems":
      return ["pay"];
    case "marker":
      return [`space-${a.space}`];
    case "action":
      return [`act-${a.action}`];
    case "level":
      return [`level-${a.index}`];
    case "place":
      return ["place"];
    case "move":
      return [`stop-${a.distance}`];
    case "tent":
      return a.slot >= 0 ? [`tentslot-${a.slot}`] : [];
    case "hat":
      return [`track-${a.space}`];
    case "reward":
      return a.slots.map((x) => `poster-${x}`);
    case "poster":
      return [a.source < 0 ? "deck" : `np-${a.source}`];
    case "pair":
    case "discard_pair":
      return [`pair-${a.index}`];
    case "keep":
      return [`offer-${a.card}`];
    case "tile":
      return [`reveal-${a.tile}`];
    case "end":
      return ["end"];
    default:
      return [];
  }
}

export function groupLegal(legal) {
  const groups = new Map();
  for (const e of legal) {
    for (const k of keysOf(e.action)) {
      if (!groups.has(k)) groups.set(k, []);
      groups.get(k).push(e);
    }
  }
  return groups;
}

/** The board's words: `ui.mgn.<key>` strings of engine/games/magnificent/messages.json. */
// `w.lv(label, value)`: "label: value" in the page's language.
export const words = (t) =>
  Object.assign((key, params) => t(`ui.mgn.${key}`, params), { lv: (label, value) => labelled(t, label, value) });

/** Light a place one of the others acted on since the viewer's last decision. */
export function lastMark(c, el, on) {
  if (!on) return el;
  el.classList.add("mgn-last");
  el.setAttribute("data-last", "true");
  el.setAttribute("title", [el.getAttribute("title"), c.w("last_move")].filter(Boolean).join(" · "));
  return el;
}

/** Play a legal entry; a choice that costs something for good asks first (`risk`). */
export function play(c, entry, el = null) {
  c.pop.closePanel();
  // the engine's warning first: a choice that spends the turn for nothing (labels.py)
  const why = el ? (entry.warning ?? risk(c, entry.action)) : null;
  if (why) {
    confirm(c, entry, el, why);
    return Promise.resolve(null);
  }
  c.memo.clicked = performance.now();
  return c.api.act(entry.action).catch(() => null);
}

/** Why a choice deserves an "are you sure": what it gives up that a misclick cannot get back
 *  (a poster discarded, a bonus forgone, posters left out of a perform, a round-end penalty). */
export function risk(c, a) {
  const me = c.me === null ? null : c.v.players[c.me];
  if (!me) return null;
  switch (a.type) {
    case "end":
      return c.legal.some((e) => e.action.type === "bonus") ? c.w("why.end_bonus") : null;
    case "poster":
      if (a.slot < 0) return c.w("why.discard_new");
      return me.posters[a.slot] ? c.w("why.replace", { slot: a.slot + 1 }) : null;
    case "decline":
      return c.w("why.decline");
    case "reward": {
      const most = Math.max(...c.legal.filter((e) => e.action.type === "reward").map((e) => e.action.slots.length));
      return a.slots.length < most ? c.w("why.reward_fewer", { n: a.slots.length, most }) : null;
    }
    case "take":
      return penalty(c, me, a);
    case "solo_discard":
      // R92: the die it throws is chance, and a throw cannot be taken back
      return c.w("why.solo_discard");
    default:
      return null;
  }
}

/** A die whose pips make the round-end payment (R70, the engine's dice_sums) exceed the coins
 *  by more than now: the points it would cost (R71). */
function penalty(c, me, a) {
  const die = c.v.tent_dice.find((d) => d.id === a.die);
  const mine = c.table.players[c.me];
  if (!die || !mine?.dice_sums) return null;
  const face = a.face || (a.flip ? 7 - die.face : die.face);
  const sums = { ...mine.dice_sums, [die.colour]: mine.dice_sums[die.colour] + face };
  const owes = Math.max(sums.orange, sums.green, sums.purple) + sums.clear;
  const short = Math.max(0, owes - me.coins);
  if (short <= mine.short) return null;
  return c.w("why.penalty", { owes, coins: me.coins, penalty: short * c.v.round });
}

function confirm(c, entry, el, why) {
  // after the click that chose it has finished bubbling (the board closes panels on a click)
  setTimeout(() =>
    c.pop.openPanel(el, {
      title: `${c.w("sure_title")} ${why}`,
      label: c.w("sure_title"),
      closeLabel: c.w("close"),
      choices: [
        { class: "keep", testid: "mgn-sure-no", index: -2, body: c.w("sure_no"), pick: () => el.focus?.() },
        {
          class: "danger",
          testid: "mgn-sure-yes",
          index: entry.index,
          body: c.w("sure_yes", { what: entry.label }),
          pick: () => play(c, entry),
        },
      ],
    }),
  );
}

/** Make `el` the target of the legal actions filed under `key` (when there are any). */
export function target(c, el, key, { title = null } = {}) {
  const entries = c.groups.get(key);
  const isSvg = el instanceof SVGElement;
  el.dataset.key = key;
  if (!entries?.length || !c.mine) {
    if (title) addTitle(el, title, isSvg);
    return el;
  }
  c.drawn.add(key);
  el.classList.add("legal");
  el.dataset.target = key;
  el.dataset.legal = "true";
  el.dataset.count = String(entries.length);
  el.dataset.moves = movesOf(entries);
  if (!el.getAttribute("data-testid")) el.setAttribute("data-testid", `mgn-t-${key}`);
  const label = entries.length === 1 ? entries[0].label : `${title ?? ""} (${entries.length})`.trim();
  nameTarget(el, label);
  addTitle(el, entries.length === 1 ? entries[0].label : (title ?? label), isSvg);
  return activate(el, (event) => {
    // the element on screen: after a patched redraw it may be an older one than `el`
    const at = event.currentTarget;
    if (entries.length === 1) {
      play(c, entries[0], at);
      return;
    }
    c.pop.openPanel(at, {
      title: title ?? c.w("choices"),
      label: c.w("choices"),
      closeLabel: c.w("close"),
      choices: entries.map((e) => ({
        testid: `mgn-choice-${e.index}`,
        index: e.index,
        body: e.label,
        pick: () => play(c, e, at),
      })),
    });
  });
}

/** A place the viewer could act on but not now: pointing at it asks the engine why. */
export function explain(c, el, probe) {
  if (!c.mine || el.dataset.legal === "true" || !probe) return el;
  c.pop.explain(
    el,
    () => probe,
    (a) => whyNot(c.api, c.snap.hash, a),
  );
  return el;
}

function addTitle(el, text, isSvg) {
  if (!text) return;
  if (isSvg) {
    const t = document.createElementNS(SVG_NS, "title");
    t.textContent = text;
    el.append(t);
  } else {
    el.title = text;
  }
}

// ---- small pictures ----------------------------------------------------------------------

export function die(colour, face, size = 26) {
  return s(
    "svg",
    { class: "mgn-die-svg", width: size, height: size, viewBox: "0 0 26 26", "aria-hidden": "true" },
    s("rect", {
      x: 1,
      y: 1,
      width: 24,
      height: 24,
      rx: 5,
      fill: COLOURS[colour] ?? "#ccc",
      stroke: "#222",
      "stroke-width": 1.2,
    }),
    s(
      "text",
      {
        x: 13,
        y: 18,
        "text-anchor": "middle",
        "font-size": 15,
        "font-weight": 700,
        fill: colour === "clear" ? "#123" : "#fff",
      },
      String(face),
    ),
  );
}

/** A gem; with the drawing context `c`, pointing at it names it (a legend on the spot). */
export function gemIcon(colour, size = 14, c = null) {
  return s(
    "svg",
    { class: "mgn-gem", width: size, height: size, viewBox: "0 0 14 14", "aria-hidden": c ? null : "true" },
    c ? s("title", {}, c.w(`gem.${colour}`)) : null,
    s("polygon", { points: "7,1 13,6 7,13 1,6", fill: COLOURS[colour] ?? "#ccc", stroke: "#222", "stroke-width": 1 }),
  );
}

/** A camp tile's badge: its colour, and its size as a letter of the page's language (S/L,
 *  М/Б, P/G); with `c`, pointing at it names the tile. */
export function fragIcon(id, size = 14, c = null) {
  const [colour, kind] = id.split("_");
  const w = kind === "large" ? size * 1.5 : size;
  const letter = c ? c.w(`badge.${kind}`) : kind === "large" ? "L" : "S";
  return s(
    "svg",
    { class: "mgn-frag", width: w, height: size, viewBox: `0 0 ${w} ${size}`, "aria-hidden": c ? null : "true" },
    c ? s("title", {}, fragName(c, id)) : null,
    s("rect", { x: 0.5, y: 0.5, width: w - 1, height: size - 1, rx: 2, fill: COLOURS[colour], stroke: "#222" }),
    s("text", { x: w / 2, y: size * 0.75, "text-anchor": "middle", "font-size": size * 0.7, fill: "#fff" }, letter),
  );
}

export function nameOf(c, seat) {
  return c.api.seatName(seat);
}

/** A seat's colour dot and its name (or `label` in its place). */
export function seatChip(c, seat, label = nameOf(c, seat)) {
  return h(
    "span",
    { class: `mgn-seat seat-${seat % 4}` },
    h("span", { class: "dot", style: `background:${SEAT_COLOURS[seat % 4]}` }),
    label,
  );
}

/** A bonus (cell, card top half, tent slot) in words. */
export function bonusText(c, b) {
  if (!b) return "";
  const what =
    b.kind === "gem"
      ? c.w(`gem.${b.colour}`)
      : b.colour
        ? c.w(`colour.${b.colour}`)
        : b.fragment
          ? fragName(c, b.fragment)
          : "";
  const kind = b.kind === "die_plus" && !b.colour ? "die_plus_any" : b.kind;
  return c.w(`bonus.${kind}`, { ...b, what });
}

export function condText(c, cond) {
  const what =
    cond.colour && cond.size
      ? fragName(c, `${cond.colour}_${cond.size}`)
      : cond.colour
        ? c.w(`colour.${cond.colour}`)
        : cond.size
          ? c.w(`frag.${cond.size}`)
          : "";
  return c.w(`cond.${cond.kind}`, { ...cond, what });
}

export function fragName(c, id) {
  return c.w(`fragment.${id}`);
}

/** The artist's name in the page's language (the pack's provisional names; the id without). */
export function artistName(c, id) {
  const names = c.artistNames?.[id];
  return names ? (names[c.api.lang] ?? names.en) : cap(id);
}

/** A poster card in full: artist, camp tiles, gems, points, coins and its symbol colour. */
export function posterCard(c, id, extra = {}) {
  const p = c.posters[id];
  if (!p) return h("div", { class: "mgn-poster empty" }, c.w("empty"));
  return h(
    "div",
    { class: `mgn-poster sym-${p.symbol}`, dataset: { poster: id }, ...extra },
    h("div", { class: "artist" }, artistName(c, p.artist)),
    h(
      "div",
      { class: "needs" },
      p.fragments.map((f) => fragIcon(f, 14, c)),
      p.gems.map((g) => gemIcon(g, 14, c)),
    ),
    h(
      "div",
      { class: "gain", title: c.w("legend.gain", { vp: p.vp, coins: p.coins }) },
      h("b", {}, `★${p.vp}`),
      ` ¢${p.coins}`,
    ),
    h("span", {
      class: "sym",
      style: `background:${COLOURS[p.symbol]}`,
      title: c.w("legend.symbol_of", { colour: c.w(`colour.${p.symbol}`) }),
    }),
  );
}

/** A hat figure in a seat's colour (grey and dashed: a solo dummy hat). */
export function hatIcon(colour, dummy = false) {
  return s(
    "svg",
    { class: `mgn-hat${dummy ? " dummy" : ""}`, width: 16, height: 14, viewBox: "0 0 16 14", "aria-hidden": "true" },
    s("rect", {
      x: 4,
      y: 1,
      width: 8,
      height: 9,
      rx: 1,
      fill: colour,
      stroke: "#111",
      "stroke-dasharray": dummy ? "2 1" : null,
    }),
    s("rect", { x: 1, y: 10, width: 14, height: 3, rx: 1, fill: colour, stroke: "#111" }),
  );
}

export const cap = (x) => (x ? x[0].toUpperCase() + x.slice(1) : "");
