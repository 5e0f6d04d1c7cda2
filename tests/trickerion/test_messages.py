"""The message catalog: every event and error code the engine emits has EN/RU/FR prose."""

import json
import re
from importlib import resources
from pathlib import Path

from engine.core.i18n import render
from engine.core.presenter import presenter_of

from .helpers import play_random

PACKAGE = Path(__file__).parents[2] / "engine" / "games" / "trickerion"


def catalog():
    return json.loads(
        resources.files("engine.games.trickerion")
        .joinpath("messages.json")
        .read_text(encoding="utf-8")
    )


def test_every_code_in_the_source_is_in_the_catalog():
    cat = catalog()
    codes = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= set(re.findall(r'"(trickerion\.[a-z_]+(?:\.[a-z_]+)*)"', text))
    missing = sorted(c for c in codes if c not in cat)
    assert not missing, missing
    for code, entry in cat.items():
        # a case's plural forms ride beside the language ("ru.acc", see engine/core/i18n.py)
        cases = {k for k in entry if k.partition(".")[0] in ("en", "ru", "fr") and "." in k}
        assert set(entry) - cases == {"en", "ru", "fr"} and all(entry.values()), code


def test_decision_codes_cover_every_pending_kind():
    cat = catalog()
    from engine.games.trickerion.solo.game import TrickerionSolo

    setup = {
        "magician",
        "start_trick",
        "start_props",
        "specialist",
        "manager_props",
        "engineer_trick",
        "fast_props",
        "fast_special",
    }  # refused as trickerion.setup.*
    kinds = [k.__struct_config__.tag for k in TrickerionSolo(2, {}).rules.decisions]
    assert setup < set(kinds) and "prep_dice" in kinds
    for kind in kinds:
        assert (
            f"trickerion.decision.{kind}" if kind not in setup else "trickerion.setup.not_allowed"
        ) in cat, kind


def test_events_of_a_whole_game_render_in_three_languages():
    m = play_random(3, {}, 4, check=False)
    seen = set()
    for events in m.events:
        for e in events:
            for lang in ("en", "ru", "fr"):
                text = render(e.code, e.params, lang, m.game)
                assert text != e.code, e.code
                assert "{" not in text, (e.code, lang, text)
            seen.add(e.code)
    assert "trickerion.dice_rolled" in seen


def test_every_action_has_a_label_in_three_languages():
    from engine.core.i18n import action_label
    from engine.games.trickerion import actions as A

    cat = catalog()
    for cls in A.Action.__args__:
        tag = cls.__struct_config__.tag
        assert f"action.{tag}" in cat, tag
    m = play_random(2, {}, 6, check=False)
    g = m.game
    for step in m.steps:
        for lang in ("en", "ru", "fr"):
            label = action_label(g, step.action, lang)
            assert "{" not in label and "(" not in label[:1], label
    assert action_label(g, A.TakeLinkCoins(2), "en").startswith("2 link reward")
    assert action_label(g, A.Advertise(True), "ru") == "Дать рекламу"  # the price needs a position


def test_every_reason_in_the_source_has_a_name():
    """``why`` of gain/pay events is named in the log, never printed as its id."""
    from engine.games.trickerion.game import Trickerion

    whys = set()
    for path in PACKAGE.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        whys |= set(re.findall(r'(?:gain|pay)\([^)]*?ev, "(\w+)"', text))
        whys |= set(re.findall(r'"why": "(\w+)"', text))
    assert len(whys) > 20
    g = Trickerion(2, {})
    for why in sorted(whys):
        for lang in ("en", "ru", "fr"):
            assert presenter_of(g).term_name("reason", why, lang) != why, (why, lang)


def test_an_assignment_is_one_log_line_per_viewer_naming_the_character():
    """Issue 13 ("one log line per event"): the assigning seat reads its own line, which names
    the character by its kind; the others and a spectator read only the face-down line."""
    m = play_random(2, {}, 4, check=False)
    step = next(
        i
        for i, evs in enumerate(m.events)
        if any(e.code == "trickerion.assigned" and e.to is not None for e in evs)
    )
    evs = m.events[step]
    own = next(e for e in evs if e.code == "trickerion.assigned")
    seat = own.params["seat"]
    other = 1 - seat
    codes = lambda viewer: [e.code for i, e in m.visible_events(viewer) if i == step]
    assert codes(seat).count("trickerion.assigned") == 1
    assert "trickerion.assigned_face_down" not in codes(seat)
    assert codes(other) == codes(None) == ["trickerion.assigned_face_down"]
    kind = m.state.players[seat].chars[own.params["character"]].kind
    name = presenter_of(m.game).term_name("character", kind, "en")
    assert render(own.code, own.params, "en", m.game).startswith(f"You give your {name}")
    assert "character " not in render(own.code, own.params, "en", m.game)


