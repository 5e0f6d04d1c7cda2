"""The solo page's own strings (web/games/trickerion/solo.js): every ``ui.solo.*`` code it uses
and every solo scoring category's ``ui.score.<key>`` label exist in EN/RU/FR, and the RU/FR
ability texts cover exactly the Successor's non-Academy solo abilities."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[3]
MESSAGES = json.loads((ROOT / "engine/games/trickerion/messages.json").read_text(encoding="utf-8"))
SOLO_JS = (ROOT / "web/games/trickerion/solo.js").read_text(encoding="utf-8")
ABILITIES = json.loads(
    (ROOT / "engine/games/trickerion/solo/data/magicians.json").read_text(encoding="utf-8")
)


def test_every_fixed_ui_code_of_the_solo_page_is_in_the_catalog():
    used = set(re.findall(r"""["'`](ui(?:\.[a-z0-9_]+)+)["'`]""", SOLO_JS))
    assert len(used) > 20
    assert sorted(used - set(MESSAGES)) == []


def test_dynamic_codes_levels_moods_kinds_slots_adjustments_scores():
    codes = [f"ui.solo.level.{x}" for x in ("low", "medium", "high")]
    codes += [f"ui.solo.mood.{x}" for x in ("ready", "busy")]
    codes += [f"ui.solo.plan_kind.{x}" for x in ("performance", "preparation")]
    codes += [f"ui.solo.slot.{x}" for x in ("upper", "lower")]
    codes += [f"ui.solo.adj.{x}" for x in ("easier", "harder_no_ability", "harder_coins")]
    codes += [
        f"ui.score.{x}"
        for x in (
            "fame",
            "leftover_markers",
            "shards",
            "special_assignments",
            "level3_tricks",
            "extra_characters",
            "total",
            "coins",
        )
    ]
    for code in codes:
        assert set(MESSAGES[code]) == {"en", "ru", "fr"} and all(MESSAGES[code].values()), code


def test_ability_texts_cover_the_non_academy_abilities():
    effects = {a["effect"] for a in ABILITIES["abilities"] if not a.get("academy")}
    listed = {
        c.removeprefix("ui.solo.ability.") for c in MESSAGES if c.startswith("ui.solo.ability.")
    }
    assert listed == effects
    by_effect = {a["effect"]: a["text"] for a in ABILITIES["abilities"]}
    for effect in effects:
        assert MESSAGES[f"ui.solo.ability.{effect}"]["en"] == by_effect[effect]
