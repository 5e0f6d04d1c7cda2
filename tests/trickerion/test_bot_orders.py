"""Greedy's Orders (``GreedyBot._order_bonus``; docs/bots.md, "Issue #30, session 21"): the
book's "ЗАКАЗАТЬ РЕКВИЗИТ" puts a prop in the Order area that Orders Arrive moves to the Buy
area, "and it can be bought next round". In the last round there is none, so the bot places no
plain Order there; in an earlier round an Order of a prop its trick lacks still comes first."""

from __future__ import annotations

from msgspec.structs import replace
from seated import Seated

from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.common import change_char

from .helpers import clear_tricks, give_trick, placing, started


def _at_market_row(round_: int):
    """Seat 0's Magician at Market Row with 3 AP, no props and no coins (Orders, Quick Orders
    and stopping are its moves), owning a level-1 trick none of whose props is in the Buy
    area."""
    g, s = started(2, seed=9)
    s = placing(g, s, 0, 0, "market_row", 3)
    s.round = round_
    p = Seated(s, 0)
    p.props, p.mgr, p.coins = {}, (), 0
    clear_tricks(s, 0)
    trick = next(t for t in g.cat.tricks if g.cat.trick_level[t] == 1)
    give_trick(s, 0, trick)
    lacking = set(g.cat.tricks[trick].components)
    others = [k for k in g.cat.props if k not in lacking]
    s.market = replace(s.market, buy=tuple(others[: len(s.market.buy)]))
    # The other seat still has a character to place, so stopping does not end the round.
    change_char(s, 1, 0, card="downtown", shown=True)
    return g, s, lacking


def test_no_order_in_the_last_round_its_prop_would_arrive_after():
    last = started(2, seed=9)[0].rules.last_round
    g, s, lacking = _at_market_row(last)
    legal = g.legal_actions(s, 0)
    orders = [a for a in legal if isinstance(a, A.Order) and a.prop in lacking and a.slot >= 0]
    assert orders, "the scenario offers a plain Order of a lacking prop"
    bot = GreedyBot(1)
    assert all(bot._order_bonus(g, s, 0, a) < 0 for a in orders)
    assert not isinstance(bot.choose(g, s, 0, legal), A.Order)


def test_an_order_of_a_lacking_prop_before_the_last_round():
    g, s, lacking = _at_market_row(3)
    choice = GreedyBot(1).choose(g, s, 0, g.legal_actions(s, 0))
    assert isinstance(choice, A.Order) and choice.prop in lacking and choice.slot >= 0
