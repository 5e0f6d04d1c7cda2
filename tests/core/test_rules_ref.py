"""The rules reference (issue #34): every game has one, in EN/RU/FR, and every refusal the
engine can raise opens it at an existing section."""

from __future__ import annotations

import ast
import json
import re
from importlib import resources
from pathlib import Path

import msgspec
import pytest

import engine
from engine import rules_ref
from engine.core import registry
from engine.core.i18n import catalog, game_package
from engine.core.presenter import presenter_of

# the shipped games (a test module may have registered its own, e.g. test_bridge's "tiny")
GAMES = [cls.id for cls in registry.all_games() if cls.__module__.startswith("engine.games.")]
REFS = sorted({rules_ref._index()[g] for g in GAMES})
ROOT = Path(engine.__file__).parent

# namespaces of codes: "trickerion.market.stack_limit" is a refusal, "trickerion.bought" an event
REFUSAL = re.compile(r"^[a-z]+\.[a-z_]+\.[a-z_0-9.]+$")
PAGE = ("ui.", "term.", "noun.", "options.", "action.")  # labels, not refusals
NUMBERED_RULE = re.compile(r"^[RA]\d+$")
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")
# words that show English left in French prose (none of them is French)
ENGLISH = {"the", "and", "you", "your", "with", "each", "when", "their", "this", "that", "of"}


def _raised(game: str) -> tuple[set[str], set[str]]:
    """(error codes, numbered rules) the source of ``game``'s package can refuse with: first
    arguments of ``IllegalAction``/``_no`` and any catalogue code of three dotted parts
    written as a literal (codes kept in a variable before they are raised), the core's own
    refusals, and the ``rule`` names a refusal carries."""
    package = game_package(registry.get(game))
    known = set(catalog(package))
    codes: set[str] = set()
    rules: set[str] = set()
    for path in [
        *(ROOT / "games" / package.rsplit(".", 1)[1]).rglob("*.py"),
        *(ROOT / "core").rglob("*.py"),
    ]:
        core = path.parent.name == "core"
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant):
                name = getattr(node.func, "id", getattr(node.func, "attr", ""))
                if name in ("IllegalAction", "_no") and isinstance(node.args[0].value, str):
                    codes.add(node.args[0].value)
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and not core:
                if (
                    node.value in known
                    and REFUSAL.match(node.value)
                    and not node.value.startswith(PAGE)
                ):
                    codes.add(node.value)
                if NUMBERED_RULE.match(node.value):
                    rules.add(node.value)
    # core.decisions.refuse names a pending decision's rule: "<game>.decision.<kind>"
    codes |= {c for c in known if c.startswith(f"{game.split('-')[0]}.decision.")}
    return codes, rules


def test_every_game_has_a_reference_and_each_file_loads():
    for game in GAMES:
        assert rules_ref.available(game), game
        ref = rules_ref.load(game)
        assert game in ref.games and len(ref.sections) >= 8, game


def test_the_collection_of_refusals_finds_what_it_claims():
    trk, _ = _raised("trickerion")
    mag, mag_rules = _raised("magnificent")
    ora, _ = _raised("oracle")
    assert {
        "trickerion.market.stack_limit",
        "trickerion.set_up.slot_taken",
        "core.not_your_turn",
    } <= trk
    assert {"trickerion.decision.keep_card"} <= trk
    assert {"mag.refuse.power", "mag.refuse.supply"} <= mag and {"R33", "R51", "A6"} <= mag_rules
    assert {"oracle.horoscope.row_full", "oracle.turn.runes_first"} <= ora


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_the_engine_can_raise_opens_an_existing_section(game):
    codes, rules = _raised(game)
    ids = {s.id for s in rules_ref.load(game).sections}
    unmapped = sorted(c for c in codes if rules_ref.section_of(game, c) not in ids)
    assert not unmapped, f"{game}: codes with no section: {unmapped}"
    for rule in rules:
        assert rules_ref.load(game).rules.get(rule) in ids, f"{game}: rule {rule} has no section"


