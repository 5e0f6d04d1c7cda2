"""Market Row ("РЫНОК"): Buy (with Bargain), Order, Quick Order.

Buy: 1 AP for up to 3 identical props from the Market stock (Buy area, the Quick Order slot at
+1 coin each); Bargain: 1 AP per coin off the total, which cannot reach 0. Props go to the
player board (a new type needs a free prop slot of its 6); a stack holds at most 3 tokens and
the Manager board's +1 counts in that limit. Order: 1 AP, a prop not yet in the Order area into
a free Order slot (it replaces the Buy slot below it at Orders Arrive). Quick Order: 2 AP, any
prop into the Quick Order slot (the one there goes back).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from msgspec.structs import replace

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.tuples import change_at, put
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import (
    BOARD_PROP_SLOTS,
    STACK_LIMIT,
    add_props,
    gain,
    pay,
    room_for,
)
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import Placement, Player, State


def stock(r: TrickerionRules, s: State) -> dict[str, int]:
    """Props buyable now -> surcharge per token (0, or +1 from the Quick Order slot)."""
    m = s.market
    out = {prop: 0 for prop in m.buy if prop}
    for prop in m.extra:
        out.setdefault(prop, 0)
    if r.active_effect(s) == "order_area_buyable":
        for prop in m.order:
            if prop:
                out.setdefault(prop, 0)
    if m.quick and m.quick not in out:
        out[m.quick] = r.cat.market.quick_order_surcharge
    return out


def unit_price(r: TrickerionRules, s: State, prop: str, surcharge: int) -> int:
    return _price(r, flat_prices(r, s), prop, surcharge)


def flat_prices(r: TrickerionRules, s: State) -> bool:
    """Whether every prop costs the same this round (the prophecy's flat price)."""
    return r.active_effect(s) == "flat_prop_price"


def _price(r: TrickerionRules, flat: bool, prop: str, surcharge: int) -> int:
    return (2 if flat else r.cat.prop_cost[prop]) + surcharge


def _board_types(p: Player) -> int:
    """Prop types lying on the player board (not on the Manager board)."""
    return sum(1 for k, v in p.props.items() if v and k not in p.mgr)


def _fits(p: Player, props: tuple[str, ...], on_board: int | None = None) -> bool:
    """May ``p`` take these tokens? ``bundles`` passes ``on_board`` (``_board_types(p)``) as
    it asks this for every composition of one state, a hot path of random games."""
    if on_board is None:
        on_board = _board_types(p)
    new_types = {x for x in props if p.props.get(x, 0) == 0}
    if on_board + len(new_types) > BOARD_PROP_SLOTS:
        return False
    for prop in set(props):
        # The stack limit alone: ``room_for`` without its board-slot check, done above.
        n = p.props.get(prop, 0)
        room = STACK_LIMIT if n == 0 else max(0, STACK_LIMIT - n - (prop in p.mgr))
        if props.count(prop) > room:
            return False
    return True


def _ready(r: TrickerionRules, act: Placement, effect: str) -> bool:
    return act.effect == "ready" and r.effect_of(act) == effect


def bundles(
    r: TrickerionRules, s: State, seat: int, act: Placement
) -> list[tuple[tuple[str, ...], int]]:
    """(props, full price) of every Buy composition the player may take now."""
    p = s.players[seat]
    avail = stock(r, s)
    out = []
    limit = r.cat.market.buy_max_same_type
    on_board = _board_types(p)
    flat = flat_prices(r, s)  # asked once for every prop
    for prop, extra in avail.items():
        # ``_fits`` for one type, worked out once per prop (a hot path of every search and
        # random game): a new type needs a free board slot, then the stack limit caps count.
        n = p.props.get(prop, 0)
        if n == 0:
            if on_board + 1 > BOARD_PROP_SLOTS:
                continue
            room = STACK_LIMIT
        else:
            room = STACK_LIMIT - n - (prop in p.mgr)  # at most ``limit``, at least none
        price = _price(r, flat, prop, extra)
        for count in range(1, (room if room < limit else limit) + 1):
            out.append(((prop,) * count, price * count))
    if _ready(r, act, "component_sale"):
        types = [x for x in r.cat.props if x in avail]
        seen = {b for b, _ in out}
        for size in range(2, 5):
            for combo in combinations_with_replacement(types, size):
                if combo in seen or len(set(combo)) == 1 and size <= limit:
                    continue
                if _fits(p, combo, on_board):
                    out.append((combo, sum(unit_price(r, s, x, avail[x]) for x in combo)))
    return out


def legal(r: TrickerionRules, s: State, seat: int, act: Placement) -> list[Any]:
    cat: Catalog = r.cat
    p = s.players[seat]
    out: list[Any] = []
    buy_ap = r.action_ap(s, "buy")
    if act.ap >= buy_ap:
        # Most placements carry none of the special Buy effects: skip asking per bundle.
        special = act.effect == "ready" and r.effect_of(act) in _SPECIAL_BUYS
        least, spare = cat.market.bargain_min_total, act.ap - buy_ap
        for props, price in bundles(r, s, seat, act):
            # every bargain from the least the player's coins cover to the most allowed
            most = price - least if price - least < spare else spare
            if most < 0:
                most = 0
            lowest = price - p.coins
            if most >= lowest:
                out += _buys(props, most)[lowest if lowest > 0 else 0 :]
            if special and len(set(props)) == 1 and len(props) <= cat.market.buy_max_same_type:
                out.extend(_special_buys(r, s, seat, act, props, price))
        if _ready(r, act, "workshop_delivery"):
            for prop, n in p.props.items():
                if n and prop not in stock(r, s):
                    for count in range(1, room_for(p, prop) + 1):
                        price = max(0, (r.cat.prop_cost[prop] - 1) * count)
                        if p.coins >= price:
                            out.append(A.Buy((prop,) * count, 0, "delivery"))
    out.extend(_orders(r, s, seat, act))
    if act.ap >= r.action_ap(s, "quick_order"):
        quick = r.quick_lists.get(s.market.quick)
        if quick is None:
            quick = r.quick_lists[s.market.quick] = tuple(
                A.QuickOrder(prop) for prop in cat.props if prop != s.market.quick
            )
        out.extend(quick)
    return out


def _buys(props: tuple[str, ...], most: int) -> tuple[Any, ...]:
    """The plain Buy moves of ``props`` with every bargain from 0 to ``most``, made once."""
    got = _BUYS.get((props, most))
    if got is None:
        if len(_BUYS) >= BUY_LISTS:
            _BUYS.clear()
        got = _BUYS[props, most] = tuple(A.Buy(props, bargain) for bargain in range(most + 1))
    return got


# Plain Buy moves by props and most bargain, listed again at every Market Row step: a few
# hundred in a game, at most BUY_LISTS kept before starting afresh.
BUY_LISTS = 4096
_BUYS: dict[tuple[tuple[str, ...], int], tuple[Any, ...]] = {}

# Order areas remembered per catalogue (``TrickerionRules.order_lists``) before starting afresh.
ORDER_LISTS = 1024


def _orders(r: TrickerionRules, s: State, seat: int, act: Placement) -> list[Any]:
    """The Order actions of :func:`legal` (``order`` checks an Order against these alone)."""
    cat: Catalog = r.cat
    p = s.players[seat]
    out: list[Any] = []
    order_ap = r.action_ap(s, "order")
    if act.ap >= order_ap:
        logistics = _ready(r, act, "logistics")
        merchants = _ready(r, act, "traveling_merchants") or "traveling_merchants" in p.active
        if not logistics and not merchants:
            # the plain Orders depend on the Order area alone
            key = s.market.order
            plain = r.order_lists.get(key)
            if plain is None:
                if len(r.order_lists) >= ORDER_LISTS:
                    r.order_lists.clear()
                plain = r.order_lists[key] = tuple(
                    A.Order(prop, slot)
                    for prop in cat.props
                    if prop not in key
                    for slot, there in enumerate(key)
                    if not there
                )
            return list(plain)
        in_order = set(s.market.order)
        for prop in cat.props:
            if prop in in_order:
                continue
            for slot, there in enumerate(s.market.order):
                if not there:
                    out.append(A.Order(prop, slot))
                    if merchants and p.coins >= cat.prop_cost[prop] + 1 and room_for(p, prop):
                        out.append(A.Order(prop, slot, True))
            if logistics and prop not in s.market.extra:
                out.append(A.Order(prop, -1))
    return out


_SPECIAL_BUYS = ("smuggled_goods", "barter_with_power", "shoplifting")


def _special_buys(
    r: TrickerionRules, s: State, seat: int, act: Placement, props: tuple[str, ...], price: int
) -> list[Any]:
    p = s.players[seat]
    out = []
    if _ready(r, act, "smuggled_goods") and p.fame >= price - 1:
        out.append(A.Buy(props, 0, "smuggle"))
    if _ready(r, act, "barter_with_power") and p.shards >= 1 and price <= 4:
        out.append(A.Buy(props, 0, "barter"))
    if _ready(r, act, "shoplifting") and props[0] in s.market.buy:
        rest = price - price // len(props)
        if p.coins >= rest:
            for refill in r.cat.props:
                if r.cat.prop_tier[refill] == "basic":
                    out.append(A.Buy(props, 0, "shoplift", refill))
    return out


def list_price(r: TrickerionRules, s: State, action: A.Buy) -> int:
    """A Buy's props at the market's prices now (a Workshop Delivery's at 1 coin off each),
    before a bargain or a special assignment's way of paying."""
    if action.mode == "delivery":
        return sum(max(0, r.cat.prop_cost[x] - 1) for x in action.props)
    avail = stock(r, s)
    return sum(unit_price(r, s, x, avail.get(x, 0)) for x in action.props)


# the special assignment each way of buying comes from (its label names it)
BUY_EFFECTS = {
    "smuggle": "smuggled_goods",
    "barter": "barter_with_power",
    "shoplift": "shoplifting",
    "delivery": "workshop_delivery",
}


def buy_terms(r: TrickerionRules, s: State, action: A.Buy) -> dict[str, Any]:
    """What a Buy costs, for its label: ``coins`` paid (``fame`` lost for Smuggled Goods,
    ``shards`` for Barter with Power), ``ap`` spent and ``via`` the special assignment it
    comes from ("" for a plain Buy): a price in the list of moves, not only on the board."""
    price = list_price(r, s, action)
    coins, fame, shards = price - action.bargain, 0, 0
    if action.mode == "smuggle":
        coins, fame = 0, price - 1
    elif action.mode == "barter":
        coins, shards = 0, 1
    elif action.mode == "shoplift" and action.props:
        coins = price - price // len(action.props)
    return {
        "coins": max(coins, 0),
        "fame": fame,
        "shards": shards,
        "ap": r.action_ap(s, "buy") + action.bargain,
        "via": BUY_EFFECTS.get(action.mode, ""),
    }


def buy(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.Buy, ev: list[Event]
) -> None:
    cat: Catalog = r.cat
    p = s.players[seat]
    # Props of a mixed Buy may come in any order: the legal list uses catalogue order.
    order = cat.props
    action = (
        A.Buy(
            tuple(sorted(action.props, key=order.index)), action.bargain, action.mode, action.refill
        )
        if all(x in order for x in action.props)
        else action
    )
    if action.refill and action.mode != "shoplift":
        raise IllegalAction("trickerion.market.refill_only_when_shoplifting", refill=action.refill)
    if not (
        _plain_buy_ok(r, s, seat, act, action)
        if not action.mode
        else action in legal(r, s, seat, act)
    ):
        _explain_buy(r, s, seat, act, action)
    # what the move pays is what its label says it costs (one reckoning for both)
    terms = buy_terms(r, s, action)
    act.ap -= terms["ap"]
    effect = r.effect_of(act) if act.effect == "ready" else ""
    mode = action.mode
    paid = 0
    if mode == "smuggle":
        gain(cat, s, seat, ev, terms["via"], fame=-terms["fame"])
        act.effect = "used"
    elif mode == "barter":
        change_at(s.players, seat, shards=p.shards - terms["shards"])
        ev.append(
            Event(
                "trickerion.pay",
                {"seat": seat, "why": terms["via"], "coins": 0, "shards": terms["shards"]},
            )
        )
        act.effect = "used"
    else:
        paid = terms["coins"]
        if mode == "shoplift":
            slot = s.market.buy.index(action.props[0])
            s.market = replace(s.market, buy=put(s.market.buy, slot, action.refill))
            act.effect = "used"
            ev.append(
                Event(
                    "trickerion.shoplifted",
                    {"seat": seat, "prop": action.props[0], "refill": action.refill},
                )
            )
        elif (
            mode == "delivery"
            or effect == "component_sale"
            and (len(set(action.props)) > 1 or len(action.props) > cat.market.buy_max_same_type)
        ):
            act.effect = "used"
        pay(s, seat, ev, "market_buy", coins=paid)
    for prop in action.props:
        add_props(s, seat, prop, 1)
    ev.append(
        Event(
            "trickerion.bought",
            {"seat": seat, "props": list(action.props), "coins": paid, "bargain": action.bargain},
        )
    )
    if effect == "workshop_exhibition" and act.effect == "ready":
        act.effect = "used"
        gain(cat, s, seat, ev, "workshop_exhibition", fame=max(0, paid - 1))


def _plain_buy_ok(r: TrickerionRules, s: State, seat: int, act: Placement, action: A.Buy) -> bool:
    """A Buy without a special mode is legal (the rules of :func:`bundles`, checked directly)."""
    p = s.players[seat]
    props = action.props
    if not props:
        return False
    avail = stock(r, s)
    if any(x not in avail for x in props):
        return False
    mixed = len(set(props)) > 1 or len(props) > r.cat.market.buy_max_same_type
    if mixed and not (_ready(r, act, "component_sale") and len(props) <= 4):
        return False
    if not _fits(p, props):
        return False
    price = sum(unit_price(r, s, x, avail[x]) for x in props)
    buy_ap = r.action_ap(s, "buy")
    b = action.bargain
    return (
        0 <= b <= price - r.cat.market.bargain_min_total
        and act.ap >= buy_ap + b
        and p.coins >= price - b
    )


def _explain_buy(r: TrickerionRules, s: State, seat: int, act: Placement, action: A.Buy) -> None:
    p = s.players[seat]
    avail = stock(r, s)
    if act.ap < r.action_ap(s, "buy") + action.bargain:
        raise IllegalAction("trickerion.ap.not_enough", need=1 + action.bargain, have=act.ap)
    for prop in action.props:
        if prop not in avail and action.mode != "delivery":
            raise IllegalAction("trickerion.market.not_in_stock", prop=prop)
    if len(set(action.props)) > 1 or len(action.props) > r.cat.market.buy_max_same_type:
        raise IllegalAction("trickerion.market.identical_up_to_3", props=list(action.props))
    if not _fits(p, action.props):
        raise IllegalAction("trickerion.market.stack_limit", props=list(action.props))
    if action.bargain and action.bargain >= sum(
        unit_price(r, s, x, avail.get(x, 0)) for x in action.props
    ):
        raise IllegalAction("trickerion.market.bargain_to_zero", bargain=action.bargain)
    raise IllegalAction("trickerion.market.cannot_afford", props=list(action.props), coins=p.coins)


def order(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.Order, ev: list[Event]
) -> None:
    cat: Catalog = r.cat
    p = s.players[seat]
    if action not in _orders(r, s, seat, act):
        if action.prop in s.market.order:
            raise IllegalAction("trickerion.market.already_ordered", prop=action.prop)
        raise IllegalAction("trickerion.market.order_slot_taken", slot=action.slot)
    act.ap -= r.action_ap(s, "order")
    if action.slot == -1:
        s.market = replace(s.market, extra=(*s.market.extra, action.prop))
        act.effect = "used"
        ev.append(
            Event("trickerion.ordered", {"seat": seat, "prop": action.prop, "logistics": True})
        )
        return
    s.market = replace(s.market, order=put(s.market.order, action.slot, action.prop))
    ev.append(Event("trickerion.ordered", {"seat": seat, "prop": action.prop, "slot": action.slot}))
    if action.now:
        if act.effect == "ready" and r.effect_of(act) == "traveling_merchants":
            act.effect = "used"
            change_at(s.players, seat, active=(*p.active, "traveling_merchants"))
        pay(s, seat, ev, "market_traveling_merchants", coins=cat.prop_cost[action.prop] + 1)
        add_props(s, seat, action.prop, 1)
        ev.append(Event("trickerion.received", {"seat": seat, "prop": action.prop}))


def quick_order(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.QuickOrder, ev: list[Event]
) -> None:
    if action.prop not in r.cat.prop_cost or action.prop == s.market.quick:
        raise IllegalAction("trickerion.market.quick_order_same", prop=action.prop)
    if act.ap < r.action_ap(s, "quick_order"):
        raise IllegalAction("trickerion.ap.not_enough", need=2, have=act.ap)
    act.ap -= r.action_ap(s, "quick_order")
    dubious = act.effect == "ready" and r.effect_of(act) == "dubious_sources"
    if dubious:
        act.effect = "used"
    s.market = replace(s.market, quick=action.prop, quick_seat=seat if dubious else -1)
    ev.append(Event("trickerion.quick_ordered", {"seat": seat, "prop": action.prop}))


# What a character placed here may do, by action type (``placement.apply`` refuses any other).
ACTIONS: dict[type, Callable[..., None]] = {
    A.Buy: buy,
    A.Order: order,
    A.QuickOrder: quick_order,
}
