// The game's log beside the board: translated, newest last, the latest steps marked.

import { h, isolateNames, markOurs } from "../dom.js";

/** The log, translated, newest last. */
export function logPanel({ t, keep }) {
  return h(
    "section",
    { class: "panel log-panel", "aria-labelledby": "log-title" },
    h("h2", { id: "log-title" }, t("ui.table.log")),
    keep(
      "log",
      // focusable: it scrolls, and a keyboard reaches its older entries only through focus
      h("ol", {
        class: "log",
        testid: "log",
        tabindex: "0",
        "aria-live": "polite",
        "aria-relevant": "additions",
      }),
    ),
  );
}

/** The log only grows between steps (undo, a load, a language or viewer change rewrite it):
 *  keep the entries that did not change and append the rest. */
export function updateLog(refs, snap, freshFrom, names, ours) {
  const log = refs.log;
  const entries = snap.log;
  const keys = entries.map((e) => `${e.step}\u0000${e.code}\u0000${e.text}\u0000${names.join("\u0000")}`);
  const old = refs.logKeys ?? [];
  let same = 0;
  while (same < old.length && same < keys.length && old[same] === keys[same]) same++;
  while (log.children.length > same) log.lastElementChild.remove();
  const added = entries.slice(same).map((e) =>
    h(
      "li",
      {
        dataset: { step: String(e.step), code: e.code },
        testid: "log-entry",
      },
      h("span", { class: "log-step" }, String(e.step + 1)),
      h("span", { class: "log-text" }, markOurs(isolateNames(e.text, names), snap.unofficial, ours)),
    ),
  );
  log.append(...added);
  refs.logKeys = keys;
  // the entries of the latest steps stand out
  for (const li of refs.freshLog ?? []) li.classList.remove("fresh");
  refs.freshLog = [];
  for (let i = entries.length - 1; i >= 0 && entries[i].step >= freshFrom; i--) {
    const li = log.children[i];
    li.classList.add("fresh");
    refs.freshLog.push(li);
  }
  if (added.length) scrollToEnd(refs);
}

/** Scroll the log to its newest entry at the next frame: reading its height now would lay out
 *  the whole table in the middle of the redraw, and the frame lays it out once anyway. */
function scrollToEnd(refs) {
  if (refs.logScroll) return;
  refs.logScroll = requestAnimationFrame(() => {
    refs.logScroll = null;
    refs.log.scrollTop = refs.log.scrollHeight;
  });
}
