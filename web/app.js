// Marquee's page, composed: the lobby and the table flow over the engine connection
// (app/engine.js), the bot scheduler (app/bots.js), the autosave slots (app/saves.js), the
// board renderers (app/boards.js) and the automation surface (app/automation.js, window.marquee,
// docs/automation.md), with the table (app/play.js), the review (app/review.js, opened by
// app/reviewing.js) and the lobby drawn in its screen. This
// module keeps the page's own state (`S`: language, games, which screen, the lobby's choices)
// and wires the rooms together; each of them owns its state.

import * as auto from "./app/automation.js";
import { afterEngine, announce, call, connected, early, exclusive, join, reporting } from "./app/engine.js";
import * as bots from "./app/bots.js";
import * as guide from "./app/guide.js";
import * as lastview from "./app/lastview.js";
import * as review from "./app/review.js";
import * as rules from "./app/rules.js";
import { openers } from "./app/reviewing.js";
import * as saves from "./app/saves.js";
import * as terms from "./app/explaining.js";
import {
  defaultSetup,
  initialLang,
  initialSetup,
  newGameArgs,
  randomSeed,
  rememberSetup,
  resizeSeats,
} from "./app/setup.js";
import * as table from "./app/play.js";
import { EngineError, pageError } from "./ui/bridge.js";
import { clear, h } from "./ui/dom.js";
import { useLimits } from "./ui/guard.js";
import { LANGS, makeTranslator, pick } from "./ui/i18n.js";
import { learnPanel } from "./ui/guide-panel.js";
import { renderLobby } from "./ui/lobby.js";
import * as store from "./ui/store.js";
import { drawOffline, drawTopbar } from "./ui/topbar.js";

const S = {
  lang: "en",
  t: makeTranslator({}),
  games: [],
  screen: "boot", // "lobby" | "table" | "review"
  setup: null, // the lobby's choices: {game, players, options, seats, seed, hints}
  lobbyError: null,
  strings: {}, // the translator's strings (the game's own kept with the last table: app/lastview.js)
  waking: null, // {slot, note}: the last table is drawn read-only until the engine resumes it
};
const { timings } = auto;
const errorText = (error) => auto.errorText(S.t, error);
let root, topbar, screenEl;

// --------------------------------------------------------------------------- start-up

async function loadStrings() {
  S.strings = connected() ? await call("strings", { lang: S.lang }) : (early.strings[S.lang] ?? early.strings.en);
  S.t = makeTranslator(S.strings);
}

/** The strings the page holds beyond the build's copy of the page strings (the game's own). */
function gameStrings() {
  const page = early?.strings[S.lang] ?? {};
  return Object.fromEntries(Object.entries(S.strings).filter(([code]) => !(code in page)));
}

function onEngineReady() {
  if (connected() || !window.marqueeBridge?.call) return;
  timings.engineReady = Math.round(performance.now());
  join(window.marqueeBridge);
  exclusive(async () => {
    if (S.waking) {
      await wake();
    } else if (root) {
      // the lobby is up already, drawn on the build's copy of the games and limits (what this
      // engine answers: see `lists`); the engine's strings may carry more
      await loadStrings();
      document.documentElement.dataset.lobby = "engine";
      announce();
    } else {
      await startPage();
    }
    timings.firstScreen = Math.round(performance.now());
    auto.ready(publicScreen());
  }).catch((error) => {
    console.error("marquee: the page could not start", error);
    auto.failed(error);
  });
}

document.addEventListener("marquee:engine-ready", onEngineReady);
document.addEventListener("marquee:boot-failed", (e) => auto.failed(new Error(e.detail?.summary ?? "boot failed")));
if (window.marqueeBridge?.call) onEngineReady();

/** The games and the engine's limits: the build's copy where the page has one (scripts/build.py
 *  asks the same engine sources' bridge for it, and e2e test_lobby_is_usable_before_the_engine
 *  compares it with this engine's answers), else the engine's. Asking the engine for `games`
 *  imports every game's modules (seconds on a loaded machine, docs/boot.md "Issue #32, session
 *  17"), which neither a new tab's lobby nor a resumed table needs to wait for. */
