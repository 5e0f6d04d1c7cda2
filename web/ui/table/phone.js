// The phone's bar at the bottom of the window: what to decide, Undo, Hint and the way to the
// move list, which a phone would otherwise have to scroll several screens for.

import { h, clear } from "../dom.js";
import { whyLine } from "../hintwhy.js";

/** On a phone the board fills several screens: what to decide, Undo and Hint stay at the
 * bottom of the window (shown by app.css at phone widths only). */
export function phoneBar({ t, on, keep, refs }) {
  return keep(
    "phoneBar",
    h(
      "div",
      { class: "phone-bar", testid: "phone-bar", role: "region", "aria-label": t("ui.table.phone_bar") },
      keep("phonePrompt", h("p", { class: "phone-prompt", testid: "phone-prompt" })),
      keep("phoneHintText", h("p", { class: "phone-hint", testid: "phone-hint-text", hidden: true })),
      h(
        "div",
        { class: "phone-tools" },
        keep(
          "phoneUndo",
          h(
            "button",
            { type: "button", testid: "phone-undo", onclick: () => refs.undo.click() },
            "↶ ",
            t("ui.table.undo"),
          ),
        ),
        keep(
          "phoneHint",
          h("button", { type: "button", testid: "phone-hint", onclick: () => on.hint() }, "? ", t("ui.hint.button")),
        ),
        h(
          "button",
          {
            type: "button",
            testid: "phone-moves",
            onclick: () => refs.actionsTitle.scrollIntoView({ block: "start" }),
          },
          t("ui.table.moves"),
          " ↓",
        ),
      ),
    ),
  );
}

/** The phone's bar: the board's own prompt where it has one (drawn on a later frame when the
 *  board waits for bots), else whose turn it is; Undo and Hint as the side panel has them, and
 *  the current hint's best move. */
export function updatePhoneBar(refs, ctx, turn, best) {
  const { t, snap } = ctx;
  const over = snap.to_act.kind === "terminal";
  refs.phoneBar.hidden = over || ctx.covered;
  refs.phoneUndo.setAttribute("aria-disabled", snap.can_undo ? "false" : "true");
  refs.phoneUndo.title = refs.undo.title;
  refs.phoneHint.hidden = refs.hintRow.hidden;
  refs.phoneHint.disabled = refs.hintButton.disabled;
  refs.phoneHintText.hidden = !best;
  clear(
    refs.phoneHintText,
    best ? t("ui.table.phone_hint", { move: best.label }) : "",
    whyLine(best, "phone-hint-why"),
  );
  const fill = () => {
    const own = refs.board.querySelector('[data-testid$="-prompt"]')?.textContent?.trim();
    clear(refs.phonePrompt, own || turn);
  };
  fill();
  cancelAnimationFrame(refs.phoneFrame);
  refs.phoneFrame = requestAnimationFrame(fill);
}
