// Card and icon data for tooltips and the choice panel: every field a player reads off the card.
// Tip keys: trick:<id>, special:<id>, prophecy:<id>, magician:<id>, prop:<id>, perf:<id>,
// character:<id>, location:<id>.

import { h } from "../../ui/dom.js";
import { data, nameOf, cap, textOf, hasText } from "./data.js";

/** A card's name as a node: the official name in `lang`; where the glossary has none, our own
 *  translation marked as such with the English in its tooltip, or (a pack without one) the
 *  English name in italics (one rule for every card, prop and trick). */
export function nameNode(rec, lang, w, capFirst = false) {
  const name = capFirst ? cap(nameOf(rec, lang)) : nameOf(rec, lang);
  const n = rec?.name;
  if (lang === "en" || !n || typeof n === "string" || n[lang]) return name;
  if (n.unofficial?.[lang]) return h("span", { class: "our-name", title: w("our_name", { en: n.en }) }, name);
  return h("i", { class: "en-name", lang: "en", title: w("en_name") }, name);
}

export function tipContent(key, lang, w) {
  const D = data();
  const [kind, id] = [key.slice(0, key.indexOf(":")), key.slice(key.indexOf(":") + 1)];
  const row = (label, value) => h("div", { class: "tip-row" }, h("dt", {}, label), h("dd", {}, value));
  // The "English only" note, for a card text that has no version in the page's language.
  const en = (v) => (v && !hasText(v, lang) ? h("p", { class: "tip-note" }, w("text_en")) : null);
  if (kind === "trick") {
    const t = D.tricks[id];
    if (!t) return null;
    const comps = Object.entries(t.components ?? {})
      .map(([p, n]) => `${cap(nameOf(D.props[p], lang))} ×${n}`)
      .join(", ");
    const y = t.yield ?? {};
    const yields =
      [
        y.fame ? w("n_fame", { n: y.fame }) : "",
        y.coins ? w("n_coins", { n: y.coins }) : "",
        y.shards ? w("n_shards", { n: y.shards }) : "",
      ]
        .filter(Boolean)
        .join(", ") || "—";
    return h(
      "div",
      { class: "tip" },
      h(
        "h4",
        {},
        nameNode(t, lang, w),
        " ",
        h("span", { class: `school-dot s-${t.school}` }, schoolLetter(t.school, lang)),
      ),
      h(
        "dl",
        {},
        row(w("school"), cap(nameOf(D.schools[t.school], lang))),
        row(w("level", { n: t.level }), w.lv(w("threshold"), t.fame_threshold)),
        row(w("components"), comps || "—"),
        row(w("ap"), w("prep_ap", { n: t.prepare_ap })),
        row(cap(w("markers")), String(t.markers)),
        row(w("yield"), yields),
        t.end_bonus_text ? row(w("level3"), textOf(t.end_bonus_text, lang)) : null,
      ),
      en(t.end_bonus_text),
    );
  }
  if (kind === "special") {
    const c = D.specials[id];
    if (!c) return null;
    return h(
      "div",
      { class: "tip" },
      h("h4", {}, nameNode(c, lang, w)),
      h("dl", {}, row(w("special"), nameOf(D.locations[c.location], lang)), row(w("effect"), textOf(c.text, lang))),
      en(c.text),
    );
  }
  if (kind === "prophecy") {
    const c = D.prophecies[id];
    if (!c) return null;
    return h(
      "div",
      { class: "tip" },
      h("h4", {}, `${w("prophecy_active").split(" ").pop()} ${c.bga_id ?? id}`),
      h("p", {}, textOf(c.text, lang)),
      en(c.text),
    );
  }
  if (kind === "magician") {
    const m = D.magicians[id];
    if (!m) return null;
    return h(
      "div",
      { class: "tip" },
      h("h4", {}, nameOf(m, lang)),
      h(
        "dl",
        {},
        row(w("school"), cap(nameOf(D.schools[m.school], lang))),
        row(w("ability"), w.lv(nameOf(m.ability, lang), textOf(m.ability.text, lang))),
      ),
      en(m.ability.text),
    );
  }
  if (kind === "prop") {
    const p = D.props[id];
    if (!p) return null;
    return h(
      "div",
      { class: "tip" },
      h("h4", {}, nameNode(p, lang, w, true)),
      h("dl", {}, row(cap(nameOf(D.tiers[p.tier], lang)), w("n_coins", { n: p.cost }))),
    );
  }
  if (kind === "perf") {
    const c = D.cards[id];
    if (!c) return null;
    const b = c.performer_bonus ?? {};
    const bonus =
      [
        b.fame ? w("n_fame", { n: b.fame }) : "",
        b.coins ? w("n_coins", { n: b.coins }) : "",
        b.shards ? w("n_shards", { n: b.shards }) : "",
      ]
        .filter(Boolean)
        .join(", ") || "—";
    return h(
      "div",
      { class: "tip" },
      h("h4", {}, nameOf(D.theaters[c.theater], lang)),
      h(
        "dl",
        {},
        row(w("slots"), String(c.cells.length)),
        row(w("performer_bonus"), bonus),
        row(cap(w("link")), `${c.links.length} (${c.links.filter((l) => l.shard).length} ${w("shard_link")})`),
      ),
    );
  }
  if (kind === "character") {
    const c = D.characters[id];
    if (!c) return null;
    return h("div", { class: "tip" }, h("h4", {}, cap(nameOf(c, lang))), h("dl", {}, row(w("ap"), String(c.base_ap))));
  }
  return null;
}

// One symbol per school, the same in every language (first letters collide in French:
// Mentalisme / Mécanique): an eye for Optical, a moon for Spiritual, chain links for Escape, a cog
// for Mechanical. The school's colour and name (tooltips, titles) go with it.
const SCHOOL_SYMBOL = { optical: "◉", spiritual: "☾", escape: "∞", mechanical: "⚙" };

export function schoolLetter(school) {
  return SCHOOL_SYMBOL[school] ?? "?";
}
