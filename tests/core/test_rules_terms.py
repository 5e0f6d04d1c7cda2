"""Game terms that explain themselves (issue #34): every term of a rules reference has its
explanation in EN/RU/FR, links an existing section and names only forms the engine writes, and
every noun and term value the engine's labels and log can name is explained or listed plain."""

from __future__ import annotations

import re

import pytest

from engine import rules_ref
from engine.core import registry
from engine.core.i18n import catalog, game_package
from engine.games.trickerion.catalog import LOCATIONS
from tests.core.test_rules_ref import ENGLISH, LATIN_WORD

REFS = sorted(
    {rules_ref._index()[cls.id] for cls in registry.all_games() if cls.id in rules_ref._index()}
)
# a ``{x:n:noun}`` or ``{x:kind}`` / ``{x:kind:case}`` field of a catalogue template
NOUN_FIELD = re.compile(r"\{\w+:n:(\w+)")
KIND_FIELD = re.compile(r"\{\w+:([a-z_]+)[:}]")


def _game(stem: str):
    return rules_ref._game(stem)


def _texts(stem: str, lang: str) -> list[str]:
    """Every text of the game's catalogue and the core's in ``lang`` (labels, log, page)."""
    out = []
    for package in (game_package(_game(stem)), "engine.core"):
        for entry in catalog(package).values():
            out += [text for key, text in entry.items() if key.partition(".")[0] == lang]
    return out


def _values(stem: str, kind: str) -> set[str]:
    """The values the engine names under ``kind``: the catalogue's ``term.<kind>.*`` keys, or
    for Trickerion (which names its terms from its packs) its locations and characters."""
    if stem == "trickerion":
        known = {"location": set(LOCATIONS), "character": set(_game(stem).rules.cat.characters)}
        return known[kind]
    prefix = f"term.{kind}."
    keys = catalog(game_package(_game(stem)))
    return {k.removeprefix(prefix) for k in keys if k.startswith(prefix) and k != prefix}


@pytest.mark.parametrize("stem", REFS)
def test_every_term_is_explained_in_every_language_and_links_a_section(stem):
    ref = rules_ref.load(stem)
    sections = {s.id for s in ref.sections}
    assert ref.terms, f"{stem}: no terms"
    for term in ref.terms:
        assert term.section in sections, term.id
        assert set(term.text) == set(rules_ref.LANGS), term.id
        for lang in ("ru", "fr"):
            assert term.text[lang] and term.text[lang] != term.text["en"], (term.id, lang)
        # no English left: no Latin word in Russian, none of English's small words in French
        assert not LATIN_WORD.search(term.text["ru"]), term.id
        assert not ENGLISH & set(re.findall(r"[a-z]+", term.text["fr"])), term.id
        for lang in rules_ref.LANGS:
            assert rules_ref.term_forms(stem, term, lang), (term.id, lang)
            # the popover's heading: a form the page shows, or the name given for it
            name = rules_ref.term_name(stem, term, lang)
            named = rules_ref.term_forms(stem, term, lang) + list(term.name.values())
            assert name in named, (term.id, lang, name)


@pytest.mark.parametrize("stem", REFS)
def test_a_terms_written_forms_are_the_ones_the_catalogue_shows(stem):
    """A form given by hand (``also``) is one the catalogue writes, so the page underlines a
    name a label or the log really shows; and no form belongs to two terms."""
    ref = rules_ref.load(stem)
    for lang in rules_ref.LANGS:
        texts = _texts(stem, lang)
        owner: dict[str, str] = {}
        for term in ref.terms:
            for form in term.also.get(lang, ()):
                assert any(form in text for text in texts), (term.id, lang, form)
            for form in rules_ref.term_forms(stem, term, lang):
                assert owner.setdefault(form.casefold(), term.id) == term.id, (lang, form)


@pytest.mark.parametrize("stem", REFS)
def test_every_noun_and_term_value_a_label_or_the_log_names_is_explained_or_plain(stem):
    """Derived from the catalogue: each noun its templates count (``{x:n:fame}``) and, for each
    kind of term the reference explains, each value of that kind the engine names."""
    ref = rules_ref.load(stem)
    templates = " ".join(
        text
        for code, entry in catalog(game_package(_game(stem))).items()
        if not code.startswith(("ui.", "noun.", "term."))
        for text in entry.values()
    )
    explained = {f"noun.{t.noun}" for t in ref.terms if t.noun}
    explained |= {f"term.{t.kind}.{t.value}" for t in ref.terms if t.kind}
    named = {f"noun.{n}" for n in NOUN_FIELD.findall(templates)}
    for kind in {t.kind for t in ref.terms if t.kind}:
        assert kind in KIND_FIELD.findall(templates), (stem, kind)
        named |= {f"term.{kind}.{v}" for v in _values(stem, kind)}
    missing = named - explained - set(ref.plain)
    assert not missing, f"{stem}: neither explained nor listed plain: {sorted(missing)}"
    stale = set(ref.plain) - named
    assert not stale, f"{stem}: listed plain but never named: {sorted(stale)}"


def test_the_page_gets_each_terms_forms_longest_first_with_its_text_and_section():
    shown = rules_ref.localized("trickerion", "ru")["terms"]
    fame = next(t for t in shown if t["id"] == "fame")
    # the accusative the Advertise label writes ("за 2 славы", "за 1 славу") is matched
    assert {"слава", "славы", "славу"} <= set(fame["forms"])
    assert fame["section"] == "goal" and "слав" in fame["text"]
    for t in shown:
        assert [len(f) for f in t["forms"]] == sorted((len(f) for f in t["forms"]), reverse=True)
    theater = next(t for t in shown if t["id"] == "theater")
    assert "театре" in theater["forms"] and "в театре" not in theater["forms"]