async function lists() {
  if (early) return { limits: early.version.limits, games: early.games };
  return { limits: (await call("version")).limits, games: await call("games", { lang: S.lang }) };
}

/** The lobby before the engine, when the build brought its data (run at the end of this
 *  module: drawing it needs the whole module). A reload of a tab showing a table waits for the
 *  engine instead, to resume it at once; a new tab opens the game last left unfinished, when
 *  its table was kept (app/lastview.js). */
function startEarly() {
  if (connected() || !early) return;
  const shown = store.tab.load("screen");
  const tabGame = shown === "table" ? store.tab.load("game") : null;
  if (tabGame || store.load("autosave") !== null) {
    startKept((view) => (view.id === tabGame ? saves.loadSlot(view.id) : null));
    return;
  }
  if (shown === null && startKept(leftUnfinished)) return;
  startPage().then(() => {
    if (connected()) return;
    document.documentElement.dataset.lobby = "early";
    timings.lobby = Math.round(performance.now());
  });
}

/** The autosave of a kept view whose tab was left (not one still open behind this one) while
 *  its game is still being played. */
function leftUnfinished(view) {
  const slot = view.left ? saves.loadSlot(view.id) : null;
  return slot && !slot.over ? slot : null;
}

async function startPage() {
  root = document.getElementById("app");
  root.hidden = false;
  S.lang = initialLang();
  document.documentElement.lang = S.lang;
  // A reload resumes the game this tab was showing; a new tab starts at the lobby (which lists
  // every autosaved game) unless it opened the last one's kept table.
  const legacy = saves.migrateLegacyAutosave();
  const id = store.tab.load("screen") === "table" ? store.tab.load("game") : legacy;
  const slot = id ? saves.loadSlot(id) : null;
  // The engine reads the save and the game's parts before the table can be drawn (seconds on
  // a slow device), and the boot screen is gone by now: say what is happening until then.
  const resuming = (text) => h("p", { class: "resuming", role: "status", testid: "resuming" }, text);
  const earlyWords = early && (early.strings[S.lang] ?? early.strings.en)["ui.table.resuming"];
  if (slot && earlyWords) clear(root, resuming(earlyWords));
  const { limits, games } = await lists();
  useLimits(limits);
  await loadStrings();
  S.games = games;
  S.setup = initialSetup(S.games);
  // #app is the document's <main> (index.html): a top bar and the current screen.
  clear(root, (topbar = h("header", { class: "topbar" })), (screenEl = h("div", { class: "screen-host" })));
  if (slot) {
    redrawTopbar();
    screenEl.append(resuming(S.t("ui.table.resuming")));
    try {
      await table.resume(slot);
      return;
    } catch (error) {
      S.lobbyError = S.t("ui.error.resume_failed", { reason: errorText(error) });
    }
  }
  showLobby();
}

/** The table kept when the page was last left (app/lastview.js), when `slotOf` hands over its
 *  autosave (lastview.take): that table at once, inert, under a note saying the engine is waking, until `wake`
 *  hands over to the engine's own. Whether it was drawn. */
function startKept(slotOf) {
  const kept = lastview.take(slotOf, initialLang());
  if (!kept) return false;
  const { view, slot } = kept;
  root = document.getElementById("app");
  root.hidden = false;
  S.lang = view.lang;
  document.documentElement.lang = S.lang;
  useLimits(early.version.limits);
  S.strings = { ...(early.strings[S.lang] ?? early.strings.en), ...view.strings };
  S.t = makeTranslator(S.strings);
  S.games = early.games;
  S.setup = initialSetup(S.games);
  const note = h("p", { class: "waking", role: "status", testid: "table-waking" }, S.t("ui.table.waking"));
  clear(root, (topbar = h("header", { class: "topbar" })), note, (screenEl = h("div", { class: "screen-host" })));
  topbar.inert = screenEl.inert = true;
  // a click on the inert table reaches #app: it is told why nothing happens
  root.addEventListener("click", notYet);
  S.waking = { slot, note };
  store.tab.save("game", slot.id); // (a reload while it wakes resumes it too)
  table.drawKept(slot, view);
  document.documentElement.dataset.lobby = "early"; // the loading screen: a strip at the foot
  timings.keptTable = Math.round(performance.now());
  return true;
}

