"""A box owner's Successor packs: the difficulty tables (``trickerion-solo.tables``, issue 11),
the plan cards and the round-preparation dice (issue 30), the solo performance cards, typed in,
checked by the core's pack gate, played with, and recorded in a save. The lean and rich plan
sets in ``packs/`` are invented test fixtures (one Theater entry fewer / more on the plans), as
is ``performances-moved`` (each neutral marker's school moved on, a 3-fame performer bonus)."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest
from seated import Seated

from engine.core import save as savefile
from engine.core.errors import SaveError
from engine.core.match import Match
from engine.core.packs import PackError, check_file
from engine.games.trickerion.solo import automaton as AU
from engine.games.trickerion.solo import endround as EN
from engine.games.trickerion.solo.components import (
    DICE,
    PERFORMANCES,
    PLANS,
    TABLES,
    read_pack_bytes,
)
from engine.games.trickerion.solo.game import TrickerionSolo

from .scenario import SUCC, make

FIXTURES = Path(__file__).parent / "packs"


def edited(name: str, edit) -> bytes:
    data = json.loads(read_pack_bytes(name))
    edit(data)
    return json.dumps(data).encode()


def tables(edit) -> bytes:
    return edited("tables", edit)


def fixture(name: str) -> bytes:
    return (FIXTURES / f"{name}.json").read_bytes()


def test_shipped_packs_carry_the_header_and_are_fingerprinted():
    data = json.loads(read_pack_bytes("tables"))
    assert (data["pack"], data["game"], data["provisional"]) == (TABLES, "trickerion-solo", True)
    assert data["provisional_parts"] == ["downtown_dice", "backstage_bonus"]
    ids = (TABLES, PLANS, DICE, PERFORMANCES)
    shas = {pid: check_file(read_pack_bytes(pid.split(".")[1]))[1] for pid in ids}
    assert TrickerionSolo(2).pack_fingerprint() == shas
    assert TrickerionSolo.replaceable_packs == ids


@pytest.mark.parametrize("name", ["plans-lean", "plans-rich"])
def test_the_example_plan_sets_pass_the_pack_check_and_say_they_are_invented(name):
    pack, sha = check_file(fixture(name))  # what `python -m engine pack check FILE` runs
    assert pack.pack == PLANS and pack.provisional and "INVENTED FOR TESTING" in pack.source
    assert all(c.provisional and "Invented for testing" in c.provisional_reason for c in pack.cards)
    fingerprint = TrickerionSolo(2, packs={PLANS: fixture(name)}).pack_fingerprint()
    assert fingerprint == {**TrickerionSolo(2).pack_fingerprint(), PLANS: sha}


def test_a_replaced_plan_set_deals_the_successors_characters_as_its_cards_say():
    """«ФАЗА ПОРУЧЕНИЙ»: the plan card's entries, left to right, to its 3 characters at low.
    Characters sent to the Theater by each of the 8 plans (file order)."""
    theater = {}
    for name, packs in (
        ("shipped", None),
        ("lean", {PLANS: fixture("plans-lean")}),
        ("rich", {PLANS: fixture("plans-rich")}),
    ):
        g = TrickerionSolo(2, {"difficulty": "low"}, packs=packs)
        _, s, solo = make("low")
        sent = []
        for plan in g.cat.solo_packs.plans:
            solo.plan = plan
            sent.append(sum(c >= 0 and card == "theater" for _, c, card in AU.deal(g.cat, s, solo)))
        theater[name] = sent
    assert theater == {
        "shipped": [2, 2, 2, 2, 0, 1, 0, 1],
        "lean": [1, 1, 1, 1, 0, 1, 0, 1],  # the second Theater entry became Market Row
        "rich": [2, 2, 2, 2, 1, 1, 1, 2],  # plain Market Row became Theater (2 Theater cards)
    }


def test_a_whole_game_plays_to_its_end_on_the_lean_plans_and_differs_from_the_shipped():
    from engine.core.bots import bot_for, bot_seed
    from engine.core.play import play_to_end

    results = {}
    for name, packs in (("shipped", None), ("lean", {PLANS: fixture("plans-lean")})):
        m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=50000, packs=packs)
        play_to_end(m, {0: bot_for(m.game, "greedy", bot_seed(50000, 0), None)})
        results[name] = m.result()
        plans = [
            e.params["plan"]
            for step in m.events
            for e in step
            if e.code == "trickerion.solo.plan_drawn"
        ]
        assert plans and set(plans) <= set(m.game.cat.solo_packs.plans)
    assert results["lean"] is not None and results["shipped"] is not None
    # the same seed and bot: the human's opening is the same, the Successor's rounds are not
    assert results["lean"].scores != results["shipped"].scores


@pytest.mark.parametrize(
    ("pack", "edit", "path", "reason"),
    [
        (
            "plans",
            lambda d: d["cards"].pop(),
            "$.decks[0].cards.preparation",
            "4 preparation cards, but the pack has 3",
        ),
        (
            "plans",
            lambda d: d["cards"][0]["entries"].clear(),
            "$.cards[0].entries",
            "a plan card names at least one location",
        ),
        (
            "plans",
            lambda d: d["cards"][0]["entries"][0].__setitem__("location", "academy"),
            "$.cards[0].entries[0].location",
            "the Academy on a plan card without the Academy",
        ),
        (
            "dice",
            lambda d: d["dice"][0]["faces"][0].append("downtown_9"),
            "$.dice[0].faces[0]",
            "not a downtown slot or day: ['downtown_9']",
        ),
        (
            "dice",
            lambda d: d["rules"][2]["rounds"].remove(7),
            "$.rules",
            "0 rules for round 7, not one",
        ),
        (
            # setup.1: 2 Riverside cards in the deck and 1 in the row, 2 left
            "performances",
            lambda d: d.__setitem__("cards", d["cards"][2:]),
            "$.deck.riverside_theater",
            "3 riverside_theater cards needed, but the pack has 2",
        ),
    ],
)
def test_pack_check_refuses_a_broken_pack_with_its_path(pack, edit, path, reason):
    own = edited(pack, edit)
    with pytest.raises(PackError) as err:
        check_file(own)  # what `python -m engine pack check FILE` runs
    assert (path, reason) in err.value.errors
    with pytest.raises(PackError):
        TrickerionSolo(2, packs={f"trickerion-solo.{pack}": own})


def test_a_plans_file_whose_header_names_another_pack_is_refused():
    own = edited("plans", lambda d: d.__setitem__("pack", "trickerion-solo.dice"))
    with pytest.raises(PackError) as err:
        TrickerionSolo(2, packs={PLANS: own})
    assert err.value.params["path"] == "$" or err.value.params["path"].startswith("$")


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
        p = Seated(s, SUCC)
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


def test_a_save_with_a_replaced_plan_set_records_it_and_refuses_a_tampered_one():
    own = fixture("plans-lean")
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=7, packs={PLANS: own})
    for _ in range(40):
        if m.auto_step() is None:
            m.act(0, m.game.legal_actions(m.state, 0)[0])
    text = savefile.dump(m)
    data = json.loads(text)
    assert data["packs"]["fingerprint"][PLANS] == check_file(own)[1]
    assert data["packs"]["user"] == {PLANS: own.decode()}
    loaded = savefile.load(text)
    assert loaded.game.user_packs == {PLANS: own} and loaded.state == m.state
    # opened where only the shipped plans exist: it names the pack it needs
    shipped = copy.deepcopy(data)
    shipped["packs"]["user"] = {}
    with pytest.raises(SaveError) as err:
        savefile.load(json.dumps(shipped))
    assert err.value.code == "save.pack_mismatch" and err.value.params == {"pack": PLANS}
    # the plans text edited in the file (a Theater entry more): refused, not replayed
    tampered = copy.deepcopy(data)
    tampered["packs"]["user"][PLANS] = fixture("plans-rich").decode()
    with pytest.raises(SaveError) as err:
        savefile.load(json.dumps(tampered))
    assert err.value.code == "save.pack_mismatch" and err.value.params == {"pack": PLANS}
    # a broken pack inside the file: the pack's own error, nothing replayed
    broken = copy.deepcopy(data)
    broken["packs"]["user"][PLANS] = edited("plans", lambda d: d["cards"].pop()).decode()
    with pytest.raises(SaveError) as err:
        savefile.load(json.dumps(broken))
    assert err.value.code == "save.bad_pack" and err.value.params["error"] == "pack.invalid"
    assert (err.value.params["pack"], err.value.params["path"]) == (
        PLANS,
        "$.decks[0].cards.preparation",
    )


def test_a_save_from_before_the_plans_were_replaceable_still_opens():
    """Its fingerprint names the tables only: the plans and dice it played were the shipped
    ones, and only a box owner's file in their place is refused."""
    m = Match.new("trickerion-solo", 2, seed=3)
    data = json.loads(savefile.dump(m))
    data["packs"]["fingerprint"] = {TABLES: data["packs"]["fingerprint"][TABLES]}
    assert savefile.load(json.dumps(data)).state == m.state
    data["packs"]["user"] = {PLANS: fixture("plans-lean").decode()}
    with pytest.raises(SaveError) as err:
        savefile.load(json.dumps(data))
    assert err.value.code == "save.pack_mismatch" and err.value.params == {"pack": PLANS}


