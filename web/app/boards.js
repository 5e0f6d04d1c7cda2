// The board of the game at the table: its renderer (web/games/<id>/, loaded on first use; the
// generic view until then or when none is registered) and the api a renderer is handed.

import * as generic from "../games/generic.js";
import { connected } from "./engine.js";
import { RENDERERS } from "../games/index.js";
import { isYou, seatName } from "../ui/seats.js";

// `pending`: the game's own renderer is still loading. Its board stays empty meanwhile: the
// generic view (a data dump) flashing before the real board reads as a broken page.
let current = { id: null, mod: generic, pending: false };
const loaded = [];

// Each game's data packs as the engine last sent them, kept with the last table
// (app/lastview.js) so that its board draws before the engine is there. Per game, not the last
// sent: a renderer asks for its packs once a page, so after Trickerion, The Magnificent and
// Trickerion again the last packs sent are The Magnificent's.
const data = new Map();
export const keptData = (game) => data.get(game) ?? null;
export function keepData(game, packs) {
  if (packs) data.set(game, packs);
}

/** Called when a renderer has loaded (the table, or the review, redraws with it). */
export function onLoaded(fn) {
  loaded.push(fn);
}

export function use(id) {
  if (current.id === id) return;
  const load = RENDERERS[id];
  current = { id, mod: generic, pending: Boolean(load) };
  if (!load) return;
  const wanted = current;
  const done = (mod) => {
    if (current !== wanted) return;
    current.mod = mod;
    current.pending = false;
    for (const fn of loaded) fn();
  };
  load().then(done, (error) => {
    console.error(`marquee: the renderer for ${id} failed to load`, error);
    done(generic);
  });
}

// Every game's renderer fetched and compiled once the page is idle after the engine is ready,
// so that the first table of a game draws its own board at once.
document.addEventListener(
  "marquee:engine-ready",
  () => {
    const idle = window.requestIdleCallback ?? ((fn) => setTimeout(fn, 200));
    idle(() => {
      for (const load of Object.values(RENDERERS)) load().catch(() => {});
    });
  },
  { once: true },
);

const asleep = new Error("the engine is not there yet and no game data was kept");

async function gameData(call, game) {
  const packs = await call("game_data", { game });
  keepData(game, packs);
  return packs;
}

/** Draw `snap` into `container`. `page`: {viewer, lang, t, hint, call, act, review} of the
 *  table, or of the review (`review`: a past position, where nothing is asked about a move). */
export function renderBoard(container, snap, page) {
  if (current.pending) {
    container.replaceChildren(); // its renderer draws it in a moment (onLoaded)
    return;
  }
  const { viewer, lang, t, hint, call } = page;
  // Questions to the engine answer with Promises: renderers never rely on a synchronous engine.
  const ask = (fn) => Promise.resolve().then(fn);
  const api = {
    lang,
    t,
    viewer,
    // isolated (FSI…PDI) so that the board's own sentences keep their order around it
    seatName: (i) => `\u2068${seatName(snap.seats, i, t)}\u2069`,
    // the person at this screen, whom the board's own sentences address ("Your area")
    isYou: (i) => isYou(snap.seats, i),
    why: (action) =>
      ask(() => (viewer === null || page.review || !connected() ? null : call("why", { seat: viewer, action, lang }))),
    gameData: () =>
      ask(() => (connected() ? gameData(call, snap.game) : (keptData(snap.game) ?? Promise.reject(asleep)))),
    // a refused move shows in the error banner, as from the buttons, and still rejects
    act: page.act,
    generic: generic.renderValue,
    // the actions of the hint on screen for this position, best first (a board may mark them)
    hints:
      hint && !hint.pending && hint.step === snap.step && hint.viewer === viewer ? hint.moves.map((m) => m.action) : [],
  };
  try {
    current.mod.render(container, snap, api);
  } catch (error) {
    console.error(`marquee: the renderer for ${snap.game} failed; showing the generic view`, error);
    generic.render(container, snap, api);
  }
  // the position on screen (a board may be drawn a few frames after the table: the guide waits for it)
  container.dataset.drawn = String(snap.step);
}
