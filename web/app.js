// Marquee's page: the lobby, the table, hotseat, bots, autosave and the automation surface
// (window.marquee, documented in docs/automation.md). Plain ES modules, DOM and SVG.
//
// The engine is reached only through window.marqueeBridge (web/main.py in a worker, docs/boot.md):
// every call is asynchronous. The page keeps little state of its own (`S` below): the current
// snapshot, whose screen it is, and the lobby's setup. Everything drawn is redrawn from the
// snapshot. What changes the game (a move, a bot's step, a load, a language) runs as one
// `exclusive` piece of work: the next waits until it is done, as when the engine answered at once.

import { connect, EngineError, pageError } from "./ui/bridge.js";
import { h, clear, cleanName } from "./ui/dom.js";
import { refuseSize, refuseText, useLimits } from "./ui/guard.js";
import { LANGS, makeTranslator, pick } from "./ui/i18n.js";
import * as store from "./ui/store.js";
import { defaultBot, renderLobby } from "./ui/lobby.js";
import { buildTable, updateTable } from "./ui/table.js";
import { autoPending, chooseViewer, humanSeats, seatName, seatNames, trackGroup } from "./ui/seats.js";
import * as generic from "./games/generic.js";
import { RENDERERS } from "./games/index.js";

const S = {
  engine: null,
  lang: "en",
  t: makeTranslator({}),
  games: [],
  screen: "boot", // "lobby" | "table"
  setup: null, // the lobby's choices: {game, players, options, seats, seed}
  lobbyError: null,
  snap: null, // the bridge snapshot for `viewer`
  viewer: null, // the seat whose screen this is (null: spectator, every seat a bot)
  shown: null, // the human whose screen was last uncovered
  covered: false, // the "pass the device" screen is up (for `viewer`)
  group: null, // the simultaneous decision being followed (ui/seats.js trackGroup)
  freshFrom: 0, // log entries from this step on are new since the last update
  error: null, // the table's error banner text
  speed: 1500, // ms between automatic steps: "watch", a pace a person can follow
  skipping: false, // run automatic steps without delay until a human must act
  timer: null,
  stalledAt: null, // step at which an automatic step did not move (stop retrying)
  refs: null, // the table's elements (ui/table.js)
  gameId: null, // the table's autosave slot (localStorage "autosave:<id>")
  storageProblem: null, // why the last autosave failed (a banner until one succeeds)
  hint: null, // the last hint asked at the table: {step, viewer, pending} or {step, viewer, moves, ms}
  tabNotice: null, // another tab saved over this table's game (a banner until dismissed)
  loadNotice: null, // the table came from a file: said to everyone at it (until dismissed)
  renderer: { id: null, mod: generic },
  waiting: null, // a lobby choice waiting for the engine (afterEngine)
};
// Instant bots: steps run this long (in the engine's worker: the page stays free) between two
// redraws, each of which costs the page's thread a whole table render.
const BATCH_MS = 250;
const timings = {}; // ms since navigation start, or durations in ms
const idleWaiters = [];
const quietWaiters = [];
let root, topbar, screenEl;

// --------------------------------------------------------------------------- engine

const call = (method, args = {}) => S.engine.call(method, args);

let turn = Promise.resolve();
let busy = 0; // pieces of work started and not yet done

/** Run `fn` once the work before it is done; resolves (or rejects) as `fn` does. Never call
 *  it from inside such work: that would wait for itself. */
function exclusive(fn) {
  busy++;
  const run = turn.then(fn);
  const done = () => {
    busy--;
    flushIdle();
  };
  turn = run.then(done, done);
  return run;
}

// Lobby first (docs/boot.md): the build inlines the registry's games, the page strings and
// the engine's limits, so the lobby is drawn and usable while the engine loads; what needs
// the engine (start, continue, load) waits for it behind the progress bar.
const early = readLobbyData();
let engineJoined;
const engineArrival = new Promise((resolve) => (engineJoined = resolve));

function readLobbyData() {
  try {
    const data = JSON.parse(document.getElementById("marquee-lobby-data")?.textContent || "null");
    return data?.games && data.strings?.en && data.version ? data : null;
  } catch {
    return null;
  }
}

