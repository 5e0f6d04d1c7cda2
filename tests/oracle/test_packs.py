"""The data packs: validated, marked provisional, and replaceable by data alone."""

from __future__ import annotations

import json
from importlib import resources

import msgspec
import pytest

from engine.core import CHANCE
from engine.core.bots import RandomBot
from engine.games.oracle.game import OracleGame
from engine.games.oracle.packs import (PackError, load_practice, load_sheet, parse_practice,
                                       parse_sheet)
from engine.games.oracle.rules import Rules

from .helpers import action_hours, check_invariants


def raw(name: str) -> dict:
    return json.loads(resources.files("engine.games.oracle").joinpath("data", name).read_text())


def test_packs_load_and_say_they_are_provisional():
    sheet, practice = load_sheet(), load_practice()
    assert sheet.provisional and sheet.reasons and sheet.source
    assert practice.provisional and "NOT a rule" in practice.source


def test_unknown_fields_are_refused():
    data = raw("sheet.json")
    data["stargazing"]["colour"] = "x"
    with pytest.raises(msgspec.ValidationError):
        parse_sheet(json.dumps(data))
    data = raw("practice.json")
    data["days"] = "three"
    with pytest.raises(msgspec.ValidationError):
        parse_practice(json.dumps(data), load_sheet())


@pytest.mark.parametrize("edit", [
    lambda d: d["stargazing"]["cells"].__setitem__(0, "RRY"),               # ragged grid
    lambda d: d["stargazing"]["cells"].__setitem__(0, "RRYBBQ"),            # letter not in legend
    lambda d: d["stargazing"]["cross"].append({"r": 9, "c": 0, "dir": "h"}),  # off the grid
    lambda d: d.__setitem__("figure_start", "dance"),
    lambda d: d["threads_of_fate"]["partner_effects"].pop("bone"),
    lambda d: d["prediction"]["tiers"].reverse(),
    lambda d: d["horoscope"]["rows"][0]["cells"].__setitem__(0, {"kind": "x", "colours": ["red"]}),
    lambda d: d["staff"].append({"ability": "juggler"}),
])
def test_inconsistent_sheets_are_refused(edit):
    data = raw("sheet.json")
    edit(data)
    with pytest.raises((PackError, msgspec.ValidationError)):
        parse_sheet(json.dumps(data))


def alternative_sheet():
    """Another layout: 4×5 cells with blanks, a two-line cross, short rows, three guilds,
    two Astrologer slots."""
    data = raw("sheet.json")
    data["stargazing"]["cells"] = ["RRGB.", "YGGBB", "Y.RRG", "BBYYG"]
    data["stargazing"]["cross"] = [{"r": 2, "c": 2, "dir": "h"}, {"r": 1, "c": 2, "dir": "v"}]
    data["circles"] = {"plus_minus": {"count": 3, "prefilled": 1}, "move": {"count": 2, "prefilled": 1}}
    data["prediction"]["symbols"] = 9
    for row in data["horoscope"]["rows"]:
        row["cells"] = row["cells"][:6]
    data["guilds"] = data["guilds"][:3]
    data["staff"] = [{"ability": "astrologer"}, {"ability": "astrologer"}, {"ability": "guard"}]
    return parse_sheet(json.dumps(data))


def test_a_replacement_layout_is_a_data_only_change():
    g = OracleGame(1, {"mode": "practice"})
    g.rules = Rules("practice", sheet=alternative_sheet())
    assert g.rules.geo.n_cells == 20 and len(g.rules.geo.cross) == 2
    for seed in range(60):
        bot = RandomBot(seed)
        s = g.initial_state(seed)
        hours = 0
        while g.to_act(s).kind != "terminal":
            if g.to_act(s).kind == "chance":
                s, _ = g.apply(s, CHANCE, g.chance_action(s))
            else:
                a = bot.choose(g, s, 0, g.legal_actions(s, 0))
                hours += action_hours(g, a)
                s, _ = g.apply(s, 0, a)
            check_invariants(g, s)
            assert s.hours_spent == hours
        v = g.view(s, 0)
        assert len(v["stargazing"]["cells"]) == 20 and len(v["guilds"]) == 3
        assert all(c["colour"] is None for c in v["stargazing"]["cells"] if (c["r"], c["c"]) in ((0, 4), (2, 1)))
