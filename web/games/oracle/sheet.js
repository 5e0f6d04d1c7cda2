// The Oracle's stargazing grid, threads of fate and the fate bowl.

import { CELL, PAD, activate, all, button, explainWhy, find, memo, play, showWhy, target } from "./common.js";
import { h, listen } from "../../ui/dom.js";
import { rulesHelp } from "../../ui/rules-dialog.js";
import { svg as s } from "../../ui/board.js";

// ----------------------------------------------------------------------------- stargazing

export function stargazing(ctx) {
  const { v, t } = ctx;
  const g = v.stargazing;
  const W = g.cols * CELL + 2 * PAD;
  const H = g.rows * CELL + 2 * PAD;
  const X = (c) => PAD + c * CELL;
  const Y = (r) => PAD + r * CELL;
  const lines = all(ctx, "draw_line");
  const edgeLegal = new Map(lines.map((e) => [`${e.action.r},${e.action.c},${e.action.dir}`, e]));
  const dotLegal = new Set();
  for (const e of lines) {
    const { r, c, dir } = e.action;
    dotLegal.add(`${r},${c}`);
    dotLegal.add(dir === "h" ? `${r},${c + 1}` : `${r + 1},${c}`);
  }
  const svg = s("svg", {
    viewBox: `0 0 ${W} ${H}`,
    class: "o-stars",
    testid: "oracle-stargazing-grid",
    role: "group",
    "aria-label": t("ui.oracle.stargazing"),
  });
  svg.append(
    s(
      "defs",
      {},
      s(
        "pattern",
        { id: "o-hatch", width: 7, height: 7, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
        s("line", { x1: 0, y1: 0, x2: 0, y2: 7, stroke: "#22304f", "stroke-width": 2.4, "stroke-opacity": 0.55 }),
      ),
      s(
        "pattern",
        { id: "o-unfit", width: 8, height: 8, patternUnits: "userSpaceOnUse" },
        s("circle", { cx: 4, cy: 4, r: 1.1, fill: "#555" }),
      ),
    ),
  );
  for (const cell of g.cells) {
    const rect = s("rect", {
      x: X(cell.c) + 2,
      y: Y(cell.r) + 2,
      width: CELL - 4,
      height: CELL - 4,
      rx: 4,
      class: `o-cell c-${cell.colour ?? "none"} st-${cell.state}`,
      testid: `oracle-cell-${cell.r}-${cell.c}`,
      "data-state": cell.state,
    });
    svg.append(rect);
    const pattern = { filled: "url(#o-hatch)", unfit: "url(#o-unfit)" }[cell.state];
    if (pattern) {
      svg.append(
        s("rect", {
          x: X(cell.c) + 2,
          y: Y(cell.r) + 2,
          width: CELL - 4,
          height: CELL - 4,
          fill: pattern,
          "pointer-events": "none",
        }),
      );
    }
  }
  // rows and columns numbered from the top left, as the labels name the lines between them
  for (let c = 0; c < g.cols; c++) {
    svg.append(s("text", { x: X(c) + CELL / 2, y: PAD - 5, class: "o-axis", "text-anchor": "middle" }, String(c + 1)));
  }
  for (let r = 0; r < g.rows; r++) {
    svg.append(
      s("text", { x: PAD / 2 - 1, y: Y(r) + CELL / 2 + 4, class: "o-axis", "text-anchor": "middle" }, String(r + 1)),
    );
  }
  for (const reg of g.regions) {
    if (reg.kind === "unfit") continue;
    const rs = reg.cells.map((x) => x[0]);
    const cs = reg.cells.map((x) => x[1]);
    const cx = (X(Math.min(...cs)) + X(Math.max(...cs) + 1)) / 2;
    const cy = (Y(Math.min(...rs)) + Y(Math.max(...rs) + 1)) / 2;
    svg.append(s("circle", { cx, cy, r: 12, class: "o-reg-badge" }));
    svg.append(
      s("text", { x: cx, y: cy + 5, class: "o-reg-icon", "text-anchor": "middle" }, reg.kind === "tome" ? "▤" : "◆"),
    );
  }
  for (const ln of g.lines) {
    svg.append(
      s("line", {
        x1: X(ln.from[1]),
        y1: Y(ln.from[0]),
        x2: X(ln.to[1]),
        y2: Y(ln.to[0]),
        class: `o-line ${ln.kind}`,
        testid:
          ln.kind === "cross" ? null : `oracle-line-${ln.from[0]}-${ln.from[1]}-${ln.from[0] === ln.to[0] ? "h" : "v"}`,
      }),
    );
  }
  // line targets: every legal edge, drawn as a wide invisible stroke
  for (const [key, entry] of edgeLegal) {
    const [r, c, dir] = key.split(",");
    const rr = Number(r);
    const cc = Number(c);
    const T = 12; // the target's thickness: a thin rectangle over the edge
    const line =
      dir === "h"
        ? s("rect", {
            x: X(cc) + 7,
            y: Y(rr) - T / 2,
            width: CELL - 14,
            height: T,
            rx: 5,
            class: "o-edge",
            testid: `oracle-edge-${rr}-${cc}-${dir}`,
          })
        : s("rect", {
            x: X(cc) - T / 2,
            y: Y(rr) + 7,
            width: T,
            height: CELL - 14,
            rx: 5,
            class: "o-edge",
            testid: `oracle-edge-${rr}-${cc}-${dir}`,
          });
    svg.append(target(ctx, line, entry, null));
  }
  for (let r = 0; r < g.dots.rows; r++) {
    for (let c = 0; c < g.dots.cols; c++) {
      const live = dotLegal.has(`${r},${c}`);
      const chosen = memo.dot && memo.dot[0] === r && memo.dot[1] === c;
      const dot = s("circle", {
        cx: X(c),
        cy: Y(r),
        r: chosen ? 7 : 4.2,
        class: `o-dot${live ? " live" : ""}${chosen ? " chosen" : ""}`,
        testid: `oracle-dot-${r}-${c}`,
      });
      svg.append(dot);
      if (live) {
        const hit = s("circle", {
          cx: X(c),
          cy: Y(r),
          r: 11,
          class: "o-dot-hit",
          tabindex: 0,
          role: "button",
          "aria-label": `(${r}, ${c})`,
          testid: `oracle-dot-hit-${r}-${c}`,
        });
        svg.append(activate(hit, () => clickDot(ctx, r, c, edgeLegal)));
      }
    }
  }
  const legend = h(
    "p",
    { class: "o-legend" },
    h("span", { class: "o-cross-key", "aria-hidden": "true" }),
    t("ui.oracle.cross_legend"),
    " · ◆ ",
    ctx.term("size", "talisman"),
    " · ▤ ",
    ctx.term("size", "tome"),
  );
  return h(
    "section",
    { class: "o-panel o-stargazing", testid: "oracle-stargazing" },
    h("h3", {}, t("ui.oracle.stargazing"), rulesHelp(t, "stargazing", t("ui.oracle.stargazing"))),
    svg,
    legend,
  );
}

function clickDot(ctx, r, c, edgeLegal) {
  const d = memo.dot;
  if (!d) {
    memo.dot = [r, c];
    rerenderHint(ctx);
    return;
  }
  if (d[0] === r && d[1] === c) {
    memo.dot = null;
    rerenderHint(ctx);
    return;
  }
  const [a, b] = d[0] < r || (d[0] === r && d[1] < c) ? [d, [r, c]] : [[r, c], d];
  const dir = a[0] === b[0] ? "h" : "v";
  const adjacent = (dir === "h" && b[1] - a[1] === 1) || (dir === "v" && a[1] === b[1] && b[0] - a[0] === 1);
  const entry = adjacent ? edgeLegal.get(`${a[0]},${a[1]},${dir}`) : null;
  memo.dot = null;
  if (entry) play(ctx, entry.action);
  else {
    memo.dot = adjacent ? null : [r, c];
    rerenderHint(ctx);
    if (adjacent) explainWhy(ctx, { type: "draw_line", r: a[0], c: a[1], dir });
    else showWhy(ctx.t("ui.oracle.dot_chosen", { r, c }));
  }
}

function rerenderHint(ctx) {
  // a dot choice is page state only: redraw the board from the same snapshot
  ctx.again();
}

// ----------------------------------------------------------------------------- threads of fate

export function threads(ctx) {
  const { v, t, term } = ctx;
  const rows = ["plus_minus", "move"].map((kind) => {
    const k = v.threads[kind];
    const fill = find(ctx, { type: "fill_circle", kind });
    const next = k.circles.indexOf("empty");
    return h(
      "div",
      { class: "o-circles-row", testid: `oracle-threads-${kind}`, dataset: { available: String(k.available) } },
      h("span", { class: "o-circles-name" }, kind === "plus_minus" ? "" : "⇄ ", term("circle", kind)),
      h(
        "span",
        { class: "o-circles" },
        k.circles.map((state, i) => {
          const el = h("span", {
            class: `o-circle ${state}`,
            testid: `oracle-circle-${kind}-${i}`,
            dataset: { state },
            // a span may carry aria-label only with a role (a legal one becomes a button)
            role: "img",
            "aria-label": `${term("circle", kind)} ${i + 1}: ${state}`,
          });
          if (i === next && fill) target(ctx, el, fill, null);
          return el;
        }),
      ),
    );
  });
  return h(
    "section",
    { class: "o-panel o-threads", testid: "oracle-threads" },
    h("h3", {}, t("ui.oracle.threads"), rulesHelp(t, "threads", t("ui.oracle.threads"))),
    rows,
  );
}

// ----------------------------------------------------------------------------- the bowl

export function runeIcon(rune, value, face) {
  const icon = s("svg", { viewBox: "0 0 40 40", class: `o-rune-icon r-${rune}`, "aria-hidden": "true" });
  if (rune === "d4_a" || rune === "d4_b") {
    icon.append(
      s("polygon", { points: "20,3 37,35 3,35", class: "d4" }),
      s("text", { x: 20, y: 30, "text-anchor": "middle", class: "d4-num" }, value ?? "?"),
    );
  } else if (rune === "coin") {
    icon.append(s("circle", { cx: 20, cy: 20, r: 17, class: `coin ${face}` }));
    if (face === "skull") {
      icon.append(
        s("circle", { cx: 20, cy: 18, r: 9, class: "skull" }),
        s("rect", { x: 15, y: 24, width: 10, height: 6, rx: 1, class: "skull" }),
        s("circle", { cx: 16.5, cy: 18, r: 2.4, class: "eye" }),
        s("circle", { cx: 23.5, cy: 18, r: 2.4, class: "eye" }),
      );
    } else {
      icon.append(
        s("polygon", { points: "20,7 30,24 10,24", class: "tree" }),
        s("rect", { x: 18, y: 24, width: 4, height: 8, class: "trunk" }),
      );
    }
  } else if (rune === "bone") {
    icon.append(
      s("path", {
        d: "M9 14a4 4 0 1 1 5-5l12 12a4 4 0 1 1 5 5a4 4 0 1 1-5 5L14 19a4 4 0 1 1-5-5z",
        class: "bone",
        transform: "rotate(0 20 20)",
      }),
    );
  } else if (rune === "doll") {
    icon.append(
      s("circle", { cx: 20, cy: 11, r: 7, class: "doll" }),
      s("path", { d: "M10 19h20l-3 7h-3l2 10h-5l-1-7-1 7h-5l2-10h-3z", class: "doll" }),
      s("path", { d: "M16 9l4 4m0-4l-4 4", class: "stitch" }),
      s("line", { x1: 29, y1: 20, x2: 36, y2: 14, class: "pin" }),
    );
  }
  return icon;
}

export function bowl(ctx) {
  const { v, t, term } = ctx;
  const halves = [0, 1].map((half) => {
    const runes = v.bowl.runes.filter((r) => r.half === half);
    const zone = h(
      "div",
      {
        class: "o-half",
        testid: `oracle-half-${half}`,
        dataset: { half: String(half) },
        "aria-label": t(`ui.oracle.half.${half}`),
        role: "group",
      },
      h("span", { class: "o-half-name" }, t(`ui.oracle.half.${half}`)),
      h(
        "div",
        { class: "o-half-runes" },
        runes.map((r) => runeToken(ctx, r)),
      ),
    );
    listen(zone, "dragover", (e) => {
      if (memo.drag && memo.drag.half !== half) {
        e.preventDefault();
        e.currentTarget.classList.add("drop");
      }
    });
    listen(zone, "dragleave", (e) => e.currentTarget.classList.remove("drop"));
    listen(zone, "drop", (e) => {
      e.preventDefault();
      e.currentTarget.classList.remove("drop");
      const d = memo.drag;
      memo.drag = null;
      if (!d || d.half === half) return;
      const entry = find(ctx, { type: "move_rune", rune: d.rune });
      if (entry) play(ctx, entry.action);
      else explainWhy(ctx, { type: "move_rune", rune: d.rune });
    });
    return zone;
  });
  void term;
  const unthrown = v.turn === 0 && v.phase !== "act";
  return h(
    "section",
    { class: "o-panel o-bowl-panel", testid: "oracle-bowl", dataset: { allInOne: String(v.bowl.all_in_one_half) } },
    h("h3", {}, t("ui.oracle.bowl"), rulesHelp(t, "bowl", t("ui.oracle.bowl"))),
    h(
      "div",
      { class: `o-bowl${unthrown ? " unthrown" : ""}` },
      halves[0],
      h("div", { class: "o-bowl-split", "aria-hidden": "true" }),
      halves[1],
    ),
    unthrown ? h("p", { class: "o-hint small", testid: "oracle-not-thrown" }, t("ui.oracle.not_thrown")) : null,
    v.phase === "act" && !v.pending?.depth
      ? h("p", { class: "o-hint small" }, t("ui.oracle.manipulations_hint"))
      : null,
  );
}

function runeToken(ctx, r) {
  const { term } = ctx;
  const name = term("rune", r.rune);
  const detail = r.value ? ` ${r.value}` : r.face ? ` (${term("coin", r.face)})` : "";
  const move = find(ctx, { type: "move_rune", rune: r.rune });
  const token = h("div", {
    class: `o-rune rune-${r.rune}`,
    testid: `oracle-rune-${r.rune}`,
    dataset: { half: String(r.half), value: r.value ? String(r.value) : (r.face ?? "") },
  });
  const face = h(
    "button",
    { type: "button", class: "o-rune-face", testid: `oracle-move-${r.rune}` },
    runeIcon(r.rune, r.value, r.face),
    h("span", { class: "o-rune-name" }, name + detail),
  );
  target(ctx, face, move, ctx.v.phase === "act" ? { type: "move_rune", rune: r.rune } : null);
  if (!move) face.setAttribute("aria-label", name + detail);
  if (move) {
    face.draggable = true;
    listen(face, "dragstart", (e) => {
      memo.drag = { rune: r.rune, half: r.half };
      e.dataTransfer.setData("text/plain", r.rune);
      e.dataTransfer.effectAllowed = "move";
    });
    listen(face, "dragend", () => {
      memo.drag = null;
    });
  }
  token.append(face);
  if (r.value !== undefined) {
    const die = r.rune === "d4_a" ? 0 : 1;
    const minus = find(ctx, { type: "adjust_die", die, delta: -1 });
    const plus = find(ctx, { type: "adjust_die", die, delta: 1 });
    const probeOk = ctx.v.phase === "act";
    token.append(
      h(
        "div",
        { class: "o-die-adjust" },
        button(ctx, `oracle-die-${die}-minus`, minus, probeOk ? { type: "adjust_die", die, delta: -1 } : null, "−1"),
        button(ctx, `oracle-die-${die}-plus`, plus, probeOk ? { type: "adjust_die", die, delta: 1 } : null, "+1"),
      ),
    );
  }
  return token;
}
