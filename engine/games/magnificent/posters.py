"""Gaining a poster (R46-R47, A9): the deck top or a New Posters card onto an empty slot; with
every slot full, replace one, discard the new one, or decline."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.tuples import change_at, put
from engine.games.magnificent import common
from engine.games.magnificent.common import ev
from engine.games.magnificent.state import MagState


def sources(s: MagState) -> list[int]:
    out = [-1] if (s.poster_deck or s.poster_discard) else []
    return out + [i for i, x in enumerate(s.new_posters) if x is not None]


def slots(s: MagState, seat: int) -> list[int]:
    p = s.players[seat]
    empty = [i for i, x in enumerate(p.posters) if x is None]
    return empty if empty else list(range(len(p.posters))) + [-1]


def gain(s: MagState, seat: int, source: int, slot: int, events: list[Event]) -> None:
    p = s.players[seat]
    if source < 0:
        pid = common.draw_poster(s, s.rng)
        assert pid is not None
        ev(events, "poster_deck", reveal=True, seat=seat)
    else:
        pid = s.new_posters[source]
        assert pid is not None  # only filled slots are offered
        s.new_posters = put(s.new_posters, source, common.draw_poster(s, s.rng))
        ev(events, "poster_display", reveal=True, seat=seat, slot=source)
    if slot < 0:
        s.poster_discard = (*s.poster_discard, pid)
        ev(events, "poster_discarded", seat=seat, poster=pid)
        return
    old = p.posters[slot]
    if old is not None:
        s.poster_discard = (*s.poster_discard, old)
    change_at(s.players, seat, posters=put(p.posters, slot, pid))
    ev(events, "poster", seat=seat, poster=pid, slot=slot, replaced=old)