function notYet() {
  if (!S.waking) return;
  S.waking.note.textContent = S.t("ui.table.waking_click");
  S.waking.note.classList.add("said");
}

/** The engine is ready: it loads the kept table's save and its own table replaces the kept one
 *  in one go (or the lobby says why it could not). */
async function wake() {
  const { slot, note } = S.waking;
  const done = () => {
    S.waking = null;
    root.removeEventListener("click", notYet);
    topbar.inert = screenEl.inert = false;
    note.remove();
    document.documentElement.dataset.lobby = "engine";
  };
  try {
    await table.resume(slot);
    done();
  } catch (error) {
    done();
    await loadStrings();
    S.lobbyError = S.t("ui.error.resume_failed", { reason: errorText(error) });
    showLobby();
  }
}

function redrawTopbar() {
  const snap = S.screen === "review" ? review.snap() : table.snap();
  const title = S.screen !== "lobby" && snap ? pick(snap.names, S.lang) : null;
  drawTopbar(topbar, {
    t: S.t,
    lang: S.lang,
    title,
    onLang: (lang) => exclusive(() => setLang(lang)).catch((error) => console.error(error)),
  });
}

async function setLang(lang) {
  if (!LANGS.some((l) => l.code === lang)) {
    throw pageError(S.t, "ui.error.bad_lang", { lang, known: LANGS.map((l) => l.code) });
  }
  S.lang = lang;
  store.save("lang", lang);
  document.documentElement.lang = lang;
  await loadStrings();
  if (S.screen === "review") {
    redrawTopbar();
    await review.relang();
  } else if (S.screen === "table" && table.snap()) {
    await table.relang();
  } else {
    showLobby();
  }
  return S.lang;
}

// the service worker holds the build, or the browser offers to install (web/offline.js)
document.addEventListener("marquee:offline", () => S.t && drawOffline(topbar, S.t));

saves.onTakenOver(() => {
  if (S.screen === "table") table.movedByOtherTab();
});

// --------------------------------------------------------------------------- lobby

function showLobby() {
  bots.stop();
  if (S.screen === "review") review.close({ back: false }).catch((error) => console.error(error));
  S.screen = "lobby";
  table.leave();
  store.tab.save("screen", "lobby");
  redrawTopbar();
  drawLobby();
  bots.flushIdle();
  return null;
}

function drawLobby() {
  const { t, lang, games, setup } = S;
  // "Learn to play" (docs/guides.md): first on the page until a game has been finished here
  const first = !guide.finishedAGame();
  const learn = learnPanel({ t, lang, games, first, onLearn: lobbyHandlers.learn });
  const saved = saves.savedGames();
  renderLobby(screenEl, {
    t,
    lang,
    games,
    setup,
    error: S.lobbyError,
    saved,
    learn,
    learnFirst: first,
    on: lobbyHandlers,
  });
}

const gameOf = (id) => S.games.find((g) => g.id === id);

function changeSetup(patch, redraw) {
  Object.assign(S.setup, patch);
  rememberSetup(S.setup);
  if (!redraw) return;
  drawLobby();
  screenEl.querySelector(`[data-testid="${redraw}"]`)?.focus();
}

