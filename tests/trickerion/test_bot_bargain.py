"""Greedy's Bargains (``bots._bargained_away``; docs/bots.md, "Issue #30, session 27"): the
book's "СБИТЬ ЦЕНУ" takes a coin off a Buy for each AP spent. Where another prop type an owned
trick lacks needed that AP this visit, the coin is the worse buy: a 2-AP body in round 1 bought
the starting trick's metal with a Bargain and came back a round later for its glass."""

from __future__ import annotations

from msgspec.structs import replace
from seated import Seated

from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.common import change_char

from .helpers import clear_tricks, give_trick, placing, started

TRICK = "t28_water_tank_escape"  # glass 2, metal 2, rope 1


def _at_market_row(ap: int):
    """Seat 0's character at the Market Row in round 1 with ``ap`` AP and 14 coins, owning
    Water Tank Escape with its rope only; the Buy area shows metal and glass."""
    g, s = started(2, seed=9)
    s = placing(g, s, 0, 0, "market_row", ap)
    s.round = 1
    p = Seated(s, 0)
    p.props, p.mgr, p.coins = {"rope": 1}, (), 14
    clear_tricks(s, 0)
    give_trick(s, 0, TRICK)
    s.market = replace(s.market, buy=("wood", "metal", "glass", "fabric"), order=("",) * 4)
    # The other seat still has a character to place, so stopping does not end the round.
    change_char(s, 1, 0, card="downtown", shown=True)
    return g, s


def _visit(g, s):
    """Greedy's moves at the Market Row until its turn there ends."""
    bot, moves = GreedyBot(1), []
    while s.act is not None and s.act.seat == 0:
        a = bot.choose(g, s, 0, g.legal_actions(s, 0))
        moves.append(a)
        s, _ = g.apply(s, 0, a)
        if isinstance(a, A.EndTurn):
            break
    return s, moves


def test_two_ap_buy_both_types_rather_than_a_bargain():
    g, s = _at_market_row(2)
    legal = g.legal_actions(s, 0)
    assert A.Buy(("metal", "metal"), 1) in legal, "the scenario offers the Bargain"
    s, moves = _visit(g, s)
    assert not any(isinstance(a, A.Buy) and a.bargain for a in moves), moves
    p = s.players[0]
    assert (p.props.get("metal"), p.props.get("glass")) == (2, 2), moves


def test_a_spare_ap_still_bargains():
    # With 3 AP the two Buys leave one over: it takes a coin off.
    g, s = _at_market_row(3)
    s, moves = _visit(g, s)
    p = s.players[0]
    assert (p.props.get("metal"), p.props.get("glass")) == (2, 2), moves
    assert sum(a.bargain for a in moves if isinstance(a, A.Buy)) == 1, moves
