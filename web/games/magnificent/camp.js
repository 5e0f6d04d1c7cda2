// The camp grid and ghost placement: pick a camp tile, move it over the grid, rotate (R) and
// reflect (F), the anchors where the current orientation fits are lit; a click pins the ghost
// and shows the bonus cells it would cover; "Place here" plays the Place action.

import { h, listen } from "../../ui/dom.js";
import { svg as s, activate } from "../../ui/board.js";
import { COLOURS, bonusText, fragName, lastMark, play } from "./common.js";

const CELL = 40;

/** The ghost's state, kept between redraws of the same decision. */
export const ghost = { key: "", pick: 0, orient: 0, pinned: null, hover: null };

const norm = (cells) => {
  const mx = Math.min(...cells.map(([x]) => x));
  const my = Math.min(...cells.map(([, y]) => y));
  return cells.map(([x, y]) => [x - mx, y - my]).sort((a, b) => a[0] - b[0] || a[1] - b[1]);
};
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/** The orientation index reached by turning (`rotate`) or mirroring shape `orient`. */
export function turn(shapes, orient, how) {
  const cur = shapes[orient];
  const moved = norm(cur.map(([x, y]) => (how === "rotate" ? [y, -x] : [-x, y])));
  const i = shapes.findIndex((sh) => same(sh, moved));
  return i < 0 ? orient : i;
}

/** The place decisions: one pick per (pending, fragment) with its legal (orient, x, y). */
export function placeChoices(c) {
  const picks = new Map();
  for (const e of c.groups.get("place") ?? []) {
    const a = e.action;
    const k = `${a.pending}:${a.fragment}`;
    if (!picks.has(k)) picks.set(k, { pending: a.pending, fragment: a.fragment, spots: new Map() });
    picks.get(k).spots.set(`${a.orient},${a.x},${a.y}`, e);
  }
  return [...picks.values()];
}

export function camp(c, seat, { small = false } = {}) {
  const p = c.v.players[seat];
  const board = c.boards[p.board];
  const W = board.camp.width;
  const H = board.camp.height;
  const size = small ? 12 : CELL;
  const bonus = new Map(board.camp.bonus_cells.map((b) => [b.y * W + b.x, b.bonus]));
  const blocked = new Set(board.camp.blocked.map(([x, y]) => y * W + x));
  const cells = [];
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      const i = y * W + x;
      const built = p.camp[i] ? p.built[p.camp[i] - 1] : null;
      const fill = blocked.has(i) ? "#555" : built ? COLOURS[built.fragment.split("_")[0]] : "#fbf6e9";
      cells.push(
        lastMark(
          c,
          s("rect", {
            x: x * size,
            y: y * size,
            width: size,
            height: size,
            fill,
            class: "cell",
            stroke: "#bba",
            "stroke-width": 0.6,
          }),
          c.last?.cells.get(seat)?.has(i),
        ),
      );
      // an edge between two different tiles (or a tile and an empty cell) is drawn dark
      if (built && !small) {
        for (const [dx, dy, x1, y1, x2, y2] of [
          [1, 0, 1, 0, 1, 1],
          [0, 1, 0, 1, 1, 1],
          [-1, 0, 0, 0, 0, 1],
          [0, -1, 0, 0, 1, 0],
        ]) {
          const nx = x + dx;
          const ny = y + dy;
          const other = nx >= 0 && ny >= 0 && nx < W && ny < H ? p.camp[ny * W + nx] : -1;
          if (other !== p.camp[i]) {
            cells.push(
              s("line", {
                x1: (x + x1) * size,
                y1: (y + y1) * size,
                x2: (x + x2) * size,
                y2: (y + y2) * size,
                stroke: "#222",
                "stroke-width": 2,
              }),
            );
          }
        }
      }
      const b = bonus.get(i);
      if (b && !small) {
        cells.push(
          s(
            "text",
            {
              x: x * size + size / 2,
              y: y * size + size / 2 + 5,
              "text-anchor": "middle",
              "font-size": 13,
              class: `bonus${built ? " covered" : ""}`,
            },
            bonusGlyph(b),
            s("title", {}, bonusText(c, b)),
          ),
        );
      }
    }
  }
  const areas = board.camp.areas.map((a) =>
    s("rect", {
      x: a.x * size,
      y: a.y * size,
      width: a.w * size,
      height: a.h * size,
      fill: "none",
      stroke: "#6b4a2b",
      "stroke-width": small ? 1 : 2.5,
      class: covered(p, a, W) ? "area done" : "area",
    }),
  );
  const rowsDone = [];
  if (!small) {
    for (let y = 0; y < H; y++)
      if ([...Array(W).keys()].every((x) => p.camp[y * W + x]))
        rowsDone.push(
          s("text", { x: W * size + 4, y: y * size + size / 2 + 4, "font-size": 12, fill: "#1f8a47" }, "✓"),
        );
    for (let x = 0; x < W; x++)
      if ([...Array(H).keys()].every((y) => p.camp[y * W + x]))
        rowsDone.push(
          s("text", { x: x * size + size / 2 - 4, y: H * size + 13, "font-size": 12, fill: "#1f8a47" }, "✓"),
        );
  }
  const svgEl = s(
    "svg",
    {
      viewBox: `-2 -2 ${W * size + (small ? 4 : 20)} ${H * size + (small ? 4 : 20)}`,
      class: small ? "mgn-camp-mini" : "mgn-camp-svg",
      "data-testid": small ? `mgn-camp-mini-${seat}` : "mgn-camp",
      role: "group",
      "aria-label": c.w("camp"),
    },
    cells,
    areas,
    rowsDone,
  );
  if (small || seat !== c.me) return svgEl;
  return ghostLayer(c, svgEl, { W, H, bonus, size });
}