def test_the_lobbys_pack_file_is_checked_by_the_bridge_and_plays_in_new():
    """The page's path (web/ui/packs.js): ``pack_check`` when the file is chosen, ``new`` with
    its text; a refused file names its path, a pack of another game is refused."""
    from engine.bridge.door import Bridge

    b = Bridge()
    text = fixture("plans-lean").decode()
    ok = json.loads(b.call("pack_check", json.dumps({"game": "trickerion-solo", "text": text})))
    assert ok == {
        "pack": PLANS,
        "sha256": check_file(fixture("plans-lean"))[1],
        "provisional": True,
    }
    broken = edited("plans", lambda d: d["cards"].pop()).decode()
    err = json.loads(b.call("pack_check", json.dumps({"game": "trickerion-solo", "text": broken})))
    assert err["error"]["code"] == "pack.invalid"
    assert err["error"]["params"]["path"] == "$.decks[0].cards.preparation"
    err = json.loads(b.call("pack_check", json.dumps({"game": "trickerion", "text": text})))
    assert err["error"]["code"] == "options.unknown_pack"
    err = json.loads(b.call("pack_check", json.dumps({"game": "trickerion-solo", "text": "{}"})))
    assert err["error"]["params"]["path"] == "$.pack"
    args = {"game": "trickerion-solo", "players": 2, "seed": 5, "packs": {PLANS: text}}
    assert "error" not in json.loads(b.call("new", json.dumps(args)))
    saved = json.loads(json.loads(b.call("save", "{}"))["text"])
    assert saved["packs"]["user"] == {PLANS: text}


