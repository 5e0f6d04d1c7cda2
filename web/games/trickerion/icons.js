// Small drawn icons for Trickerion's pieces: props, characters, the four schools and the three
// yields, in our own line style (no scanned art). They are decoration: every icon is
// aria-hidden and sits beside the piece's name or inside an element that carries its label.

import { svg as s } from "../../ui/board.js";

const stroke = {
  fill: "none",
  stroke: "currentColor",
  "stroke-width": 1.6,
  "stroke-linecap": "round",
  "stroke-linejoin": "round",
};
const solid = { fill: "currentColor", stroke: "none" };

// Each drawing in a 20×20 box: a list of [tag, attrs] (attrs over the line style unless solid).
const PROPS = {
  wood: [
    ["rect", { x: 2, y: 6, width: 14, height: 8, rx: 2 }],
    ["ellipse", { cx: 16, cy: 10, rx: 2.5, ry: 4 }],
    ["circle", { cx: 16, cy: 10, r: 1 }],
  ],
  glass: [
    ["path", { d: "M5 3 H15 L13.5 11 Q10 14 6.5 11 Z" }],
    ["path", { d: "M10 13 V17 M6.5 17.5 H13.5" }],
  ],
  metal: [
    ["path", { d: "M2 15 L5 7 H15 L18 15 Z" }],
    ["path", { d: "M5 7 L7 15 M15 7 L13 15" }],
  ],
  fabric: [
    ["path", { d: "M3 5 Q6.5 3 10 5 T17 5 V15 Q13.5 17 10 15 T3 15 Z" }],
    ["path", { d: "M3 10 Q6.5 8 10 10 T17 10" }],
  ],
  rope: [
    ["circle", { cx: 10, cy: 10, r: 7 }],
    ["circle", { cx: 10, cy: 10, r: 4 }],
    ["path", { d: "M10 10 h0.1 M17 10 L19 15" }],
  ],
  petroleum: [["path", { d: "M10 2.5 Q16 10 15 13 A5 5 0 0 1 5 13 Q4 10 10 2.5 Z" }]],
  saw: [
    ["path", { d: "M2 8 H15 L18 6 V12 H2 Z" }],
    ["path", { d: "M3 12 l1.5 2.5 L6 12 l1.5 2.5 L9 12 l1.5 2.5 L12 12 l1.5 2.5 L15 12" }],
  ],
  animal: [
    ["path", { d: "M7.5 9 Q5 2 7 1.5 Q9 2 9 8 M12.5 9 Q15 2 13 1.5 Q11 2 11 8" }],
    ["circle", { cx: 10, cy: 13, r: 5 }],
    ["circle", { cx: 8.2, cy: 12.5, r: 0.7, ...solid }],
    ["circle", { cx: 11.8, cy: 12.5, r: 0.7, ...solid }],
  ],
  padlock: [
    ["rect", { x: 4, y: 9, width: 12, height: 9, rx: 1.5 }],
    ["path", { d: "M6.5 9 V6 A3.5 3.5 0 0 1 13.5 6 V9 M10 12.5 V14.5" }],
  ],
  mirror: [
    ["ellipse", { cx: 10, cy: 7.5, rx: 5, ry: 6 }],
    ["path", { d: "M10 13.5 V19 M8 5 Q9 3.5 11 3.5" }],
  ],
  disguise: [
    ["path", { d: "M2 8 Q10 5 18 8 Q18 14 13 13 Q10 11 7 13 Q2 14 2 8 Z" }],
    ["ellipse", { cx: 6.5, cy: 9.5, rx: 1.8, ry: 1.2, ...solid }],
    ["ellipse", { cx: 13.5, cy: 9.5, rx: 1.8, ry: 1.2, ...solid }],
  ],
  cog: gear(10, 10, 7, 4),
};