function covered(p, a, W) {
  for (let y = a.y; y < a.y + a.h; y++) for (let x = a.x; x < a.x + a.w; x++) if (!p.camp[y * W + x]) return false;
  return true;
}

/** A bonus as the camp's cells draw it (the legend names each glyph). */
export function bonusGlyph(b) {
  return { coins: "¢", posters: "▭", gem: "◆", markers: "●", vp: "★", gem_choice: "◇" }[b.kind] ?? "+";
}

/** The ghost: fragment picker, rotate/reflect, lit anchors, pinned preview and confirm. */
function ghostLayer(c, svgEl, { W, bonus, size }) {
  const picks = placeChoices(c);
  if (!picks.length || !c.mine) return h("div", { class: "mgn-camp-wrap" }, svgEl);
  const decision = `${c.snap.hash}`;
  if (ghost.key !== decision) {
    ghost.key = decision;
    ghost.pick = 0;
    ghost.pinned = null;
    ghost.hover = null;
    ghost.orient = firstOrient(picks[0]);
  }
  const pick = picks[Math.min(ghost.pick, picks.length - 1)];
  const shapes = c.shapes[pick.fragment];
  const shape = shapes[ghost.orient] ?? shapes[0];
  const colour = COLOURS[pick.fragment.split("_")[0]];
  c.drawn.add("place");
  const layer = s("g", { class: "ghost" });
  // `into`: the layer on screen, which after a patched redraw may be an older one than this draw's
  const showAt = (x, y, into = layer) => {
    into.replaceChildren(
      ...shape.map(([dx, dy]) =>
        s("rect", {
          x: (x + dx) * size + 3,
          y: (y + dy) * size + 3,
          width: size - 6,
          height: size - 6,
          rx: 4,
          fill: colour,
          opacity: 0.75,
          stroke: "#111",
          "stroke-width": 2,
        }),
      ),
    );
  };
  // An anchor is drawn on a cell its tile covers (the shape's first cell in reading order, not
  // the corner of its box, which a turned shape may leave empty), so the ghost sits under the
  // pointer, and stays there when the tile turns (issue #20).
  const [rx, ry] = shape.reduce((a, b) => (b[1] < a[1] || (b[1] === a[1] && b[0] < a[0]) ? b : a));
  let under = null;
  const anchors = [];
  for (const [k, e] of pick.spots) {
    const [o, x, y] = k.split(",").map(Number);
    if (o !== ghost.orient) continue;
    const cell = [x + rx, y + ry];
    if (ghost.hover && ghost.hover[0] === cell[0] && ghost.hover[1] === cell[1]) under = [x, y];
    const r = s("rect", {
      x: cell[0] * size + 1,
      y: cell[1] * size + 1,
      width: size - 2,
      height: size - 2,
      class: "anchor",
      "data-testid": `mgn-anchor-${x}-${y}`,
      "data-target": `anchor-${x}-${y}`,
      "data-legal": "true",
      "data-action": JSON.stringify(e.action),
    });
    // through dom.js: a patched redraw moves them to the cell kept on screen (ui/morph.js)
    const preview = (event) => {
      ghost.hover = cell;
      showAt(x, y, event.currentTarget.closest("svg").querySelector(":scope > .ghost"));
    };
    listen(r, "mouseenter", preview);
    listen(r, "focus", preview);
    activate(r, () => {
      ghost.pinned = [x, y];
      c.redraw();
    });
    r.setAttribute("aria-label", e.label);
    anchors.push(r);
  }
  if (ghost.pinned) showAt(...ghost.pinned);
  else if (under) showAt(...under);
  svgEl.append(s("g", { class: "anchors" }, anchors), layer);
  const pinnedEntry = ghost.pinned ? pick.spots.get(`${ghost.orient},${ghost.pinned[0]},${ghost.pinned[1]}`) : null;
  const covers = pinnedEntry
    ? shape.map(([dx, dy]) => bonus.get((ghost.pinned[1] + dy) * W + ghost.pinned[0] + dx)).filter(Boolean)
    : [];
  const tools = h(
    "div",
    { class: "mgn-ghost-tools", testid: "mgn-ghost-tools" },
    h("span", { class: "mgn-small" }, c.w("pick_fragment")),
    picks.map((pk, i) =>
      h(
        "button",
        {
          type: "button",
          class: `mgn-btn frag-pick${i === ghost.pick ? " on" : ""}`,
          testid: `mgn-frag-${i}`,
          "aria-pressed": String(i === ghost.pick),
          onclick: () => {
            ghost.pick = i;
            ghost.pinned = null;
            ghost.orient = firstOrient(pk);
            c.redraw();
          },
        },
        h("span", { class: "mgn-swatch", style: `background:${COLOURS[pk.fragment.split("_")[0]]}` }),
        fragName(c, pk.fragment),
      ),
    ),
    h(
      "button",
      { type: "button", class: "mgn-btn", testid: "mgn-rotate", onclick: () => spin(c, "rotate") },
      "⟳ ",
      c.w("rotate"),
    ),
    h(
      "button",
      { type: "button", class: "mgn-btn", testid: "mgn-reflect", onclick: () => spin(c, "reflect") },
      "⇋ ",
      c.w("reflect"),
    ),
    h(
      "span",
      {
        class: "mgn-small",
        testid: "mgn-orient",
        dataset: { orient: String(ghost.orient), anchors: String(anchors.length) },
      },
      `${ghost.orient + 1}/${shapes.length}`,
    ),
  );
  const confirm = pinnedEntry
    ? h(
        "div",
        { class: "mgn-ghost-confirm" },
        h(
          "span",
          { testid: "mgn-covers" },
          c.w("covers", { bonuses: covers.length ? covers.map((b) => bonusText(c, b)).join(", ") : c.w("no_bonus") }),
        ),
        h(
          "button",
          {
            type: "button",
            class: "mgn-btn primary",
            testid: "mgn-confirm",
            dataset: { action: JSON.stringify(pinnedEntry.action) },
            onclick: () => {
              ghost.key = "";
              play(c, pinnedEntry);
            },
          },
          c.w("confirm"),
        ),
        h(
          "button",
          {
            type: "button",
            class: "mgn-btn",
            testid: "mgn-cancel",
            onclick: () => {
              ghost.pinned = null;
              c.redraw();
            },
          },
          c.w("cancel"),
        ),
      )
    : h("p", { class: "mgn-small" }, c.w("ghost_hint"));
  return h("div", { class: "mgn-camp-wrap placing" }, tools, svgEl, confirm);
}

function firstOrient(pick) {
  const first = pick.spots.keys().next().value;
  return first ? Number(first.split(",")[0]) : 0;
}

/** Rotate or reflect the ghost (buttons, or R / F on the keyboard). */
export function spin(c, how) {
  const picks = placeChoices(c);
  if (!picks.length) return;
  const pick = picks[Math.min(ghost.pick, picks.length - 1)];
  ghost.orient = turn(c.shapes[pick.fragment], ghost.orient, how);
  ghost.pinned = null;
  c.redraw();
}
