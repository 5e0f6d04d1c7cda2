"""The rules at hand: a short reference per game, in our own words, EN/RU/FR (issue #34).

One file per game (``<game>.json`` beside this module, serving the game ids it lists: the solo
tables read their base game's): its sections in the rulebook's order,
each with an id, a title and its paragraphs in every language; ``refusals`` maps an error
code's dotted prefix (``trickerion.market``) to the section that explains it, ``rules`` maps a
numbered rule a refusal names in its ``rule`` parameter (The Magnificent's ``R33``) to one, and
``places`` maps a board location to its section (the location's "?" on the board), and
``terms`` explains the game terms a newcomer meets in move labels and the log (the page
underlines them: hover or tap shows the explanation and links its section). A refusal
finds its section by its rule first, then by the longest prefix of its code: a new code in a
known namespace needs no new entry, and a test fails for one in a namespace the file lacks.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

import msgspec

from engine.core.presenter import presenter_of

LANGS = ("en", "ru", "fr")


class Section(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    id: str
    title: dict[str, str]  # lang -> title
    text: dict[str, list[str]]  # lang -> paragraphs


class Term(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A game term explained. Its names are the forms the engine itself writes, so that the page
    underlines exactly what a label or log line shows: a catalogue ``noun`` (every plural and
    case form), a ``kind`` and ``value`` of ``Presenter.term_name`` (with the case forms of
    ``Presenter.term_form`` the catalogue asks for), and ``also``: words the catalogue's templates
    write out (a test checks each one appears in them)."""

    id: str
    section: str  # the rules reference section the explanation links to
    text: dict[str, str]  # lang -> one or two sentences
    noun: str | None = None
    kind: str | None = None
    value: str | None = None
    also: dict[str, list[str]] = {}  # lang -> literal forms, the dictionary form first
    # lang -> the heading where the forms shown lack the dictionary form (genitive only)
    name: dict[str, str] = {}


