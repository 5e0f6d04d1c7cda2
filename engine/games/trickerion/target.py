"""The level-2 trick the greedy bot learns, equips, prepares and sets up in one round.

Greedy's one-step value never learned a level-2 trick it could not equip (the learn +0.2 to
+1.2, Take Coins +2 to +4), and where a rule made it learn one, the props came a round later
and the first prepare a round after that: a trick learned in round 4 was performed in round 6
or never (docs/bots.md, "Issue #30, sessions 21-22"). A level-2 trick given equipped at round
4's assignments is worth +10 fame ("session 23"). So the round is planned whole: where the
purse pays the fame top-up, the props the trick lacks and a round's wages, and the Buy area
shows every type it lacks, the target is learned Downtown, its props bought at the Market Row
right after, and the Workshop, placed last, prepares it for the Theater's set-ups that round.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.trickerion import actions as A
from engine.games.trickerion.common import effective, residence
from engine.games.trickerion.downtown import RESIDENCE
from engine.games.trickerion.state import Player, State

if TYPE_CHECKING:
    from engine.games.trickerion.catalog import Catalog
    from engine.games.trickerion.table import Table

# The target's learn beyond the position it leads to: above a Take Coins (+2 to +4 in the
# value), which is what the Downtown body gave up.
LEARN = 5.0
# A coin of the props an owned level-2 trick lacks, bought: above a coin's worth in the
# value (0.64-0.75), so each Buy toward it beats stopping.
PROPS = 1.0
# Whole rounds after the learn's: the trick's markers prepared this round are performed this
# round or the next, and a second prepare follows.
ROUNDS = 2
# The characters the round needs: the Magician's stage, a backstage body, Downtown, the Market
# Row and the Workshop. With four, the Downtown body was the Assistant taken from backstage,
# and its +2 fame at the show was lost with the round's set-ups.
BODIES = 5
# The most fame the learn tops up with coins.
TOP_UP = 2
# The most prepare AP a target asks: an apprentice's, the body the Workshop is left once the
# Downtown and Market Row take the others (a 2-AP trick's Workshop apprentice was made idle).
PREPARE_AP = 1
# Session 25's knobs (experiment): the pipeline on/off, the last round it may fire in, the
# round from which the poster keeps the cheapest target's props and wages, and whether a
# purse short of them sends one more body Downtown (Take Coins) in those rounds.
ENABLED = 1
LAST = 99
SAVE_FROM = 0
COINS_FIRST = 0
ORDER_FROM = 0
ORDER = 1.5
ORDER_VISIT = 1
ORDER_READY = 0
SAVE_READY = 0
SAVE_HELD = 0
# A level-2 trick fixed once at round FIX's assignments (0: none), by the coins of props it
# lacks plus UNSHOWN a type the Buy area does not show; its props bought at FIXED_PROPS a coin
# until the learn (no visit added).
FIX = 0
UNSHOWN = 3
FIXED_PROPS = 1.0
_fixed: dict[tuple[int, int], str] = {}


def lacking(cat: Catalog, p: Player, trick: str) -> dict[str, int]:
    """The props ``trick`` needs that ``p`` does not hold, by type."""
    return {
        k: n - effective(p, k)
        for k, n in cat.tricks[trick].components.items()
        if effective(p, k) < n
    }


def price(cat: Catalog, missing: dict[str, int]) -> int:
    return sum(cat.prop_cost[k] * n for k, n in missing.items())


def wages(cat: Catalog, p: Player) -> int:
    """A round's wages: every character that draws one, those hired this round included."""
    return sum(cat.wage[c.kind] for c in p.chars if not c.assist) + sum(
        cat.wage[k] for k in p.hired
    )


def _rounds_left(g: Table, s: State) -> int:
    return max(0, g.rules.last_round - max(s.round, 1))


