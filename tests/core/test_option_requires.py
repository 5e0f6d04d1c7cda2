"""An option's ``requires`` (engine/core/options.py) names a bool option of the same game: the
lobby greys the option out while that one is off."""

from __future__ import annotations

from engine.core import registry


def test_every_required_option_is_a_bool_of_the_same_game():
    seen = 0
    for cls in registry.all_games():
        by_id = {spec.id: spec for spec in cls.option_specs}
        for spec in cls.option_specs:
            if spec.requires is None:
                continue
            seen += 1
            assert spec.requires != spec.id, (cls.id, spec.id)
            assert by_id[spec.requires].kind == "bool", (cls.id, spec.id, spec.requires)
    assert seen >= 1  # Trickerion's prophecies need the Dark Alley


def test_the_lobby_description_carries_requires():
    trickerion = registry.get("trickerion")
    described = {o["id"]: o for o in registry.describe(trickerion)["options"]}
    assert described["prophecies"]["requires"] == "dark_alley"
    assert "requires" not in described["dark_alley"]