def test_labels_name_the_character_by_kind_and_orders_by_slot():
    """Issue 13 (human labels): "Place your Engineer…", not "Place character 2…"; two
    apprentices are numbered among themselves; Order entries differ by their slot."""
    from engine.core.i18n import action_label
    from engine.games.trickerion import actions as A
    from engine.games.trickerion.labels import char_params

    m = play_random(2, {}, 4, check=False)
    g = m.game
    p = m.state.players[0]
    for i, ch in enumerate(p.chars):
        terms = presenter_of(g).label_terms(m.state, A.MakeIdle(character=i), 0)
        assert terms == char_params(p, i) and terms["kind"] == ch.kind
        label = action_label(g, A.MakeIdle(character=i), "en", terms)
        assert label.startswith(
            f"Make your {presenter_of(g).term_name('character', ch.kind, 'en')}"
        ), label
        same = [k for k, c in enumerate(p.chars) if c.kind == ch.kind]
        assert terms["same"] == (same.index(i) + 1 if len(same) > 1 else 0)
    # without a position the label still reads, numbering the character
    assert action_label(g, A.MakeIdle(character=1), "en") == "Make character 2 idle"
    orders = {action_label(g, A.Order(prop="wood", slot=k), "en") for k in range(4)}
    assert len(orders) == 4 and "Order wood (Order area, slot 1)" in orders


def test_a_theater_slot_is_named_by_its_day_and_place():
    """Issue 13 (human labels): "Friday, backstage", not "slot 4"; the third slot of a day is
    its stage."""
    from engine.core.i18n import action_label
    from engine.games.trickerion import actions as A

    m = play_random(2, {}, 4, check=False)
    g = m.game
    placed = {"seat": 0, "kind": "apprentice", "location": "theater", "slot": 4}
    assert render("trickerion.placed", placed, "en", g).endswith("(Friday, backstage 2).")
    assert "пятница, за кулисами 2" in render("trickerion.placed", placed, "ru", g)
    # the two backstage slots of a day read apart, as every choice in a list must
    labels = {
        action_label(g, A.PlaceCharacter(character=0, location="theater", slot=k), "en")
        for k in range(12)
    }
    assert len(labels) == 12
    stage = A.PlaceCharacter(character=0, location="theater", slot=8)
    assert action_label(g, stage, "en").endswith("at the Theater, Saturday, on stage")
    # elsewhere the slot keeps its 1-based number
    assert action_label(
        g, A.PlaceCharacter(character=0, location="downtown", slot=1), "en"
    ).endswith("slot 2")


def test_french_names_props_as_the_edition_does():
    """The French edition's props are "Matériaux" (its Market Row, the log's "prend des
    Matériaux"): the Successor's Market Row step said "jusqu'à 3 accessoires", a word the game
    uses nowhere else."""
    found = [code for code, entry in catalog().items() if "accessoire" in entry.get("fr", "")]
    assert found == []


def test_russian_names_the_magician_as_the_edition_does():
    """The Russian edition's Magician is "иллюзионист" (the log's "Вы выбираете иллюзиониста"):
    the board's help, the stage's refusal and the setup's prompt said "фокусник", another word
    a newcomer reads as another piece."""
    found = [
        code
        for code, entry in catalog().items()
        if code.startswith("ui.trk.") and "фокусник" in entry.get("ru", "")
    ]
    assert found == []


def test_a_drawn_special_assignment_is_called_a_card():
    """The line only its drawer reads said "You take Street Performance." / "Vous prenez
    Matériaux Durables.", as if taking a trick or props: it names the card as a card."""
    from engine.core.match import Match

    game = Match.new("trickerion", 2, {}, seed=1).game
    card = next(iter(game.rules.cat.specials))
    words = {"en": "the card ", "ru": "карту «", "fr": "la carte "}
    for lang, word in words.items():
        text = render("trickerion.special_drawn", {"card": card}, lang, game)
        assert word in text, text
