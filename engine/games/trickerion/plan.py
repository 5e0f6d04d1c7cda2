"""The engine plan the greedy bot carries across rounds (issue #30): the next trick to learn,
its props, the coins kept for them, the Downtown visit that learns it, and a hire the purse pays.

One piece of an engine pays only with the others (docs/bots.md, "Issue #30, sessions 16-17"):
a level-2 trick's props bought without the learn, or a learn without the props, or a hire with
no wage, each cost the bot fame. So the plan names them together, and the greedy bot follows it
at the few places its one-step value cannot see far enough:

- ``target``: the next trick to learn, one level above the best owned, of the magician's school
  (any Residence die learns it), ranked by what it costs over the rounds (``costed``). It is
  read from the position at every decision, so it climbs to level 3 once the level-2 trick is
  owned, and the props already bought for it keep it the target.
- ``credit``: the target's props held are worth a little more than their price (coins turned
  into the plan, not lost); ``order_wanted``: an Order for a prop it lacks counts.
- ``extra``: the learn of the equipped target and the one early hire the purse pays are
  commitments, worth more than the value says (with the value alone Take Coins won, session 16).
- ``visits``: the round plan's Market Row visit for the target's props and the Downtown visit
  that learns it.
"""

from __future__ import annotations

from typing import Any

from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import (
    effective,
    free_symbol,
    has_components,
    residence,
)
from engine.games.trickerion.downtown import INN
from engine.games.trickerion.market import stock
from engine.games.trickerion.scoring import level3_bonus
from engine.games.trickerion.state import Player, State

# The target's props held are worth this many times their price.
CREDIT = 1.15
# A level-1 learn while a target stands (it takes the symbol and the coins the plan needs).
OFF_PLAN = 10.0
# A hire while 5 rounds or more are left.
HIRE = 8.0
# The rounds in which the plan hires (an apprentice on an Inn die puts Downtown first).
HIRE_ROUNDS = 2
# The learn of the equipped target and the plan's one hire outrank what the value prefers.
COMMIT = 50.0
# Fame a round the greedy bot gains before its engine (7 after round 1, 17 after round 3).
PACE = 4.0
# Coins a round it gains.
INCOME = 6.5
# Market Row Buys a visit (a 2-AP specialist's two, an apprentice's one).
BUYS = 1.5
# The target's props are credited, ordered and fetched only once every owned trick has its
# props. Off, the bot equips and learns its level-2 target by round 2-3 in every game (1.0
# level-2 tricks, 6.3 of their markers prepared) but its starting trick goes unprepared and
# half those markers are never performed (docs/bots.md, session 19): on for the bot alone.
EQUIPPED_FIRST = True
# Coins beyond the target's missing props that put its Market Row visit before the coin visit.
MARGIN = 2
# The round plan's Downtown visit that learns the target (assigned by ``learner_rank``).
LEARN = "learn"
# A candidate's props held count this much more a coin toward keeping it the target.
STAY = 0.5
# Set-ups a round the backstage character makes (the Assistant's 2 AP). With ``DISPLACE`` a
# target is worth only its markers that fit them, each at what it yields over the best owned
# trick's marker it takes the place of (the bot sets up about 8.4 markers a game with the plan
# or without it: a level-2 marker replaces a level-1 one, it does not add to them).
BACKSTAGE = 2
DISPLACE = False
# The hire commits only with this many rounds of every character's wages (its own included) in
# the purse on top of the props the owned tricks still lack.
HIRE_WAGES = 2
# Session 20: off, the plan keeps only its hire (no target, no props, no learn visit).
TARGET = True


def last_round(g: Any) -> int:
    cat: Catalog = g.cat
    return int(
        cat.rounds.with_dark_alley if g.rules.options.dark_alley else cat.rounds.without_dark_alley
    )


def rounds_left(g: Any, s: State) -> int:
    return max(0, last_round(g) - max(s.round, 1))


def _owned_needs(cat: Catalog, p: Player) -> dict[str, int]:
    """Per prop type, the most any owned trick needs."""
    out: dict[str, int] = {}
    for x in p.tricks:
        for k, n in cat.tricks[x.id].components.items():
            out[k] = max(out.get(k, 0), n)
    return out