def test_a_refusal_finds_its_numbered_rule_first_then_its_longest_prefix():
    assert rules_ref.section_of("magnificent", "mag.refuse.power", {"rule": "R51"}) == "perform"
    assert rules_ref.section_of("magnificent", "mag.refuse.power", {"rule": "R33"}) == "build"
    assert rules_ref.section_of("magnificent", "mag.refuse.power", {}) == "power"
    assert rules_ref.section_of("trickerion", "trickerion.market.stack_limit") == "market_row"
    assert rules_ref.section_of("trickerion-solo", "trickerion.solo.not_its_turn") == "solo"
    assert rules_ref.section_of("oracle", "oracle.no_such.namespace") is None


@pytest.mark.parametrize("stem", REFS)
def test_every_section_reads_in_every_language_with_no_english_left(stem):
    ref = rules_ref.load(stem)
    for s in ref.sections:
        for lang in rules_ref.LANGS:
            assert s.title[lang].strip() and all(p.strip() for p in s.text[lang]), (s.id, lang)
        assert len(s.text["ru"]) == len(s.text["en"]) == len(s.text["fr"]), s.id
        for text in [s.title["ru"], *s.text["ru"]]:
            assert not LATIN_WORD.findall(text), (s.id, "ru", LATIN_WORD.findall(text))
        for en, fr in zip(
            [s.title["en"], *s.text["en"]], [s.title["fr"], *s.text["fr"]], strict=True
        ):
            words = {w.lower() for w in re.findall(r"[^\W\d_]+", fr)}
            assert en != fr or " " not in en, (s.id, "fr equals en")
            assert not words & ENGLISH, (s.id, "fr", words & ENGLISH)


def test_a_location_opens_the_section_named_by_its_official_term():
    game = registry.get("trickerion")(2)
    ref = rules_ref.load("trickerion")
    assert set(ref.places) == {"downtown", "market_row", "workshop", "theater", "dark_alley"}
    titles = {s.id: s.title for s in ref.sections}
    for place, section in ref.places.items():
        for lang in rules_ref.LANGS:
            assert (
                titles[section][lang].lower()
                == presenter_of(game).term_name("location", place, lang).lower()
            )


def test_a_file_with_an_unknown_field_or_a_dangling_section_is_refused(monkeypatch):
    data = json.loads(resources.files("engine.rules_ref").joinpath("oracle.json").read_text())
    data["sections"][0]["page"] = 3
    with pytest.raises(msgspec.ValidationError, match="page"):
        msgspec.json.decode(json.dumps(data), type=rules_ref.Reference)
    data["sections"][0].pop("page")
    data["refusals"]["oracle.turn"] = "nowhere"
    bad = msgspec.json.decode(json.dumps(data), type=rules_ref.Reference)
    monkeypatch.setattr(rules_ref, "_read", lambda stem: bad)
    rules_ref.load.cache_clear()
    try:
        with pytest.raises(rules_ref.RulesRefError, match="nowhere"):
            rules_ref.load("oracle")
    finally:
        rules_ref.load.cache_clear()


def test_the_bridge_opens_the_reference_at_a_refusals_section_in_the_asked_language():
    from engine.bridge import Bridge

    bridge = Bridge()
    args = {
        "game": "trickerion",
        "lang": "ru",
        "code": "trickerion.market.stack_limit",
        "params": {},
    }
    out = json.loads(bridge.call("rules", json.dumps(args)))
    assert out["at"] == "market_row" and out["places"]["workshop"] == "workshop"
    assert [s["title"] for s in out["sections"] if s["id"] == "market_row"] == ["Рынок"]
    refused = json.loads(bridge.call("rules", json.dumps({"game": "../oracle"})))
    assert refused["error"]["code"] == "bridge.no_rules"