/** A lobby handler that first waits for the engine (only the latest choice runs). */
function afterEngine(fn) {
  return async (...args) => {
    if (!S.engine) {
      const ticket = (S.waiting = {});
      document.documentElement.dataset.lobby = "waiting";
      await engineArrival;
      if (S.waiting !== ticket) return;
      S.waiting = null;
    }
    return fn(...args);
  };
}

async function loadStrings() {
  S.t = makeTranslator(
    S.engine ? await call("strings", { lang: S.lang }) : (early.strings[S.lang] ?? early.strings.en),
  );
}

// --------------------------------------------------------------------------- start-up

let resolveReady, rejectReady;
const readyPromise = new Promise((resolve, reject) => {
  resolveReady = resolve;
  rejectReady = reject;
});
readyPromise.catch(() => {}); // a failed boot shows on the loading screen

function onEngineReady() {
  if (S.engine || !window.marqueeBridge?.call) return;
  timings.engineReady = Math.round(performance.now());
  S.engine = connect(window.marqueeBridge);
  exclusive(async () => {
    if (root) {
      // the lobby is up already: the engine's own answers replace the build's copy of them
      useLimits((await call("version")).limits);
      await loadStrings();
      S.games = await call("games", { lang: S.lang });
      document.documentElement.dataset.lobby = "engine";
      engineJoined();
    } else {
      await startPage();
    }
    timings.firstScreen = Math.round(performance.now());
    resolveReady({ screen: publicScreen() });
  }).catch((error) => {
    console.error("marquee: the page could not start", error);
    rejectReady(error);
  });
}

document.addEventListener("marquee:engine-ready", onEngineReady);
document.addEventListener("marquee:boot-failed", (e) => rejectReady(new Error(e.detail?.summary ?? "boot failed")));
if (window.marqueeBridge?.call) onEngineReady();

/** The lobby before the engine, when the build brought its data (run at the end of this
 *  module: drawing it needs the whole module). */
function startEarly() {
  if (S.engine || !early || resumesAtStart()) return;
  startPage().then(() => {
    if (S.engine) return;
    document.documentElement.dataset.lobby = "early";
    timings.lobby = Math.round(performance.now());
  });
}

/** A reload of a tab showing a table resumes it at once (that needs the engine). */
function resumesAtStart() {
  return (store.tab.load("screen") === "table" && Boolean(store.tab.load("game"))) || store.load("autosave") !== null;
}

async function startPage() {
  root = document.getElementById("app");
  root.hidden = false;
  S.lang = initialLang();
  document.documentElement.lang = S.lang;
  S.speed = store.load("speed", 1500);
  useLimits(S.engine ? (await call("version")).limits : early.version.limits);
  await loadStrings();
  S.games = S.engine ? await call("games", { lang: S.lang }) : early.games;
  S.setup = initialSetup();
  // #app is the document's <main> (index.html): a top bar and the current screen.
  clear(root, (topbar = h("header", { class: "topbar" })), (screenEl = h("div", { class: "screen-host" })));

  // A reload resumes the game this tab was showing; a new tab starts at the lobby, which
  // lists every autosaved game.
  const legacy = migrateLegacyAutosave();
  const id = store.tab.load("screen") === "table" ? store.tab.load("game") : legacy;
  const slot = id ? loadSlot(id) : null;
  if (slot) {
    try {
      await resume(slot);
      return;
    } catch (error) {
      S.lobbyError = S.t("ui.error.resume_failed", { reason: errorText(error) });
    }
  }
  showLobby();
}

function initialLang() {
  const saved = store.load("lang");
  if (LANGS.some((l) => l.code === saved)) return saved;
  for (const tag of navigator.languages ?? []) {
    const code = tag.slice(0, 2).toLowerCase();
    if (LANGS.some((l) => l.code === code)) return code;
  }
  return "en";
}

// --------------------------------------------------------------------------- top bar

