"""The turn's flow, in one place.

A turn: the runes are thrown (not before the first turn: the setup throw serves it), the player
spends any number of manipulations, then takes one action (or passes); the action's decisions
are answered one at a time from the pending stack; then (practice) adventurers may be drawn,
the day may end, and the next throw comes. ``advance`` runs after every step and moves the
flow on until someone must decide.
"""

from __future__ import annotations

from engine.core.decisions import kind
from engine.core.events import Event
from engine.games.oracle import frame, predictions
from engine.games.oracle import horoscope as H
from engine.games.oracle.available import pending_options
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import (
    REWARDS,
    OracleState,
    PendingCircles,
    PendingDrawOrder,
    PendingHoroscope,
    PendingLines,
    PendingStaff,
    PendingTownsfolk,
)


def advance(r: Rules, s: OracleState, ev: list[Event]) -> None:
    """Move the flow on until someone must decide: auto-resolve pendings with nothing to choose,
    end the turn, draw, end the day, throw."""
    while True:
        if s.phase == "over":
            return
        if s.pending:
            if settle_top(r, s, ev):
                continue
            return
        if s.phase == "act":
            if not s.acted:
                return
            s.acted = False
            s.phase = "draw" if r.practice_mode else "roll"
            continue
        if s.phase == "draw":
            if s.draw_queue:
                return
            if frame.day_over(r, s):
                frame.end_day(r, s, ev)
                continue
            s.phase = "roll"
        return


def settle_top(r: Rules, s: OracleState, ev: list[Event]) -> bool:
    """Resolve the top pending when it offers nothing to choose; True if it changed."""
    p = s.pending[-1]
    if isinstance(p, PendingHoroscope):
        lost = [v for v in p.values if not H.rows_for(r.rows, s.horoscope, v)]
        if not lost:
            return False
        for v in lost:
            p.values.remove(v)
            ev.append(Event("oracle.horoscope.value_lost", {"value": v}))
        if not p.values:
            s.pending.pop()
        return True
    if isinstance(p, PendingDrawOrder):
        if len(set(p.colours)) > 1 and predictions.active(s):
            return False
        s.pending.pop()
        predictions.resolve(r, s, ev, p.colours)
        return True
    if isinstance(p, PendingStaff) and p.slots or isinstance(p, PendingTownsfolk):
        return False
    if isinstance(p, PendingLines):
        geo = r.geo
        if geo.any_free_line(set(s.lines), geo.filled_cells(s.regions)):
            return False
        ev.append(Event("oracle.stargazing.no_free_line", {}))
    elif isinstance(p, (*REWARDS, PendingCircles)):
        if pending_options(r, s):
            return False
        # the kind is the tag: talisman / tome / x / market / prediction, or circles
        ev.append(Event("oracle.reward.lost", {"kind": kind(p)}))
    s.pending.pop()
    return True
