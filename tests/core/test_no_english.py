"""A Russian or French table reads in its own language: seeded games of every game id, with
every legal action's label, every action warning, the reason a hint would give for it (issue
#34) and every log line rendered in RU and FR, and the page's own strings, hold no English
word (issue #22 item 2).

What counts as English:

- in Russian, any word in Latin letters but the symbols the editions print as they are (the
  X die face) and the names the editions keep;
- in French, a word that the English texts use (the catalogs' English templates, the packs'
  English names) and no French text does (the catalogs' French templates, the packs' French
  names, official and our own): a name left in English, or an English template shown as a
  fallback, brings words only English has ("Rabbit", "from", "the").
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources
from typing import Any

import pytest

from engine.core import Rng, registry
from engine.core.game import Game
from engine.core.i18n import action_label, catalog, game_package, page_strings, render
from engine.core.match import Match
from engine.core.presenter import presenter_of

GAMES = [
    ("trickerion", 2, {}),
    ("trickerion", 3, {"fast_game": True}),
    ("trickerion-solo", 2, {}),
    ("magnificent", 2, {"advanced": True}),
    ("magnificent-solo", 1, {}),
    ("oracle", 1, {}),
    ("oracle", 1, {"mode": "companion"}),
]
SEEDS = (3, 4)
MAX_DECISIONS = 400  # a whole game of each but the longest Trickerion ones
LABELS_PER_POSITION = 60  # the Oracle's throws list hundreds: a seeded sample of them

WORD = re.compile(r"[^\W\d_]+(?:['’][^\W\d_]+)?")
LATIN = re.compile(r"[A-Za-z]")
# Latin letters a Russian table shows as printed: die faces, the roman-numeral levels.
# The app's own name and the keys of a keyboard stay as printed too.
RU_ALLOWED = {"Marquee", "Home", "End"}
# Roman numerals, alone or with a side letter: trick levels, The Magnificent's boards ("IIIA").
RU_SYMBOL = re.compile(r"[IVX]+[AB]?")


# What a catalog template holds besides its text: fields, then selectors, then branch keys.
_FIELDS = (
    re.compile(r"\{\w+(?::[\w.]+)*\}", re.ASCII),
    re.compile(r"\{\w+\s*,\s*(?:plural|select)\s*,", re.ASCII),
    re.compile(r"(?:=\d+|\w+)\s*\{", re.ASCII),
)
# A file the text points to (docs/solo.md) is a path, not a word.
PATH = re.compile(r"\w+(?:/[\w.]+)+")


def template_text(template: str) -> str:
    for pattern in _FIELDS:
        template = pattern.sub(" ", template)
    return template


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(text)}


def _pack_names(lang: str, data: Any) -> list[str]:
    """Every name in ``lang`` in a decoded pack (``{en, ru, fr}`` records and our own
    translations under ``unofficial``)."""
    out: list[str] = []
    if isinstance(data, dict):
        if isinstance(data.get("en"), str):
            for key in ("", "unofficial"):
                src = data.get(key, {}) if key else data
                if isinstance(src, dict) and isinstance(src.get(lang), str):
                    out.append(src[lang])
        for v in data.values():
            out += _pack_names(lang, v)
    elif isinstance(data, list):
        for v in data:
            out += _pack_names(lang, v)
    return out


@cache
def _vocabulary(lang: str) -> frozenset[str]:
    words: set[str] = set()
    packages = ["engine.core"] + [game_package(cls) for cls in registry.all_games()]
    for package in packages:
        for entry in catalog(package).values():
            for key, text in entry.items():
                if key.split(".")[0] == lang:
                    words |= _words(template_text(text))
        data = resources.files(package).joinpath("data")
        if data.is_dir():
            for f in data.iterdir():
                if f.name.endswith(".json"):
                    for name in _pack_names(lang, json.loads(f.read_text(encoding="utf-8"))):
                        words |= _words(name)
    return frozenset(words)


@cache
def _english_only() -> frozenset[str]:
    return _vocabulary("en") - _vocabulary("fr")


def english_words(text: str, lang: str) -> list[str]:
    words = WORD.findall(PATH.sub(" ", text))
    if lang == "ru":
        return [
            w
            for w in words
            if LATIN.match(w) and len(w) > 1 and w not in RU_ALLOWED and not RU_SYMBOL.fullmatch(w)
        ]
    return [w for w in words if w.lower() in _english_only()]


class Reader:
    """Renders what a seat reads along one seeded random game, each text once."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.match = Match(game, seed)
        self.rng = Rng.from_seed(seed + 11)
        self.seen: set[tuple[str, str]] = set()
        self.found: dict[str, str] = {}

    def read(self, what: str, text: str, lang: str) -> None:
        if (lang, text) in self.seen:
            return
        self.seen.add((lang, text))
        bad = english_words(text, lang)
        if bad and len(self.found) < 400:
            self.found[f"{lang} {what}: {text!r}"] = ", ".join(bad)

    def position(self, seat: int, legal: list[Any]) -> None:
        game, state = self.game, self.match.state
        sample = legal
        if len(legal) > LABELS_PER_POSITION:
            sample = [legal[self.rng.below(len(legal))] for _ in range(LABELS_PER_POSITION)]
        for action in sample:
            terms = presenter_of(game).label_terms(state, action, seat)
            for lang in ("ru", "fr"):
                self.read("label", action_label(game, action, lang, terms), lang)
            presenter = game.presenter(game)
            for what, said in (
                ("warning", presenter.action_warning(state, action, seat)),
                ("reason", presenter.move_reason(state, action, seat)),
            ):
                if said:
                    for lang in ("ru", "fr"):
                        self.read(what, render(said[0], said[1], lang, game), lang)

    def run(self) -> dict[str, str]:
        game, match = self.game, self.match
        for _ in range(MAX_DECISIONS):
            to = match.to_act()
            if to.kind == "terminal":
                break
            if match.auto_step(to) is not None:
                continue
            seat = to.seats[self.rng.below(len(to.seats))]
            legal = match.legal(seat, to)
            self.position(seat, legal)
            match.act(seat, legal[self.rng.below(len(legal))])
        for viewer in [None, *range(game.players)]:
            for _, e in match.visible_events(viewer):
                for lang in ("ru", "fr"):
                    self.read(f"log {e.code}", render(e.code, e.params, lang, game), lang)
        return self.found


