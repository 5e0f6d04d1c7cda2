// The legend of the board's symbols (issue #20): what each small picture on a poster, a tent, a
// track space and a Master Card means, in the page's language. A <details> in the header, as
// the provisional-data note beside it: a click, a tap on a phone and the keyboard (Tab, Enter)
// open it; pointing at a symbol on the board also names it (its title).

import { h } from "../../ui/dom.js";
import { svg as s } from "../../ui/board.js";
import { fragIcon, gemIcon, COLOURS } from "./common.js";

export function legend(c) {
  const item = (key, icon, params = {}) =>
    h("li", { testid: `mgn-legend-${key}` }, h("span", { class: "icon" }, icon), " ", c.w(`legend.${key}`, params));
  return h(
    "details",
    { class: "mgn-legend", testid: "mgn-legend" },
    h("summary", { class: "badge", testid: "mgn-legend-open" }, "? ", c.w("legend.title")),
    h(
      "ul",
      { class: "mgn-legend-body", testid: "mgn-legend-body" },
      item("small", fragIcon("green_small", 14, c)),
      item("large", fragIcon("green_large", 14, c)),
      item("gem", gemIcon("orange", 14, c)),
      item("vp", h("b", {}, "★")),
      item("coins", h("b", {}, "¢")),
      item("symbol", h("span", { class: "sym-demo", style: `background:${COLOURS.purple}` })),
      item("cell", h("b", {}, "¢ ▭ ◆ ◇ ● ★")),
      item("tent", tentIcon()),
      item("track", h("b", {}, "9")),
      item("track_posters", "▭"),
      item("stop", h("b", {}, "+3")),
      item("card", h("b", {}, "5 / 2")),
      item("last", h("span", { class: "last-demo" })),
    ),
  );
}

/** The tent as the travel tracks draw it, with its gem dot (`width` in px). */
export function tentIcon(width = 22) {
  return s(
    "svg",
    { width, height: (width * 20) / 22, viewBox: "0 0 22 20", "aria-hidden": "true" },
    s("polygon", { points: "0,19 11,1 22,19", fill: "#f4e7c5", stroke: "#7a4b1e" }),
    s("circle", { cx: 18, cy: 5, r: 3.5, fill: COLOURS.orange, stroke: "#222" }),
  );
}
