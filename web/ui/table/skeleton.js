// The table's skeleton, made once per table (and per language): each part takes
// { t, on, keep, refs } and keeps its live elements in refs, which the updates refill.

import { h, clear } from "../dom.js";
import { askRules } from "../rules-dialog.js";
import { logPanel } from "./log.js";
import { phoneBar } from "./phone.js";
import { turnBar } from "./turn.js";

// "watch" (the default): slow enough to follow each opponent's move as it is drawn
export const SPEEDS = [
  ["watch", 1500],
  ["slow", 1000],
  ["normal", 400],
  ["fast", 120],
  ["instant", 0],
];

export function buildTable(root, ctx) {
  const refs = {};
  const parts = { t: ctx.t, on: ctx.on, refs, keep: (name, el) => (refs[name] = el) };
  clear(
    root,
    h(
      "section",
      { class: "screen table", testid: "screen-table", "aria-label": ctx.t("ui.table.label") },
      ...banners(parts),
      turnBar(parts),
      parts.keep("main", h("div", { class: "table-main" }, boardColumn(parts), sideColumn(parts))),
      phoneBar(parts),
      passCover(parts),
    ),
  );
  return refs;
}

/** Storage, other-tab and loaded-file notices above the table. */
function banners(parts) {
  const { keep } = parts;
  return [
    keep(
      "storageBox",
      h("div", { class: "notice-banner storage-banner", testid: "storage-banner", role: "alert", hidden: true }),
    ),
    dismissible(
      parts,
      ["tabBox", "tabText"],
      { class: "notice-banner tab-banner", testid: "tab-banner", role: "alert" },
      "tab-banner-dismiss",
      () => parts.on.dismissTab(),
    ),
    dismissible(
      parts,
      ["loadBox", "loadText"],
      { class: "notice-banner load-notice", testid: "load-notice", role: "status" },
      "load-notice-dismiss",
      () => parts.on.dismissLoaded(),
    ),
  ];
}

/** The board, with the ending's panel above it. */
function boardColumn({ t, keep }) {
  return h(
    "div",
    { class: "board-column" },
    keep(
      "over",
      h("section", {
        class: "panel game-over",
        testid: "game-over",
        hidden: true,
        "aria-labelledby": "over-title",
      }),
    ),
    keep("board", h("div", { class: "board", testid: "board", "aria-label": t("ui.table.board") })),
  );
}

/** Beside the board: errors, the moves with hint and bot speed, the tools, the log. */
function sideColumn(parts) {
  const { t } = parts;
  return h(
    "aside",
    { class: "side-column" },
    errorBanner(parts),
    actionsPanel(parts),
    toolbar(parts),
    h("p", { id: "save-note", class: "save-note", testid: "save-note" }, t("ui.table.save_note")),
    logPanel(parts),
  );
}

/** A refused move's reason, until dismissed, with a link to the rule that refuses it. */
function errorBanner(parts) {
  const { t, keep, refs } = parts;
  const box = dismissible(
    parts,
    ["errorBox", "errorText"],
    { class: "error-banner", testid: "error-banner", role: "alert" },
    "error-dismiss",
    () => parts.on.dismiss(),
    { class: "error-banner-text" },
  );
  refs.errorText.after(
    keep(
      "errorRule",
      h(
        "button",
        {
          type: "button",
          class: "link error-rule",
          testid: "error-rule",
          hidden: true,
          onclick: (e) => askRules(e.currentTarget, refs.errorRule.refusal),
        },
        `📖 ${t("ui.rules.see")}`,
      ),
    ),
  );
  return box;
}

/** A notice kept hidden until the table fills it: its text (kept as `text`) and a × button. */
function dismissible({ t, keep }, [box, text], attrs, dismissId, onDismiss, textAttrs = {}) {
  return keep(
    box,
    h(
      "div",
      { ...attrs, hidden: true },
      keep(text, h("span", textAttrs)),
      h(
        "button",
        { type: "button", class: "icon", testid: dismissId, "aria-label": t("ui.table.dismiss"), onclick: onDismiss },
        "×",
      ),
    ),
  );
}