def target(g: Table, s: State, seat: int) -> str:
    """The level-2 trick the round is planned for ("" if none): the seat owns no level-2+
    trick, ``ROUNDS`` rounds are left, a Residence die teaches it (any die, a trick of the
    seat's school), the Buy area shows every prop type it lacks, and the purse pays the fame
    top-up (``TOP_UP`` at most), those props and a round's wages. Of several, the cheapest to
    equip, then the best prepare."""
    cat = g.cat
    p = s.players[seat]
    if (
        not ENABLED
        or s.round > LAST
        or _rounds_left(g, s) < ROUNDS
        or len(p.chars) < BODIES
        or any(cat.trick_level[t.id] >= 2 for t in p.tricks)
    ):
        return ""
    faces = {s.dice[d] for d in RESIDENCE} - {"x"}
    if not faces:
        return ""
    best: tuple[int, float] | None = None
    out = ""
    for t in residence(g.rules, s):
        if cat.trick_level[t] != 2:
            continue
        school = cat.trick_school[t]
        if not (school == p.school or "any" in faces or school in faces):
            continue
        if cat.tricks[t].prepare_ap > PREPARE_AP:
            continue
        top_up = max(0, cat.tricks[t].fame_threshold - p.fame)
        missing = lacking(cat, p, t)
        if top_up > TOP_UP or any(k not in s.market.buy for k in missing):
            continue
        cost = price(cat, missing)
        if p.coins < top_up + cost + wages(cat, p):
            continue
        f, c, sh = cat.trick_yield[t]
        key = (cost, -(f + c / 2 + sh) * cat.tricks[t].markers)
        if best is None or key < best:
            best, out = key, t
    return out


def props_needed(g: Table, s: State, seat: int) -> dict[str, int]:
    """The props an owned level-2 trick lacks while a round is left to prepare it."""
    cat = g.cat
    p = s.players[seat]
    if not _rounds_left(g, s):
        return {}
    out: dict[str, int] = {}
    for t in p.tricks:
        if cat.trick_level[t.id] == 2:
            for k, n in lacking(cat, p, t.id).items():
                out[k] = max(out.get(k, 0), n)
    return out


def worth(g: Table, s: State, seat: int, action: Any) -> float:
    """What a Learn Trick of the target, or a Buy of props an owned level-2 trick lacks, is
    worth beyond the position it leads to (0 for other actions)."""
    if not ENABLED:
        return 0.0
    if isinstance(action, A.Buy) and FIX:
        extra = fixed_worth(g, s, seat, action)
        if extra:
            return extra
    if isinstance(action, A.Order) and action.slot >= 0:
        want = unshown(g, s, seat)
        if action.prop not in want:
            return 0.0
        # The Order replaces its slot's prop in the Buy area: not one the trick lacks.
        there = s.market.buy[action.slot]
        trick = wanted(g, s, seat)
        return ORDER - (1.0 if there and there in lacking(g.cat, s.players[seat], trick) else 0.0)
    if isinstance(action, A.LearnTrick) and not action.replace:
        return LEARN if action.trick == target(g, s, seat) else 0.0
    if not isinstance(action, A.Buy):
        return 0.0
    cat = g.cat
    p = s.players[seat]
    missing = props_needed(g, s, seat)
    if not missing:
        return 0.0
    paid = sum(cat.prop_cost[k] for k in action.props) - action.bargain
    if p.coins - paid < wages(cat, p):
        return 0.0
    if action.bargain and any(k in s.market.buy and k not in action.props for k in missing):
        # The Bargain's AP would buy another type the trick lacks: a pair of disguises bought
        # a coin off left the saws for the next round, and the prepare with them.
        return 0.0
    return PROPS * sum(
        cat.prop_cost[k] * min(missing.get(k, 0), action.props.count(k)) for k in set(action.props)
    )


def wanted(g: Table, s: State, seat: int) -> str:
    """The level-2 trick of the seat's school the purse and the Orders work toward ("" if
    none): the cheapest to equip with a prepare of ``PREPARE_AP`` at most, while the seat owns
    no level-2+ trick."""
    cat = g.cat
    p = s.players[seat]
    if any(cat.trick_level[t.id] >= 2 for t in p.tricks):
        return ""
    asks = [
        (price(cat, lacking(cat, p, t)), t)
        for t in residence(g.rules, s)
        if cat.trick_level[t] == 2
        and cat.trick_school[t] == p.school
        and cat.tricks[t].prepare_ap <= PREPARE_AP
    ]
    return min(asks)[1] if asks else ""


