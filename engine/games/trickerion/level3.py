"""Greedy's level-3 trick of the last two rounds: which one it aims for, and how far its props are.

A level-3 trick's end bonus counts only where its owner holds all its props (or has prepared
it), and greedy owns one or two tricks by round 6, so a level-3 trick lacks three or four prop
types then, two of them not in the Buy area. It is reachable in two rounds: learned Downtown and
its unshown types ordered at the Market Row in the next-to-last round (an Order reaches the Buy
area for the next round), bought in the last. The target is taken only where the purse already
holds the props, the fame top-up and the wages, so a plan that fires costs no coin it lacks
(docs/bots.md, "Issue #30, session 25: level 3" measured what such a trick nets: +7 to +9 fame).
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import effective, free_symbol, residence
from engine.games.trickerion.scoring import level3_bonus
from engine.games.trickerion.state import Player, State, Trick
from engine.games.trickerion.table import Table

# The least a target must net, in fame, over the end's third of a fame for each coin its props
# cost: the round's other bodies (a Dark Alley visit, a Take Coins) are given up for it.
MARGIN = 4.0

# The most prop types a target may lack: round 6's body orders the unshown ones and buys one,
# round 7's buys the rest, a type an AP.
MAX_TYPES = 3

# The part of a target's bonus the value withholds until its props are held, spread over
# them: each Buy of its props adds its tokens' share of this.
HOPE = 0.5

# What a coin spent in the next-to-last round on the target's props is worth beyond the
# value's coin: the round's coin (about 0.7) against the end's third of a fame.
EARLY = 0.5

# The rounds' wages the purse must hold beside the props and the fame top-up.
WAGES = 1

# The Residence's dice: a trick is learned from one showing its school (its owner's school
# from any), so the plan is taken only where one shows it now.
RESIDENCE_DICE = (0, 1)


def lacking(cat: Catalog, p: Player, trick: str) -> dict[str, int]:
    """The prop tokens ``p`` lacks for ``trick``, by type."""
    out = {}
    for k, n in cat.tricks[trick].components.items():
        short = n - effective(p, k)
        if short > 0:
            out[k] = short
    return out


def share(cat: Catalog, p: Player, trick: str) -> float:
    """The part of the trick's prop tokens ``p`` holds (1: equipped)."""
    need = cat.tricks[trick].components
    total = sum(need.values())
    held = sum(min(n, effective(p, k)) for k, n in need.items())
    return held / total if total else 1.0


def bonus(cat: Catalog, p: Player, trick: str) -> int:
    """The end bonus ``trick`` would pay ``p`` as things stand, owned and equipped, capped."""
    if not any(t.id == trick for t in p.tricks):
        p = replace(p, tricks=(*p.tricks, Trick(id=trick, sym=3)))
    return min(cat.end.cap, level3_bonus(cat, p, trick))


def credit(cat: Catalog, p: Player, trick: str, coin: float) -> float:
    """What the value counts for ``owned``'s trick: its bonus as if equipped, less the coins of
    the props it lacks, and less ``HOPE`` of the bonus's part those props make. A Buy of its
    props then costs nothing in the value and adds to it, the last as much as the first (a
    part of the bonus a token, against the coins paid, left the last mirror of seed 50117
    unbought: a token's part, 1 fame, against its 3 coins)."""
    b = bonus(cat, p, trick)
    price = sum(cat.prop_cost[k] * n for k, n in lacking(cat, p, trick).items())
    return max(0.0, b * (1 - HOPE * (1 - share(cat, p, trick))) - coin * price)


def owned(g: Table, s: State, seat: int) -> str:
    """The seat's level-3 trick still short of props in the last two rounds that it can still
    equip (``reachable``; "" if none)."""
    cat = g.cat
    if not g.rules.options.dark_alley or s.round < g.rules.last_round - 1:
        return ""
    p = s.players[seat]
    for t in p.tricks:
        if cat.trick_level[t.id] == 3 and not t.markers and lacking(cat, p, t.id):
            return t.id if reachable(g, s, seat, t.id) else ""
    return ""