/** The legal moves, the hint and the bots' speed. */
function actionsPanel({ t, on, keep }) {
  return h(
    "section",
    { class: "panel actions-panel", "aria-labelledby": "actions-title" },
    keep("actionsTitle", h("h2", { id: "actions-title" })),
    keep(
      "actions",
      h("div", {
        class: "action-list",
        testid: "actions",
        role: "group",
        "aria-labelledby": "actions-title",
      }),
    ),
    keep(
      "hintRow",
      h(
        "div",
        { class: "hint-row", hidden: true },
        keep(
          "hintButton",
          h(
            "button",
            {
              type: "button",
              class: "ghost",
              testid: "hint",
              "aria-controls": "hint-panel",
              onclick: () => on.hint(),
            },
            h("span", { "aria-hidden": "true" }, "? "),
            t("ui.hint.button"),
          ),
        ),
        keep(
          "hintPanel",
          h("div", {
            id: "hint-panel",
            class: "hint-panel",
            testid: "hint-panel",
            role: "status",
            hidden: true,
          }),
        ),
      ),
    ),
    keep(
      "autoRow",
      h(
        "div",
        { class: "auto-row" },
        h("label", { for: "speed-select" }, t("ui.table.speed")),
        keep(
          "speed",
          h(
            "select",
            {
              id: "speed-select",
              testid: "speed-select",
              onchange: (e) => on.speed(Number(e.target.value)),
            },
            SPEEDS.map(([name, ms]) => h("option", { value: String(ms) }, t(`ui.speed.${name}`))),
          ),
        ),
        keep(
          "skip",
          h(
            "button",
            {
              type: "button",
              class: "ghost",
              testid: "skip-bots",
              onclick: () => on.skip(),
            },
            t("ui.table.skip"),
          ),
        ),
      ),
    ),
  );
}

/** Undo (with its reason), review, save, load, back to the lobby. */
function toolbar({ t, on, keep, refs }) {
  return h(
    "div",
    { class: "toolbar", role: "toolbar", "aria-label": t("ui.table.tools") },
    // A refused Undo stays focusable (aria-disabled, not disabled) so that keyboard and
    // pointer users alike can reach the reason, shown beside it on hover and focus.
    keep(
      "undoWrap",
      h(
        "span",
        { class: "undo-wrap" },
        keep(
          "undo",
          h(
            "button",
            {
              type: "button",
              testid: "undo",
              "aria-describedby": "undo-reason",
              onclick: () => {
                if (refs.undo.getAttribute("aria-disabled") !== "true") on.undo();
              },
            },
            "↶ ",
            t("ui.table.undo"),
          ),
        ),
        keep(
          "undoReason",
          h("span", { id: "undo-reason", class: "undo-reason", role: "tooltip", testid: "undo-reason" }),
        ),
      ),
    ),
    // the game so far, move by move, as this seat saw it (web/app/review.js)
    h("button", { type: "button", testid: "review", onclick: () => on.review() }, t("ui.review.title")),
    h(
      "button",
      {
        type: "button",
        testid: "save",
        title: t("ui.table.save_note"),
        "aria-describedby": "save-note",
        onclick: () => on.save(),
      },
      t("ui.table.save"),
    ),
    h(
      "label",
      { class: "button file-button" },
      t("ui.table.load"),
      h("input", {
        type: "file",
        accept: ".json,application/json",
        class: "visually-hidden",
        testid: "load-input",
        "aria-label": t("ui.table.load"),
        onchange: (e) => {
          const f = e.target.files?.[0];
          e.target.value = "";
          if (f) on.loadFile(f);
        },
      }),
    ),
    h("button", { type: "button", testid: "to-lobby", onclick: () => on.lobby() }, t("ui.table.lobby")),
    // the rules at hand (web/app/rules.js): the game's reference, from its first section
    h(
      "button",
      { type: "button", testid: "rules-open", onclick: (e) => askRules(e.currentTarget) },
      t("ui.rules.button"),
    ),
  );
}

/** The hotseat cover: pass the device before a seat's hidden hand shows. */
function passCover({ on, keep }) {
  return keep(
    "cover",
    h(
      "div",
      {
        class: "pass-screen",
        testid: "pass-screen",
        hidden: true,
        role: "dialog",
        "aria-modal": "true",
        "aria-labelledby": "pass-title",
      },
      h(
        "div",
        { class: "pass-card" },
        h("p", { class: "pass-icon", "aria-hidden": "true" }, "🂠"),
        keep("coverTitle", h("h2", { id: "pass-title" })),
        keep("coverText", h("p", { class: "pass-text" })),
        keep(
          "coverButton",
          h("button", {
            type: "button",
            class: "primary big",
            testid: "pass-confirm",
            onclick: () => on.confirm(),
          }),
        ),
      ),
    ),
  );
}