function drawTopbar() {
  const t = S.t;
  const onTable = S.screen === "table" && S.snap;
  clear(
    topbar,
    h(
      "div",
      { class: "brand", "aria-label": "Marquee" },
      h("span", { class: "brand-lights", "aria-hidden": "true" }),
      h("span", { class: "brand-name" }, "Marquee"),
    ),
    h("p", { class: "topbar-game", testid: "game-title" }, onTable ? pick(S.snap.names, S.lang) : t("ui.lobby.title")),
    h(
      "label",
      { class: "lang-picker" },
      h("span", { class: "lang-label" }, t("ui.lang.label")),
      h(
        "select",
        {
          testid: "lang-select",
          "aria-label": t("ui.lang.label"),
          onchange: (e) => exclusive(() => setLang(e.target.value)).catch((error) => console.error(error)),
        },
        LANGS.map((l) => h("option", { value: l.code, lang: l.code, selected: l.code === S.lang }, l.name)),
      ),
    ),
  );
  document.title = onTable ? `${pick(S.snap.names, S.lang)} · Marquee` : "Marquee";
}

async function setLang(lang) {
  if (!LANGS.some((l) => l.code === lang)) {
    throw pageError(S.t, "ui.error.bad_lang", { lang, known: LANGS.map((l) => l.code) });
  }
  S.lang = lang;
  store.save("lang", lang);
  document.documentElement.lang = lang;
  await loadStrings();
  if (S.screen === "table" && S.snap) {
    S.snap = await call("snapshot", { viewer: S.viewer, lang });
    S.error = null;
    enterTable();
  } else {
    showLobby();
  }
}

// --------------------------------------------------------------------------- lobby

// --------------------------------------------------------------------------- autosave slots
//
// Each game has its own slot, keyed by an id made when the game starts or is loaded, so a
// second tab never writes over the first tab's game. Should two tabs play on from the same
// slot (both resumed it), the one that hears the other's write moves to a new slot: both
// games stay listed. Nothing is evicted; a full storage is reported at once.

const SLOT = "autosave:";
const newGameId = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(8)), (b) => b.toString(16).padStart(2, "0")).join("");

function loadSlot(id) {
  const slot = store.load(SLOT + id);
  return slot && typeof slot === "object" && typeof slot.text === "string" ? { ...slot, id } : null;
}

/** The autosaved games, newest first. */
function savedGames() {
  return store
    .keys(SLOT)
    .map((key) => loadSlot(key.slice(SLOT.length)))
    .filter(Boolean)
    .sort((a, b) => (b.savedAt ?? 0) - (a.savedAt ?? 0));
}

/** The single slot of earlier versions becomes one of the list; returns its id when the page
 *  was showing it (so that the first visit after an update still resumes the game). */
function migrateLegacyAutosave() {
  const old = store.load("autosave");
  if (!old || typeof old.text !== "string") return null;
  const id = newGameId();
  if (store.put(SLOT + id, { ...old, savedAt: Date.now() }) !== "ok") return null;
  const wasTable = store.load("screen") === "table";
  store.remove("autosave");
  store.remove("screen");
  return wasTable ? id : null;
}

addEventListener("storage", (event) => {
  if (S.screen !== "table" || !S.gameId || event.newValue === null) return;
  if (store.eventKey(event) !== SLOT + S.gameId) return;
  // Another tab saved over this table's game: keep both, this one under a new id.
  S.gameId = newGameId();
  store.tab.save("game", S.gameId);
  S.tabNotice = S.t("ui.autosave.other_tab");
  exclusive(async () => {
    await autosave();
    refresh();
  }).catch((error) => console.error(error));
});

// --------------------------------------------------------------------------- lobby setup

function defaultSetup(game) {
  const players = Math.min(Math.max(2, game.min_players), game.max_players);
  return {
    game: game.id,
    players,
    options: Object.fromEntries(game.options.map((o) => [o.id, o.default])),
    seats: resizeSeats([], players, game),
    seed: "", // empty: the engine draws a 64-bit seed when the game starts
    hints: true,
  };
}

function initialSetup() {
  const saved = store.load("lobby");
  const game = S.games.find((g) => g.id === saved?.game) ?? S.games[0];
  if (!game) return { game: null, players: 0, options: {}, seats: [], seed: "" };
  const setup = defaultSetup(game);
  if (saved?.game === game.id) {
    if (saved.players >= game.min_players && saved.players <= game.max_players) setup.players = saved.players;
    for (const o of game.options) if (o.id in (saved.options ?? {})) setup.options[o.id] = saved.options[o.id];
    setup.seats = resizeSeats(saved.seats ?? [], setup.players, game);
    if (typeof saved.hints === "boolean") setup.hints = saved.hints;
  }
  return setup;
}

