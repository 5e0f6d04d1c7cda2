"""The greedy Trickerion bot following a plan carried across rounds (issue #30, sessions 15-16).

One piece of an engine (a level-2 trick's props, the coins for its top-up, a 3-AP body Downtown
to learn it, an early hire to free that body) pays only with the others, so a plan names them
together and ``PlanBot`` follows it: the target trick's props held are priced as the plan's,
its Order counts, the round plan adds a Market Row visit for its props and a Downtown visit to
learn it, a level-1 learn is discouraged; with a hire, Downtown comes first while an apprentice
shows on an Inn die and a hire is worth ``HIRE`` more while most of the game is left.

``PlanBot(kind)`` fixes its target at its first decision of the game after the set-up
(``KINDS``): the measurement of docs/bots.md, "Issue #30, session 16", follows one target a
whole game to see which of its pieces fire.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot, shipped
from engine.games.trickerion.common import (
    effective,
    free_symbol,
    has_components,
    markers_in_theater,
    residence,
)
from engine.games.trickerion.downtown import INN
from engine.games.trickerion.state import State

# The target's props held are worth this many times their price (session 11's `target`).
CREDIT = 1.15
# A level-1 learn while a target stands (it takes the symbol and the coins the plan needs).
OFF_PLAN = 10.0
# A hire while 5 rounds or more are left (session 11's `hire`).
HIRE = 8.0
# The rounds in which a plan may hire (an apprentice on the Inn die puts Downtown first).
HIRE_ROUNDS = 2
# The plan's own hire (one apprentice or specialist while the plan hires) and the learn of its
# equipped target are worth this much more than the value says: a commitment, so that the
# piece fires whenever it is legal (session 16's trace: with the value alone, Take Coins won).
COMMIT = 50.0
# The target's Market Row visit comes before the Downtown visit for coins once the bot has
# this many characters (0: never; session 16's trace: with four, the fourth body takes coins
# and the target's props stay in the Buy area).
MARKET_FIRST = 0
# The target waits until every owned trick is equipped (session 16's trace: its props bought
# first left the starting trick unequipped, seed 50003 prepared nothing all game).
EQUIPPED_FIRST = True
# A level-1 learn is discouraged while the target waits for the owned tricks' props too.
OFF_PLAN_WAITING = False
# The plan's hire is committed only with this many coins in the purse (the wages to come).
HIRE_PURSE = 0
# A target's ranking is lowered by this much per prop type it lacks (a Market Row visit).
VISIT = 0.0
# Session 17: the target ranked by what it costs over the rounds (``costed``): each missing
# type bought now (in the Buy area) or ordered first (a round later, an Order's AP more), the
# rounds until it is equipped, the top-up left when it is, and the purse the plan leaves.
COSTED = False
# Fame a round the greedy bot gains before its engine (docs/bots.md: 7 after 1, 17 after 3).
PACE = 4.0
# Coins a round it gains (45.7 over 7 rounds, the session-17 reference's profile).
INCOME = 6.5
# Market Row Buys a visit (a 2-AP specialist's two, an apprentice's one).
BUYS = 1.5
# Session 17: the plan's hire commits only with this many rounds of wages (of every
# character, the hired one's included) in the purse on top of the target's missing props.
HIRE_WAGES = 0
# ... and the target's props counted in that purse (off: the owned tricks' missing props only).
HIRE_PROPS = True
# ... or once an owned trick yielding this many coins a marker or more has markers prepared or
# set up (0: off): its shows pay the wages.
HIRE_YIELD = 0
# The round whose first decision fixes the target (session 17: the game's first decision sees
# the same position on every seed, so a target fixed there is the same trick in every game).
FIX_ROUND = 1
# The fixed plans measured: a hire only, the best level-2+ target, both; "ladder": once the
# target is owned, the next level's best becomes the target.
KINDS = ("none", "hire", "trick", "trick+hire", "ladder+hire")


class Target(msgspec.Struct, frozen=True):
    trick: str = ""  # "" : no trick targeted
    hire: bool = False


NONE = Target()


def _last(g: Any) -> int:
    cat = g.cat
    return int(
        cat.rounds.with_dark_alley if g.rules.options.dark_alley else cat.rounds.without_dark_alley
    )


def rounds_left(g: Any, s: State) -> int:
    return max(0, _last(g) - max(s.round, 1))


def _missing(cat: Any, p: Any, trick: str) -> int:
    """What the props a trick lacks cost at the Market Row."""
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k))
        for k, n in cat.tricks[trick].components.items()
    )


def _covered(cat: Any, p: Any, trick: str) -> int:
    """The price of the props a trick needs that are already held."""
    return sum(
        cat.prop_cost[k] * min(n, effective(p, k)) for k, n in cat.tricks[trick].components.items()
    )


def costed(g: Any, s: State, seat: int, trick: str) -> float:
    """A target's worth counted in the coins and rounds it costs (session 17's first lever):
    each missing prop type in the Buy area is a Buy, one neither there nor ordered an Order
    too and a round's wait; the rounds until it is equipped cost its yield; the fame still
    short then is a coin top-up; a purse that cannot pay the props, the top-up and the wages
    meanwhile costs 2 fame a coin short (an unpaid wage's price)."""
    from engine.games.trickerion.market import stock

    cat = g.cat
    p = s.players[seat]
    t = cat.tricks[trick]
    here = stock(g.rules, s)
    # the owned tricks' props are bought for them anyway: a target shares them for nothing
    owned = _owned_needs(cat, p)
    buys = 0
    wait = 0
    for k, n in t.components.items():
        if max(effective(p, k), owned.get(k, 0)) >= n:
            continue
        buys += 1
        if k not in here:
            buys += 1  # its Order
            wait = 1  # ordered this round, bought next
    rounds = max(wait + (1 if buys else 0), -(-buys // BUYS)) if buys else 0
    f, c, sh = cat.trick_yield[trick]
    per = t.markers * (f + 0.5 * c + sh)
    left = rounds_left(g, s)
    short = max(0.0, t.fame_threshold - p.fame - PACE * rounds)
    wages = sum(cat.wage[ch.kind] for ch in p.chars if not ch.assist)
    price = sum(
        cat.prop_cost[k] * max(0, n - max(effective(p, k), owned.get(k, 0)))
        for k, n in t.components.items()
    )
    purse = p.coins + (INCOME - wages) * rounds - price - short - _unequipped(cat, p)
    return per * max(0, left - rounds) - price - short + 2 * min(0.0, purse)


def _owned_needs(cat: Any, p: Any) -> dict[str, int]:
    """Per prop type, the most any owned trick needs."""
    out: dict[str, int] = {}
    for x in p.tricks:
        for k, n in cat.tricks[x.id].components.items():
            out[k] = max(out.get(k, 0), n)
    return out


def _unequipped(cat: Any, p: Any) -> int:
    """What the props the owned tricks still lack cost."""
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k)) for k, n in _owned_needs(cat, p).items()
    )