const CHARACTERS = {
  magician: [
    ["path", { d: "M6 14 V4 H14 V14" }],
    ["path", { d: "M2 15 H18" }],
    ["path", { d: "M6 11 H14", "stroke-width": 2.4 }],
  ],
  apprentice: [
    ["circle", { cx: 10, cy: 6, r: 3.5 }],
    ["path", { d: "M3.5 18 Q3.5 11 10 11 Q16.5 11 16.5 18" }],
  ],
  engineer: [["path", { d: "M13 2.5 A4 4 0 0 0 12 9 L3 18 M16.5 6 A4 4 0 0 1 10.5 7 M13 2.5 L13.5 5.5 L16.5 6" }]],
  manager: [
    ["path", { d: "M3 6 L9 9.5 L3 13 Z M17 6 L11 9.5 L17 13 Z" }],
    ["rect", { x: 8.5, y: 8, width: 3, height: 3, rx: 0.8, ...solid }],
  ],
  assistant: [
    ["circle", { cx: 10, cy: 6, r: 3.5 }],
    ["path", { d: "M3.5 18 Q3.5 11 10 11 Q16.5 11 16.5 18" }],
    ["path", { d: "M16 1.5 l0.9 1.8 1.9 0.3 -1.4 1.3 0.4 1.9 -1.8 -1 -1.8 1 0.4 -1.9 -1.4 -1.3 1.9 -0.3 Z", ...solid }],
  ],
};

const SCHOOLS = {
  optical: [
    ["path", { d: "M1.5 10 Q10 2 18.5 10 Q10 18 1.5 10 Z" }],
    ["circle", { cx: 10, cy: 10, r: 3, ...solid }],
  ],
  spiritual: [["path", { d: "M13 2.5 A7.5 7.5 0 1 0 17.5 13 A6 6 0 0 1 13 2.5 Z", ...solid }]],
  escape: [
    ["rect", { x: 1.5, y: 6.5, width: 9, height: 7, rx: 3.5 }],
    ["rect", { x: 9.5, y: 6.5, width: 9, height: 7, rx: 3.5 }],
  ],
  mechanical: gear(10, 10, 7.5, 3),
};

const YIELDS = {
  fame: [
    [
      "path",
      {
        d: "M10 1.5 L12.5 7.3 L18.5 7.6 L13.8 11.5 L15.4 17.6 L10 14.2 L4.6 17.6 L6.2 11.5 L1.5 7.6 L7.5 7.3 Z",
        ...solid,
      },
    ],
  ],
  coins: [
    ["circle", { cx: 10, cy: 10, r: 7.5, ...solid }],
    ["circle", { cx: 10, cy: 10, r: 4.5, stroke: "#fff8", fill: "none", "stroke-width": 1.2 }],
  ],
  shards: [
    ["path", { d: "M10 1.5 L17 8 L10 18.5 L3 8 Z", ...solid }],
    ["path", { d: "M3 8 H17 M7 8 L10 18.5 L13 8", stroke: "#fff8", fill: "none", "stroke-width": 1 }],
  ],
};

/** A gear's outline: a toothed ring of radius r around a hole of radius hole. */
function gear(cx, cy, r, hole) {
  const teeth = 8;
  const pts = [];
  for (let i = 0; i < teeth * 2; i += 1) {
    const a = (Math.PI * i) / teeth;
    const rr = i % 2 ? r - 2.2 : r;
    pts.push(`${(cx + rr * Math.cos(a)).toFixed(1)},${(cy + rr * Math.sin(a)).toFixed(1)}`);
  }
  return [
    ["polygon", { points: pts.join(" ") }],
    ["circle", { cx, cy, r: hole }],
  ];
}

// Each icon is built once per kind and size, then cloned: a board draws a few hundred of them.
const made = new Map();

function draw(parts, cls, size) {
  if (!parts) return null;
  const key = `${cls}/${size}`;
  if (!made.has(key)) made.set(key, build(parts, cls, size));
  return made.get(key).cloneNode(true);
}

function build(parts, cls, size) {
  return s(
    "svg",
    {
      viewBox: "0 0 20 20",
      width: size,
      height: size,
      class: `icon ${cls}`,
      "aria-hidden": "true",
      focusable: "false",
    },
    parts.map(([tag, attrs]) =>
      s(tag, attrs.fill === "currentColor" || attrs.stroke === "#fff8" ? attrs : { ...stroke, ...attrs }),
    ),
  );
}

export const propIcon = (id, size = 16) => draw(PROPS[id], `ic-prop ic-${id}`, size);
export const charIcon = (kind, size = 16) => draw(CHARACTERS[kind], `ic-char ic-${kind}`, size);
export const schoolIcon = (school, size = 14) => draw(SCHOOLS[school], `ic-school s-${school}`, size);
export const yieldIcon = (kind, size = 12) => draw(YIELDS[kind], `ic-yield ic-${kind}`, size);

/** The ids drawn, for the tests: every prop, character and school of the packs has an icon. */
export const ICONS = { props: Object.keys(PROPS), characters: Object.keys(CHARACTERS), schools: Object.keys(SCHOOLS) };
