// Autosave slots and save files. Each game has its own slot, keyed by an id made when the game
// starts or is loaded, so a second tab never writes over the first tab's game. Should two tabs
// play on from the same slot (both resumed it), the one that hears the other's write moves to
// a new slot: both games stay listed. Nothing is evicted; a full storage is reported at once.

import { pageError } from "../ui/bridge.js";
import { h } from "../ui/dom.js";
import { refuseSize } from "../ui/guard.js";
import * as store from "../ui/store.js";

const SLOT = "autosave:";
let current = null; // the table's slot id

const newGameId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");

export const gameId = () => current;

/** A new slot for the table (a new game, a loaded file, or a game another tab took over). */
export function begin() {
  current = newGameId();
  store.tab.save("game", current);
}

/** Play on in an existing slot (a resumed game). */
export function adopt(id) {
  current = id;
  store.tab.save("game", id);
}

export function loadSlot(id) {
  const slot = store.load(SLOT + id);
  return slot && typeof slot === "object" && typeof slot.text === "string" ? { ...slot, id } : null;
}

/** The autosaved games, newest first. */
export function savedGames() {
  return store
    .keys(SLOT)
    .map((key) => loadSlot(key.slice(SLOT.length)))
    .filter(Boolean)
    .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0));
}

export const forget = (id) => store.remove(SLOT + id);

/** Write the table's slot: "ok", "full" or "unavailable" (store.put). */
export const write = (record) => store.put(SLOT + current, { ...record, savedAt: Date.now() });

/** The single slot of earlier versions becomes one of the list; returns its id when the page
 *  was showing it (so that the first visit after an update still resumes the game). */
export function migrateLegacyAutosave() {
  const old = store.load("autosave");
  if (!old || typeof old.text !== "string") return null;
  const id = newGameId();
  if (store.put(SLOT + id, { ...old, savedAt: Date.now() }) !== "ok") return null;
  const wasTable = store.load("screen") === "table";
  store.remove("autosave");
  store.remove("screen");
  return wasTable ? id : null;
}

/** Call `fn` when another tab saves over the table's slot (`fn` decides whether to move). */
export function onTakenOver(fn) {
  addEventListener("storage", (event) => {
    if (!current || event.newValue === null || store.eventKey(event) !== SLOT + current) return;
    fn();
  });
}

/** A save file's text, refused unread when too large. */
export async function readFile(t, file) {
  const refused = refuseSize(file.size);
  if (refused) throw pageError(t, refused.code, { ...refused.params, name: file.name });
  try {
    return await file.text();
  } catch {
    throw pageError(t, "ui.error.read_file", { name: file.name });
  }
}

export function download(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = h("a", { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
