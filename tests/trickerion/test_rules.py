"""The table's rules object: its options are the lobby's option specs as a frozen Struct."""

from __future__ import annotations

import msgspec

from engine.games.trickerion.game import Trickerion
from engine.games.trickerion.rules import Options
from engine.games.trickerion.solo.game import TrickerionSolo
from engine.games.trickerion.solo.hooks import SoloOptions, SoloRules


def defaults(kind: type[Options]) -> dict[str, object]:
    return {f.name: f.default for f in msgspec.structs.fields(kind)}


def test_the_options_struct_has_a_field_per_option_spec_with_its_default():
    for game, kind in ((Trickerion, Options), (TrickerionSolo, SoloOptions)):
        assert game.rules_type.options_type is kind
        fields = defaults(kind)
        assert {spec.id: spec.default for spec in game.option_specs}.items() <= fields.items()
    # the solo game's two fixed module switches are the base fields it has no spec for
    solo_specs = {spec.id for spec in TrickerionSolo.option_specs}
    assert set(defaults(SoloOptions)) - solo_specs == {"dark_alley", "fast_game"}


def test_the_rules_read_the_checked_options():
    # Without the Dark Alley the prophecies are off (check_options), and the rules see that.
    r = Trickerion(3, {"dark_alley": False}).rules
    assert r.options == Options(dark_alley=False, prophecies=False)
    assert r.players == 3 and r.setup_seats() == 3
    solo = TrickerionSolo(2, {"difficulty": "high", "harder_coins": True}).rules
    assert isinstance(solo, SoloRules)
    assert solo.options == SoloOptions(difficulty="high", harder_coins=True)
    assert solo.setup_seats() == 1