def test_a_replaced_performance_card_pack_plays_with_its_own_cards():
    """«ОБЩАЯ ПОДГОТОВКА» step 1: the performance deck and row from the table's solo cards; the
    Successor's performer bonus («ВЫСТУПЛЕНИЕ», perform.2) and the neutral markers read from
    them. A whole game on the moved cards ends, and differs from the shipped cards'."""
    from engine.core.bots import bot_for, bot_seed
    from engine.core.play import play_to_end

    own = fixture("performances-moved")
    moved = {c["id"]: c for c in json.loads(own)["cards"]}
    results = {}
    for name, packs in (("shipped", None), ("moved", {PERFORMANCES: own})):
        m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=50001, packs=packs)
        geo = m.game.cat.cards["spf01"]
        school = moved["spf01"]["neutral"][0]["school"]
        assert (geo.bonus == (3, 0, 0)) == (name == "moved"), geo.bonus
        assert (next(iter(geo.neutral.values()))[0] == school) == (name == "moved")
        play_to_end(m, {0: bot_for(m.game, "greedy", bot_seed(50001, 0), None)})
        results[name] = m.result()
        rows = [
            e.params["row"] for step in m.events for e in step if e.code.endswith(".performances")
        ]
        assert rows and set(rows[0]) <= set(moved)
    assert results["moved"] is not None and results["shipped"] is not None
    assert results["moved"].scores != results["shipped"].scores


def test_the_bridge_gives_the_page_the_tables_own_performance_cards():
    """The page's renderer draws the solo cards from ``game_data``: the owner's file while the
    table plays it (its sha256 in the snapshot's ``packs``), the shipped cards otherwise."""
    from engine.bridge.door import Bridge

    b = Bridge()
    text = fixture("performances-moved").decode()
    shipped = json.loads(read_pack_bytes("performances"))
    ask = json.dumps({"game": "trickerion-solo"})
    assert json.loads(b.call("game_data", ask))["solo/performances"] == shipped
    args = {"game": "trickerion-solo", "players": 2, "seed": 5, "packs": {PERFORMANCES: text}}
    snap = json.loads(b.call("new", json.dumps(args)))
    assert snap["packs"] == {PERFORMANCES: check_file(text.encode())[1]}
    data = json.loads(b.call("game_data", ask))
    assert data["solo/performances"] == json.loads(text)
    assert data["solo/plans"] == json.loads(read_pack_bytes("plans"))
    snap = json.loads(b.call("new", json.dumps({**args, "packs": None})))
    assert snap["packs"] == {}
    assert json.loads(b.call("game_data", ask))["solo/performances"] == shipped
