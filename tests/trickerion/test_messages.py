"""The message catalog: every event and error code the engine emits has EN/RU/FR prose."""

import json
import re
from importlib import resources
from pathlib import Path

from engine.core.i18n import render

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
    kinds = [k.__struct_config__.tag for k in TrickerionSolo(2, {}).decisions]
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
    assert action_label(g, A.Advertise(True), "ru") == "Реклама: да"


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
            assert g.term_name("reason", why, lang) != why, (why, lang)
