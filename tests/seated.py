"""A seat's player in a position a test builds by hand.

The games' players are frozen records that a state's copies share (``Game.apply`` replaces the
one it changes: ``engine.core.tuples.change_at``), so a test cannot set a field of one in place.
``Seated(s, seat)`` reads ``s.players[seat]`` afresh at every attribute, its dicts read-only,
and setting an attribute replaces the player in ``s`` with one so changed.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any

from engine.core.tuples import change_at


class Seated:
    def __init__(self, state: Any, seat: int) -> None:
        object.__setattr__(self, "_at", (state, seat))

    def __getattr__(self, name: str) -> Any:
        state, seat = self._at
        value = getattr(state.players[seat], name)
        # A dict changed in place would change every earlier state that shares the player.
        return MappingProxyType(value) if isinstance(value, dict) else value

    def __setattr__(self, name: str, value: Any) -> None:
        state, seat = self._at
        change_at(state.players, seat, **{name: value})
