// The chart of a game: one line per seat of a running figure (fame, points, coins…) at the end
// of every round, as an SVG the page draws itself (no library: a few polylines are cheaper
// than any). The data is the bridge's `chart` ({unit, rounds, figures}); the text is the page's
// catalogue (ui.chart.*), so it reads in EN/RU/FR.

import { svg } from "./board.js";
import { bdi, h } from "./dom.js";

// Seat colours that stay apart for colour-blind readers (Okabe–Ito), each line also marked
// with its own dash so that the seats differ without colour.
const COLOURS = ["#0072b2", "#d55e00", "#009e73", "#cc79a7"];
const DASHES = [null, "6 3", "2 3", "8 3 2 3"];

// The drawing's own units: the SVG scales to its box (a phone's width included), so text stays
// readable as long as the box is at least ~320 px wide, which the table guarantees.
const W = 420;
const H = 200;
const PAD = { left: 34, right: 12, top: 10, bottom: 24 };

/** The chart of `figure` (a key of `chart.figures`): an SVG with a title, axes and a line per
 *  seat. `names[i]` is seat i's name. */
export function chartSvg(t, chart, figure, names) {
  const series = chart.figures[figure] ?? [];
  const rounds = chart.rounds;
  const values = series.flat();
  const top = niceTop(Math.max(1, ...values));
  const low = Math.min(0, ...values);
  const x = (i) => PAD.left + (rounds.length < 2 ? 0.5 : i / (rounds.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (v - low) / (top - low || 1)) * (H - PAD.top - PAD.bottom);
  const figureName = t(`ui.chart.${figure}`);
  const unit = t(`ui.chart.unit.${chart.unit}`);
  const tick = (r) => t(chart.unit === "day" ? "ui.chart.day" : "ui.chart.round", { n: r });
  const grid = gridLines(low, top);
  return svg(
    "svg",
    {
      class: "score-chart",
      testid: "chart-svg",
      viewBox: `0 0 ${W} ${H}`,
      role: "img",
      "aria-label": t("ui.chart.label", { figure: figureName, unit }),
    },
    grid.map((v) =>
      svg(
        "g",
        { class: "chart-grid" },
        svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
        svg("text", { x: PAD.left - 4, y: y(v) + 4, "text-anchor": "end" }, String(v)),
      ),
    ),
    rounds.map((r, i) => svg("text", { class: "chart-tick", x: x(i), y: H - 6, "text-anchor": "middle" }, tick(r))),
    series.map((points, seat) =>
      svg(
        "g",
        {
          class: "chart-series",
          testid: `chart-series-${seat}`,
          "data-seat": seat,
          style: `--seat: ${colour(seat)}`,
          // named in an attribute, isolated (FSI…PDI): an SVG has no <bdi> to put a name in
          "aria-label": `\u2068${names[seat] ?? ""}\u2069`,
          role: "group",
        },
        svg("polyline", {
          points: points.map((v, i) => `${x(i)},${y(v)}`).join(" "),
          "stroke-dasharray": DASHES[seat % DASHES.length],
        }),
        points.map((v, i) =>
          svg("circle", { cx: x(i), cy: y(v), r: 3.2 }, svg("title", {}, `${tick(rounds[i])}: ${v}`)),
        ),
      ),
    ),
  );
}

/** The legend: each seat's name beside its line's colour and dash. */
export function chartLegend(names) {
  return h(
    "ul",
    { class: "chart-legend" },
    names.map((name, seat) =>
      h(
        "li",
        { style: `--seat: ${colour(seat)}` },
        svg(
          "svg",
          { viewBox: "0 0 24 8", class: "chart-key", "aria-hidden": "true" },
          svg("line", { x1: 0, x2: 24, y1: 4, y2: 4, "stroke-dasharray": DASHES[seat % DASHES.length] }),
        ),
        bdi(name),
      ),
    ),
  );
}

const colour = (seat) => COLOURS[seat % COLOURS.length];

/** Whole values for the grid from `low` to `top`: five steps of a whole size where the range
 *  allows (0, 10, … 50), else every unit. */
function gridLines(low, top) {
  const step = Math.max(1, Math.ceil((top - low) / 5));
  const out = [];
  for (let v = low; v <= top; v += step) out.push(v);
  return out;
}

/** A round number at or above `v` for the top of the axis (1, 2, 5 × 10^n). */
function niceTop(v) {
  const step = 10 ** Math.floor(Math.log10(v));
  for (const m of [1, 2, 5, 10]) if (m * step >= v) return m * step;
  return 10 * step;
}