def targets(g: Any, s: State, seat: int) -> list[str]:
    """Candidate tricks to learn next, best first: the magician's own school (any Residence
    die learns it), one level above the best owned, worth most over the rounds left less the
    props it lacks and the fame short of its threshold (session 11's ranking)."""
    cat = g.cat
    p = s.players[seat]
    left = rounds_left(g, s)
    if free_symbol(p) < 0 or not p.school or left < 1:
        return []
    top = max((cat.trick_level[t.id] for t in p.tricks), default=1)
    level = min(3, top + 1)
    own = {k for x in p.tricks for k in cat.tricks[x.id].components}
    ranked = []
    for t in residence(g.rules, s):
        if cat.trick_level[t] != level or cat.trick_school[t] != p.school:
            continue
        trick = cat.tricks[t]
        f, c, sh = cat.trick_yield[t]
        per = trick.markers * (f + 0.5 * c + sh)
        worth = per * left - _missing(cat, p, t) - max(0, trick.fame_threshold - p.fame)
        if COSTED:
            worth = costed(g, s, seat, t)
        # each prop type to fetch besides the owned tricks' own is a Market Row visit of its
        # own, a body's round (session 16)
        types = sum(1 for k, n in trick.components.items() if effective(p, k) < n and k not in own)
        worth -= VISIT * types
        if worth > 0:
            ranked.append((-worth, t))
    ranked.sort()
    return [t for _, t in ranked]


def fixed(g: Any, s: State, seat: int, kind: str) -> Target:
    """The plan of a kind at the game's first decision after the set-up."""
    if kind == "none":
        return NONE
    hire = kind.endswith("hire")
    trick = ""
    if kind.startswith(("trick", "ladder")):
        best = targets(g, s, seat)
        trick = best[0] if best else ""
    return Target(trick, hire)


def _coin(g: Any, s: State, w: dict[str, float]) -> float:
    played = max(0, min(_last(g), s.round) - 1) / max(1, _last(g) - 1)
    return float(w["coin_early"] + (w["coin_end"] - w["coin_early"]) * played)


