"""The next level's trick learned once its props are within the purse's reach: the rules
session 21 measured, as knobs whose defaults play main's games (not shipped).

The greedy bot's one-step value prices a trick it cannot equip yet at a fiftieth of its yield
a round (``trick_missing``), so at 16 fame, with 3 AP Downtown, Take Coins (2-4 fame-worth)
won over every level-2 trick (0.5-1.2): in greedy's solo games from seeds 50000-50009 the bot
passed 16 fame by round 3-4 and took coins on each such visit (docs/bots.md, "Issue #30,
session 21"). A learn of a level above every owned trick is worth ``WORTH`` beyond the value
where the purse, once the fame top-up is paid, buys the props the trick lacks, and enough
rounds are left to buy, prepare and perform it.

Learned, such a trick stayed unequipped: the value credits its props only once all are held
(a round's prepare, at a seventh of the yield a round), so each Buy of one type lowered it, and
the Market Row character idled beside the props in the Buy area. A Buy of the props the seat's
highest-level trick of level 2+ lacks is worth ``PROPS`` a coin of their price beyond the value,
while a round is left after this one; the round plan visits the Market Row before Downtown
when the Buy area shows one of them (the level-3 gate at 36 fame had put Downtown first).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.trickerion import actions as A
from engine.games.trickerion.common import effective
from engine.games.trickerion.scoring import level3_bonus
from engine.games.trickerion.state import State

if TYPE_CHECKING:
    from engine.games.trickerion.table import Table

# The knobs of docs/bots.md, "Issue #30, session 21"; these defaults play main's games, and
# scripts/experiments/s21c_knobs.py sets each variant's.
WORTH = 0.0
# Each coin of props still to buy lowers the learn's worth this much: of two tricks in reach,
# the one that is equipped sooner (measured at 0.5 with WORTH 6).
PER_COIN = 0.0
# A coin of the learned trick's missing props bought (measured at 1.0: above a coin's worth in
# the value, 0.64-0.75, so each Buy of them beats stopping).
PROPS = 0.0
# The round plan's Market Row visit for those props before Downtown.
BUY_FIRST = False
# Coins the purse keeps beyond the props' price for the learn.
RESERVE = 0
# The learn only where the Buy area shows every type the trick lacks.
IN_BUY = False
# The learn only of a trick whose prepare yields more than every owned trick's.
BETTER = False
# A level-3 trick learned for its end bonus (``_end_bonus_worth``).
L3 = False
# The most prop types a level-3 trick may lack: one Market Row visit's Buys.
L3_TYPES = 2
# A coin spent on a level-3 trick's props, against its end bonus: a coin is a third of a fame
# at the end, and the value holds it at about two thirds.
END_COIN = 0.65
# Whole rounds after this one: a round to buy the props, one to prepare and perform.
ROUNDS = 2


def lacking(g: Table, s: State, seat: int, trick: str) -> int:
    """The price of the props ``trick`` needs that the seat does not hold."""
    cat = g.cat
    p = s.players[seat]
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k))
        for k, n in cat.tricks[trick].components.items()
    )


def worth(g: Table, s: State, seat: int, action: Any) -> float:
    """What a Learn Trick is worth beyond the position it leads to (0 for other actions)."""
    if not isinstance(action, A.LearnTrick) or action.replace:
        return 0.0
    cat = g.cat
    p = s.players[seat]
    level = cat.trick_level[action.trick]
    if level < 2 or any(cat.trick_level[t.id] >= level for t in p.tricks):
        return 0.0
    if L3 and level == 3:
        return _end_bonus_worth(g, s, seat, action.trick)
    if g.rules.last_round - max(s.round, 1) < ROUNDS:
        return 0.0
    top_up = max(0, cat.tricks[action.trick].fame_threshold - p.fame)
    missing = lacking(g, s, seat, action.trick)
    if missing + RESERVE > p.coins - top_up:
        return 0.0
    if BETTER and _prepare_worth(g, action.trick) <= max(
        (_prepare_worth(g, t.id) for t in p.tricks), default=0.0
    ):
        return 0.0
    if IN_BUY and _in_buy_area(g, s, seat, action.trick, absent=True):
        return 0.0
    return WORTH - PER_COIN * missing


def _target(g: Table, s: State, seat: int) -> str:
    """The seat's highest-level trick of level 2+ ("" if none)."""
    cat = g.cat
    tricks = [t.id for t in s.players[seat].tricks if cat.trick_level[t.id] >= 2]
    return max(tricks, key=lambda t: cat.trick_level[t], default="")


