"""Travel (§10, R37-R40, R44): the wagon of the die's colour moves 1..AP spaces clockwise (B4:
counter-clockwise), collecting every gem and uncovered poster symbol it passes or stops on; a
tent is taken only by stopping on it."""

from __future__ import annotations

from typing import NamedTuple

from engine.core.events import Event
from engine.core.tuples import change_at, put
from engine.games.magnificent import common
from engine.games.magnificent.common import ev
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState, PendingTent


def track_index(r: Rules, colour: str) -> int:
    return next(i for i, t in enumerate(r.pack.travel.tracks) if t.colour == colour)


def path(r: Rules, s: MagState, distance: int) -> list[int]:
    """The spaces the wagon of the turn's colour passes and stops on, in order (A7: laps
    allowed; the start space never counts, R38)."""
    k = track_index(r, s.turn.colour)
    length = len(r.pack.travel.tracks[k].spaces)
    step = -1 if s.turn.ccw else 1
    return [(s.wagons[k] + step * i) % length for i in range(1, distance + 1)]


class Preview(NamedTuple):
    """What a move of ``distance`` gives before it is made (the labels' words for it)."""

    gems: tuple[str, ...]  # gems stored, in the order met
    full: tuple[str, ...]  # gems met with their storage full: a coin each (R44)
    posters: int  # poster symbols under tents already taken (R38)
    tent: str | None  # the tent at the stop, when it will be offered (R39)


def preview(r: Rules, s: MagState, seat: int, distance: int) -> Preview:
    k = track_index(r, s.turn.colour)
    track = r.pack.travel.tracks[k]
    p = s.players[seat]
    room = {g: r.boards[p.board].storage_per_type - n for g, n in p.gems.items()}
    gems: list[str] = []
    full: list[str] = []
    posters = 0
    stops = path(r, s, distance)
    for pos in stops:
        sp = track.spaces[pos]
        if sp.kind == "gems":
            for g in sp.gems:
                (gems if room[g] > 0 else full).append(g)
                room[g] -= 1
        elif sp.kind == "tent" and s.track_tents[k][pos] is None:
            posters += 1
    tent = s.track_tents[k][stops[-1]] if stops else None
    offered = tent if tent is not None and None in p.tents[1:] else None
    return Preview(tuple(gems), tuple(full), posters, offered)


def move(r: Rules, s: MagState, seat: int, distance: int, events: list[Event]) -> None:
    t = s.turn
    k = track_index(r, t.colour)
    track = r.pack.travel.tracks[k]
    pos = start = s.wagons[k]
    for pos in path(r, s, distance):
        sp = track.spaces[pos]
        if sp.kind == "gems":
            for g in sp.gems:
                common.gem(r, s, seat, g, events)
        elif sp.kind == "tent" and s.track_tents[k][pos] is None:
            common.posters(s, 1, "travel")  # the symbol under a tent already taken
    s.wagons = put(s.wagons, k, pos)
    t.acted = True
    t.stage = "done"
    ev(events, "move", seat=seat, track=track.colour, start=start, to=pos, ccw=t.ccw)
    tent = s.track_tents[k][pos]
    p = s.players[seat]
    if tent is not None and None in p.tents[1:]:
        # R39/A8: the tent is offered; its poster symbol is not collected on this move.
        s.pending.append(PendingTent(source="travel", tent=tent))


def take_tent(
    r: Rules, s: MagState, seat: int, pend: PendingTent, slot: int, events: list[Event]
) -> None:
    p = s.players[seat]
    if slot < 0:
        ev(events, "leave_tent", seat=seat, tent=pend.tent)
        return
    if pend.source == "travel":
        s.track_tents = tuple(
            put(row, row.index(pend.tent), None) if pend.tent in row else row
            for row in s.track_tents
        )
    change_at(s.players, seat, tents=put(p.tents, slot, pend.tent))
    double = pend.source == "travel" and s.turn.double_tent
    ev(events, "tent", seat=seat, tent=pend.tent, slot=slot, double=double)
    for b in r.boards[p.board].tent_slot_bonuses[slot - 1]:  # R40: the slot's bonus at once
        common.bonus(r, s, seat, b, events, "tent_slot", 2 if double else 1)
