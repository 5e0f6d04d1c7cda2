"""The Successor at Market Row: seed 003, the list opening «Когда преемник выставляет персонажа
на рынок» (market.1, market.2, the three stop conditions market.3a/b/c) and its example."""

from msgspec.structs import replace

from ..helpers import set_slot
from .scenario import SUCC, assign, events, make, run_turn, steps


def market_turn(
    shopping,
    buy=("wood", "metal", "glass", "fabric"),
    order=("", "", "", ""),
    quick="",
    char=0,
    difficulty="low",
):
    g, s, solo = make(difficulty, magician="m05_red_lotus")
    solo.shopping = list(shopping)
    s.market = replace(s.market, buy=tuple(buy), order=tuple(order), quick=quick)
    assign(s, SUCC, {char: "market_row"})
    return g, s, solo


def test_book_example_shopping_list():
    """Market example: list metal, wood, padlock; metal and wood are in stock -> removed;
    padlock is not -> one padlock into the order area."""
    g, s, solo = market_turn(["metal", "wood", "padlock"])
    log = run_turn(g, s, solo)
    assert steps(log) == ["order.2", "market.1", "market.2", "market.3b"]
    assert events(log, "unlisted")[0]["props"] == ["metal", "wood"]
    assert s.market.order == ("padlock", "", "", "")
    assert solo.shopping == ["padlock"]  # stays listed until it reaches the stock
    assert s.players[SUCC].coins == 0  # it never buys


def test_quick_order_slot_counts_as_stock():
    """market.1: the quick-order slot is part of the market's stock."""
    g, s, solo = market_turn(["rope"], quick="rope")
    run_turn(g, s, solo)
    assert solo.shopping == [] and s.market.order == ("", "", "", "")


def test_orders_go_to_the_first_free_slot():
    g, s, solo = market_turn(["cog"], order=("saw", "", "mirror", ""))
    run_turn(g, s, solo)
    assert s.market.order == ("saw", "cog", "mirror", "")


def test_stop_a_no_free_order_slot():
    g, s, solo = market_turn(["cog", "rope"], order=("saw", "mirror", "animal", ""))
    log = run_turn(g, s, solo)
    assert steps(log)[-1] == "market.3a"
    assert sum(1 for x in s.market.order if x) == 4


def test_stop_c_one_prop_per_action_point():
    """market.3c: an apprentice (1 AP on the 0 slot) orders one prop only."""
    g, s, solo = market_turn(["cog", "rope", "saw"], char=2)
    for i in range(3):  # the better slots are taken: the apprentice gets the 0 slot
        set_slot(s, 4 + i, 9)
    log = run_turn(g, s, solo)
    assert events(log, "action_points")[0]["ap"] == 1
    assert steps(log)[-1] == "market.3c" and sum(1 for x in s.market.order if x) == 1


def test_random_pick_is_a_listed_prop_not_already_ordered():
    g, s, solo = market_turn(["cog", "rope", "saw"], order=("rope", "", "", ""))
    log = run_turn(g, s, solo)
    ordered = [e["prop"] for e in events(log, "ordered")]
    assert sorted(ordered) == ["cog", "saw"]
    assert steps(log)[-1] == "market.3b"
