"""The data packs: validated, marked provisional, and replaceable by data alone."""

from __future__ import annotations

import json
from importlib import resources

import pytest

from engine.core import CHANCE
from engine.core import save as savefile
from engine.core.bots import RandomBot
from engine.core.errors import SaveError
from engine.core.match import Match
from engine.core.packs import PackError, check_file
from engine.games.oracle import actions as A
from engine.games.oracle import packs as P
from engine.games.oracle.game import OracleGame
from engine.games.oracle.packs import load_practice, load_sheet, parse_practice, parse_sheet
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
    with pytest.raises(PackError) as err:
        parse_sheet(json.dumps(data))
    assert err.value.params["path"] == "$.stargazing" and "colour" in err.value.params["reason"]
    data = raw("practice.json")
    data["days"] = "three"
    with pytest.raises(PackError) as err:
        parse_practice(json.dumps(data), load_sheet())
    assert err.value.params["path"] == "$.days"


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: d["stargazing"]["cells"].__setitem__(0, "RRY"),  # ragged grid
        lambda d: d["stargazing"]["cells"].__setitem__(0, "RRYBBQ"),  # letter not in legend
        lambda d: d["stargazing"]["cross"].append({"r": 9, "c": 0, "dir": "h"}),  # off the grid
        lambda d: d.__setitem__("figure_start", "dance"),
        lambda d: d["threads_of_fate"]["partner_effects"].pop("bone"),
        lambda d: d["prediction"]["tiers"].reverse(),
        lambda d: d["horoscope"]["rows"][0]["cells"].__setitem__(
            0, {"kind": "x", "colours": ["red"]}
        ),
        lambda d: d["staff"].append({"ability": "juggler"}),
    ],
)
def test_inconsistent_sheets_are_refused(edit):
    data = raw("sheet.json")
    edit(data)
    with pytest.raises(PackError) as err:
        parse_sheet(json.dumps(data))
    assert err.value.code == "pack.invalid" and err.value.params["path"].startswith("$.")


def alternative_sheet():
    """Another layout: 4×5 cells with blanks, a two-line cross, short rows, three guilds,
    two Astrologer slots."""
    data = raw("sheet.json")
    data["stargazing"]["cells"] = ["RRGB.", "YGGBB", "Y.RRG", "BBYYG"]
    data["stargazing"]["cross"] = [{"r": 2, "c": 2, "dir": "h"}, {"r": 1, "c": 2, "dir": "v"}]
    data["circles"] = {
        "plus_minus": {"count": 3, "prefilled": 1},
        "move": {"count": 2, "prefilled": 1},
    }
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
        assert all(
            c["colour"] is None
            for c in v["stargazing"]["cells"]
            if (c["r"], c["c"]) in ((0, 4), (2, 1))
        )


# --- a box owner's sheet (issue 11): replaceable through the core's pack gate ----------------


def user_sheet(edit) -> bytes:
    data = raw("sheet.json")
    edit(data)
    return json.dumps(data).encode()


def test_shipped_sheet_has_the_common_header_and_is_fingerprinted():
    data = raw("sheet.json")
    assert (data["pack"], data["game"], data["provisional"]) == (P.SHEET, "oracle", True)
    assert "stargazing" in data["provisional_parts"]
    sheet, sha = check_file(P.shipped_bytes("sheet"))
    assert sheet.pack == P.SHEET
    assert OracleGame(1).pack_fingerprint() == {P.SHEET: sha}
    assert P.SHEET in OracleGame.replaceable_packs


def first_prediction_hours(game: OracleGame, seed: int) -> int:
    """Play the same script (a Prediction as soon as one is legal, else the first action) and
    return the hours the first Prediction cost."""
    s = game.initial_state(seed)
    for _ in range(200):
        if game.to_act(s).kind == "chance":
            s, _ = game.apply(s, CHANCE, game.chance_action(s))
            continue
        legal = game.legal_actions(s, 0)
        pick = next((a for a in legal if isinstance(a, A.Prediction)), None)
        before = s.hours_spent
        s, _ = game.apply(s, 0, pick or legal[0])
        if pick is not None:
            return s.hours_spent - before
    raise AssertionError("no Prediction reached")


def test_a_user_sheet_with_one_changed_value_changes_play():
    own = user_sheet(lambda d: d["hours"].__setitem__("prediction", 3))
    shipped, user = OracleGame(1), OracleGame(1, packs={P.SHEET: own})
    assert user.pack_fingerprint()[P.SHEET] != shipped.pack_fingerprint()[P.SHEET]
    assert first_prediction_hours(shipped, 5) == 1
    assert first_prediction_hours(user, 5) == 3


def test_a_malformed_user_sheet_is_refused_with_path_and_reason():
    own = user_sheet(lambda d: d["circles"]["move"].__setitem__("count", "two"))
    with pytest.raises(PackError) as err:
        OracleGame(1, packs={P.SHEET: own})
    assert err.value.params["path"] == "$.circles.move.count"
    assert "int" in err.value.params["reason"]
    own = user_sheet(lambda d: d["staff"].append({"ability": "juggler"}))
    with pytest.raises(PackError) as err:
        OracleGame(1, packs={P.SHEET: own})
    assert err.value.params["path"] == f"$.staff[{len(raw('sheet.json')['staff'])}].ability"
    assert "juggler" in err.value.params["reason"]


def test_a_save_made_with_a_user_sheet_refuses_the_shipped_one():
    own = user_sheet(lambda d: d["hours"].__setitem__("prediction", 3))
    m = Match.new("oracle", 1, seed=4, packs={P.SHEET: own})
    text = savefile.dump(m)
    assert savefile.load(text).game.user_packs == {P.SHEET: own}
    data = json.loads(text)
    data["packs"]["user"] = {}  # the same file, opened where only the shipped sheet exists
    with pytest.raises(SaveError) as err:
        savefile.load(json.dumps(data))
    assert err.value.code == "save.pack_mismatch" and err.value.params == {"pack": P.SHEET}
