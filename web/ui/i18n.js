// Page text: every string comes from the engine's message catalog (`ui.*` codes, EN/RU/FR),
// fetched with the bridge's `strings(lang)`. A missing code shows as itself, so a gap is visible.

export const LANGS = [
  { code: "en", name: "English" },
  { code: "ru", name: "Русский" },
  { code: "fr", name: "Français" },
];

const FIELD = /\{(\w+)(?::\w+)?\}/g;

export function format(template, params = {}) {
  return template.replace(FIELD, (whole, name) => {
    if (!(name in params)) return whole;
    const value = params[name];
    return Array.isArray(value) ? value.join(", ") : String(value);
  });
}

export function makeTranslator(strings) {
  const t = (code, params) => (code in strings ? format(strings[code], params) : code);
  t.has = (code) => code in strings;
  return t;
}

/** A {en, ru, fr} name in `lang`, falling back to English. */
export function pick(names, lang) {
  if (!names) return "";
  return names[lang] ?? names.en ?? Object.values(names)[0] ?? "";
}

/** Join names as a sentence: "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function joinNames(names, t) {
  if (names.length <= 1) return names.join("");
  return t("ui.list.and", { first: names.slice(0, -1).join(", "), last: names.at(-1) });
}

/** A data key as words, for keys a game has not translated: "tome_red" -> "Tome red". */
export function humanize(key) {
  const words = String(key).replace(/([a-z])([A-Z])/g, "$1 $2").replace(/[_-]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
