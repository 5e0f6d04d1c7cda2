"""The 27 prophecies ("ПРОРОЧЕСТВА"; effects from the data pack, one test each) and their flow:
three pending, none active in the first round, the active one replaced each round, Fortune
Telling moving the pending ones."""

import pytest
from msgspec.structs import replace
from seated import Seated

from engine.core.tuples import change_at, put
from engine.games.trickerion import actions as A
from engine.games.trickerion.common import day_yield, gain

from .helpers import (
    clear_tricks,
    give_trick,
    placing,
    put_marker,
    set_dice,
    set_row,
    stage,
    started,
    to_placement,
)


def with_prophecy(pid, players=4, seed=61):
    g, s = started(players, seed=seed)
    for x in range(players):
        clear_tricks(s, x)
    s.prophecy = pid
    return g, s


def test_prophecies_move_each_round():
    g, s = started(3, seed=60)
    pending = s.pending_prophecies
    from engine.games.trickerion.endround import move_prophecies

    move_prophecies(g.rules, s, [])
    assert s.prophecy == pending[0] and s.pending_prophecies[:2] == pending[1:]
    assert len(s.pending_prophecies) == 3


def test_fortune_telling_moves_pending_prophecies():
    """ "ПРЕДСКАЗАТЬ БУДУЩЕЕ" (1 AP): the pending prophecies move one space clockwise."""
    g, s = started(3, seed=60)
    s = placing(g, s, 0, 0, "dark_alley", 3)
    a, b, c = s.pending_prophecies
    s, _ = g.apply(s, 0, A.FortuneTelling())
    assert s.pending_prophecies == (b, c, a) and s.act.ap == 2


def test_pr01_base_ap_one():
    g, s = with_prophecy("pr01")
    from engine.games.trickerion.placement import base_ap

    assert base_ap(g.rules, s, 0, "magician") == 1 and base_ap(g.rules, s, 0, "assistant") == 1


@pytest.mark.parametrize("pid,extra", [("pr02", (0, 1)), ("pr03", (2, 0))])
def test_pr02_pr03_shard_gains(pid, extra):
    g, s = with_prophecy(pid)
    p = Seated(s, 0)
    fame, shards = p.fame, p.shards
    gain(g.cat, s, 0, [], "test", shards=1)
    assert (p.fame, p.shards) == (fame + extra[0], shards + 1 + extra[1])
    gain(g.cat, s, 0, [], "test", coins=1)
    assert p.shards == shards + 1 + extra[1]


def test_pr04_order_area_buyable():
    g, s = with_prophecy("pr04")
    s = placing(g, s, 0, 0, "market_row", 3)
    change_at(s.players, 0, props={}, mgr=())
    s.market = replace(s.market, order=put(s.market.order, 1, "cog"))
    assert A.Buy(("cog",)) in g.legal_actions(s, 0)


def test_pr05_cheap_further_draws():
    g, s = with_prophecy("pr05")
    s = placing(g, s, 0, 0, "dark_alley", 2)
    s, _ = g.apply(s, 0, A.DrawCards("downtown"))
    s, _ = g.apply(s, 0, A.KeepCard(s.pending[0].cards[0]))
    assert A.DrawCards("market_row") in g.legal_actions(s, 0)  # 1 AP, not 2


def test_pr06_double_performer_bonus():
    g, s = with_prophecy("pr06")
    set_row(g, s, ["pf10"])
    give_trick(s, 0, "t25_barricaded_barrels")
    put_marker(g, s, 0, "t25_barricaded_barrels", 0, 0, "right")
    stage(s, 0, 1)
    s.day = 1
    from engine.games.trickerion.performance import performer_bonus

    assert performer_bonus(g.rules, s, 0, s.row[0], 0) == [2, 0, 0]
    s.phase = "perform"
    from engine.games.trickerion.performance import resolve

    ev = []
    resolve(g.rules, s, 0, 0, ev)
    bonus = next(e.params for e in ev if e.params.get("why") == "performer_bonus")
    assert bonus["fame"] == 4


def test_pr07_double_take_coins():
    g, s = with_prophecy("pr07")
    s = placing(g, s, 0, 0, "downtown", 3)
    set_dice(s, 4, "5")
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.TakeCoins(4))
    assert s.players[0].coins == coins + 10


def test_pr08_strong_enhance():
    g, s = with_prophecy("pr08")
    s = placing(g, s, 0, 0, "downtown", 3)
    s, _ = g.apply(s, 0, A.EnhanceCharacter())
    assert s.act.ap == 5


def test_pr09_two_placements_per_turn():
    g, s = started(2, seed=62)
    s.prophecy = "pr09"
    s = to_placement(
        g, s, {0: [(0, "downtown"), (1, "market_row")], 1: [(0, "downtown"), (1, "market_row")]}
    )
    first = s.order[0]
    s, _ = g.apply(s, first, A.MakeIdle(0))
    assert g.to_act(s).seats == (first,)
    s, _ = g.apply(s, first, A.MakeIdle(1))
    assert g.to_act(s).seats == (s.order[1],)