function resizeSeats(seats, n, game) {
  const bot = defaultBot(game);
  const out = seats.slice(0, n).map((s) => ({
    kind: s.kind === "bot" ? "bot" : "human",
    bot: s.bot ?? bot,
    name: cleanName(s.name),
  }));
  while (out.length < n) out.push(out.length === 0 ? { kind: "human", bot, name: "" } : { kind: "bot", bot, name: "" });
  return out;
}

/** 64 random bits as a decimal string (a JS number would round it). */
function randomSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}

function rememberSetup() {
  const { game, players, options, seats, hints } = S.setup;
  store.save("lobby", { game, players, options, seats, hints });
}

function showLobby() {
  stopAuto();
  S.screen = "lobby";
  S.refs = null;
  store.tab.save("screen", "lobby");
  drawTopbar();
  drawLobby();
  flushIdle();
}

function drawLobby() {
  renderLobby(screenEl, {
    t: S.t,
    lang: S.lang,
    games: S.games,
    setup: S.setup,
    error: S.lobbyError,
    saved: savedGames(),
    on: lobbyHandlers,
  });
}

const lobbyHandlers = {
  game(id) {
    const game = S.games.find((g) => g.id === id);
    S.setup = { ...defaultSetup(game), seed: S.setup.seed };
    S.lobbyError = null;
    rememberSetup();
    drawLobby();
    screenEl.querySelector(`[data-testid="game-${id}"]`)?.focus();
  },
  players(n) {
    S.setup.players = n;
    S.setup.seats = resizeSeats(
      S.setup.seats,
      n,
      S.games.find((g) => g.id === S.setup.game),
    );
    rememberSetup();
    drawLobby();
    screenEl.querySelector('[data-testid="players-select"]')?.focus();
  },
  option(id, value) {
    S.setup.options[id] = value;
    rememberSetup();
  },
  seat(i, patch) {
    Object.assign(S.setup.seats[i], patch);
    rememberSetup();
  },
  hints(on) {
    S.setup.hints = on;
    rememberSetup();
  },
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
  resume: reporting(
    lobbyFailed,
    afterEngine((id) =>
      exclusive(() => {
        const slot = loadSlot(id);
        if (!slot) throw pageError(S.t, "ui.error.resume_gone");
        return resume(slot);
      }),
    ),
  ),
  forget(id) {
    store.remove(SLOT + id);
    S.lobbyError = null;
    drawLobby();
  },
  loadFile: reporting(
    lobbyFailed,
    afterEngine(async (file) => {
      const text = await readFile(file);
      return exclusive(() => loadText(text));
    }),
  ),
};

/** An event handler that runs `fn` and hands any error to `onError` to show. */
function reporting(onError, fn) {
  return async (...args) => {
    try {
      await fn(...args);
    } catch (error) {
      onError(error);
    }
  };
}

function lobbyFailed(error) {
  S.lobbyError = errorText(error);
  if (S.screen === "lobby") drawLobby();
  else showLobby();
  if (!(error instanceof EngineError)) console.error(error);
}

/** The lobby's seed for the engine: null (the engine draws one from the 64-bit range), a
 *  number, or the digits as text when a JS number would round them (the bridge takes both);
 *  anything else as typed, for the engine to refuse with its own message. */
function parseSeed(value) {
  if (value === null || value === undefined) return null;
  if (typeof value === "number") return value;
  const text = String(value).trim();
  if (text === "") return null;
  if (!/^\d+$/.test(text)) return text;
  return BigInt(text) <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(text) : text;
}

async function startGame() {
  const game = S.games.find((g) => g.id === S.setup.game);
  if (!game) throw pageError(S.t, "ui.error.no_game_chosen");
  const snap = await call("new", {
    game: game.id,
    players: S.setup.players,
    options: Object.fromEntries(game.options.map((o) => [o.id, S.setup.options[o.id] ?? o.default])),
    seed: parseSeed(S.setup.seed),
    seats: S.setup.seats.map((s) => ({ kind: s.kind, bot: s.bot, name: cleanName(s.name).trim() })),
    hints: S.setup.hints !== false,
    viewer: null,
    lang: S.lang,
  });
  await openTable(snap);
  return S.snap;
}