class Reference(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    games: tuple[str, ...]  # the game ids (registry) this reference serves
    source: str  # the rulebook the sections follow
    sections: tuple[Section, ...]
    refusals: dict[str, str]  # error code prefix -> section id
    rules: dict[str, str] = {}  # a refusal's ``rule`` parameter -> section id
    places: dict[str, str] = {}  # board location -> section id
    terms: tuple[Term, ...] = ()
    # what labels name but no term explains (``noun.card``, ``term.action.pass``: words, not
    # rules), listed so that a test finds a new noun or term value neither explains nor lists
    plain: tuple[str, ...] = ()


class RulesRefError(Exception):
    """A reference file that does not hold together: the message says where."""


@cache
def _index() -> dict[str, str]:
    """game id -> the file (stem) of its reference."""
    out: dict[str, str] = {}
    for entry in resources.files(__package__).iterdir():
        if entry.name.endswith(".json"):
            stem = entry.name.removesuffix(".json")
            for game in _read(stem).games:
                out[game] = stem
    return out


def _read(stem: str) -> Reference:
    data = resources.files(__package__).joinpath(f"{stem}.json").read_bytes()
    return msgspec.json.decode(data, type=Reference)


def available(game: str) -> bool:
    return game in _index()


@cache
def load(game: str) -> Reference:
    """The reference serving ``game``, validated: every language present, every target a
    section."""
    stem = _index()[game]
    ref = _read(stem)
    ids = [s.id for s in ref.sections]
    if ref.games[0] != stem or len(set(ids)) != len(ids):
        raise RulesRefError(f"{stem}.json: its first game or its section ids do not hold together")
    for s in ref.sections:
        if set(s.title) != set(LANGS) or set(s.text) != set(LANGS) or not all(s.text.values()):
            raise RulesRefError(f"{stem}.json: section {s.id!r} lacks a language")
    terms = [t.id for t in ref.terms]
    if len(set(terms)) != len(terms):
        raise RulesRefError(f"{stem}.json: a term id is repeated")
    for t in ref.terms:
        if set(t.text) != set(LANGS) or not all(t.text.values()):
            raise RulesRefError(f"{stem}.json: term {t.id!r} lacks a language")
        if t.section not in ids:
            raise RulesRefError(f"{stem}.json: term {t.id!r} points to no section {t.section!r}")
        if (t.kind is None) != (t.value is None) or not (t.noun or t.kind or t.also):
            raise RulesRefError(f"{stem}.json: term {t.id!r} names no form the engine writes")
    for table in (ref.refusals, ref.rules, ref.places):
        for key, target in table.items():
            if target not in ids:
                raise RulesRefError(f"{stem}.json: {key!r} points to no section {target!r}")
    return ref


def section_of(game: str, code: str, params: dict[str, Any] | None = None) -> str | None:
    """The section explaining refusal ``code`` (with its ``params``), or None when unmapped."""
    ref = load(game)
    rule = (params or {}).get("rule")
    if isinstance(rule, str) and rule in ref.rules:
        return ref.rules[rule]
    parts = code.split(".")
    for n in range(len(parts), 0, -1):
        found = ref.refusals.get(".".join(parts[:n]))
        if found:
            return found
    return None


def localized(game: str, lang: str) -> dict[str, Any]:
    """The reference as the page shows it in ``lang`` (English for an unknown one)."""
    ref = load(game)
    lang = lang if lang in LANGS else "en"
    return {
        "sections": [
            {"id": s.id, "title": s.title[lang], "text": s.text[lang]} for s in ref.sections
        ],
        "places": dict(ref.places),
        "terms": [
            {
                "id": t.id,
                "name": term_name(game, t, lang),
                "section": t.section,
                "text": t.text[lang],
                "forms": forms,
            }
            for t in ref.terms
            if (forms := term_forms(game, t, lang))
        ],
    }


# The case forms a ``{p:kind:case}`` field may ask for (engine/core/i18n.py); a place phrase
# ("в театре", "au Théâtre") keeps only the words of the name, not its preposition.
CASES = ("acc", "gen", "dat", "ins", "def", "de", "loc", "dir")
_PLURAL_FORM = re.compile(r"\{#\s*([^{}]*?)\s*\}")


@cache
def _game(game: str) -> Any:
    from engine.core import registry

    cls = registry.get(game)
    return cls(cls.seating.fewest)


def term_name(game: str, term: Term, lang: str) -> str:
    """The term's name in its dictionary form, the heading of its explanation."""
    from engine.core.i18n import catalog, game_package

    g = _game(game)
    if lang in term.name:
        return term.name[lang]
    if term.kind is not None:
        return presenter_of(g).term_name(term.kind, term.value, lang)
    if term.noun:
        entry = catalog(game_package(g)).get(f"noun.{term.noun}", {})
        found: list[str] = _PLURAL_FORM.findall(entry.get(lang, ""))
        if found:
            return found[0]
    return term.also[lang][0] if term.also.get(lang) else term.id


def term_forms(game: str, term: Term, lang: str) -> list[str]:
    """The names of ``term`` as the engine writes them in ``lang``, longest first (the page
    matches the longest at a place): whole words, matched regardless of case (a log sentence
    capitalises its first word)."""
    from engine.core.i18n import catalog, game_package

    g = _game(game)
    forms: set[str] = set(term.also.get(lang, ()))
    if term.noun:
        entry = catalog(game_package(g)).get(f"noun.{term.noun}", {})
        for key, text in entry.items():
            if key == lang or key.startswith(f"{lang}."):
                forms.update(m for m in _PLURAL_FORM.findall(text) if m)
    if term.kind is not None:
        words = presenter_of(g)
        name = words.term_name(term.kind, term.value, lang)
        forms.add(name)
        count = len(re.split(r"[\s'’]+", name))
        for case in CASES:
            form = words.term_form(term.kind, term.value, lang, case)
            forms.add(" ".join(re.split(r"[\s'’]+", form)[-count:]))
    return sorted((f for f in forms if f.strip()), key=lambda f: (-len(f), f))
