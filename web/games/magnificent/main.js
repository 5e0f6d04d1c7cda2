// The shared main board: score track, Main Tent, Performance Track, New Posters, the Main
// Display (fair), the travel area with its three circular tracks, board trainer spaces and the
// supply. Each part is one function of the drawing context `c` (index.js).

import { h } from "../../ui/dom.js";
import { svg as s } from "../../ui/board.js";
import { rulesHelp } from "../../ui/rules-dialog.js";
import {
  COLOURS,
  SEAT_COLOURS,
  target,
  explain,
  die,
  gemIcon,
  fragIcon,
  posterCard,
  nameOf,
  seatChip,
  bonusText,
  condText,
  cap,
  hatIcon,
  lastMark,
} from "./common.js";

export function mainBoard(c) {
  return h(
    "section",
    { class: "mgn-main", testid: "mgn-main" },
    scoreTrack(c),
    h("div", { class: "mgn-main-row" }, mainTent(c), performanceTrack(c)),
    h("div", { class: "mgn-main-row" }, newPosters(c), fair(c)),
    travel(c),
    h("div", { class: "mgn-main-row" }, boardSpaces(c), supply(c)),
  );
}

// the board areas whose title carries a "?" opening the rules reference at their section
const PLACES = {
  "mgn-tent": "main_tent",
  "mgn-track": "performance_track",
  "mgn-new-posters": "new_posters",
  "mgn-fair": "fair",
  "mgn-travel": "travel",
  "mgn-board-spaces": "board_spaces",
};

function panel(c, testid, title, ...body) {
  const place = PLACES[testid];
  const help = place ? rulesHelp(c.api.t, place, title) : null;
  return h("div", { class: `mgn-panel ${testid}`, testid }, h("h3", {}, title, help), ...body);
}

// ---- score track: 0-99 around a line, laps and negative scores as numbers -----------------

function scoreTrack(c) {
  const players = c.v.players;
  // HTML, not a scaled SVG: the numbers keep the page's font size at every width (issue #20)
  const marks = [];
  for (let i = 0; i <= 100; i += 10) {
    // (the line's end is 100, where a lap closes: "0" there read as a second start)
    marks.push(h("span", { class: "mgn-score-mark", style: `left:${i}%` }, String(i)));
  }
  const tokens = players.map((p, i) => {
    // a lap from 100 on starts again at the left; a score below 0 stays at 0 with its number
    // (wrapped, −1 was drawn at the far right, beside 99)
    const pos = Math.max(0, p.vp) % 100;
    return h(
      "span",
      {
        class: "mgn-score-token",
        testid: `mgn-score-${i}`,
        style: `left:${pos}%;top:${0.6 + i * 1.05}rem`,
        title: c.w.lv(nameOf(c, i), p.vp),
      },
      h("span", { class: "dot", style: `background:${SEAT_COLOURS[i]}` }),
      h("span", { class: "n" }, `${p.vp}`),
    );
  });
  return h(
    "div",
    { class: "mgn-score", testid: "mgn-score-track" },
    h(
      "div",
      {
        class: "mgn-score-line",
        role: "img",
        "aria-label": players.map((p, i) => c.w.lv(nameOf(c, i), p.vp)).join(", "),
        style: `height:${1 + players.length * 1.05}rem`,
      },
      marks,
      tokens,
    ),
    h(
      "div",
      { class: "mgn-score-list" },
      players.map((p, i) =>
        h(
          "span",
          { class: "mgn-score-item", testid: `mgn-vp-${i}` },
          seatChip(c, i),
          h("b", { class: p.vp < 0 ? "neg" : "" }, c.w("score", { vp: p.vp })),
        ),
      ),
    ),
  );
}

// ---- Main Tent -------------------------------------------------------------------------------

