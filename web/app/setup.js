// The lobby's choices (game, players, options, seats, seed, hints) and the language: their
// defaults, what is remembered of them between visits, and their form for the engine.

import { cleanName } from "../ui/dom.js";
import { LANGS } from "../ui/i18n.js";
import { defaultBot } from "../ui/lobby.js";
import * as store from "../ui/store.js";

export function defaultSetup(game) {
  const players = Math.min(Math.max(2, game.min_players), game.max_players);
  return {
    game: game.id,
    players,
    options: Object.fromEntries(game.options.map((o) => [o.id, o.default])),
    seats: resizeSeats([], players, game),
    seed: "", // empty: the engine draws a 64-bit seed when the game starts
    hints: true,
    packs: {}, // a box owner's pack files: pack id -> {text, sha256, provisional} (ui/packs.js)
  };
}

export function initialSetup(games) {
  const saved = store.load("lobby");
  const game = games.find((g) => g.id === saved?.game) ?? games[0];
  if (!game) return { game: null, players: 0, options: {}, seats: [], seed: "" };
  const setup = defaultSetup(game);
  if (saved?.game === game.id) {
    if (saved.players >= game.min_players && saved.players <= game.max_players) setup.players = saved.players;
    for (const o of game.options) if (o.id in (saved.options ?? {})) setup.options[o.id] = saved.options[o.id];
    setup.seats = resizeSeats(saved.seats ?? [], setup.players, game);
    if (typeof saved.hints === "boolean") setup.hints = saved.hints;
    // the engine checks them again at the start
    const known = new Set((game.packs ?? []).map((p) => p.id));
    for (const [id, p] of Object.entries(saved.packs ?? {})) if (known.has(id)) setup.packs[id] = p;
  }
  return setup;
}

export function resizeSeats(seats, n, game) {
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
export function randomSeed() {
  const [hi, lo] = crypto.getRandomValues(new Uint32Array(2));
  return ((BigInt(hi) << 32n) | BigInt(lo)).toString();
}

export function rememberSetup({ game, players, options, seats, hints, packs }) {
  store.save("lobby", { game, players, options, seats, hints, packs });
}

/** The arguments of the bridge's `new` for this setup. */
export function newGameArgs(setup, game, lang) {
  return {
    game: game.id,
    players: setup.players,
    options: Object.fromEntries(game.options.map((o) => [o.id, setup.options[o.id] ?? o.default])),
    seed: parseSeed(setup.seed),
    seats: setup.seats.map((s) => ({ kind: s.kind, bot: s.bot, name: cleanName(s.name).trim() })),
    hints: setup.hints !== false,
    packs: Object.fromEntries(Object.entries(setup.packs ?? {}).map(([id, p]) => [id, p.text])),
    viewer: null,
    lang,
  };
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

export function initialLang() {
  const saved = store.load("lang");
  if (LANGS.some((l) => l.code === saved)) return saved;
  for (const tag of navigator.languages ?? []) {
    const code = tag.slice(0, 2).toLowerCase();
    if (LANGS.some((l) => l.code === code)) return code;
  }
  return "en";
}
