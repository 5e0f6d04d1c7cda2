"""Workshop ("МАСТЕРСКАЯ"): Prepare, Move Trick, Move Components, Move Apprentice.

Prepare costs the AP printed on the trick; it needs the trick's props (not spent) and no
marker on the card; it lays the printed number of markers (+1 on the Engineer board), never
more than the symbol's 4 markers allow. The Move actions need the specialist hired (any
character may do them).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import combinations_with_replacement
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.tuples import change_at, without
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import (
    change_char,
    change_trick,
    gain,
    has_components,
    has_specialist,
    held_trick,
    marker_supply,
    raise_decision,
    remove_props,
    trick_by_id,
)
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import PendingOnStage, Placement, State, Trick

PREPARE_EFFECTS = (
    "trick_tweaking",
    "test_run",
    "replacable_parts",
    "invention",
    "ingenuity",
    "unstable_prototype",
    "enhance_trick",
    "on_stage_preparation",
    "hidden_talent",
)


def _effect(r: TrickerionRules, act: Placement) -> str:
    return r.effect_of(act) if act.effect == "ready" else ""


def markers_for(r: TrickerionRules, s: State, seat: int, t: Trick, extra: int = 0) -> int:
    """Markers one Prepare lays on ``t`` (before special-assignment changes: ``extra``)."""
    cat: Catalog = r.cat
    n = cat.tricks[t.id].markers + (1 if t.eng else 0) + extra
    return max(0, min(n, marker_supply(s, seat, t)))


def legal(r: TrickerionRules, s: State, seat: int, act: Placement) -> list[Any]:
    cat: Catalog = r.cat
    p = s.players[seat]
    out: list[Any] = []
    effect = _effect(r, act)
    for t in p.tricks:
        if t.markers or act.ap < cat.tricks[t.id].prepare_ap:
            continue
        ok = has_components(cat, p, t.id)
        if ok and markers_for(r, s, seat, t) > 0:
            out.append(A.Prepare(t.id))
        if effect in PREPARE_EFFECTS:
            out.extend(_special_prepares(r, s, seat, act, t, ok, effect))
    if act.ap >= r.action_ap(s, "move_trick") and has_specialist(p, "engineer"):
        out.extend(A.MoveTrick(t.id) for t in p.tricks if not t.eng)
    if act.ap >= r.action_ap(s, "move_components") and has_specialist(p, "manager"):
        for prop, n in p.props.items():
            if n and prop not in p.mgr:
                if len(p.mgr) < r.cat.market.manager_slots:
                    out.append(A.MoveProps(prop))
                out.extend(A.MoveProps(prop, other) for other in p.mgr)
    if (
        act.ap >= r.action_ap(s, "move_apprentice")
        and has_specialist(p, "assistant")
        and not any(c.assist for c in p.chars)
    ):
        out.extend(
            A.MoveApprentice(i)
            for i, c in enumerate(p.chars)
            if c.kind == "apprentice" and not c.assist
        )
    return out


def _special_prepares(
    r: TrickerionRules, s: State, seat: int, act: Placement, t: Trick, ok: bool, effect: str
) -> list[Any]:
    cat: Catalog = r.cat
    p = s.players[seat]
    if effect == "ingenuity":
        if not ok and has_components(cat, p, t.id, missing_ok=1) and marker_supply(s, seat, t):
            return [A.Prepare(t.id, True)]
        return []
    if not ok:
        return []
    if effect == "trick_tweaking":
        n = markers_for(r, s, seat, t, 1)
        return [A.Prepare(t.id, True)] if n > markers_for(r, s, seat, t) else []
    if effect in ("test_run", "invention", "on_stage_preparation", "hidden_talent"):
        if effect == "hidden_talent" and p.chars[act.char].kind != "apprentice":
            return []
        return [A.Prepare(t.id, True)] if markers_for(r, s, seat, t) > 0 else []
    if effect == "enhance_trick":
        ok = p.shards >= 1 and not t.enhanced and markers_for(r, s, seat, t) > 0
        return [A.Prepare(t.id, True)] if ok else []
    if effect == "replacable_parts":
        if markers_for(r, s, seat, t, -1) < 1:
            return []
        threshold = cat.tricks[t.id].fame_threshold
        return [
            A.Prepare(t.id, True, o.id)
            for o in p.tricks
            if o.id != t.id
            and cat.tricks[o.id].fame_threshold <= threshold
            and marker_supply(s, seat, o) > 0
        ]
    if effect == "unstable_prototype":
        needed = [prop for prop in cat.tricks[t.id].components if p.props.get(prop, 0)]
        out = []
        for k in range(1, 4):
            for combo in combinations_with_replacement(needed, k):
                if all(combo.count(x) <= p.props.get(x, 0) for x in set(combo)):
                    out.append(A.Prepare(t.id, True, "", combo))
        return out
    return []


def move_trick(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.MoveTrick, ev: list[Event]
) -> None:
    p = s.players[seat]
    if action not in legal(r, s, seat, act):
        raise IllegalAction("trickerion.workshop.move_trick_not_allowed", trick=action.trick)
    act.ap -= r.action_ap(s, "move_trick")
    for t in list(p.tricks):
        if t.eng != (t.id == action.trick):
            change_trick(s, seat, t, eng=t.id == action.trick)
    ev.append(Event("trickerion.trick_moved", {"seat": seat, "trick": action.trick}))


def move_props(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.MoveProps, ev: list[Event]
) -> None:
    p = s.players[seat]
    if action not in legal(r, s, seat, act):
        raise IllegalAction("trickerion.workshop.move_props_not_allowed", prop=action.prop)
    act.ap -= r.action_ap(s, "move_components")
    mgr = without(p.mgr, action.swap) if action.swap else p.mgr
    change_at(s.players, seat, mgr=(*mgr, action.prop))
    ev.append(
        Event("trickerion.props_moved", {"seat": seat, "prop": action.prop, "swap": action.swap})
    )


def move_apprentice(
    r: TrickerionRules,
    s: State,
    seat: int,
    act: Placement,
    action: A.MoveApprentice,
    ev: list[Event],
) -> None:
    if action not in legal(r, s, seat, act):
        raise IllegalAction(
            "trickerion.workshop.move_apprentice_not_allowed", character=action.character
        )
    act.ap -= r.action_ap(s, "move_apprentice")
    change_char(s, seat, action.character, assist=True)
    ev.append(Event("trickerion.apprentice_moved", {"seat": seat, "character": action.character}))


def prepare(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.Prepare, ev: list[Event]
) -> None:
    cat: Catalog = r.cat
    p = s.players[seat]
    t = trick_by_id(p, action.trick)
    if t is None:
        raise IllegalAction("trickerion.trick.not_owned", trick=action.trick)
    if action not in legal(r, s, seat, act):
        if t.markers:
            raise IllegalAction("trickerion.prepare.markers_on_card", trick=action.trick)
        if act.ap < cat.tricks[t.id].prepare_ap:
            raise IllegalAction(
                "trickerion.ap.not_enough", need=cat.tricks[t.id].prepare_ap, have=act.ap
            )
        if not has_components(cat, p, t.id):
            raise IllegalAction("trickerion.prepare.missing_props", trick=action.trick)
        raise IllegalAction("trickerion.prepare.no_markers_left", trick=action.trick)
    act.ap -= cat.tricks[t.id].prepare_ap
    effect = _effect(r, act) if action.special else ""
    extra = {
        "trick_tweaking": 1,
        "test_run": -1,
        "replacable_parts": -1,
        "unstable_prototype": 1,
    }.get(effect, 0)
    n = markers_for(r, s, seat, t, extra)
    if effect == "ingenuity":
        n = 1
    t = change_trick(s, seat, t, markers=n)
    ev.append(Event("trickerion.prepared", {"seat": seat, "trick": t.id, "markers": n}))
    if not effect:
        return
    act.effect = "used"
    ev.append(Event("trickerion.special_effect", {"seat": seat, "effect": effect}))
    fame, coins, shards = cat.trick_yield[t.id]
    if effect == "test_run":
        gain(cat, s, seat, ev, "test_run", fame=fame, coins=coins, shards=shards)
    elif effect == "replacable_parts":
        other = held_trick(s.players[seat], action.target)
        change_trick(s, seat, other, markers=other.markers + 1)
    elif effect == "invention":
        req = cat.tricks[t.id].components
        gain(
            cat,
            s,
            seat,
            ev,
            "invention",
            fame=sum(v for k, v in req.items() if cat.prop_tier[k] != "basic"),
        )
    elif effect == "unstable_prototype":
        for prop in action.props:
            remove_props(s, seat, prop, 1)
        k = len(action.props)
        gain(cat, s, seat, ev, "unstable_prototype", fame=k, coins=k)
    elif effect == "enhance_trick":
        change_at(s.players, seat, shards=s.players[seat].shards - 1)
        change_trick(s, seat, t, enhanced=True)
    elif effect == "on_stage_preparation":
        raise_decision(r, s, PendingOnStage(seat, trick=t.id))
    elif effect == "hidden_talent":
        change_char(s, seat, act.char, talent=True)


# What a character placed here may do, by action type (``placement.apply`` refuses any other).
ACTIONS: dict[type, Callable[..., None]] = {
    A.Prepare: prepare,
    A.MoveTrick: move_trick,
    A.MoveProps: move_props,
    A.MoveApprentice: move_apprentice,
}
