// The guide's drawing (docs/guides.md): the step's panel, the mark on its one target, and the
// lobby's "Learn to play". The mark is a stylesheet keyed on the move's index
// (`[data-moves~="i"]` on the board, `[data-index="i"]` in the move list), so it survives every
// redraw and morph of a board without a hook in any renderer.

import { clear, h } from "./dom.js";
import { pick } from "./i18n.js";

const PANEL_ID = "guide-panel";
const MARK_ID = "guide-mark";

/** Mark legal move `index` on the board and in the move list (null: no mark). */
export function markMove(index) {
  let style = document.getElementById(MARK_ID);
  if (index === null) {
    style?.remove();
    return;
  }
  if (!style) style = document.head.appendChild(h("style", { id: MARK_ID }));
  const board = `.board [data-moves~="${index}"]`;
  const listed = `[data-testid="actions"] [data-index="${index}"]`;
  // a board target offering several moves opens a panel of choices (ui/board.js): its button
  const choice = `.board button[data-index="${index}"]`;
  style.textContent =
    `${board}, ${listed}, ${choice} { outline: 3px solid var(--guide-mark) !important; outline-offset: 2px !important; ` +
    "animation: guide-pulse 1.6s ease-in-out infinite; }\n" +
    `${board} > rect, ${board} > circle, ${board} > path, ${board} > line ` +
    "{ stroke: var(--guide-mark) !important; stroke-width: 4 !important; }\n" +
    `g${board} { outline: none !important; }`;
}

/** The element that shows move `index` best: on the board if drawn there, else its button. */
export function targetOf(index) {
  const visible = (el) => {
    const box = el.getBoundingClientRect();
    return box.width > 0 && box.height > 0;
  };
  // an open panel's choice first (it lies after its target in the document)
  const onBoard = [
    ...document.querySelectorAll(`.board button[data-index="${index}"]`),
    ...document.querySelectorAll(`.board [data-moves~="${index}"]`),
  ].filter(visible);
  return onBoard[0] ?? document.querySelector(`[data-testid="actions"] [data-index="${index}"]`);
}

/** The step's panel over the table; `view` null removes it. view: {t, n, total, text, move,
 *  refusal, last, on: {next, leave, playOn}} (move: the asked move's label, or null). */
export function drawPanel(view) {
  let panel = document.getElementById(PANEL_ID);
  if (!view) {
    panel?.remove();
    return;
  }
  const { t, on } = view;
  if (!panel) {
    panel = h("aside", { id: PANEL_ID, class: "guide-panel", testid: "guide-panel", "aria-labelledby": "guide-step" });
    document.body.append(panel);
  }
  panel.dataset.step = String(view.n);
  clear(
    panel,
    h("p", { id: "guide-step", class: "guide-step muted", testid: "guide-step" }, t("ui.guide.step", view)),
    h("p", { class: "guide-text", testid: "guide-text" }, view.text),
    view.move ? h("p", { class: "guide-move", testid: "guide-move" }, t("ui.guide.do", { move: view.move })) : null,
    h(
      "p",
      { class: "guide-refusal", testid: "guide-refusal", role: "status", hidden: !view.refusal },
      view.refusal ?? "",
    ),
    h(
      "div",
      { class: "guide-buttons" },
      view.last
        ? h(
            "button",
            { type: "button", class: "primary", testid: "guide-play-on", onclick: on.playOn },
            t("ui.guide.play_on"),
          )
        : [
            view.move
              ? null
              : h(
                  "button",
                  { type: "button", class: "primary", testid: "guide-next", onclick: on.next },
                  t("ui.guide.next"),
                ),
            h("button", { type: "button", testid: "guide-leave", onclick: on.leave }, t("ui.guide.leave")),
          ],
    ),
  );
}

/** The lobby's "Learn to play": one button per game that has a guide (none: nothing). */
export function learnPanel({ t, lang, games, first, onLearn }) {
  const guided = games.filter((g) => g.guide);
  if (!guided.length) return null;
  return h(
    "section",
    { class: `panel lobby-learn${first ? " first" : ""}`, testid: "lobby-learn", "aria-labelledby": "learn-title" },
    h("h2", { id: "learn-title" }, t("ui.guide.title")),
    h("p", { class: "muted" }, t("ui.guide.intro")),
    h(
      "div",
      { class: "learn-buttons" },
      guided.map((g) =>
        h(
          "button",
          { type: "button", class: first ? "primary" : "", testid: `learn-${g.id}`, onclick: () => onLearn(g.id) },
          t("ui.guide.start", { game: pick(g.names, lang) }),
        ),
      ),
    ),
  );
}
