// The last table this page drew, kept when the page is left (docs/boot.md, "the table before
// the engine"), so that the next start draws it at once, read-only, while the engine wakes: a
// reload of the tab, or a new tab when the game is not over. It is the snapshot the page was
// handed for the screen's seat (the engine's view filtered for that seat), never more; a
// covered hotseat table is not kept. It is trusted only for the autosave it was drawn from
// (slot id, hash and step), in the language it was drawn in and by the build that drew it; the
// engine's own snapshot of the loaded save decides after. One record in all: it is read and
// removed at start and when the page is shown again, and it gives way to an autosave that does
// not fit beside it, so it holds storage only while the page is away.

import * as store from "../ui/store.js";

const KEY = "lastview";

// the hash of every file the page names (scripts/build.py's boot manifest)
const build = (() => {
  try {
    return JSON.parse(document.getElementById("marquee-boot-manifest")?.textContent || "null")?.build ?? null;
  } catch {
    return null;
  }
})();

/** Keep `view`: {id, hash, step, lang, viewer, left, snap, chart, strings, data}. */
export function keep(view) {
  if (!build) return;
  store.put(KEY, { ...view, build });
}

/** Remove the kept view, giving its storage back (an autosave comes first): whether one was kept. */
export function drop() {
  const kept = store.keys(KEY).includes(KEY); // (without parsing it)
  store.remove(KEY);
  return kept;
}

/** The kept view and the autosave it was drawn from, `{view, slot}`, or null (none, a slot
 *  `slotOf(view)` does not hand over, another position, language or build). The record is
 *  removed either way: it is used once. */
export function take(slotOf, lang) {
  const view = store.load(KEY);
  store.remove(KEY);
  const slot = typeof view?.id === "string" ? slotOf(view) : null;
  const fits =
    slot &&
    build &&
    view.build === build &&
    view.hash === slot.hash &&
    view.step === slot.step &&
    view.lang === lang &&
    view.viewer === slot.viewer &&
    !slot.covered &&
    view.snap?.hash === slot.hash &&
    view.snap?.step === slot.step;
  return fits ? { view, slot } : null;
}

/** The engine's snapshot of the loaded save is the position the kept view showed. */
export const matches = (view, snap) =>
  snap.hash === view.hash && snap.step === view.step && snap.viewer === view.viewer;
