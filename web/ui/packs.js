// The lobby's pack files: a box owner's own data pack in place of a shipped one (a game's
// `describe().packs`, e.g. the Successor's plan cards). Each file is checked by the engine when
// it is chosen (`pack_check`); the setup keeps its text for `new`, and the save carries it.

import { h } from "./dom.js";
import { pick } from "./i18n.js";

export function packsBlock({ t, lang, setup, on }, game) {
  const own = setup.packs ?? {};
  return h(
    "fieldset",
    { class: "packs-setup", testid: "packs-setup" },
    h("legend", {}, t("ui.lobby.packs")),
    h(
      "ul",
      { class: "pack-rows" },
      game.packs.map((p) => {
        const mine = own[p.id];
        return h(
          "li",
          { class: "pack-row", testid: "pack-row", dataset: { pack: p.id, own: mine ? "yes" : "no" } },
          h("span", { class: "pack-name" }, pick(p.names, lang) || p.id),
          mine
            ? [
                h(
                  "span",
                  { class: "pack-own", testid: "pack-own", title: mine.sha256 },
                  t("ui.lobby.pack_yours", { sha: mine.sha256.slice(0, 12) }),
                  mine.provisional ? [" · ", t("ui.lobby.pack_still_provisional")] : null,
                ),
                h(
                  "button",
                  { type: "button", class: "ghost small", testid: "pack-remove", onclick: () => on.packRemove(p.id) },
                  t("ui.lobby.pack_remove"),
                ),
              ]
            : h("span", { class: "pack-own" }, t("ui.lobby.pack_shipped")),
        );
      }),
    ),
    h(
      "label",
      { class: "button ghost file-button" },
      t("ui.lobby.pack_load"),
      h("input", {
        type: "file",
        accept: ".json,application/json",
        class: "visually-hidden",
        testid: "pack-file-input",
        "aria-label": t("ui.lobby.pack_load"),
        onchange: (e) => {
          const f = e.target.files?.[0];
          e.target.value = "";
          if (f) on.packFile(f);
        },
      }),
    ),
    h("p", { class: "help" }, t("ui.lobby.packs_help")),
  );
}
