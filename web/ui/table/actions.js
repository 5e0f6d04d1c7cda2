// The legal moves beside the board: a button each (a filter for long lists), a warned move
// asking first, and what the list says while others decide or once the game is over.

import { askInPlace } from "../board.js";
import { h, clear, markOurs } from "../dom.js";
import { joinNames } from "../i18n.js";
import { isYou } from "../seats.js";
import { endingSummary } from "./ending.js";
import { turnText } from "./turn.js";

// Some decisions have hundreds of choices (the Oracle companion's physical throw: about a
// thousand); a button each would cost more to draw than the rest of the table, so long lists
// show a filter and the first matches.
const ACTION_BUTTON_LIMIT = 60;

function actionButton(ctx, a) {
  return h(
    "button",
    {
      type: "button",
      class: "action",
      testid: `action-${a.index}`,
      // (data-warning: a move the game warns about is never where a decision's focus lands)
      dataset: { index: String(a.index), action: JSON.stringify(a.action), ...(a.warning && { warning: "true" }) },
      onclick: (e) => (a.warning ? askFirst(ctx, a, e.currentTarget) : ctx.on.act(a.action)),
    },
    // one inline box: a button lays its children out as flex items, spaced apart
    h(
      "span",
      {},
      markOurs([a.label], ctx.snap.unofficial, (en) => ctx.t("ui.name.ours", { en })),
    ),
  );
}

/** A move the game warns about (one that ends a phase or a turn with something left to do)
 *  asks first, in the list where it was chosen (board.js askInPlace). */
function askFirst(ctx, a, button) {
  const { t } = ctx;
  askInPlace(button, {
    title: t("ui.confirm.title"),
    warning: a.warning,
    yes: t("ui.confirm.yes", { what: a.label }),
    no: t("ui.confirm.no"),
    play: () => ctx.on.act(a.action),
  });
}

function foldedActions(refs, ctx) {
  const { t, snap } = ctx;
  const list = h("div", { class: "action-list-folded" });
  const note = h("p", { class: "muted", testid: "actions-count" });
  const show = (text) => {
    const words = text.toLowerCase().split(/\s+/).filter(Boolean);
    const hits = snap.legal.filter((a) => words.every((w) => a.label.toLowerCase().includes(w)));
    clear(
      list,
      hits.slice(0, ACTION_BUTTON_LIMIT).map((a) => actionButton(ctx, a)),
    );
    note.textContent = t("ui.actions.shown", {
      shown: Math.min(hits.length, ACTION_BUTTON_LIMIT),
      total: snap.legal.length,
    });
  };
  const filter = h("input", {
    type: "search",
    class: "action-filter",
    testid: "actions-filter",
    "aria-label": t("ui.actions.filter"),
    placeholder: t("ui.actions.filter"),
    oninput: (e) => show(e.target.value),
  });
  clear(refs.actions, filter, note, list);
  show("");
}

export function updateActions(refs, ctx, name, iso) {
  const { t, snap } = ctx;
  const to = snap.to_act;
  if (to.kind === "terminal") {
    clear(refs.actionsTitle, t("ui.actions.over"));
    clear(refs.actions, endingSummary(ctx, name, iso));
    return;
  }
  if (snap.legal.length) {
    const title = isYou(ctx.snap.seats, ctx.viewer)
      ? t("ui.turn.you")
      : t("ui.actions.choose", { name: name(ctx.viewer) });
    clear(refs.actionsTitle, iso(title));
    if (snap.legal.length <= ACTION_BUTTON_LIMIT) {
      clear(
        refs.actions,
        snap.legal.map((a) => actionButton(ctx, a)),
      );
    } else {
      foldedActions(refs, ctx);
    }
    return;
  }
  clear(
    refs.actionsTitle,
    iso(
      to.kind === "players"
        ? t("ui.actions.waiting", { names: joinNames(to.seats.map(name), t) })
        : turnText(snap, t, name),
    ),
  );
  clear(refs.actions, h("p", { class: "muted waiting" }, h("span", { class: "dots", "aria-hidden": "true" }, "• • •")));
}