def saved(g: Table, s: State, seat: int) -> int:
    """The coins the purse keeps for ``wanted`` from ``SAVE_FROM`` to ``LAST`` (0: none): the
    props it lacks and a round's wages."""
    cat = g.cat
    p = s.players[seat]
    if not SAVE_FROM or not SAVE_FROM <= s.round <= min(LAST, g.rules.last_round - ROUNDS):
        return 0
    trick = wanted(g, s, seat)
    if not trick:
        return 0
    missing = lacking(cat, p, trick)
    if SAVE_READY and (
        p.fame + 4 + TOP_UP < cat.tricks[trick].fame_threshold
        or any(k not in s.market.buy and k not in s.market.order for k in missing)
    ):
        return 0
    need = price(cat, missing) + wages(cat, p)
    return 0 if SAVE_HELD and p.coins < need else need


def unshown(g: Table, s: State, seat: int) -> set[str]:
    """The prop types ``wanted`` lacks that the Buy area does not show, ordered from
    ``ORDER_FROM`` until the round before ``LAST`` (an Order shows next round)."""
    if not ORDER_FROM or not ORDER_FROM <= s.round < min(LAST, g.rules.last_round - ROUNDS):
        return set()
    trick = wanted(g, s, seat)
    if not trick:
        return set()
    missing = lacking(g.cat, s.players[seat], trick)
    return {k for k in missing if k not in s.market.buy and k not in s.market.order}


def order_visit(g: Table, s: State, seat: int) -> bool:
    """Whether the round plan adds a Market Row visit to order ``unshown``: with
    ``ORDER_READY``, only where the purse already keeps ``saved``'s coins and the fame is in
    reach of the learn next round (a top-up of ``TOP_UP`` at most, 4 fame a round)."""
    if not ORDER_VISIT or not unshown(g, s, seat):
        return False
    if not ORDER_READY:
        return True
    cat = g.cat
    p = s.players[seat]
    trick = wanted(g, s, seat)
    need = price(cat, lacking(cat, p, trick)) + wages(cat, p)
    return (
        len(p.chars) >= BODIES
        and p.coins >= need
        and p.fame + 4 + TOP_UP >= cat.tricks[trick].fame_threshold
    )


def short(g: Table, s: State, seat: int) -> bool:
    """Whether the round plan sends one more body Downtown for coins: the purse is short of
    what ``saved`` keeps (``COINS_FIRST``)."""
    if not COINS_FIRST:
        return False
    need = saved(g, s, seat)
    return need > 0 and s.players[seat].coins < need


def fixed(g: Table, s: State, seat: int) -> str:
    """The trick fixed at round ``FIX`` for this game and seat ("" before, or once a level-2+
    trick is owned or the fixed one is gone from the Residence)."""
    if not FIX:
        return ""
    key = (id(g), seat)
    cat = g.cat
    p = s.players[seat]
    if s.round < FIX:
        _fixed.pop(key, None)
        return ""
    if key not in _fixed:
        best = None
        for t in residence(g.rules, s):
            if cat.trick_level[t] != 2 or cat.trick_school[t] != p.school:
                continue
            if cat.tricks[t].prepare_ap > PREPARE_AP:
                continue
            missing = lacking(cat, p, t)
            cost = price(cat, missing) + UNSHOWN * sum(k not in s.market.buy for k in missing)
            if best is None or cost < best[0]:
                best = (cost, t)
        _fixed[key] = best[1] if best else ""
    trick = _fixed[key]
    if not trick or any(cat.trick_level[t.id] >= 2 for t in p.tricks):
        return ""
    if trick not in residence(g.rules, s):
        return ""
    return trick


def fixed_worth(g: Table, s: State, seat: int, action: Any) -> float:
    """A Buy of props the fixed trick lacks, where it leaves a round's wages."""
    if not isinstance(action, A.Buy) or s.round >= g.rules.last_round - 1:
        return 0.0
    trick = fixed(g, s, seat)
    if not trick:
        return 0.0
    cat = g.cat
    p = s.players[seat]
    missing = lacking(cat, p, trick)
    paid = sum(cat.prop_cost[k] for k in action.props) - action.bargain
    if p.coins - paid < wages(cat, p):
        return 0.0
    return FIXED_PROPS * sum(
        cat.prop_cost[k] * min(missing.get(k, 0), action.props.count(k)) for k in set(action.props)
    )