CASES = [
    pytest.param(gid, n, opts, id=f"{gid}-{n}p" + "".join(f"-{k}" for k in opts))
    for gid, n, opts in GAMES
]


@pytest.mark.parametrize(("game_id", "players", "options"), CASES)
def test_labels_and_log_hold_no_english(
    game_id: str, players: int, options: dict[str, Any]
) -> None:
    found: dict[str, str] = {}
    for seed in SEEDS:
        found |= Reader(registry.get(game_id)(players, options), seed).run()
    assert not found, "English words in a Russian or French table:\n" + "\n".join(
        f"{k} -> {v}" for k, v in list(found.items())[:40]
    )


@pytest.mark.parametrize("game_id", sorted({g for g, _, _ in GAMES}))
def test_page_strings_hold_no_english(game_id: str) -> None:
    cls = registry.get(game_id)
    found = {
        f"{lang} {code}: {text!r}": ", ".join(bad)
        for lang in ("ru", "fr")
        for code, text in page_strings(lang, cls(cls.seating.fewest)).items()
        if code != "ui.lang"  # the language's own code
        if (bad := english_words(template_text(text), lang))
    }
    assert not found, "\n".join(f"{k} -> {v}" for k, v in found.items())


def test_the_check_sees_an_english_name() -> None:
    """The heuristic itself: a name left in English is caught in both languages, the French
    words of a real label are not."""
    assert english_words("Освоить номер «Rabbit from the Top Hat»", "ru")
    assert english_words("Apprendre « Rabbit from the Top Hat »", "fr")
    assert not english_words("Apprendre un Tour de Magie", "fr")
    assert not english_words("Кубик: X", "ru")
