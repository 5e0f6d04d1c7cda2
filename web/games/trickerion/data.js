// Trickerion's data packs (engine/games/trickerion/data/*.json), read once through the renderer
// api's `gameData()` (asynchronous: loadData before the first draw), and lookups by id with names
// in the page's language.

let packs = null;
let loading = null;

/** A Promise of the packs, asked of the engine once per page. */
export function loadData(api) {
  loading ??= api.gameData().then(
    (raw) => (packs = index(raw)),
    (error) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** The packs, once loadData has resolved. */
export function data() {
  if (!packs) throw new Error("trickerion: the data packs are not loaded yet (loadData)");
  return packs;
}

function index(raw) {
  const byId = (list) => Object.fromEntries((list ?? []).map((x) => [x.id, x]));
  const b = raw.board;
  return {
    raw,
    tricks: byId(raw.tricks.tricks),
    trickList: raw.tricks.tricks,
    props: byId(raw.props.props),
    propList: raw.props.props,
    tiers: byId(raw.props.tiers),
    cards: byId(raw.performances.cards),
    theaters: byId(raw.performances.theaters),
    clockwise: raw.performances.marker_geometry.clockwise,
    specials: byId(raw.assignments.special),
    prophecies: byId(raw.prophecies.prophecies),
    magicians: byId(raw.magicians.magicians),
    schools: byId(b.schools),
    schoolIds: b.schools.map((s) => s.id),
    locations: byId(b.locations),
    days: b.theater_days,
    characters: byId(b.characters),
    actions: byId(b.actions),
    dice: b.dice,
    levels: Object.fromEntries(b.trick_levels.map((l) => [l.level, l])),
    market: b.market,
    rounds: b.rounds,
    performance: b.performance,
  };
}

/** A pack record's name in `lang`: the official one, else the project's own translation
 *  (`name.unofficial`), else English. */
export function nameOf(rec, lang) {
  if (!rec) return "";
  const n = rec.name ?? rec;
  if (typeof n === "string") return n;
  return n[lang] || n.unofficial?.[lang] || n.en || rec.id || "";
}

/** A card text (`text`, `end_bonus_text`: {en, ru, fr}) in `lang`; a plain string is English. */
export function textOf(v, lang) {
  if (!v) return "";
  return typeof v === "string" ? v : v[lang] || v.en || "";
}

/** Whether a card text has its own version in `lang` (no "English only" note needed). */
export function hasText(v, lang) {
  return lang === "en" || (!!v && typeof v !== "string" && !!v[lang]);
}

export const cap = (s) => (s ? s.charAt(0).toUpperCase() + s.slice(1) : s);

// Board slot indices (engine/games/trickerion/catalog.py).
export const SLOT = { downtown: 0, market_row: 4, dark_alley: 8, theater: 12, workshop: 24 };
export const DAYS = ["thursday", "friday", "saturday", "sunday"];
// Dice in State.dice order: Residence 0–1, Inn 2–3, Bank 4–5.
export const DIE_AREA = ["dahlgaard_residence", "dahlgaard_residence", "inn", "inn", "bank", "bank"];
