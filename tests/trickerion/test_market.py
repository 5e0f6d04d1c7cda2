"""Market Row ("РЫНОК"): Buy, Bargain, Order, Quick Order, stack limit, Orders Arrive, and the
rulebook's two worked examples ("ПРИМЕР ДЕЙСТВИЙ НА РЫНКЕ", "ЕЩЁ ОДИН ПРИМЕР")."""

import pytest
from msgspec.structs import replace
from seated import Seated

from engine.core.copier import copy_state
from engine.core.errors import IllegalAction
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion.endround import orders_arrive

from .helpers import add_char, placing, started


def market(ap, seat=0, char=0, coins=20):
    g, s = started(4, seed=9)
    s = placing(g, s, seat, char, "market_row", ap)
    change_at(s.players, seat, coins=coins, props={}, mgr=())
    return g, s


def test_example_quick_order_buy_and_bargain():
    """ "ПРИМЕР ДЕЙСТВИЙ НА РЫНКЕ": Magician (3 AP) on the "+2" slot has 5 AP; Quick Order rope
    (−2 AP), Buy it (−1 AP) and Bargain twice (−2 AP) from 3 coins to 1."""
    g, s = started(4, seed=9)
    s = copy_state(s)
    seat = s.order[0]
    from .helpers import to_placement

    s = to_placement(g, s, {seat: [(0, "market_row")]})
    s, _ = g.apply(s, seat, A.PlaceCharacter(0, "market_row", 0))
    assert s.act.ap == 3 + 2
    change_at(s.players, seat, props={}, mgr=())
    coins = s.players[seat].coins
    s, _ = g.apply(s, seat, A.QuickOrder("rope"))
    assert s.act.ap == 3 and s.market.quick == "rope"
    assert A.Buy(("rope",), 2) in g.legal_actions(s, seat)
    assert A.Buy(("rope",), 3) not in g.legal_actions(s, seat)  # the total cannot reach 0
    s, ev = g.apply(s, seat, A.Buy(("rope",), 2))
    assert s.players[seat].coins == coins - 1
    assert s.act.ap == 0
    assert s.players[seat].props.get("rope") == 1


def test_example_engineer_orders_two_and_buys_two_stacks():
    """ "ЕЩЁ ОДИН ПРИМЕР": Engineer (2 AP) on "+2" has 4 AP; Order petroleum and padlock (1 AP
    each), Buy 2 rope and 3 metal (1 AP each) for 2 × 2 + 3 × 1 = 7 coins."""
    g, s = started(4, seed=9)
    seat = 0
    eng = add_char(s, seat, "engineer")
    s = placing(g, s, seat, eng, "market_row", 2 + 2)
    s.market = replace(s.market, buy=("wood", "metal", "rope", "fabric"))
    p = Seated(s, seat)
    p.props, p.mgr, p.coins = {}, (), 10
    s, _ = g.apply(s, seat, A.Order("petroleum", 0))
    s, _ = g.apply(s, seat, A.Order("padlock", 1))
    s, _ = g.apply(s, seat, A.Buy(("rope", "rope")))
    s, _ = g.apply(s, seat, A.Buy(("metal", "metal", "metal")))
    assert s.players[seat].coins == 10 - 7
    assert s.act.ap == 0
    assert s.players[seat].props == {"rope": 2, "metal": 3}
    assert s.market.order[:2] == ("petroleum", "padlock")


def test_buy_up_to_three_identical_from_stock_only():
    """Buy (1 AP): up to 3 identical props in the buy area; prices 1/2/3 by tier."""
    g, s = market(5)
    legal = [a for a in g.legal_actions(s, 0) if isinstance(a, A.Buy) and not a.bargain]
    assert A.Buy(("wood",) * 3) in legal
    assert A.Buy(("wood",) * 4) not in legal
    assert not any("rope" in a.props for a in legal)
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Buy(("rope",)))
    assert err.value.code == "trickerion.market.not_in_stock"
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Buy(("wood", "metal")))
    assert err.value.code == "trickerion.market.identical_up_to_3"