def _unequipped(cat: Catalog, p: Player) -> int:
    """What the props the owned tricks still lack cost."""
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k)) for k, n in _owned_needs(cat, p).items()
    )


def _missing(cat: Catalog, p: Player, trick: str) -> int:
    """What the props a trick lacks cost at the Market Row."""
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k))
        for k, n in cat.tricks[trick].components.items()
    )


def covered(cat: Catalog, p: Player, trick: str) -> int:
    """The price of the props a trick needs that are already held."""
    return sum(
        cat.prop_cost[k] * min(n, effective(p, k)) for k, n in cat.tricks[trick].components.items()
    )


def costed(g: Any, s: State, seat: int, trick: str) -> float:
    """A target's worth counted in the coins and rounds it costs: each missing prop type in the
    Buy area is a Buy, one not there an Order too and a round's wait (the owned tricks' props
    are bought for them anyway, so a target sharing them gets them for nothing); the rounds
    until it is equipped cost its yield; the fame still short then is a coin top-up; a purse
    that cannot pay the props, the top-up and the wages meanwhile costs 2 fame a coin short."""
    cat: Catalog = g.cat
    p = s.players[seat]
    t = cat.tricks[trick]
    here = stock(g.rules, s)
    owned = _owned_needs(cat, p)
    buys = 0
    wait = 0
    price = 0
    for k, n in t.components.items():
        have = max(effective(p, k), owned.get(k, 0))
        if have >= n:
            continue
        price += cat.prop_cost[k] * (n - have)
        buys += 1
        if k not in here:
            buys += 1  # its Order
            wait = 1  # ordered this round, bought next
    rounds = max(wait + 1, -(-buys // BUYS)) if buys else 0
    f, c, sh = cat.trick_yield[trick]
    per = t.markers * (f + 0.5 * c + sh)
    if DISPLACE:
        owned_best = max(
            (sum(x * w for x, w in zip(cat.trick_yield[o.id], (1, 0.5, 1))) for o in p.tricks),
            default=0.0,
        )
        per = min(t.markers, BACKSTAGE) * max(0.0, f + 0.5 * c + sh - owned_best)
    short = max(0.0, t.fame_threshold - p.fame - PACE * rounds)
    wages = sum(cat.wage[ch.kind] for ch in p.chars if not ch.assist)
    purse = p.coins + (INCOME - wages) * rounds - price - short - _unequipped(cat, p)
    # a level-3 trick's end bonus, as the props held would score it now
    bonus = min(cat.end.cap, level3_bonus(cat, p, trick)) if cat.trick_level[trick] == 3 else 0
    return per * max(0, rounds_left(g, s) - rounds) + bonus - price - short + 2 * min(0.0, purse)


def target(g: Any, s: State, seat: int) -> str:
    """The next trick to learn ("" : none worth it): of the magician's school, one level above
    the best owned, still in the Residence, the one worth most by ``costed``."""
    cat: Catalog = g.cat
    p = s.players[seat]
    if not TARGET or free_symbol(p) < 0 or not p.school or rounds_left(g, s) < 1:
        return ""
    level = min(3, max((cat.trick_level[t.id] for t in p.tricks), default=1) + 1)
    best, out = 0.0, ""
    for t in residence(g.rules, s):
        if cat.trick_level[t] != level or cat.trick_school[t] != p.school:
            continue
        # the props already bought for it keep it the target while the Buy area changes
        worth = costed(g, s, seat, t) + STAY * covered(cat, p, t)
        if worth > best:
            best, out = worth, t
    return out


def equipped(g: Any, s: State, seat: int) -> bool:
    """Every owned trick has its props: the target's wait until then (bought first, they left
    the starting trick unprepared all game)."""
    p = s.players[seat]
    return not EQUIPPED_FIRST or all(has_components(g.cat, p, x.id) for x in p.tricks)


def credit(g: Any, s: State, seat: int, goal: str, coin: float) -> float:
    """The target's props held, at a little over their price, once the owned tricks have
    theirs."""
    if not goal or s.phase == "over" or not equipped(g, s, seat):
        return 0.0
    return CREDIT * coin * covered(g.cat, s.players[seat], goal)


def hiring(g: Any, s: State, seat: int) -> bool:
    """Whether the plan still wants its one early hire."""
    p = s.players[seat]
    return s.round <= HIRE_ROUNDS and len(p.chars) + len(p.hired) < 5 and rounds_left(g, s) >= 5


def paid(g: Any, s: State, seat: int, kind: str = "apprentice") -> bool:
    """Whether the purse pays ``HIRE_WAGES`` rounds of every wage, the hire's included, on top
    of the props the owned tricks still lack (a hired body the purse cannot pay idles)."""
    cat: Catalog = g.cat
    p = s.players[seat]
    wages = cat.wage[kind] + sum(cat.wage[ch.kind] for ch in p.chars if not ch.assist)
    return p.coins >= HIRE_WAGES * wages + _unequipped(cat, p)


def extra(g: Any, s: State, seat: int, goal: str, action: Any, coin: float) -> float:
    """What an action is worth to the plan beyond the position it leads to."""
    if isinstance(action, A.LearnTrick) and goal:
        if action.trick == goal:
            # Learnt equipped, it turns the props bought for it into a trick's worth; learnt
            # without them, the credit they had is lost (a trick the purse cannot equip).
            if has_components(g.cat, s.players[seat], goal):
                return credit(g, s, seat, goal, coin) + COMMIT
            return 0.0
        if g.cat.trick_level[action.trick] < 2:
            return -OFF_PLAN
    if isinstance(action, A.HireCharacter) and rounds_left(g, s) >= 5:
        if not paid(g, s, seat, action.character):
            return 0.0
        return HIRE + COMMIT * hiring(g, s, seat)
    return 0.0


def order_wanted(g: Any, s: State, seat: int, goal: str, prop: str) -> bool:
    """An Order for a prop the target lacks (not in the Buy area: bought next round)."""
    p = s.players[seat]
    return (
        bool(goal)
        and equipped(g, s, seat)
        and prop not in s.market.buy
        and g.cat.tricks[goal].components.get(prop, 0) > effective(p, prop)
    )


def visits(g: Any, s: State, seat: int, out: list[str]) -> list[str]:
    """The round plan with the plan's visits: Downtown first for the hire while an apprentice
    shows on an Inn die, and after the pipeline and the coin visit, the Market Row for the
    target's props or Downtown to learn it."""
    cat: Catalog = g.cat
    p = s.players[seat]
    out = list(out)
    if hiring(g, s, seat) and any(s.dice[d] == "apprentice" for d in INN) and paid(g, s, seat):
        out.insert(0, "downtown")
    goal = target(g, s, seat)
    if not goal or not equipped(g, s, seat):
        return out
    if learn_ready(g, s, seat):
        out.insert(0, LEARN)
        return out
    trick = cat.tricks[goal]
    lacks = [k for k, n in trick.components.items() if effective(p, k) < n]
    at = 0
    while at < len(out) and out[at] in ("theater", "workshop"):
        at += 1
    # before the coin visit when the purse already pays the props
    if at < len(out) and out[at] == "downtown" and p.coins < _missing(cat, p, goal) + MARGIN:
        at += 1
    if lacks and p.coins >= 5 and rounds_left(g, s) >= 2:
        out.insert(at, "market_row")
    return out


def learn_ready(g: Any, s: State, seat: int) -> bool:
    """The target can be learnt this round: equipped, and the fame short of its threshold
    within the purse."""
    goal = target(g, s, seat)
    if not goal:
        return False
    p = s.players[seat]
    short = max(0, g.cat.tricks[goal].fame_threshold - p.fame)
    return has_components(g.cat, p, goal) and p.coins >= short


def learner_rank(cat: Catalog, p: Player, kind: str) -> int:
    """Who goes Downtown to learn, first to last: a specialist (2 AP, +1 on three of the four
    slots), the Magician (3 AP anywhere), an apprentice with a shard (the first slot's +2)."""
    if kind == "magician":
        return 1
    if cat.base_ap[kind] >= 2:
        return 0
    return 2 if p.shards else 3
