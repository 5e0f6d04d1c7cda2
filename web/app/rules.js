// The rules at hand, opened: the table's "Rules" button, a location's "?", a refused move on
// the board or in the error banner all dispatch ui/rules-dialog.js's event; this room asks the engine
// for the game's reference in the page's language (and, for a refusal, the section of its
// rule) and shows the dialog at that section.

import { pick } from "../ui/i18n.js";
import { RULES_EVENT, rulesDialog } from "../ui/rules-dialog.js";
import { call } from "./engine.js";

let host; // {t(), lang(), snap()}
let shown = null; // the dialog on screen

export function attach(page) {
  host = page;
  document.addEventListener(RULES_EVENT, (e) => {
    open(e.detail ?? {}).catch((error) => console.error("marquee: the rules could not open", error));
  });
}

/** The section the engine opens refusal `error` ({code, params}) at in the game on screen, or
 *  null (no game, or a code no section explains: the page offers no link then). */
export async function sectionOf(error) {
  const snap = host.snap();
  if (!snap || !error?.code) return null;
  const ref = await call("rules", { game: snap.game, lang: host.lang(), code: error.code, params: error.params ?? {} });
  return ref.at;
}

/** Show the reference of the game on screen at {place} (a board location), {code, params}
 *  (a refusal), {section} (a term's) or its first section. */
export async function open({ place = null, code = null, params = null, section = null } = {}) {
  const snap = host.snap();
  if (!snap) return;
  const lang = host.lang();
  const ref = await call("rules", { game: snap.game, lang, code, params });
  const at = section ?? (place ? ref.places[place] : ref.at);
  shown?.close();
  const t = host.t();
  const { dialog, reveal } = rulesDialog({
    t,
    ref: { ...ref, title: `${pick(snap.names, lang)} — ${t("ui.rules.title")}` },
    at,
    onClose: () => {
      dialog.remove();
      if (shown === dialog) shown = null;
    },
  });
  document.body.append(dialog);
  shown = dialog;
  dialog.showModal();
  reveal();
}