const lobbyHandlers = {
  game(id) {
    S.setup = { ...defaultSetup(gameOf(id)), seed: S.setup.seed };
    S.lobbyError = null;
    changeSetup({}, `game-${id}`);
  },
  players: (n) =>
    changeSetup({ players: n, seats: resizeSeats(S.setup.seats, n, gameOf(S.setup.game)) }, "players-select"),
  option(id, value) {
    S.setup.options[id] = value;
    rememberSetup(S.setup);
  },
  seat(i, patch) {
    Object.assign(S.setup.seats[i], patch);
    rememberSetup(S.setup);
  },
  hints: (on) => changeSetup({ hints: on }),
  seed(value) {
    S.setup.seed = value;
  },
  randomSeed() {
    S.setup.seed = randomSeed();
    const input = screenEl.querySelector('[data-testid="seed-input"]');
    if (input) input.value = String(S.setup.seed);
  },
  start: reporting(
    lobbyFailed,
    afterEngine(() => exclusive(startGame)),
  ),
  learn: reporting(
    lobbyFailed,
    afterEngine((id) => exclusive(() => learn(id))),
  ),
  resume: reporting(
    lobbyFailed,
    afterEngine((id) =>
      exclusive(() => {
        const slot = saves.loadSlot(id);
        if (!slot) throw pageError(S.t, "ui.error.resume_gone");
        return table.resume(slot);
      }),
    ),
  ),
  forget(id) {
    saves.forget(id);
    S.lobbyError = null;
    drawLobby();
  },
  packFile: reporting(
    lobbyFailed,
    afterEngine(async (file) => {
      const text = await saves.readFile(S.t, file);
      const checked = await call("pack_check", { game: S.setup.game, text });
      S.lobbyError = null;
      changeSetup({ packs: { ...S.setup.packs, [checked.pack]: { ...checked, text } } }, "pack-file-input");
    }),
  ),
  packRemove(id) {
    const packs = { ...S.setup.packs };
    delete packs[id];
    changeSetup({ packs }, "pack-file-input");
  },
  loadFile: reporting(
    lobbyFailed,
    afterEngine(async (file) => {
      const text = await saves.readFile(S.t, file);
      return exclusive(() => table.loadText(text));
    }),
  ),
  review: reporting(
    lobbyFailed,
    afterEngine((id) => exclusive(() => reviewOf.slot(id))),
  ),
  reviewFile: reporting(
    lobbyFailed,
    afterEngine(async (file) => {
      const text = await saves.readFile(S.t, file);
      return exclusive(() => reviewOf.text(text));
    }),
  ),
};

// --------------------------------------------------------------------------- review

const reviewOf = openers({ t: () => S.t, screen: () => S.screen });

/** The same table again: same game, options, seats and hints, a new seed. */
function playAgain() {
  const snap = table.snap();
  const seats = snap.seats.map((s) => ({
    kind: s.kind === "bot" ? "bot" : "human",
    bot: s.bot,
    name: s.kind === "automaton" ? "" : s.name,
  }));
  // seed "": the engine draws a new one (null would take the lobby's)
  const { game, players, hints } = snap;
  // only the options the lobby offers: a table also keeps those its game fixes (the solo
  // Trickerion's dark_alley, fast_game), which startWith refuses as unknown
  const options = Object.fromEntries(Object.entries(snap.options ?? {}).filter(([id]) => offers(gameOf(game), id)));
  return startWith({ game, players, options, seats, seed: "", hints: Boolean(hints) });
}

review.attach({
  lang: () => S.lang,
  t: () => S.t,
  el: () => screenEl,
  screen: () => S.screen,
  show(screen) {
    S.screen = screen;
    S.lobbyError = null;
    guide.hide();
    redrawTopbar();
  },
  loadStrings,
  async back(from) {
    await loadStrings();
    if (from === "table" && table.snap()) table.reenter();
    else showLobby();
  },
  fork: (snap) => table.openTable(snap),
});

function lobbyFailed(error) {
  S.lobbyError = errorText(error);
  if (S.screen === "lobby") drawLobby();
  else showLobby();
  if (!(error instanceof EngineError)) console.error(error);
}

async function startGame() {
  const game = gameOf(S.setup.game);
  if (!game) throw pageError(S.t, "ui.error.no_game_chosen");
  await table.openTable(await call("new", newGameArgs(S.setup, game, S.lang)));
  return table.snap();
}

