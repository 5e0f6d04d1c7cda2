// Page text: every string comes from the engine's message catalog (`ui.*` codes, EN/RU/FR),
// fetched with the bridge's `strings(lang)`. A missing code shows as itself, so a gap is visible.

export const LANGS = [
  { code: "en", name: "English" },
  { code: "ru", name: "Русский" },
  { code: "fr", name: "Français" },
];

// The catalog's template language (engine/core/i18n.py), as far as the page uses it: {p},
// {p:nth} (1-based), {p:n:noun} (a count with its noun's plural form from the `noun.*` strings),
// {p, plural, =0 {..} one {..} few {..} many {..} other {..}} with # for the number, and
// {p, select, key {..} other {..}}. Plural categories come from Intl.PluralRules, the same
// CLDR rules the engine applies.

function closing(text, i) {
  let depth = 0;
  for (let j = i; j < text.length; j++) {
    if (text[j] === "{") depth++;
    else if (text[j] === "}" && --depth === 0) return j;
  }
  return text.length;
}

function branches(body) {
  const out = {};
  let i = 0;
  while (i < body.length) {
    const open = body.indexOf("{", i);
    if (open < 0) break;
    const end = closing(body, open);
    out[body.slice(i, open).trim()] = body.slice(open + 1, end);
    i = end + 1;
  }
  return out;
}

function choose(table, n, lang) {
  const exact = `=${n}`;
  if (exact in table) return table[exact];
  if (Number(n) < 0 && "neg" in table) return table.neg;
  const num = typeof n === "number" ? n : Number(n);
  const cat = Number.isNaN(num) ? "other" : new Intl.PluralRules(lang).select(Math.abs(num));
  return table[cat] ?? table.other ?? "#";
}

function render(template, params, strings, lang, number) {
  let out = "";
  let i = 0;
  while (i < template.length) {
    const c = template[i];
    if (c !== "{") {
      out += c === "#" && number !== undefined ? number : c;
      i++;
      continue;
    }
    const end = closing(template, i);
    const inner = template.slice(i + 1, end);
    i = end + 1;
    const head = inner.split("{", 1)[0];
    if (head.includes(",")) {
      const [name, how] = head.split(",").map((x) => x.trim());
      const body = inner.slice(inner.indexOf(",", inner.indexOf(",") + 1) + 1);
      if (!(name in params)) {
        out += `{${name}}`;
        continue;
      }
      const value = params[name];
      const table = branches(body);
      const chosen =
        how === "select" ? (table[String(value)] ?? table.other ?? String(value)) : choose(table, value, lang);
      // As engine/core/i18n.py: the sign is dropped only where a `neg` branch words it ("loses # fame").
      const worded = Number(value) < 0 && "neg" in table;
      out += render(
        chosen,
        params,
        strings,
        lang,
        how === "plural" ? String(worded ? Math.abs(value) : value) : number,
      );
      continue;
    }
    const [name, kind, noun, kase] = inner.split(":");
    if (!(name in params)) {
      out += `{${inner}}`;
      continue;
    }
    const value = params[name];
    if (kind === "nth") out += String(Number(value) + 1);
    else if (kind === "n" && noun) {
      const forms = strings[`noun.${noun}.${kase}`] ?? strings[`noun.${noun}`];
      out += forms
        ? render(choose(branches(forms), value, lang), params, strings, lang, String(value))
        : `${value} ${noun}`;
    } else out += Array.isArray(value) ? value.join(", ") : String(value);
  }
  return out;
}

export function format(template, params = {}, strings = {}) {
  return render(template, params, strings, strings["ui.lang"] ?? "en");
}

export function makeTranslator(strings) {
  const t = (code, params) => (code in strings ? format(strings[code], params, strings) : code);
  t.has = (code) => code in strings;
  t.lang = strings["ui.lang"] ?? "en";
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

/** "label: value" in the page's language (French sets a narrow no-break space before the colon). */
export function labelled(t, label, value) {
  return t("ui.label_value", { label, value });
}

/** A data key as words, for keys a game has not translated: "tome_red" -> "Tome red". */
export function humanize(key) {
  const words = String(key)
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_-]+/g, " ")
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