def test_stack_limit_three_and_manager_plus_one_inside_it():
    """At most 3 identical props; the Manager board's +1 never lets a stack exceed 3."""
    g, s = market(5)
    p = Seated(s, 0)
    p.props = {"wood": 2}
    assert A.Buy(("wood",)) in g.legal_actions(s, 0)
    assert A.Buy(("wood", "wood")) not in g.legal_actions(s, 0)
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Buy(("wood", "wood")))
    assert err.value.code == "trickerion.market.stack_limit"
    p.mgr = ("wood",)  # 2 tokens on the Manager board count as 3
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.Buy) and "wood" in a.props]
    from engine.games.trickerion.common import effective

    assert effective(p, "wood") == 3
    p.props = {"wood": 3}
    assert effective(p, "wood") == 3


def test_six_prop_slots_on_the_player_board():
    g, s = market(5)
    p = Seated(s, 0)
    p.props = dict.fromkeys(("rope", "saw", "animal", "petroleum", "padlock", "cog"), 1)
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.Buy)]
    p.mgr = ("cog",)
    assert A.Buy(("wood",)) in g.legal_actions(s, 0)


def test_bargain_only_with_buy_and_never_to_zero():
    """ "СБИТЬ ЦЕНУ": 1 AP per coin off a Buy's total; the total cannot reach 0."""
    g, s = market(3)
    legal = [a for a in g.legal_actions(s, 0) if isinstance(a, A.Buy) and a.props == ("wood",) * 2]
    assert [a.bargain for a in legal] == [0, 1]
    s, _ = g.apply(s, 0, A.Buy(("wood", "wood"), 1))
    assert s.players[0].coins == 19 and s.act.ap == 1


def test_cannot_buy_without_coins():
    g, s = market(3, coins=0)
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.Buy)]
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Buy(("wood",)))
    assert err.value.code == "trickerion.market.cannot_afford"


def test_order_once_per_type_and_orders_arrive():
    """ "ЗАКАЗАТЬ РЕКВИЗИТ" (1 AP): a prop not yet in the Order area; at Orders Arrive it
    replaces the prop in the buy slot below it."""
    g, s = market(3)
    s, _ = g.apply(s, 0, A.Order("cog", 2))
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.Order) and a.prop == "cog"]
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Order("cog", 1))
    assert err.value.code == "trickerion.market.already_ordered"
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Order("saw", 2))
    assert err.value.code == "trickerion.market.order_slot_taken"
    orders_arrive(g.rules, s, [])
    assert s.market.buy == ("wood", "metal", "cog", "fabric")
    assert s.market.order == ("", "", "", "")


def test_quick_order_costs_one_more_and_leaves_at_round_end():
    """ "СДЕЛАТЬ СРОЧНЫЙ ЗАКАЗ" (2 AP): any prop into the Quick Order slot (replacing the one
    there), buyable by anyone this round at +1 coin, back to the supply at round end."""
    g, s = market(4)
    s, _ = g.apply(s, 0, A.QuickOrder("mirror"))
    s, _ = g.apply(s, 0, A.Buy(("mirror",)))
    assert s.players[0].coins == 20 - 4
    orders_arrive(g.rules, s, [])
    assert s.market.quick == ""


def test_discard_props_at_start_of_turn():
    """Props may go back to the supply at any time (to make room)."""
    g, s = started(4, seed=9)
    from .helpers import to_placement

    s = to_placement(g, s, {seat: [(0, "market_row")] for seat in range(4)})
    seat = s.order[0]
    change_at(s.players, seat, props={"wood": 2})
    s, _ = g.apply(s, seat, A.DiscardProps("wood", 1))
    assert s.players[seat].props == {"wood": 1} and g.to_act(s).seats == (seat,)


def test_full_prop_board_may_be_cleared_during_the_placement():
    """ "В любой момент игры вы можете вернуть реквизит в общий запас, чтобы освободить место"."""
    g, s = market(3)
    p = Seated(s, 0)
    p.props = dict.fromkeys(("rope", "saw", "animal", "petroleum", "padlock", "cog"), 1)
    legal = g.legal_actions(s, 0)
    assert A.DiscardProps("cog", 1) in legal
    s, _ = g.apply(s, 0, A.DiscardProps("cog", 1))
    assert A.Buy(("wood",)) in g.legal_actions(s, 0) and s.act.ap == 3