/** A guided first game: the guide's own table (seed, seats, options), hints on. */
async function learn(id) {
  const g = await call("guide", { game: id });
  const { players, options, seats } = g;
  const snap = await startWith({ game: id, players, options, seats, seed: String(g.seed), hints: true });
  guide.begin(g, snap);
  return snap;
}

/** Whether the lobby offers the option `id` for `game` (a game's fixed options are not offered). */
function offers(game, id) {
  return (game?.options ?? []).some((o) => o.id === id);
}

/** The automation's start: the lobby's choices, overridden by `setup`. */
function startWith(setup) {
  const game = gameOf(setup.game ?? S.setup.game);
  if (!game) throw pageError(S.t, "ui.error.no_game_chosen");
  // an option id the game lacks would be dropped by newGameArgs and the game started
  // without it, so a script's typo (`fast` for `fast_game`) is refused here, before the
  // lobby's choices change
  const unknown = Object.keys(setup.options ?? {}).filter((id) => !offers(game, id));
  if (unknown.length)
    throw pageError(S.t, "ui.error.unknown_options", {
      game: game.id,
      names: unknown,
      known: game.options.map((o) => o.id),
    });
  const base = game.id === S.setup.game ? S.setup : defaultSetup(game);
  const players = setup.players ?? (setup.seats ? setup.seats.length : base.players);
  S.setup = {
    game: game.id,
    players,
    options: { ...base.options, ...(setup.options ?? {}) },
    seats: resizeSeats(setup.seats ?? base.seats, players, game),
    seed: setup.seed ?? base.seed,
    hints: setup.hints ?? base.hints ?? true,
    packs: base.packs ?? {},
  };
  rememberSetup(S.setup);
  return startGame();
}

// --------------------------------------------------------------------------- automation

const publicScreen = () => (S.screen === "table" && table.covered() ? "pass" : S.screen);
const marquee = auto.automation({
  t: () => S.t,
  lang: () => S.lang,
  snap: table.snap,
  viewer: table.viewer,
  games: () => S.games,
  setup: () => S.setup,
  screen: publicScreen,
  gameId: () => (S.screen === "table" ? saves.gameId() : null),
  savedGames: saves.savedGames,
  setLang,
  start: startWith,
  hint: table.askHint,
  act: table.actAt,
  undo: table.undo,
  save: table.saveText,
  load: table.loadText,
  confirmPass: table.confirmCover,
  toLobby: showLobby,
  review: {
    open: ({ text = null, slot = null, viewer } = {}) => {
      if (text !== null) return reviewOf.text(text);
      if (slot !== null) return reviewOf.slot(slot);
      if (viewer !== undefined) throw pageError(S.t, "ui.error.no_seat"); // the table's own seat only
      return reviewOf.table();
    },
    state: review.state,
    go: review.go,
    setViewer: review.setViewer,
    analyse: review.analyse,
    cancel: review.cancel,
    verdicts: review.verdicts,
    forget: review.forget,
    fork: review.fork,
    close: review.close,
  },
  again: playAgain,
});
marquee.learn = (id) => exclusive(() => learn(id));
marquee.guide = guide.state;
table.attach({
  lang: () => S.lang,
  t: () => S.t,
  gameStrings,
  screen: () => S.screen,
  show(screen) {
    S.screen = screen;
    S.lobbyError = null;
  },
  el: () => screenEl,
  loadStrings,
  redrawTopbar,
  showLobby,
  act: marquee.act,
  again: playAgain,
  review: () => reviewOf.table(),
});
// the game on screen, played or reviewed: its terms are explained and its rules open over either
// (the reference is a dialog of its own, it needs the game, not a table)
const onScreen = () => (S.screen === "table" ? table.snap() : S.screen === "review" ? review.snap() : null);
rules.attach({ t: () => S.t, lang: () => S.lang, snap: onScreen });
// (the terms of a table kept from the last visit are asked with the live one: the save is the
// engine's first call once it is ready, not the game's rules reference)
terms.attach({ t: () => S.t, lang: () => S.lang, snap: () => (table.waking() ? null : onScreen()) });
window.marquee = marquee;
startEarly();
