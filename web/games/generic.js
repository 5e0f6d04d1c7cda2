// The fallback renderer: the viewer's view as readable structured data. It works for every
// game, so a game is playable (with the action buttons) before it has a renderer of its own.
//
// Renderer contract (every web/games/<id>.js follows it; register it in web/games/index.js):
//
//   export function render(container, snapshot, api) { ... }
//
// `container` is the board area (the same element on every call: keep or replace its
// children); `snapshot` is the bridge snapshot for the current viewer (view, legal, to_act,
// seats, log, result ...); `api` gives:
//   api.lang                 "en" | "ru" | "fr"
//   api.t(code, params)      a page string (the game's own `ui.*` codes included)
//   api.seatName(i)          a seat's display name
//   api.isYou(i)             whether seat i is the person at this screen, whom the board's
//                            sentences address ("Your area"; web/ui/seats.js)
//   api.viewer               the seat the page shows (null: spectator)
//   api.act(action)          play a legal action for the viewer -> Promise<snapshot>; a refusal
//                            shows in the table's error banner and rejects with {code, message}
//   api.generic(el, value)   draw any value the way this file does (to reuse for parts)
//   api.why(action)          -> Promise of the engine's refusal {code, params, message} of
//                            `action` for the viewer now, or null when it is legal
//   api.gameData()           -> Promise of the game's data packs ({file stem: JSON})
// The engine is reached only through `api` (never window.marqueeBridge), and only
// asynchronously. Shared drawing helpers (SVG, targets, panels, tooltips, focus and scroll
// keeping, data and styles loaded before the first draw) are in web/ui/board.js. A renderer's
// stylesheet lives beside it and is linked by the module itself (loadStyles, awaited at the
// top level), so it loads only with the game and before the first draw.
//
// A game may translate the view's keys with `ui.view.<key>` codes in its messages.json.

import { h, clear } from "../ui/dom.js";
import { humanize } from "../ui/i18n.js";

const LONG = 16; // arrays longer than this start folded

const WIDE = 600; // a card whose data is longer than this (as JSON) takes a whole row
const CHIP = 24; // scalars in a list show as chips when all are at most this long

export function render(container, snapshot, api) {
  const view = snapshot.view ?? {};
  const entries = Object.entries(view);
  // The plain values (phase, round, ...) first, as one line; then a card per structure.
  const plain = entries.filter(([, v]) => isScalar(v));
  const nested = entries.filter(([, v]) => !isScalar(v));
  clear(
    container,
    h(
      "div",
      { class: "generic", testid: "generic-view" },
      h("p", { class: "generic-note" }, api.t("ui.generic.note")),
      plain.length
        ? h(
            "section",
            { class: "generic-card generic-summary" },
            h(
              "dl",
              {},
              plain.map(([k, v]) =>
                h("div", { dataset: { key: k } }, h("dt", {}, label(k, api)), h("dd", {}, scalar(v, api))),
              ),
            ),
          )
        : null,
      h(
        "div",
        { class: "generic-grid" },
        nested.map(([key, value]) =>
          h(
            "section",
            {
              class: `generic-card${JSON.stringify(value).length > WIDE ? " wide" : ""}`,
              dataset: { key },
            },
            h("h3", {}, label(key, api)),
            value_(value, api, 1),
          ),
        ),
      ),
    ),
  );
}

export function renderValue(el, value, api) {
  clear(el, value_(value, api, 1));
}

function label(key, api) {
  const code = `ui.view.${key}`;
  return api.t.has?.(code) ? api.t(code) : humanize(key);
}

function scalar(value, api) {
  if (value === null || value === undefined || value === "") return h("span", { class: "v-null" }, "—");
  if (typeof value === "boolean") {
    return h("span", { class: value ? "v-yes" : "v-no" }, api.t(value ? "ui.yes" : "ui.no"));
  }
  if (typeof value === "number") return h("span", { class: "v-num" }, String(value));
  return h("span", { class: "v-str" }, String(value));
}

const isScalar = (v) => v === null || typeof v !== "object";

function value_(value, api, depth) {
  if (isScalar(value)) return scalar(value, api);
  if (Array.isArray(value)) return list(value, api, depth);
  const entries = Object.entries(value);
  if (!entries.length) return h("span", { class: "v-null" }, "—");
  return h(
    "dl",
    { class: "v-obj" },
    entries.map(([k, v]) => [h("dt", {}, label(k, api)), h("dd", {}, value_(v, api, depth + 1))]),
  );
}

function list(items, api, depth) {
  if (!items.length) return h("span", { class: "v-null" }, api.t("ui.generic.empty"));
  let body;
  if (items.every((v) => isScalar(v) && String(v).length <= CHIP)) {
    body = h(
      "ol",
      { class: "v-chips" },
      items.map((v) => h("li", {}, scalar(v, api))),
    );
  } else if (items.every((v) => v && typeof v === "object" && !Array.isArray(v)) && uniform(items)) {
    body = table(items, api, depth);
  } else {
    body = h(
      "ol",
      { class: "v-list", start: 0 },
      items.map((v) => h("li", {}, value_(v, api, depth + 1))),
    );
  }
  if (items.length <= LONG) return body;
  return h("details", { class: "v-fold" }, h("summary", {}, api.t("ui.generic.items", { count: items.length })), body);
}

function uniform(items) {
  const keys = Object.keys(items[0]).join("\u0000");
  return items.every((v) => Object.keys(v).join("\u0000") === keys) && Object.keys(items[0]).length <= 8;
}

function table(items, api, depth) {
  const keys = Object.keys(items[0]);
  return h(
    "table",
    { class: "v-table" },
    h(
      "thead",
      {},
      h(
        "tr",
        {},
        h("th", { scope: "col" }, "#"),
        keys.map((k) => h("th", { scope: "col" }, label(k, api))),
      ),
    ),
    h(
      "tbody",
      {},
      items.map((row, i) =>
        h(
          "tr",
          {},
          h("th", { scope: "row" }, String(i)),
          keys.map((k) => h("td", {}, value_(row[k], api, depth + 1))),
        ),
      ),
    ),
  );
}