class PlanBot(GreedyBot):
    """The greedy bot following a target (``NONE``: exactly the greedy bot). With a ``kind``,
    the target is fixed at the first decision after the set-up."""

    def __init__(self, seed: int, target: Target = NONE, kind: str = "") -> None:
        super().__init__(seed)
        self.target = target
        self.kind = kind
        self.ladder = kind.startswith("ladder")

    def choose(self, game: Any, state: State, seat: int, legal: list[Any]) -> Any:
        s = state
        if s.round >= 1 and not s.pending and not s.phase.startswith("setup"):
            if self.kind and s.round >= FIX_ROUND:
                self.target = fixed(game, s, seat, self.kind)
                self.kind = ""
            elif self.ladder and self.target.trick and s.phase == "assign":
                owned = {t.id for t in s.players[seat].tricks}
                if self.target.trick in owned:
                    best = targets(game, s, seat)
                    self.target = Target(best[0] if best else "", self.target.hire)
        return super().choose(game, s, seat, legal)

    def _hiring(self, g: Any, s: State, seat: int) -> bool:
        """Whether the plan still wants its one hire."""
        p = s.players[seat]
        return (
            self.target.hire
            and s.round <= HIRE_ROUNDS
            and len(p.chars) + len(p.hired) < 5
            and rounds_left(g, s) >= 5
        )

    def goal(self, g: Any, s: State, seat: int) -> str:
        """The target trick while it can still be learned ("" once owned or gone, or while an
        owned trick waits for its props)."""
        t = self.target.trick
        if not t or any(x.id == t for p in s.players for x in p.tricks):
            return ""
        p = s.players[seat]
        if EQUIPPED_FIRST and not all(has_components(g.cat, p, x.id) for x in p.tricks):
            return ""
        return t

    def _value(self, g: Any, s: State, seat: int, w: dict[str, float]) -> float:
        v = super()._value(g, s, seat, w)
        goal = self.goal(g, s, seat)
        if goal and s.phase != "over":
            # The target's props held: coins turned into the plan, not lost.
            v += CREDIT * _coin(g, s, w) * _covered(g.cat, s.players[seat], goal)
        return v

    def _extra(self, g: Any, s: State, seat: int, action: Any) -> float:
        goal = self.goal(g, s, seat)
        if isinstance(action, A.LearnTrick) and goal:
            if action.trick == goal:
                # learning it turns the props bought for it into a trick's worth
                w = self.weights or shipped()
                p = s.players[seat]
                equipped = has_components(g.cat, p, goal)
                return CREDIT * _coin(g, s, w) * _covered(g.cat, p, goal) + COMMIT * equipped
            if g.cat.trick_level[action.trick] < 2:
                return -OFF_PLAN
        elif isinstance(action, A.LearnTrick) and OFF_PLAN_WAITING and self.target.trick:
            # the target waits for the owned tricks' props: a level-1 learn would add a trick
            # to equip first (session 16: seed 50002 learned one in round 2 and never equipped it)
            if g.cat.trick_level[action.trick] < 2 and action.trick != self.target.trick:
                return -OFF_PLAN
        if isinstance(action, A.HireCharacter) and self.target.hire and rounds_left(g, s) >= 5:
            if not self._paid(g, s, seat, action.character):
                return 0.0
            return HIRE + COMMIT * self._hiring(g, s, seat)
        return 0.0

    def _paid(self, g: Any, s: State, seat: int, kind: str = "apprentice") -> bool:
        """Whether the purse pays the hire's wages ``HIRE_WAGES`` rounds on top of the
        target's missing props (session 17's second lever), and ``HIRE_PURSE``."""
        cat = g.cat
        p = s.players[seat]
        if p.coins < HIRE_PURSE:
            return False
        if not HIRE_WAGES:
            return True
        if HIRE_YIELD and any(
            cat.trick_yield[x.id][1] >= HIRE_YIELD
            and (x.markers or markers_in_theater(s, seat * 4 + x.sym))
            for x in p.tricks
        ):
            return True
        wages = cat.wage[kind] + sum(cat.wage[ch.kind] for ch in p.chars if not ch.assist)
        # the target's props and the owned tricks' still to buy, whether or not the target
        # is active yet
        props = _unequipped(cat, p)
        t = self.target.trick
        if HIRE_PROPS and t and not any(x.id == t for x in p.tricks):
            props += _missing(cat, p, t)
        return p.coins >= HIRE_WAGES * wages + props

    def _order_bonus(self, g: Any, s: State, seat: int, prop: str) -> float:  # type: ignore[override]
        base = GreedyBot._order_bonus(g, s, seat, prop)
        goal = self.goal(g, s, seat)
        p = s.players[seat]
        if base < 0 and goal and prop not in s.market.buy and effective(p, prop) < 3:
            if g.cat.tricks[goal].components.get(prop, 0) > effective(p, prop):
                return 0.6
        return base

    def _wanted(self, g: Any, s: State, seat: int) -> list[str]:
        out = super()._wanted(g, s, seat)
        cat = g.cat
        p = s.players[seat]
        if (
            self._hiring(g, s, seat)
            and any(s.dice[d] == "apprentice" for d in INN)
            and self._paid(g, s, seat)
        ):
            out.insert(0, "downtown")  # an apprentice on the Inn die, rounds ahead to use it
        goal = self.goal(g, s, seat)
        if goal:
            trick = cat.tricks[goal]
            lacks = [k for k, n in trick.components.items() if effective(p, k) < n]
            short = max(0, trick.fame_threshold - p.fame)
            # After the pipeline (Theater, Workshop) and the coin Downtown visit that opens
            # the list: session 11 measured the plan's visits before it as worse.
            at = 0
            while at < len(out) and out[at] in ("theater", "workshop"):
                at += 1
            if at < len(out) and out[at] == "downtown":
                at += 1
            if lacks and p.coins >= 5 and rounds_left(g, s) >= 2:
                if MARKET_FIRST and len(p.chars) >= MARKET_FIRST and "downtown" in out[:at]:
                    at = out.index("downtown")
                out.insert(at, "market_row")  # the target's props, or their order
            elif not lacks and p.coins >= short:
                out.insert(at, "downtown")  # learn it
        return out
