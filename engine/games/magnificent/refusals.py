"""Why a move is refused, in the player's words and numbers (issue #20): "Build needs 3 power;
you have 2", not a rule id alone. ``reason`` is asked only for a move the rules refused
(``TheMagnificent.apply``); it names the first condition that fails, with the rule it comes
from, and falls back to what the position asks for now."""

from __future__ import annotations

from typing import Any

from engine.games.magnificent import actions as A
from engine.games.magnificent import perform
from engine.games.magnificent.common import occupied
from engine.games.magnificent.legal import MARKER_STAGES, level_ok
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState
from engine.games.magnificent.turn import AP_OPEN, ap

Reason = tuple[str, dict[str, Any]]


def expected(s: MagState) -> str:
    """What the position asks for (the strip's prompt): a pending decision, else the turn's
    stage, else the phase."""
    if s.pending:
        return str(type(s.pending[0]).__struct_config__.tag)
    if s.phase != "turn":
        return s.phase
    # Every fragment placed: the Build is over, only extras (a bonus, a trainer) and End remain.
    if s.turn.stage == "place" and not s.turn.frags:
        return "extras"
    return s.turn.stage


def _gems(s: MagState, seat: int) -> int:
    """Gems that could still be discarded for +2 power each this turn (R29)."""
    p = s.players[seat]
    return sum(p.gems[g] for g in dict.fromkeys((s.turn.colour, "clear")) if g in p.gems)


def _power(action: str, need: int, s: MagState, seat: int, rule: str) -> Reason:
    """Short of power: how much, and whether the gems held would make it up (R29)."""
    have = ap(s)
    gems = _gems(s, seat) if s.turn.stage in ("act", action) else 0
    reach = 1 if have + 2 * gems >= need else 0
    return "mag.refuse.power", {
        "action": action,
        "need": need,
        "have": have,
        "gems": reach,
        "rule": rule,
    }


def _build(r: Rules, s: MagState, seat: int) -> Reason | None:
    levels = r.boards[s.players[seat].board].build_levels
    need = min(lv.ap for lv in levels)
    if need > ap(s):
        return _power("build", need, s, seat, "R33")
    if not any(level_ok(r, s, seat, lv) for lv in levels):
        return "mag.refuse.supply", {"colour": s.turn.colour, "rule": "A6"}
    return None


def _perform(r: Rules, s: MagState, seat: int) -> Reason | None:
    if not perform.hats_allowed(s, seat):
        return "mag.refuse.no_hat", {"rule": "R51"}
    taken = occupied(s)
    need = min((sp.ap or 0 for i, sp in enumerate(r.track) if i not in taken), default=None)
    if need is None or need <= ap(s):
        return "mag.refuse.track_full", {"rule": "R51"}
    return _power("perform", need, s, seat, "R51")


def _marker(r: Rules, s: MagState, seat: int, space: str) -> Reason | None:
    """R61-R63: a trainer space needs a marker (two for some), is used once a turn (some), at
    the stage its effect belongs to, and the poster space costs coins."""
    p = s.players[seat]
    sp = r.spaces.get(space)
    if sp is None:
        return None
    need = 2 if sp.capacity == "two" else 1
    if p.markers < need:
        return "mag.refuse.markers", {"need": need, "have": p.markers, "rule": "R61"}
    if sp.capacity != "per_marker" and s.turn.markers.get(space, 0):
        return "mag.refuse.marker_used", {"rule": "R61"}
    stages = MARKER_STAGES[sp.effect]
    if stages is not None and s.turn.stage not in stages:
        when = "flip" if not stages else "die" if stages == AP_OPEN else stages[0]
        return "mag.refuse.marker_when", {"when": when, "rule": "R61"}
    if sp.effect == "buy_poster" and p.coins < sp.cost_coins:
        return "mag.refuse.coins", {"need": sp.cost_coins, "have": p.coins, "rule": "R61"}
    return None


def reason(r: Rules, s: MagState, seat: int, a: Any, rule: str) -> Reason:
    stage = expected(s)
    if s.phase == "turn" and not s.pending:
        p = s.players[seat]
        if isinstance(a, A.Choose) and stage == "act":
            found = _build(r, s, seat) if a.action == "build" else None
            if a.action == "perform":
                found = _perform(r, s, seat)
            if found:
                return found
        if isinstance(a, A.Level) and stage == "build":
            levels = r.boards[p.board].build_levels
            if 0 <= a.index < len(levels) and levels[a.index].ap > ap(s):
                return _power("build", levels[a.index].ap, s, seat, "R33")
            if 0 <= a.index < len(levels):
                return "mag.refuse.supply", {"colour": s.turn.colour, "rule": "A6"}
        if isinstance(a, A.Move) and stage == "travel" and a.distance > ap(s):
            return _power("travel", a.distance, s, seat, "R37")
        if isinstance(a, A.SpendGem) and p.gems.get(a.gem, 0) <= 0:
            return "mag.refuse.no_gem", {"gem": a.gem, "rule": "R29"}
        if isinstance(a, A.Marker):
            found = _marker(r, s, seat, a.space)
            if found:
                return found
    return "mag.refuse.not_now", {"stage": stage, "rule": rule}