function mainTent(c) {
  const dice = c.v.tent_dice.map((d) => {
    const el = h("span", { class: `mgn-die c-${d.colour}`, dataset: { die: String(d.id) } }, die(d.colour, d.face, 34));
    target(c, el, `die-${d.id}`, { title: `${c.w(`colour.${d.colour}`)} ${d.face}` });
    return explain(c, el, { type: "take", die: d.id, card: 0 });
  });
  const used = c.v.players.map((p, i) =>
    p.markers_tent
      ? h(
          "span",
          { class: "mgn-used", testid: `mgn-used-${i}` },
          h("span", { class: "dot", style: `background:${SEAT_COLOURS[i]}` }),
          `×${p.markers_tent}`,
        )
      : null,
  );
  const supply = c.v.dice_supply?.length
    ? h(
        "p",
        { class: "mgn-small" },
        c.w.lv(c.w("dice_supply"), ""),
        c.v.dice_supply.map((col) => h("span", { class: "mgn-swatch", style: `background:${COLOURS[col]}` })),
      )
    : null;
  return panel(
    c,
    "mgn-tent",
    c.w("main_tent"),
    h("div", { class: "mgn-dice" }, dice),
    h("p", { class: "mgn-small" }, c.w.lv(c.w("used_markers"), ""), used.filter(Boolean).length ? used : "—"),
    supply,
  );
}

// ---- Performance Track -----------------------------------------------------------------------

function performanceTrack(c) {
  const hats = new Map();
  c.v.players.forEach((p, i) =>
    p.hats.forEach((pos) => {
      if (pos >= 0) hats.set(pos, [...(hats.get(pos) ?? []), { seat: i }]);
    }),
  );
  for (const pos of c.v.dummy_hats ?? []) hats.set(pos, [...(hats.get(pos) ?? []), { dummy: true }]);
  const spaces = c.track.map((sp, i) => {
    const here = hats.get(i) ?? [];
    const el = h(
      "div",
      { class: `mgn-space${sp.ap === null ? " blank" : ""}`, dataset: { space: String(i) } },
      h("div", { class: "idx" }, String(sp.index)),
      sp.ap === null
        ? h("div", { class: "need" }, "—")
        : h(
            "div",
            { class: "need" },
            h("b", { class: "nowrap" }, `${sp.ap}`),
            h("span", { class: "nowrap" }, `${sp.posters}▭`),
          ),
      h(
        "div",
        { class: "hats" },
        here.map((x) =>
          x.dummy
            ? h("span", { class: "hat dummy", title: c.w("dummy") }, hatIcon("#999", true))
            : h("span", { class: "hat", title: nameOf(c, x.seat) }, hatIcon(SEAT_COLOURS[x.seat])),
        ),
      ),
    );
    lastMark(c, el, c.last.hats.has(sp.index));
    return target(c, el, `track-${i}`, {
      title: sp.ap === null ? c.w("no_symbols") : c.w("need", { ap: sp.ap, posters: sp.posters }),
    });
  });
  return panel(
    c,
    "mgn-track",
    c.w("perf_track"),
    h("div", { class: "mgn-track-row" }, spaces),
    h("div", { class: "mgn-small" }, c.w("track_legend")),
  );
}

// ---- New Posters -----------------------------------------------------------------------------

function newPosters(c) {
  const cards = c.v.new_posters.map((id, i) =>
    target(c, lastMark(c, posterCard(c, id, { testid: `mgn-np-${i}` }), c.last.np.has(i)), `np-${i}`, {
      title: c.w("new_posters"),
    }),
  );
  const deck = target(
    c,
    h(
      "div",
      { class: "mgn-deck", testid: "mgn-deck" },
      h("b", {}, c.w("deck", { n: c.v.poster_deck })),
      h("span", {}, c.w("discard", { n: c.v.poster_discard.length })),
    ),
    "deck",
    { title: c.w("deck", { n: c.v.poster_deck }) },
  );
  return panel(c, "mgn-new-posters", c.w("new_posters"), h("div", { class: "mgn-poster-row" }, cards, deck));
}

// ---- Main Display ----------------------------------------------------------------------------

