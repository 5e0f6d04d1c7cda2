// Trickerion's Theater and tracks: the performance cards with their days and slots, the
// turn-order and fame tracks, and the fame band along the Theater's edge (index.js draws them
// beside the board's locations).

import { CELL, PAD, SEAT_COLORS, SYMBOLS, area, areaKey, seatBadge, seatToken, showTip, wire } from "./common.js";
import { SLOT, cap, nameOf } from "./data.js";
import { perfName } from "./describe.js";
import { h, listen } from "../../ui/dom.js";
import { svg as s } from "../../ui/board.js";
import { yieldIcon } from "./icons.js";
import { locHelp, offeredAt, slotSvg, slotsShown } from "./board.js";

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

/** The Theater, built only when what it shows or offers changed: built at every draw it was
 *  some 4 ms of each draw's script, and the patch then took the moved and arrived marks off its
 *  cells for `markMoved` to put back, restyling each (issue #32, session 20). */
export function theater(c) {
  const { view, players } = c;
  const offered = offeredAt("theater", ["cell-", "perf-"]);
  const shown = [
    view.row,
    view.perf_deck.length,
    view.round,
    view.round_count,
    // a marker's cell names its trick and shows its school
    players.map((p) => p.tricks.map((t) => [t.id, t.sym])),
    Boolean(c.ext.perfCard),
  ];
  const key = areaKey(c, offered, slotsShown(c, SLOT.theater, SLOT.workshop), view.phase, shown);
  return area(c, "trk-theater", key, () => theaterArea(c));
}

function theaterArea(c) {
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
