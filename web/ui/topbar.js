// The top bar: the brand, the game's (or the lobby's) title, the offline status (an Install
// button where the browser offers one, a quiet "ready offline" once the service worker holds
// the build: web/offline.js) and the language picker.

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
    h("div", { class: "topbar-offline" }),
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
  drawOffline(topbar, t);
}

/** The offline status alone, redrawn when it changes (the rest of the bar, a focused language
 *  menu included, stays as it is). */
export function drawOffline(topbar, t) {
  const slot = topbar?.querySelector(".topbar-offline");
  if (!slot) return;
  const offline = window.marqueeOffline;
  // "update": a newer build waits beside this one, which the worker still holds whole
  const held = offline?.state === "cached" || offline?.state === "update";
  const help = t("ui.offline.install_help");
  clear(
    slot,
    offline?.canInstall?.()
      ? h(
          "button",
          {
            type: "button",
            class: "ghost install-button",
            testid: "install",
            title: help,
            "aria-description": help,
            onclick: () => offline.install().catch((error) => console.error(error)),
          },
          t("ui.offline.install"),
        )
      : null,
    held
      ? h(
          "span",
          { class: "offline-ready", testid: "offline-ready", role: "status", title: t("ui.offline.ready_help") },
          t("ui.offline.ready"),
        )
      : null,
  );
}