function fair(c) {
  const pairs = c.v.fair.map(([card, tile], i) => {
    if (!card && !tile) return h("div", { class: "mgn-pair empty" }, "—");
    const m = c.cards[card];
    const el = h(
      "div",
      { class: "mgn-pair", dataset: { pair: String(i) } },
      h("span", { class: "n" }, String(i + 1)),
      m
        ? h(
            "div",
            { class: "mini-card" },
            h("div", { class: "bonus" }, bonusText(c, m.bonus)),
            h("div", { class: "cond" }, condText(c, m.condition)),
          )
        : null,
      tile ? h("div", { class: "mini-tile" }, c.w(`space.${tile}`)) : null,
    );
    return target(c, el, `pair-${i}`, { title: c.w("fair") });
  });
  const order = c.v.fair_order?.length
    ? h(
        "p",
        { class: "mgn-small", testid: "mgn-pick-order" },
        c.w("pick_order", { names: c.v.fair_order.map((i) => nameOf(c, i)).join(" → ") }),
      )
    : null;
  return panel(c, "mgn-fair", c.w("fair"), h("div", { class: "mgn-pairs" }, pairs), order);
}

// ---- travel area -------------------------------------------------------------------------------

/** Where the wagon of track `k` stops going `d` spaces (what it collects on the way is the
 *  engine's to say: the stop's label, engine/games/magnificent/labels.py). */
export function reach(c, k, d) {
  const n = c.tracks[k].spaces.length;
  const step = c.v.turn.ccw ? -1 : 1;
  return { pos: (((c.v.wagons[k] + step * d) % n) + n) % n };
}

function travel(c) {
  const moving = c.v.turn.stage === "travel" ? c.tracks.findIndex((t) => t.colour === c.v.turn.colour) : -1;
  const stops = new Map();
  if (moving >= 0) {
    for (let d = 1; d <= c.v.ap; d++) {
      const r = reach(c, moving, d);
      if (!stops.has(r.pos)) stops.set(r.pos, { d, r });
    }
  }
  const R = 88;
  const size = 2 * R + 40;
  const rings = c.tracks.map((track, k) => {
    const n = track.spaces.length;
    const cx = size / 2;
    const cy = size / 2;
    const parts = track.spaces.map((sp, i) => {
      const a = (2 * Math.PI * i) / n - Math.PI / 2;
      const x = cx + R * Math.cos(a);
      const y = cy + R * Math.sin(a);
      const tent = c.v.track_tents[k][i];
      const g = s("g", { class: `mgn-stop${i === track.start ? " start" : ""}`, "data-pos": i });
      g.append(s("circle", { cx: x, cy: y, r: 15, class: "stop-bg" }));
      if (tent) {
        const t = c.tents[tent];
        g.append(
          s("polygon", {
            points: `${x - 11},${y + 8} ${x},${y - 12} ${x + 11},${y + 8}`,
            fill: "#f4e7c5",
            stroke: "#7a4b1e",
          }),
          s("text", { x, y: y + 6, "text-anchor": "middle", "font-size": 8, fill: "#5a2d0c" }, `${t?.vp ?? ""}`),
          t?.gem ? s("circle", { cx: x + 9, cy: y - 8, r: 3.5, fill: COLOURS[t.gem], stroke: "#222" }) : null,
        );
      } else if (sp.kind === "tent") {
        g.append(
          s("rect", { x: x - 7, y: y - 9, width: 14, height: 18, rx: 2, fill: "#fff", stroke: "#666" }),
          s("text", { x, y: y + 4, "text-anchor": "middle", "font-size": 9 }, "▭"),
        );
      } else if (sp.kind === "gems") {
        sp.gems.forEach((gem, j) =>
          g.append(
            s("polygon", {
              points: diamond(x + (j - (sp.gems.length - 1) / 2) * 10, y, 6),
              fill: COLOURS[gem],
              stroke: "#222",
            }),
          ),
        );
      }
      if (c.v.wagons[k] === i) {
        g.append(
          lastMark(
            c,
            s("rect", {
              x: x - 13,
              y: y + 9,
              width: 26,
              height: 9,
              rx: 3,
              fill: COLOURS[track.colour],
              stroke: "#111",
              class: "wagon",
            }),
            c.last.wagons.has(track.colour),
          ),
        );
      }
      const stop = k === moving ? stops.get(i) : null;
      if (stop) {
        // a hit area larger than the drawn stop: a finger-sized target where the ring is big
        g.append(s("circle", { cx: x, cy: y, r: 18, class: "hit", fill: "transparent" }));
        g.append(s("text", { x, y: y - 18, "text-anchor": "middle", "font-size": 10, class: "reach" }, `+${stop.d}`));
        // the engine's label of the move says what the stop gives (tent, gems, coins)
        target(c, g, `stop-${stop.d}`);
      } else if (tent) {
        g.append(s("title", {}, tentText(c, c.tents[tent])));
      }
      return g;
    });
    return h(
      "div",
      { class: `mgn-ring${k === moving ? " moving" : ""}`, testid: `mgn-ring-${track.colour}` },
      s(
        "svg",
        {
          viewBox: `0 0 ${size} ${size}`,
          class: "mgn-ring-svg",
          role: "group",
          "aria-label": c.w(`colour.${track.colour}`),
        },
        s("circle", {
          cx: size / 2,
          cy: size / 2,
          r: R,
          fill: "none",
          stroke: COLOURS[track.colour],
          "stroke-width": 6,
          opacity: 0.5,
        }),
        s(
          "text",
          { x: size / 2, y: size / 2 + 4, "text-anchor": "middle", "font-size": 12, fill: "#333" },
          `${c.w(`colour.${track.colour}`)} ${c.w("wagon")}${k === moving && c.v.turn.ccw ? " ↺" : " ↻"}`,
        ),
        parts,
      ),
    );
  });
  return panel(c, "mgn-travel", c.w("travel"), h("div", { class: "mgn-rings" }, rings));
}