def reachable(g: Table, s: State, seat: int, trick: str) -> bool:
    """Whether the seat can still hold all of ``trick``'s props at the end: the purse pays the
    tokens it lacks, and the types the Buy area does not show can still come there (in the
    next-to-last round by an Order into a free slot, in the last by the one Quick Order)."""
    cat = g.cat
    p = s.players[seat]
    short = lacking(cat, p, trick)
    m = s.market
    stock = {*m.buy, *m.extra, m.quick}
    unshown = [k for k in short if k not in stock]
    price = sum(cat.prop_cost[k] * n for k, n in short.items())
    if s.round >= g.rules.last_round:
        surcharge = cat.market.quick_order_surcharge
        extra = sum(short[k] for k in unshown) * surcharge + (
            surcharge * short[m.quick] if m.quick in short and m.quick not in m.buy else 0
        )
        return len(unshown) <= 1 and price + extra <= p.coins
    # This round's wages are paid at its end, before the last round's Buys (seeds 50171 and
    # 50191 bought in round 6 the coins the last token needed in round 7).
    wages = sum(cat.wage[c.kind] for c in p.chars if c.card and not c.idle and not c.assist)
    coming = [k for k in unshown if k not in m.order]
    fits = len(short) <= MAX_TYPES and len(coming) <= m.order.count("")
    return fits and price + wages <= p.coins


def target(g: Table, s: State, seat: int) -> str:
    """The level-3 trick greedy aims for this round: its own still short of props, else in the
    next-to-last round one to learn (see the module's note), else ""."""
    mine = owned(g, s, seat)
    if mine:
        return mine
    cat = g.cat
    rules = g.rules
    if not rules.options.dark_alley or s.round != rules.last_round - 1:
        return ""
    p = s.players[seat]
    if free_symbol(p) < 0 or any(cat.trick_level[t.id] == 3 for t in p.tricks):
        return ""
    # Taken at the assignments, the plan holds for the round only where its Market Row body
    # went there and has the AP to order what the Buy area lacks (a Take Coins that raised the
    # purse later took a target whose only body there was an apprentice: seeds 50137, 50150).
    body = max((cat.base_ap[c.kind] + 1 for c in p.chars if c.kind != "magician"), default=0)
    if s.phase != "assign":
        there = [c for c in p.chars if c.card and cat.card_location(c.card) == "market_row"]
        if not there:
            return ""
        # An unplaced body's AP: its own and the Market Row's second slot (+1); the first
        # (+2) is the Successor's as often as not.
        body = max((cat.base_ap[c.kind] + 1 if c.slot < 0 else 3 for c in there), default=0)
    faces = {s.dice[d] for d in RESIDENCE_DICE}
    wages = WAGES * sum(cat.wage[c.kind] for c in p.chars if not c.assist)
    best, out = MARGIN, ""
    for t in residence(rules, s):
        if cat.trick_level[t] != 3:
            continue
        school = cat.trick_school[t]
        if school != p.school and school not in faces and "any" not in faces:
            continue
        short = lacking(cat, p, t)
        unshown = [k for k in short if k not in s.market.buy]
        if len(unshown) > min(body, s.market.order.count("")):
            continue
        # Round 6's body orders the unshown types and buys a shown one, round 7's buys the
        # rest: with three types, one body's AP short of that left a type unbought.
        if len(short) >= MAX_TYPES and len(unshown) + 1 > body:
            continue
        price = sum(cat.prop_cost[k] * n for k, n in short.items())
        top_up = max(0, cat.tricks[t].fame_threshold - p.fame)
        if price + top_up + wages > p.coins:
            continue
        # The last round's Market Row body (3 AP at most) buys what is left: a Buy a type.
        if len(short) > MAX_TYPES:
            continue
        net = bonus(cat, p, t) - price / cat.end.coins_per_fame
        if net > best:
            best, out = net, t
    return out


