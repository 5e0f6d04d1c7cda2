"""A box owner's Successor difficulty tables (``trickerion-solo.tables``, issue 11): typed in,
checked by the core's pack gate, played with, and recorded in a save."""

from __future__ import annotations

import copy
import json

import pytest

from engine.core import save as savefile
from engine.core.errors import SaveError
from engine.core.match import Match
from engine.core.packs import PackError, check_file
from engine.games.trickerion.solo import endround as EN
from engine.games.trickerion.solo.components import TABLES, read_pack_bytes
from engine.games.trickerion.solo.game import TrickerionSolo

from .scenario import SUCC, make


def tables(edit) -> bytes:
    data = json.loads(read_pack_bytes("tables"))
    edit(data)
    return json.dumps(data).encode()


def test_shipped_tables_carry_the_header_and_are_fingerprinted():
    data = json.loads(read_pack_bytes("tables"))
    assert (data["pack"], data["game"], data["provisional"]) == (TABLES, "trickerion-solo", True)
    assert data["provisional_parts"] == ["downtown_dice", "backstage_bonus"]
    _, sha = check_file(read_pack_bytes("tables"))
    assert TrickerionSolo(2).pack_fingerprint() == {TABLES: sha}


def test_user_tables_with_one_changed_value_change_play():
    """Wages («ВЫПЛАТА ЖАЛОВАНИЯ»): 23 coins at medium give 6 fame with the shipped table (10
    coins -> 3 fame), 10 with a table that says 5."""
    own = tables(lambda d: d["safe_fame"]["fame"].__setitem__("medium", 5))
    user = TrickerionSolo(2, {"difficulty": "medium"}, packs={TABLES: own})
    assert user.pack_fingerprint() != TrickerionSolo(2).pack_fingerprint()
    gained = {}
    for name, game in (("shipped", None), ("user", user)):
        g, s, solo = make("medium")
        game = game or g
        p = s.players[SUCC]
        p.coins, fame = 23, p.fame
        EN.pay_wages(game.cat, s, solo, [])
        gained[name] = (p.coins, p.fame - fame)
    assert gained == {"shipped": (3, 6), "user": (3, 10)}


def test_malformed_user_tables_are_refused_with_path_and_reason():
    own = tables(lambda d: d["downtown_dice"]["rows"].__setitem__("low", "many"))
    with pytest.raises(PackError) as err:
        TrickerionSolo(2, packs={TABLES: own})
    assert err.value.params["path"] == "$.downtown_dice.rows[...]"  # msgspec names no key
    own = tables(lambda d: d["downtown_dice"]["rows"]["low"].pop())
    with pytest.raises(PackError) as err:
        check_file(own)  # what `python -m engine pack check FILE` runs
    assert err.value.errors == [("$.downtown_dice.rows.low", "4 values for 5 AP columns")]
    with pytest.raises(PackError):
        TrickerionSolo(2, packs={TABLES: own})


def test_a_save_with_user_tables_refuses_the_shipped_ones():
    own = tables(lambda d: d["safe_fame"]["fame"].__setitem__("medium", 5))
    m = Match.new("trickerion-solo", 2, seed=3, packs={TABLES: own})
    text = savefile.dump(m)
    assert savefile.load(text).game.user_packs == {TABLES: own}
    data = json.loads(text)
    shipped = copy.deepcopy(data)
    shipped["packs"]["user"] = {}
    with pytest.raises(SaveError) as err:
        savefile.load(json.dumps(shipped))
    assert err.value.code == "save.pack_mismatch" and err.value.params == {"pack": TABLES}


def test_the_view_marks_only_what_the_user_tables_leave_provisional():
    def typed_in(d):
        del d["downtown_dice"]["provisional_reason"]
        d["downtown_dice"]["provisional"] = False
        d["provisional_parts"] = ["backstage_bonus"]

    paths = {}
    for name, packs in (("shipped", None), ("user", {TABLES: tables(typed_in)})):
        g = TrickerionSolo(2, {"difficulty": "medium"}, packs=packs)
        _, s, solo = make("medium")
        s.solo = solo  # the Successor set up: its board is in the view
        paths[name] = {r["path"] for r in g.view(s, 0)["solo"]["provisional"]}
    assert "tables.downtown_dice" in paths["shipped"]
    assert paths["shipped"] - paths["user"] == {"tables.downtown_dice"}