def props_worth(g: Table, s: State, seat: int, action: Any) -> float:
    """What a Buy is worth beyond the position it leads to: the props it brings that the
    seat's level-2+ trick lacks, at ``PROPS`` a coin of their price (0 for other actions)."""
    if not isinstance(action, A.Buy) or not PROPS:
        return 0.0
    trick = _target(g, s, seat)
    if not trick:
        return 0.0
    end_bonus = L3 and g.cat.trick_level[trick] == 3
    if g.rules.last_round - max(s.round, 1) < 1 and not end_bonus:
        return 0.0
    cat = g.cat
    p = s.players[seat]
    needs = cat.tricks[trick].components
    worth = 0.0
    for k in set(action.props):
        short = max(0, needs.get(k, 0) - effective(p, k))
        worth += PROPS * cat.prop_cost[k] * min(short, action.props.count(k))
    if action.bargain and _in_buy_area(g, s, seat, trick, action.props[0]):
        # The Bargain's AP would buy the trick's next type: it saves less than that is worth.
        worth -= PROPS * action.bargain
    return worth


def _in_buy_area(
    g: Table, s: State, seat: int, trick: str, besides: str = "", absent: bool = False
) -> bool:
    """Whether the Buy area shows a prop type ``trick`` lacks (other than ``besides``); with
    ``absent``, whether it lacks one the Buy area does not show."""
    p = s.players[seat]
    return any(
        k != besides and (k in s.market.buy) != absent and effective(p, k) < n
        for k, n in g.cat.tricks[trick].components.items()
    )


def buy_first(g: Table, s: State, seat: int) -> bool:
    """Whether the round plan's Market Row visit for the level-2+ trick's props comes before
    Downtown: the Buy area shows one it lacks and the purse pays it, with a round left."""
    trick = _target(g, s, seat)
    if not BUY_FIRST or not trick or g.rules.last_round - max(s.round, 1) < 1:
        return False
    p = s.players[seat]
    cat = g.cat
    return any(
        k in s.market.buy and effective(p, k) < n and p.coins >= cat.prop_cost[k]
        for k, n in cat.tricks[trick].components.items()
    )


def _prepare_worth(g: Table, trick: str) -> float:
    """A prepare's yield, a coin at half a fame (as ``bots.preparable`` ranks them)."""
    f, c, sh = g.cat.trick_yield[trick]
    return (f + c / 2 + sh) * g.cat.tricks[trick].markers


def _end_bonus_worth(g: Table, s: State, seat: int, trick: str) -> float:
    """A level-3 trick's end bonus (it counts with the props held), less its missing props at
    ``END_COIN`` a coin: learned where the purse pays them and the Buy area shows them all,
    at most ``L3_TYPES`` types."""
    cat = g.cat
    p = s.players[seat]
    top_up = max(0, cat.tricks[trick].fame_threshold - p.fame)
    missing = lacking(g, s, seat, trick)
    if missing > p.coins - top_up - RESERVE:
        return 0.0
    if _in_buy_area(g, s, seat, trick, absent=True):
        return 0.0
    types = sum(1 for k, n in cat.tricks[trick].components.items() if effective(p, k) < n)
    if types > L3_TYPES:
        return 0.0
    bonus = min(cat.end.cap, level3_bonus(cat, p, trick))
    return max(0.0, bonus - END_COIN * missing)