/** A tent in words: its points and coins, and the gem its posters also need (none for some). */
export function tentText(c, t) {
  return c.w("tent_here", { vp: t.vp, coins: t.coins, gem: t.gem ? c.w(`gem.${t.gem}`) : "none" });
}

const diamond = (x, y, r) => `${x},${y - r} ${x + r},${y} ${x},${y + r} ${x - r},${y}`;

// ---- board trainer spaces and supply ---------------------------------------------------------

export function spaceBox(c, id, placed) {
  const sp = c.spaces[id];
  const el = h(
    "div",
    { class: "mgn-space-tile", dataset: { space: id } },
    h("span", { class: "txt" }, c.w(`space.${id}`)),
    h("span", { class: "cap" }, sp ? c.w(`capacity.${sp.capacity}`) : "", sp?.cost_coins ? ` · ¢${sp.cost_coins}` : ""),
    placed ? h("span", { class: "placed" }, "●".repeat(placed)) : null,
  );
  target(c, el, `space-${id}`, { title: c.w(`space.${id}`) });
  return explain(c, el, { type: "marker", space: id });
}

function boardSpaces(c) {
  return panel(
    c,
    "mgn-board-spaces",
    c.w("board_spaces"),
    h(
      "div",
      { class: "mgn-spaces" },
      c.boardSpaces.map((sp) => spaceBox(c, sp.id, c.v.turn.markers?.[sp.id] ?? 0)),
    ),
  );
}

function supply(c) {
  const frags = Object.entries(c.v.supply).map(([id, n]) =>
    h("span", { class: `mgn-supply-item${n ? "" : " out"}`, testid: `mgn-supply-${id}` }, fragIcon(id, 14, c), ` ${n}`),
  );
  const markers = c.v.players.map((p, i) =>
    h(
      "span",
      { class: "mgn-supply-item" },
      h("span", { class: "dot", style: `background:${SEAT_COLOURS[i]}` }),
      ` ${8 - p.markers_out}`,
    ),
  );
  return panel(
    c,
    "mgn-supply",
    c.w("supply"),
    h("div", { class: "mgn-supply-row" }, frags),
    h("div", { class: "mgn-supply-row" }, markers),
    h(
      "div",
      { class: "mgn-supply-row" },
      ["orange", "green", "purple", "clear"].map((g) => h("span", { class: "mgn-supply-item" }, gemIcon(g, 14, c))),
    ),
  );
}

export { cap };