// --------------------------------------------------------------------------- table

/** A new table (a new game or a loaded file) replaces whatever was on screen. */
async function openTable(snap) {
  stopAuto();
  S.gameId = newGameId();
  store.tab.save("game", S.gameId);
  S.tabNotice = null;
  // A file may hold any earlier position of a game: loading one is announced to the table.
  S.loadNotice = snap.loaded ? S.t("ui.table.loaded", { step: snap.loaded.steps }) : null;
  S.lobbyError = null;
  S.error = null;
  S.stalledAt = null;
  S.refs = null;
  await loadStrings(); // the game's own ui.* strings join the page's
  await settle(snap, { fresh: true });
  S.screen = "table"; // (only now: marquee.screen() says "table" once there is a snapshot)
  enterTable();
}

async function resume(auto) {
  const refused = refuseText(auto.text);
  if (refused) throw pageError(S.t, refused.code, refused.params);
  const snap = await call("load", { text: auto.text, viewer: auto.viewer, lang: S.lang });
  if (snap.hash !== auto.hash) throw pageError(S.t, "ui.error.resume_mismatch");
  stopAuto();
  Object.assign(S, {
    snap,
    viewer: auto.viewer,
    shown: auto.shown,
    covered: auto.covered,
    group: auto.group,
    freshFrom: snap.step,
    error: null,
    lobbyError: null,
    stalledAt: null,
    screen: "table",
    refs: null,
    gameId: auto.id,
    tabNotice: null,
    loadNotice: null,
  });
  store.tab.save("game", auto.id);
  await loadStrings();
  enterTable();
}

function enterTable() {
  store.tab.save("screen", "table");
  drawTopbar();
  S.refs = buildTable(screenEl, tableCtx());
  loadRenderer(S.snap.game);
  refresh();
}

function tableCtx() {
  return {
    t: S.t,
    snap: S.snap,
    viewer: S.viewer,
    covered: S.covered,
    coverFor: S.viewer,
    secret: Boolean(S.group?.group),
    error: S.error,
    storageProblem: S.storageProblem,
    tabNotice: S.tabNotice,
    loadNotice: S.loadNotice,
    speed: S.speed,
    autoPending: S.snap ? autoPending(S.snap) : false,
    freshFrom: S.freshFrom,
    hint: S.hint?.lang === S.lang ? S.hint : null, // labels in another language: ask again
    renderBoard,
    on: tableHandlers,
  };
}

function refresh() {
  if (S.screen !== "table" || !S.refs) return;
  const started = performance.now();
  updateTable(S.refs, tableCtx());
  timings.render = Math.round((performance.now() - started) * 10) / 10;
  schedule();
}

/** Take a snapshot as the table's new position: pick whose screen it is, decide whether the
 *  device must change hands first, autosave, redraw, and let bots move. */
async function settle(snap, { fresh = false, draw = true, save = true } = {}) {
  const before = fresh ? null : S.snap;
  const next = chooseViewer(snap, fresh ? null : S.viewer);
  if (snap.viewer !== next) snap = await call("snapshot", { viewer: next, lang: S.lang });
  S.group = trackGroup(fresh ? null : S.group, snap);
  if (fresh) {
    S.shown = null;
    S.covered = false;
  }
  if (next === null || humanSeats(snap.seats).length < 2) {
    S.covered = false;
    S.shown = next;
  } else if (!S.covered && next !== S.shown) {
    // Hotseat: a different human takes over. Cover the table first when they are about to
    // make a secret choice (a simultaneous decision), or when their view differs from what
    // the screen last showed (hidden information).
    let hide = S.group.group !== null;
    if (!hide) {
      const other = (await call("snapshot", { viewer: S.shown, lang: S.lang })).view;
      hide = JSON.stringify(other) !== JSON.stringify(snap.view);
    }
    if (hide) S.covered = true;
    else S.shown = next;
  }
  S.freshFrom = before ? before.step : snap.step;
  S.snap = snap;
  S.viewer = next;
  if (save) await autosave();
  if (draw) refresh();
  document.dispatchEvent(
    new CustomEvent("marquee:snapshot", {
      detail: { step: snap.step, hash: snap.hash, to_act: snap.to_act, viewer: next, covered: S.covered },
    }),
  );
  return snap;
}

