// The top bar: the brand, the game's (or the lobby's) title and the language picker.

import { clear, h } from "./dom.js";
import { LANGS } from "./i18n.js";

/** Draw into `topbar`; `onLang(code)` runs when another language is picked. */
export function drawTopbar(topbar, { t, lang, title, onLang }) {
  clear(
    topbar,
    h(
      "div",
      { class: "brand", "aria-label": "Marquee" },
      h("span", { class: "brand-lights", "aria-hidden": "true" }),
      h("span", { class: "brand-name" }, "Marquee"),
    ),
    h("p", { class: "topbar-game", testid: "game-title" }, title ?? t("ui.lobby.title")),
    h(
      "label",
      { class: "lang-picker" },
      h("span", { class: "lang-label" }, t("ui.lang.label")),
      h(
        "select",
        { testid: "lang-select", "aria-label": t("ui.lang.label"), onchange: (e) => onLang(e.target.value) },
        LANGS.map((l) => h("option", { value: l.code, lang: l.code, selected: l.code === lang }, l.name)),
      ),
    ),
  );
  document.title = title ? `${title} · Marquee` : "Marquee";
}
