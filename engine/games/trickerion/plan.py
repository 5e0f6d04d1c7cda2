"""The greedy bot's plan across rounds: the next trick to learn and what it takes.

Recomputed from the position at every decision (so the same in the bot and in every rollout
that follows it): a trick of level 2 or 3 in Dahlgaard's Residence, worth its yield over the
rounds left once equipped, less the coins its missing props and the fame top-up cost. Props
the player already owns count as paid, so a trick sharing components with what is owned comes
first. The policy then learns it at Downtown, buys or orders its props at the Market Row, and
sends a character that can reach Downtown's 3 AP (docs/bots.md, "Trickerion").
"""

from __future__ import annotations

from typing import NamedTuple

from engine.games.trickerion.common import effective, free_symbol, has_components, residence
from engine.games.trickerion.state import State


class Target(NamedTuple):
    trick: str
    missing: dict[str, int]  # prop -> tokens still short
    price: int  # coins for the missing props at the Market Row
    topup: int  # coins paid for the fame the trick's threshold asks beyond the player's
    worth: float  # fame-equivalents the plan expects of it

    @property
    def bill(self) -> int:
        """Coins the purse must hold before learning: top-up, props, and a round's wages."""
        return self.topup + self.price + WAGES


# A level-2 trick learnt with more than this top-up leaves nothing to equip it with.
MAX_TOPUP = 3
# Wages still to pay at the end of the round a trick is learnt in (an apprentice and a
# specialist or two): learning with less leaves the props unbought.
WAGES = 3


def target(g, s: State, seat: int, coin: float) -> Target | None:
    cat = g.cat
    p = s.players[seat]
    if free_symbol(p) < 0 or not all(has_components(cat, p, t.id) for t in p.tricks):
        return None  # a trick that cannot be prepared yet comes first
    last = cat.rounds.with_dark_alley if g.options["dark_alley"] else cat.rounds.without_dark_alley
    left = last - max(s.round, 1)  # whole rounds after this one: learn now, prepare later
    if left < 2:
        return None
    best: Target | None = None
    # Only the player's own school: any Residence die learns it, so the target holds from
    # round to round whatever the dice show (another school's needs its face on a die, and
    # setting a die as well costs more AP than anyone has).
    for t in residence(g, s):
        if cat.trick_level[t] < 2 or cat.trick_school[t] != p.school:
            continue
        trick = cat.tricks[t]
        topup = max(0, trick.fame_threshold - p.fame)
        if topup > MAX_TOPUP:
            continue
        missing = {
            k: n - effective(p, k) for k, n in trick.components.items() if effective(p, k) < n
        }
        price = sum(cat.prop_cost[k] * n for k, n in missing.items())
        f, c, sh = cat.trick_yield[t]
        per = trick.markers * (f + coin * c + sh)
        worth = per * (left - 1) * 0.5 - coin * (price + topup)
        if worth > 0 and (best is None or worth > best.worth):
            best = Target(t, missing, price, topup, worth)
    return best
