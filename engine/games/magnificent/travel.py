"""Travel (§10, R37-R40, R44): the wagon of the die's colour moves 1..AP spaces clockwise (B4:
counter-clockwise), collecting every gem and uncovered poster symbol it passes or stops on; a
tent is taken only by stopping on it."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.tuples import put
from engine.games.magnificent import common
from engine.games.magnificent.common import ev
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState, PendingTent


def track_index(r: Rules, colour: str) -> int:
    return next(i for i, t in enumerate(r.pack.travel.tracks) if t.colour == colour)


def move(r: Rules, s: MagState, seat: int, distance: int, events: list[Event]) -> None:
    t = s.turn
    k = track_index(r, t.colour)
    track = r.pack.travel.tracks[k]
    length = len(track.spaces)
    step = -1 if t.ccw else 1
    pos = s.wagons[k]
    start = pos
    for _ in range(distance):  # A7: laps allowed; the start space never counts (R38)
        pos = (pos + step) % length
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
    p.tents = put(p.tents, slot, pend.tent)
    double = pend.source == "travel" and s.turn.double_tent
    ev(events, "tent", seat=seat, tent=pend.tent, slot=slot, double=double)
    for b in r.boards[p.board].tent_slot_bonuses[slot - 1]:  # R40: the slot's bonus at once
        common.bonus(r, s, seat, b, events, "tent_slot", 2 if double else 1)
