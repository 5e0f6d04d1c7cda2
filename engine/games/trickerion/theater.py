"""Theater ("ТЕАТР"): Set Up Trick and Reschedule (backstage, 1 AP each).

Set Up Trick moves one marker from a trick card in the Workshop to a free slot of a performance
card, its own-school symbol facing one of the slot's link circles; one card never holds two
markers of the same colour and symbol. Every link the new marker forms pays its owner the
trick's level in fame or coins (the player splits), and each shard link pays every player in it
1 shard (once per player). Reschedule moves a marker already on a card by the same rules and
pays nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.tuples import without
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import (
    FREE,
    change_trick,
    day_yield,
    gain,
    held_trick,
    link_formed,
    put_card,
    raise_decision,
    set_cell,
    symbol_schools,
    theater_day_of,
    trick_by_id,
)
from engine.games.trickerion.components import DIRECTIONS, OnSetUp
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import (
    PendingBuyingTime,
    PendingLinkReward,
    PerfCard,
    Placement,
    State,
)


def _effect(r: TrickerionRules, act: Placement | None) -> str:
    return r.effect_of(act) if act is not None and act.effect == "ready" else ""


def on_card(pc: PerfCard, code: int) -> bool:
    return code in pc.m or code in pc.guest


def set_up_options(r: TrickerionRules, s: State, seat: int, act: Placement | None) -> list[Any]:
    """Every legal Set Up Trick for ``seat`` (also used by On-stage Preparation)."""
    cat: Catalog = r.cat
    p = s.players[seat]
    effect = _effect(r, act)
    electra = r.has_ability(s, seat, "m08_electra")
    out: list[Any] = []
    for t in p.tricks:
        if t.markers < 1:
            continue
        code = seat * 4 + t.sym
        for ci, pc in enumerate(s.row):
            if on_card(pc, code) and effect != "new_twist":
                continue
            geo = cat.cards[pc.id]
            free = [i for i, m in enumerate(pc.m) if m == FREE]
            for cell in free:
                for f in geo.facings[cell]:
                    out.append(A.SetUpTrick(t.id, ci, cell, DIRECTIONS[f]))
                    if electra and t.markers >= 2:
                        out.append(A.SetUpTrick(t.id, ci, cell, DIRECTIONS[f], double=True))
            if not free and effect == "guest_performer":
                out.append(A.SetUpTrick(t.id, ci, -1, "up"))
    return out


def reschedule_options(
    r: TrickerionRules, s: State, seat: int, act: Placement | None, any_owner: bool = False
) -> list[Any]:
    cat: Catalog = r.cat
    out: list[Any] = []
    for ci, pc in enumerate(s.row):
        for cell, code in enumerate(pc.m):
            if code < 0 or (code // 4 != seat and not any_owner):
                continue
            for cj, target in enumerate(s.row):
                if cj != ci and on_card(target, code):
                    continue
                geo = cat.cards[target.id]
                for to_cell, m in enumerate(target.m):
                    if m != FREE:
                        continue
                    for f in geo.facings[to_cell]:
                        out.append(A.Reschedule(ci, cell, cj, to_cell, DIRECTIONS[f]))
    return out


def set_up_error(
    r: TrickerionRules, s: State, seat: int, act: Placement | None, a: A.SetUpTrick
) -> str:
    """Why ``a`` is not a legal Set Up Trick ("" when it is); the same rules as
    :func:`set_up_options`, checked directly."""
    p = s.players[seat]
    t = trick_by_id(p, a.trick)
    if t is None:
        return "trickerion.trick.not_owned"
    if t.markers < (2 if a.double else 1):
        return "trickerion.set_up.no_marker"
    if a.double and not r.has_ability(s, seat, "m08_electra"):
        return "trickerion.set_up.no_marker"
    if not 0 <= a.card < len(s.row):
        return "trickerion.set_up.no_such_card"
    pc = s.row[a.card]
    effect = _effect(r, act)
    if on_card(pc, seat * 4 + t.sym) and effect != "new_twist":
        return "trickerion.set_up.same_symbol_on_card"
    if a.cell == -1:
        ok = effect == "guest_performer" and FREE not in pc.m and not a.double and a.facing == "up"
        return "" if ok else "trickerion.set_up.slot_taken"
    if not 0 <= a.cell < len(pc.m) or pc.m[a.cell] != FREE:
        return "trickerion.set_up.slot_taken"
    facing = DIRECTIONS.index(a.facing) if a.facing in DIRECTIONS else -1
    if facing not in r.cat.cards[pc.id].facings[a.cell]:
        return "trickerion.set_up.bad_facing"
    return ""


def reschedule_ok(
    r: TrickerionRules, s: State, seat: int, a: A.Reschedule, any_owner: bool = False
) -> bool:
    """The same rules as :func:`reschedule_options`, checked directly."""
    if not (0 <= a.card < len(s.row) and 0 <= a.to_card < len(s.row)):
        return False
    src, dst = s.row[a.card], s.row[a.to_card]
    if not 0 <= a.cell < len(src.m) or not 0 <= a.to_cell < len(dst.m):
        return False
    code = src.m[a.cell]
    if code < 0 or (code // 4 != seat and not any_owner) or dst.m[a.to_cell] != FREE:
        return False
    if a.to_card != a.card and on_card(dst, code):
        return False
    facing = DIRECTIONS.index(a.facing) if a.facing in DIRECTIONS else -1
    return facing in r.cat.cards[dst.id].facings[a.to_cell]


def legal(r: TrickerionRules, s: State, seat: int, act: Placement) -> list[Any]:
    if act.ap < 1:
        return []
    out = set_up_options(r, s, seat, act)
    effect = _effect(r, act)
    out.extend(reschedule_options(r, s, seat, act, any_owner=effect == "directors_favor"))
    if effect == "street_performance":
        for ci, pc in enumerate(s.row):
            out.extend(
                A.StreetPerformance(ci, cell)
                for cell, code in enumerate(pc.m)
                if code >= 0 and code // 4 == seat
            )
    return out


def set_up_trick(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.SetUpTrick, ev: list[Event]
) -> None:
    error = set_up_error(r, s, seat, act, action)
    if error:
        raise IllegalAction(error, trick=action.trick, card=action.card, cell=action.cell)
    act.ap -= r.action_ap(s, "set_up_trick")
    set_up(r, s, seat, action, ev, _effect(r, act), act)


def reschedule_card(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.Reschedule, ev: list[Event]
) -> None:
    effect = _effect(r, act)
    if not reschedule_ok(r, s, seat, action, effect == "directors_favor"):
        raise IllegalAction("trickerion.reschedule.not_allowed", card=action.card, cell=action.cell)
    act.ap -= r.action_ap(s, "reschedule")
    mover = s.row[action.card].m[action.cell] // 4
    if effect == "directors_favor" and mover != seat:
        act.effect = "used"
    reschedule(r, s, action, ev, pay_links=False)


def street_performance_here(
    r: TrickerionRules,
    s: State,
    seat: int,
    act: Placement,
    action: A.StreetPerformance,
    ev: list[Event],
) -> None:
    if _effect(r, act) != "street_performance" or not _own_marker(s, seat, action):
        raise IllegalAction("trickerion.street_performance.not_allowed")
    act.ap -= r.action_ap(s, "reschedule")
    act.effect = "used"
    street_performance(r, s, seat, action, ev)


def _own_marker(s: State, seat: int, a: A.StreetPerformance) -> bool:
    if not 0 <= a.card < len(s.row) or not 0 <= a.cell < len(s.row[a.card].m):
        return False
    code = s.row[a.card].m[a.cell]
    return code >= 0 and code // 4 == seat


def set_up(
    r: TrickerionRules,
    s: State,
    seat: int,
    action: A.SetUpTrick,
    ev: list[Event],
    effect: str = "",
    act: Placement | None = None,
    pay_links: bool = True,
) -> None:
    """Move a marker from the trick card onto the performance card and pay the links."""
    cat: Catalog = r.cat
    p = s.players[seat]
    t = held_trick(p, action.trick)
    code = seat * 4 + t.sym
    pc = s.row[action.card]
    n = 2 if action.double else 1
    t = change_trick(s, seat, t, markers=t.markers - n)
    if action.cell < 0:
        put_card(s, action.card, replace(pc, guest=(*pc.guest, code)))
        if act is not None:
            act.effect = "used"
        ev.append(
            Event(
                "trickerion.set_up",
                {
                    "seat": seat,
                    "trick": t.id,
                    "card": action.card,
                    "perf": pc.id,
                    "cell": -1,
                    "guest": True,
                },
            )
        )
        return
    if effect == "new_twist" and act is not None and on_card(pc, code):
        act.effect = "used"
    pc = set_cell(s, action.card, action.cell, code, DIRECTIONS.index(action.facing))
    if action.double:
        pc = put_card(s, action.card, replace(pc, dbl=(*pc.dbl, action.cell)))
    ev.append(
        Event(
            "trickerion.set_up",
            {
                "seat": seat,
                "trick": t.id,
                "card": action.card,
                "perf": pc.id,
                "cell": action.cell,
                "facing": action.facing,
                "double": action.double,
            },
        )
    )
    school = cat.trick_school[t.id]
    if s.prophecy:
        for param in cat.prophecies[s.prophecy].params:
            if isinstance(param, OnSetUp) and param.school == school:
                gain(cat, s, seat, ev, "prophecy_set_up", fame=param.gain.fame)
    if pay_links:
        pay_new_links(r, s, seat, action.card, action.cell, t.id, ev, effect, act)
    if effect == "buying_time" and act is not None:
        act.effect = "used"
        gain(cat, s, seat, ev, "buying_time", coins=3)
        if len(s.row) > 1:
            raise_decision(r, s, PendingBuyingTime(seat))


def pay_new_links(
    r: TrickerionRules,
    s: State,
    seat: int,
    ci: int,
    cell: int,
    trick_id: str,
    ev: list[Event],
    effect: str = "",
    act: Placement | None = None,
) -> None:
    """Link rewards for the marker just placed at (card ci, cell)."""
    cat: Catalog = r.cat
    pc = s.row[ci]
    geo = cat.cards[pc.id]
    schools = symbol_schools(cat, s)
    times = 2 if effect == "headliner_trick" else 1
    units = 0
    shard_seats: list[int] = []
    for li in geo.cell_links[cell]:
        link = geo.links[li]
        other = link[1] if link[0] == cell else link[0]
        if pc.m[other] == FREE:
            continue
        if link_formed(cat, pc, link, schools) or effect == "orchestral_interlude":
            units += times
            if link[2]:  # a neutral marker (-3) belongs to no one: no shard for it
                for who in dict.fromkeys((seat, pc.m[other] // 4) if pc.m[other] >= 0 else (seat,)):
                    shard_seats.extend([who] * times)
    if effect in ("headliner_trick", "orchestral_interlude") and act is not None and units:
        act.effect = "used"
    if units:
        ev.append(
            Event(
                "trickerion.links_created",
                {"seat": seat, "card": ci, "perf": pc.id, "cell": cell, "links": units},
            )
        )
        raise_decision(
            r,
            s,
            PendingLinkReward(seat, units=units, value=cat.link_reward[cat.trick_level[trick_id]]),
        )
    for who in shard_seats:
        gain(cat, s, who, ev, "shard_link", shards=1)


def reschedule(
    r: TrickerionRules, s: State, action: A.Reschedule, ev: list[Event], pay_links: bool
) -> None:
    src = s.row[action.card]
    code = src.m[action.cell]
    double = action.cell in src.dbl
    src = set_cell(s, action.card, action.cell)
    if double:
        src = put_card(s, action.card, replace(src, dbl=without(src.dbl, action.cell)))
    dst = set_cell(s, action.to_card, action.to_cell, code, DIRECTIONS.index(action.facing))
    if double:
        dst = put_card(s, action.to_card, replace(dst, dbl=(*dst.dbl, action.to_cell)))
    seat = code // 4
    ev.append(
        Event(
            "trickerion.rescheduled",
            {
                "seat": seat,
                "card": action.card,
                "perf": src.id,
                "cell": action.cell,
                "to_card": action.to_card,
                "to_perf": dst.id,
                "to_cell": action.to_cell,
                "facing": action.facing,
            },
        )
    )
    if pay_links:
        t = next(x for x in s.players[seat].tricks if x.sym == code % 4)
        pay_new_links(r, s, seat, action.to_card, action.to_cell, t.id, ev)


def street_performance(
    r: TrickerionRules, s: State, seat: int, action: A.StreetPerformance, ev: list[Event]
) -> None:
    cat: Catalog = r.cat
    pc = s.row[action.card]
    code = pc.m[action.cell]
    pc = set_cell(s, action.card, action.cell)
    if action.cell in pc.dbl:
        pc = put_card(s, action.card, replace(pc, dbl=without(pc.dbl, action.cell)))
    t = next(x for x in s.players[seat].tricks if x.sym == code % 4)
    fame, coins, shards = cat.trick_yield[t.id]
    if t.enhanced:
        fame, coins = fame + 1, coins + 1
    day = theater_day_of(s, seat)
    df, dc = day_yield(cat, s, day) if day >= 0 else (0, 0)
    gain(
        cat,
        s,
        seat,
        ev,
        "street_performance",
        fame=max(0, fame + df),
        coins=max(0, coins + dc),
        shards=shards,
    )


# What a character placed here may do, by action type (``placement.apply`` refuses any other).
ACTIONS: dict[type, Callable[..., None]] = {
    A.SetUpTrick: set_up_trick,
    A.Reschedule: reschedule_card,
    A.StreetPerformance: street_performance_here,
}
