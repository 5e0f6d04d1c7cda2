// The chart of a game: one line per seat of a running figure (fame, points, coins…) at the end
// of every round, as an SVG the page draws itself (no library: a few polylines are cheaper
// than any). The data is the bridge's `chart` ({unit, rounds, figures}); the text is the page's
// catalogue (ui.chart.*), so it reads in EN/RU/FR.

import { svg } from "./board.js";
import { bdi, h } from "./dom.js";

// The seats' own colours, as the boards draw their pieces (red, blue, green, yellow:
// games/trickerion/common.js, games/magnificent/common.js), each line also marked with its own
// dash so that the seats differ without colour.
const COLOURS = ["#c8372d", "#2563c9", "#1f8a47", "#d99a00"];
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
  const { low, top, step } = axis(Math.min(0, ...values), Math.max(1, ...values));
  const x = (i) => PAD.left + (rounds.length < 2 ? 0.5 : i / (rounds.length - 1)) * (W - PAD.left - PAD.right);
  const y = (v) => PAD.top + (1 - (v - low) / (top - low || 1)) * (H - PAD.top - PAD.bottom);
  const figureName = t(`ui.chart.${figure}`);
  const unit = t(`ui.chart.unit.${chart.unit}`);
  const tick = (r) => t(chart.unit === "day" ? "ui.chart.day" : "ui.chart.round", { n: r });
  const grid = [];
  for (let v = low; v <= top; v += step) grid.push(v);
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

/** The value axis: from `min` to `max` in about five steps of a round size (1, 2 or 5 × 10ⁿ),
 *  both ends on a step, so that the grid reads 0, 50, 100… and never −1, 40, 81. */
function axis(min, max) {
  const rough = Math.max(1, (max - min) / 5);
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough);
  return { low: Math.floor(min / step) * step, top: Math.ceil(max / step) * step, step };
}