async function autosave() {
  const started = performance.now();
  const { text } = await call("save");
  const status = store.put(SLOT + S.gameId, {
    text,
    viewer: S.viewer,
    shown: S.shown,
    covered: S.covered,
    group: S.group,
    hash: S.snap.hash,
    game: S.snap.game,
    names: S.snap.names,
    step: S.snap.step,
    over: S.snap.to_act.kind === "terminal",
    players: seatNames(S.snap.seats, S.t),
    savedAt: Date.now(),
  });
  // told at once, and told again after every step that is not saved
  S.storageProblem = status === "ok" ? null : S.t(status === "full" ? "ui.autosave.full" : "ui.autosave.unavailable");
  timings.autosave = Math.round((performance.now() - started) * 10) / 10;
}

async function confirmCover() {
  if (!S.covered) return;
  S.covered = false;
  S.shown = S.viewer;
  await autosave();
  refresh();
  S.refs?.actions.querySelector("button")?.focus();
}

async function act(action) {
  if (S.screen !== "table" || !S.snap) throw pageError(S.t, "ui.error.no_table");
  if (S.viewer === null) throw pageError(S.t, "ui.error.no_seat");
  await confirmCover();
  const snap = await call("act", { seat: S.viewer, action, viewer: S.viewer, lang: S.lang });
  S.error = null;
  return settle(snap);
}

async function undo() {
  if (S.viewer === null) throw pageError(S.t, "ui.error.no_seat");
  const snap = await call("undo", { seat: S.viewer, viewer: S.viewer, lang: S.lang });
  S.error = null;
  S.stalledAt = null;
  return settle(snap);
}

async function saveText() {
  const started = performance.now();
  const saved = await call("save");
  timings.save = Math.round((performance.now() - started) * 10) / 10;
  return saved;
}

async function loadText(text) {
  const refused = refuseText(text); // before Python sees it: the table stays
  if (refused) throw pageError(S.t, refused.code, refused.params);
  const started = performance.now();
  const snap = await call("load", { text, viewer: null, lang: S.lang }); // throws: the table stays
  timings.load = Math.round((performance.now() - started) * 10) / 10;
  await openTable(snap);
  return S.snap;
}

async function readFile(file) {
  const refused = refuseSize(file.size); // not even read
  if (refused) throw pageError(S.t, refused.code, { ...refused.params, name: file.name });
  try {
    return await file.text();
  } catch {
    throw pageError(S.t, "ui.error.read_file", { name: file.name });
  }
}

