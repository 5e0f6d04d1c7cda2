"""The next level's trick, learned when the purse can equip it, its props bought as they appear.

Greedy's one-step value credits a trick it cannot equip yet at a fiftieth of its yield a round
(``trick_missing``), and its props only once all are held. So Take Coins outranked every learn
of a level-2 trick at 16 fame, and a trick learned was never equipped: each single Buy lowered
the value (docs/bots.md, "Issue #30, session 21"). Here the props a level-2+ trick lacks count
pro rata toward its equipping, a coin of their price at ``PROPS`` fame as each is bought. A
learn is worth ``WORTH`` less ``PER_COIN`` a coin of the props it still lacks, where the purse,
after the fame top-up, holds that price and a round's wages besides: session 21's learns left
rounds 5-6 with 5-9 coins and the props unbought. A level-3 trick is learned for its end bonus
(it counts with the props held) where the purse pays the props and the last round's wages.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.trickerion import actions as A
from engine.games.trickerion.common import effective
from engine.games.trickerion.scoring import level3_bonus
from engine.games.trickerion.state import Player, State

if TYPE_CHECKING:
    from engine.games.trickerion.catalog import Catalog
    from engine.games.trickerion.table import Table

# A coin of a level-2+ trick's missing props, bought: above a coin's worth in the value
# (0.64-0.75), so each Buy toward the trick beats stopping.
PROPS = 1.0
# A level-2 learn beyond the value, less PER_COIN a coin of the props it lacks: of two tricks
# in reach, the one that shares the props held is equipped sooner.
WORTH = 6.0
PER_COIN = 0.5
# Whole rounds after the learn's: one to buy the props, one to prepare and perform.
ROUNDS = 2
# A coin spent on a level-3 trick's props against its end bonus: the end pays a third of a
# fame a coin.
END_COIN = 1 / 3


def lacking(cat: Catalog, p: Player, trick: str) -> int:
    """The price of the props ``trick`` needs that ``p`` does not hold."""
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k))
        for k, n in cat.tricks[trick].components.items()
    )


def shown(s: State, p: Player, cat: Catalog, trick: str) -> bool:
    """Whether the Buy area shows every prop type ``trick`` lacks: the next round's Market
    Row visit buys them. A learn whose props had to be ordered first (a round later) was
    seldom equipped in time (docs/bots.md, "Issue #30, session 22")."""
    return all(
        k in s.market.buy for k, n in cat.tricks[trick].components.items() if effective(p, k) < n
    )


def wages(cat: Catalog, p: Player) -> int:
    """A round's wages: every character that draws one, those hired this round included."""
    return sum(cat.wage[c.kind] for c in p.chars if not c.assist) + sum(
        cat.wage[k] for k in p.hired
    )


def _rounds_left(g: Table, s: State) -> int:
    return max(0, g.rules.last_round - max(s.round, 1))


def worth(g: Table, s: State, seat: int, action: Any, coin: float) -> float:
    """What a Buy or a Learn Trick is worth beyond the position it leads to (0 otherwise);
    ``coin``: a coin's worth in the value this round."""
    if isinstance(action, A.Buy):
        return props_worth(g, s, seat, action)
    if isinstance(action, A.LearnTrick) and not action.replace:
        return learn_worth(g, s, seat, action.trick, coin)
    return 0.0


def props_worth(g: Table, s: State, seat: int, action: A.Buy) -> float:
    """The Buy's props that an owned level-2+ trick lacks, at ``PROPS`` a coin of their price:
    a level-2 trick's while a round is left to prepare it, a level-3 trick's in any round (its
    end bonus counts with the props held)."""
    cat = g.cat
    p = s.players[seat]
    left = _rounds_left(g, s)
    needs: dict[str, int] = {}
    for t in p.tricks:
        level = cat.trick_level[t.id]
        if level < 2 or (level == 2 and not left):
            continue
        for k, n in cat.tricks[t.id].components.items():
            needs[k] = max(needs.get(k, 0), n)

    def credit(k: str, n: int) -> float:
        return PROPS * cat.prop_cost[k] * min(max(0, needs.get(k, 0) - effective(p, k)), n)

    # The purse a round ahead: a Buy that leaves less than a round's wages idles a body.
    paid = sum(cat.prop_cost[k] for k in action.props) - action.bargain
    if p.coins - paid < wages(cat, p):
        return 0.0
    out = sum(credit(k, action.props.count(k)) for k in set(action.props))
    if action.bargain and s.act is not None:
        # A Bargain's AP would buy another type the trick lacks: the rounds traced bought a
        # pair of mirrors at a coin off and left the saws the trick also lacked.
        others = sorted((credit(k, 3) for k in s.market.buy if k not in action.props), reverse=True)
        cost = max(1, g.rules.action_ap(s, "buy"))
        ap = s.act.ap - cost  # after this Buy
        out -= sum(others[max(0, ap - action.bargain) // cost : max(0, ap) // cost])
    return out


def learn_worth(g: Table, s: State, seat: int, trick: str, coin: float) -> float:
    """A learn of a level above every owned trick, where the purse equips it: level 2 with
    ``ROUNDS`` rounds left, level 3 for its end bonus with a round left to buy."""
    cat = g.cat
    p = s.players[seat]
    level = cat.trick_level[trick]
    if level < 2 or any(cat.trick_level[t.id] >= level for t in p.tricks):
        return 0.0
    top_up = max(0, cat.tricks[trick].fame_threshold - p.fame)
    missing = lacking(cat, p, trick)
    if p.coins - top_up < missing + wages(cat, p) or not shown(s, p, cat, trick):
        return 0.0
    if _rounds_left(g, s) < (ROUNDS if level == 2 else 1):
        return 0.0
    if level == 2:
        return WORTH - PER_COIN * missing
    # The value prices the fame top-up's coins at a coin's worth in hand; the end pays a third.
    bonus = min(cat.end.cap, level3_bonus(cat, p, trick))
    return max(0.0, bonus - END_COIN * (missing + top_up) + coin * top_up)


def target_in_buy(g: Table, s: State, seat: int) -> bool:
    """Whether the Buy area shows a prop that the purse pays and an owned level-3 trick lacks,
    or a level-2 trick with a round left: the round plan visits the Market Row before
    Downtown."""
    cat = g.cat
    p = s.players[seat]
    left = _rounds_left(g, s)
    return any(
        k in s.market.buy and effective(p, k) < n and p.coins >= cat.prop_cost[k]
        for t in p.tricks
        if cat.trick_level[t.id] == 3 or (cat.trick_level[t.id] == 2 and left)
        for k, n in cat.tricks[t.id].components.items()
    )