@pytest.mark.parametrize(
    "pid,trick",
    [
        ("pr10", "t25_barricaded_barrels"),
        ("pr13", "t37_linking_rings"),
        ("pr17", "t01_enchanted_butterflies"),
        ("pr23", "t13_mind_reading"),
    ],
)
def test_set_up_school_fame(pid, trick):
    g, s = with_prophecy(pid)
    set_row(g, s, ["pf01"])
    s = placing(g, s, 0, 0, "theater", 2)
    give_trick(s, 0, trick, markers=1)
    give_trick(
        s,
        0,
        "t28_water_tank_escape" if trick != "t25_barricaded_barrels" else "t38_living_piano",
        markers=1,
    )
    fame = s.players[0].fame
    s, _ = g.apply(s, 0, A.SetUpTrick(trick, 0, 0, "down"))
    assert s.players[0].fame == fame + 2
    other = s.players[0].tricks[1].id
    s, _ = g.apply(s, 0, A.SetUpTrick(other, 0, 2, "up"))
    assert s.players[0].fame == fame + 2


def test_pr11_pr16_pr22_day_modifiers():
    g, s = with_prophecy("pr11")
    assert day_yield(g.cat, s, 1) == (-1, -1)
    s.prophecy = "pr16"
    assert day_yield(g.cat, s, 0) == (0, 0) and day_yield(g.cat, s, 3) == (0, 0)
    s.prophecy = "pr22"
    assert day_yield(g.cat, s, 2) == (1, 1)
    s.prophecy = ""
    assert [day_yield(g.cat, s, d) for d in range(4)] == [(-1, -1), (0, 0), (0, 0), (1, 1)]


@pytest.mark.parametrize(
    "pid,action", [("pr12", "learn_trick"), ("pr24", "take_coins"), ("pr25", "hire_character")]
)
def test_cheap_downtown_actions(pid, action):
    g, s = with_prophecy(pid)
    assert g.rules.action_ap(s, action) == 1
    s.prophecy = ""
    assert g.rules.action_ap(s, action) == 3


def test_pr14_coins_become_fame():
    g, s = with_prophecy("pr14")
    set_row(g, s, ["pf01"])
    give_trick(s, 0, "t28_water_tank_escape")  # 1/2/1
    put_marker(g, s, 0, "t28_water_tank_escape", 0, 0, "down")
    stage(s, 0, 1)
    s.day = 1
    from engine.games.trickerion.performance import resolve

    ev = []
    resolve(g.rules, s, 0, 0, ev)
    y = next(e.params for e in ev if e.params.get("why") == "performance_yield")
    assert (y["fame"], y["coins"], y["shards"]) == (3, 0, 1)


def test_pr15_advertised_apprentices():
    g, s = with_prophecy("pr15")
    from engine.games.trickerion.placement import base_ap

    assert base_ap(g.rules, s, 0, "apprentice") == 1
    change_at(s.players, 0, poster=True)
    assert base_ap(g.rules, s, 0, "apprentice") == 2 and base_ap(g.rules, s, 0, "magician") == 3


def test_pr18_costly_best_slots():
    g, s = started(2, seed=63)
    s.prophecy = "pr18"
    s = to_placement(g, s, {0: [(0, "downtown")], 1: [(0, "downtown")]})
    seat = s.order[0]
    change_at(s.players, seat, coins=2)
    assert A.PlaceCharacter(0, "downtown", 0) not in g.legal_actions(s, seat)
    change_at(s.players, seat, coins=5)
    s, _ = g.apply(s, seat, A.PlaceCharacter(0, "downtown", 0))
    assert s.players[seat].coins == 2 and s.act.ap == 5


def test_pr19_performer_day_for_all():
    g, s = with_prophecy("pr19")
    set_row(g, s, ["pf10"])
    give_trick(s, 0, "t25_barricaded_barrels")
    give_trick(s, 1, "t28_water_tank_escape")  # 1/2/1
    put_marker(g, s, 0, "t25_barricaded_barrels", 0, 0, "right")
    put_marker(g, s, 1, "t28_water_tank_escape", 0, 2, "up")
    stage(s, 0, 3)  # Sunday: +1/+1
    stage(s, 1, 0, "apprentice", backstage=True)  # Thursday: −1/−1 normally
    s.day = 3
    from engine.games.trickerion.performance import resolve

    ev = []
    resolve(g.rules, s, 0, 0, ev)
    y = {e.params["seat"]: e.params for e in ev if e.params.get("why") == "performance_yield"}
    assert (y[1]["fame"], y[1]["coins"]) == (2, 3)


def test_pr20_hidden_assignments():
    g, s = started(2, seed=64)
    s.prophecy = "pr20"
    s = to_placement(g, s, {0: [(0, "downtown")], 1: [(0, "downtown")]})
    assert not any(c.shown for p in s.players for c in p.chars)
    seat = s.order[0]
    assert g.view(s, 1 - seat)["players"][seat]["chars"][0]["card"] == "face_down"
    s, ev = g.apply(s, seat, A.PlaceCharacter(0, "downtown", 0))
    assert any(e.reveal and e.code == "trickerion.assignment_revealed" for e in ev)


def test_pr21_flat_prop_price():
    g, s = with_prophecy("pr21")
    s = placing(g, s, 0, 0, "market_row", 3)
    change_at(s.players, 0, props={}, mgr=(), coins=20)
    s, _ = g.apply(s, 0, A.Buy(("wood", "wood")))
    assert s.players[0].coins == 16


def test_pr26_enhance_in_theater():
    g, s = with_prophecy("pr26")
    s = placing(g, s, 0, 0, "theater", 3)
    assert A.EnhanceCharacter() in g.legal_actions(s, 0)


def test_pr27_lowest_slot_first():
    g, s = started(4, seed=65)
    s.prophecy = "pr27"
    s = to_placement(g, s, {seat: [(0, "downtown")] for seat in range(4)})
    seat = s.order[0]
    slots = [a.slot for a in g.legal_actions(s, seat) if isinstance(a, A.PlaceCharacter)]
    assert slots == [3]