function download(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = h("a", { href: url, download: filename, hidden: true });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

function tableFailed(error) {
  S.error = errorText(error);
  refresh();
  if (!(error instanceof EngineError)) console.error(error);
}

const tableHandlers = {
  act: reporting(tableFailed, (action) => exclusive(() => act(action))),
  undo: reporting(tableFailed, () => exclusive(undo)),
  save: reporting(tableFailed, async () => {
    const { text, filename } = await exclusive(saveText);
    download(text, filename);
  }),
  loadFile: reporting(tableFailed, async (file) => {
    const text = await readFile(file);
    return exclusive(() => loadText(text));
  }),
  lobby: () => exclusive(showLobby),
  confirm: reporting(tableFailed, () => exclusive(confirmCover)),
  dismiss() {
    S.error = null;
    refresh();
  },
  dismissTab() {
    S.tabNotice = null;
    refresh();
  },
  dismissLoaded() {
    S.loadNotice = null;
    refresh();
  },
  speed: (ms) => setSpeed(ms),
  skip() {
    S.skipping = true;
    schedule();
  },
  hint: reporting(tableFailed, () =>
    exclusive(() => {
      S.hint = { step: S.snap.step, viewer: S.viewer, lang: S.lang, pending: true };
      refresh(); // "Thinking…" while the engine's worker searches
      return askHint();
    }),
  ),
};

/** The hard bot's best moves for the seat at this screen (bridge ``hint``), timed (the search
 *  runs in the engine's worker: the page keeps answering meanwhile). */
async function askHint() {
  const { step } = S.snap;
  const viewer = S.viewer;
  const started = performance.now();
  try {
    const moves = await call("hint", { seat: viewer, lang: S.lang });
    const ms = Math.round(performance.now() - started);
    timings.hint = ms;
    console.info(`marquee: hint in ${ms} ms`);
    S.hint = { step, viewer, lang: S.lang, moves, ms };
    return S.hint;
  } catch (error) {
    S.hint = null;
    throw error;
  } finally {
    refresh();
  }
}

// --------------------------------------------------------------------------- renderers

function loadRenderer(id) {
  if (S.renderer.id === id) return;
  S.renderer = { id, mod: generic };
  const load = RENDERERS[id];
  if (!load) return;
  load().then(
    (mod) => {
      if (S.renderer.id !== id) return;
      S.renderer.mod = mod;
      refresh();
    },
    (error) => console.error(`marquee: the renderer for ${id} failed to load`, error),
  );
}

function renderBoard(container, snap) {
  const viewer = S.viewer;
  const lang = S.lang;
  // Questions to the engine answer with Promises: renderers never rely on a synchronous engine.
  const ask = (fn) => Promise.resolve().then(fn);
  const api = {
    lang,
    t: S.t,
    viewer,
    // isolated (FSI…PDI) so that the board's own sentences keep their order around it
    seatName: (i) => `\u2068${seatName(snap.seats, i, S.t)}\u2069`,
    why: (action) => ask(() => (viewer === null ? null : call("why", { seat: viewer, action, lang }))),
    gameData: () => ask(() => call("game_data", { game: snap.game })),
    // a refused move shows in the error banner, as from the buttons, and still rejects
    act: (action) =>
      marquee.act(action).catch((error) => {
        S.error = error.message;
        refresh();
        throw error;
      }),
    generic: generic.renderValue,
    // the actions of the hint on screen for this position, best first (a board may mark them)
    hints:
      S.hint && !S.hint.pending && S.hint.step === snap.step && S.hint.viewer === viewer
        ? S.hint.moves.map((m) => m.action)
        : [],
  };
  try {
    S.renderer.mod.render(container, snap, api);
  } catch (error) {
    console.error(`marquee: the renderer for ${snap.game} failed; showing the generic view`, error);
    generic.render(container, snap, api);
  }
}

// --------------------------------------------------------------------------- bots & chance

function schedule() {
  clearTimeout(S.timer);
  S.timer = null;
  const pending = S.screen === "table" && S.snap && autoPending(S.snap) && S.stalledAt !== S.snap.step;
  if (!pending) {
    S.skipping = false;
    flushIdle();
    return;
  }
  S.timer = setTimeout(autoStep, S.skipping ? 0 : S.speed);
  flushIdle(); // a bot that waits S.speed leaves the table readable meanwhile
}

const autoPendingNow = () => S.screen === "table" && S.snap && autoPending(S.snap) && S.stalledAt !== S.snap.step;

/** One automatic step; at speed 0 or while skipping, as many as fit in BATCH_MS before
 *  saving and drawing once (each step is still announced). */
function autoStep() {
  S.timer = null;
  exclusive(async () => {
    if (!autoPendingNow()) return schedule(); // the table changed while this step waited
    const batch = S.skipping || S.speed === 0;
    const started = performance.now();
    const from = S.snap.step;
    try {
      let snap;
      do {
        snap = await call("step", { viewer: S.viewer, lang: S.lang });
        if (!snap.moved) S.stalledAt = snap.step;
        await settle(snap, { draw: false, save: false });
      } while (batch && snap.moved && autoPendingNow() && performance.now() - started < BATCH_MS);
      S.freshFrom = Math.min(from, S.snap.step);
      await autosave();
      refresh();
    } catch (error) {
      S.stalledAt = S.snap.step;
      await autosave().catch(() => {}); // the steps of the batch before the failure
      tableFailed(error);
    }
  });
}

function stopAuto() {
  clearTimeout(S.timer);
  S.timer = null;
  S.skipping = false;
}

function setSpeed(ms) {
  S.speed = Math.max(0, Number(ms) || 0);
  store.save("speed", S.speed);
  if (S.timer) schedule();
}

function isIdle() {
  return !S.timer && busy === 0;
}

function flushIdle() {
  if (quiet()) while (quietWaiters.length) quietWaiters.shift()();
  if (!isIdle()) return;
  while (idleWaiters.length) idleWaiters.shift()();
}

/** No work under way and no instant automatic step waiting to run. */
function quiet() {
  return busy === 0 && !(S.timer && (S.skipping || S.speed === 0));
}

// --------------------------------------------------------------------------- automation surface

function errorText(error) {
  if (error instanceof EngineError) return error.message;
  return S.t("ui.error.internal", { method: "page", detail: String(error?.message ?? error) });
}

function errorObject(error) {
  if (error instanceof EngineError) return { ...error.error };
  return { code: "ui.error.internal", params: {}, message: errorText(error) };
}

const clone = (value) => (value === undefined ? undefined : JSON.parse(JSON.stringify(value)));

function publicScreen() {
  if (S.screen === "table" && S.covered) return "pass";
  return S.screen;
}

/** Run `fn` for the API: resolve with its result, reject with the engine's error object. */
async function guarded(fn) {
  await readyPromise;
  try {
    return clone(await exclusive(fn));
  } catch (error) {
    throw errorObject(error);
  }
}

const marquee = {
  /** Resolves once the engine is loaded and the first screen (lobby or resumed table) is drawn. */
  ready: () => readyPromise.then(() => marquee),
  /** Resolves once no work is under way (a move just clicked, a bot's step: the engine answers
   *  asynchronously) and no instant automatic step waits: what a click did is on the table. */
  settled: () =>
    new Promise((resolve) => {
      quietWaiters.push(resolve);
      flushIdle();
    }),
  /** Resolves when no automatic step (bot, chance, automaton) is pending. */
  idle: () =>
    readyPromise.then(
      () =>
        new Promise((resolve) => {
          idleWaiters.push(resolve);
          flushIdle();
        }),
    ),
  get lang() {
    return S.lang;
  },
  setLang: (lang) =>
    guarded(async () => {
      await setLang(lang);
      return S.lang;
    }),
  t: (code, params) => S.t(code, params),
  screen: publicScreen,
  games: () => clone(S.games),
  setup: () => clone(S.setup),
  start: (setup = {}) =>
    guarded(() => {
      const game = S.games.find((g) => g.id === (setup.game ?? S.setup.game));
      if (!game) throw pageError(S.t, "ui.error.no_game_chosen");
      const base = game.id === S.setup.game ? S.setup : defaultSetup(game);
      const players = setup.players ?? (setup.seats ? setup.seats.length : base.players);
      S.setup = {
        game: game.id,
        players,
        options: { ...base.options, ...(setup.options ?? {}) },
        seats: resizeSeats(setup.seats ?? base.seats, players, game),
        seed: setup.seed ?? base.seed,
        hints: setup.hints ?? base.hints ?? true,
      };
      rememberSetup();
      return startGame();
    }),
  /** The hard bot's best moves for the seat at this screen, shown as the Hint button shows
   *  them: [{index, action, label, estimate}], with the time taken in timings.hint. */
  hint: () => guarded(async () => (await askHint()).moves),
  snapshot: () => clone(S.snap),
  state: () => clone(S.snap?.view ?? null),
  legalActions: () => clone((S.snap?.legal ?? []).map((a) => a.action)),
  legal: () => clone(S.snap?.legal ?? []),
  toAct: () => clone(S.snap?.to_act ?? null),
  viewer: () => S.viewer,
  hash: () => S.snap?.hash ?? null,
  gameId: () => (S.screen === "table" ? S.gameId : null),
  savedGames: () => clone(savedGames().map(({ text, ...slot }) => slot)),
  act: (action) =>
    guarded(() => {
      if (typeof action === "number") {
        const entry = S.snap?.legal[action];
        if (!entry) throw pageError(S.t, "ui.error.no_such_action", { index: action });
        action = entry.action;
      }
      return act(action);
    }),
  undo: () => guarded(undo),
  save: () => guarded(saveText),
  load: (text) => guarded(() => loadText(text)),
  confirmPass: () =>
    guarded(async () => {
      await confirmCover();
      return S.snap;
    }),
  toLobby: () =>
    guarded(() => {
      showLobby();
      return null;
    }),
  setSpeed: (ms) => setSpeed(ms),
  skip: () => tableHandlers.skip(),
  timings,
};
window.marquee = marquee;
startEarly();