def worth(g: Table, s: State, seat: int, action: Any) -> float:
    """What the target adds to a move beyond the value: the Learn Trick that takes it (half
    its bonus: learned, it is worth only the part of its props held, and Take Coins won), an
    Order of a type it lacks that the Buy area does not show in the next-to-last round (a
    little over a Buy of as many tokens, so the Orders come first: no Buy reaches them later),
    and in the last round a Quick Order of such a type with an AP left to buy it."""
    if isinstance(action, A.Buy):
        return _bought(g, s, seat, action)
    if isinstance(action, A.EnhanceCharacter):
        return _enhance(g, s, seat)
    if not isinstance(action, (A.LearnTrick, A.Order, A.QuickOrder)):
        return 0.0
    aim = target(g, s, seat)
    cat = g.cat
    p = s.players[seat]
    if isinstance(action, A.LearnTrick):
        return bonus(cat, p, aim) if action.trick == aim else 0.0
    if not aim:
        return 0.0
    short = lacking(cat, p, aim)
    if not any(t.id == aim for t in p.tricks) or action.prop not in short:
        return 0.0
    if action.prop in s.market.buy or action.prop == s.market.quick:
        return 0.0
    total = sum(cat.tricks[aim].components.values())
    part = bonus(cat, p, aim) * short[action.prop] / total
    last = s.round >= g.rules.last_round
    if isinstance(action, A.Order):
        if last or action.now or action.slot < 0:
            return 0.0
        # The Order's slot replaces the Buy slot below it for the next round.
        below = s.market.buy[action.slot] if action.slot < len(s.market.buy) else ""
        return part + 0.5 - (part if below in short else 0.0)
    act = s.act
    ap_left = act.ap - g.rules.action_ap(s, "quick_order") if act is not None else 0
    price = cat.prop_cost[action.prop] + cat.market.quick_order_surcharge
    return part if last and ap_left >= 1 and p.coins >= price else 0.0



def _enhance(g: Table, s: State, seat: int) -> float:
    """A shard's +1 AP at the Market Row where the target lacks more types than the body has
    AP for (a Buy or an Order a type): worth the bonus's part of one type more (the value's
    look one move ahead sees only the shard spent)."""
    act = s.act
    aim = owned(g, s, seat)
    if act is None or act.loc != "market_row" or not aim:
        return 0.0
    cat = g.cat
    p = s.players[seat]
    short = lacking(cat, p, aim)
    if s.round < g.rules.last_round:
        # The next-to-last round's Buys wait for the last (the value prices them at this
        # round's coin): the AP is for the Orders.
        stock = {*s.market.buy, *s.market.order, s.market.quick}
        short = {k: n for k, n in short.items() if k not in stock}
    if not short or len(short) <= act.ap:
        return 0.0
    total = sum(cat.tricks[aim].components.values())
    return bonus(cat, p, aim) * min(short.values()) / total


def _bought(g: Table, s: State, seat: int, action: A.Buy) -> float:
    """A Buy while the target lacks props. With a Bargain where another type is still lacking:
    an AP is worth that type bought, not a third of a fame off the price. In the next-to-last
    round, a Buy of its props once its Orders are placed: worth ``EARLY`` of a coin a coin of
    their price, over the value's round-6 coin (a shown type was gone from the Buy area in
    round 7 at seeds 50385 and 50393, and a 2-AP body there could not buy three types)."""
    aim = owned(g, s, seat)
    if not aim:
        return 0.0
    cat = g.cat
    p = s.players[seat]
    short = lacking(cat, p, aim)
    if action.bargain:
        return -bonus(cat, p, aim) / 2 if len(short) > 1 else 0.0
    if s.round >= g.rules.last_round or s.act is None:
        return 0.0
    m = s.market
    to_order = [k for k in short if k not in {*m.buy, *m.order, *m.extra, m.quick}]
    if s.act.ap - g.rules.action_ap(s, "buy") < len(to_order):
        return 0.0
    price = sum(cat.prop_cost[k] for k in action.props[: short.get(action.props[0], 0)])
    return EARLY * price
