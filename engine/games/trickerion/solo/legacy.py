"""The solo game's steps and states as older save formats recorded them.

Format 5 (engine 0.6): the Successor's draws (its prep dice, a Downtown die rerolled, the trick
it learns, the prop it orders, the Dark Alley coin and the prophecy its Priestess turns up) and
your prep dice were thrown inside their own step: no chance step follows them, and the
Successor's state had no ``draw`` field. Older formats: as the base game's (``legacy.py``)."""

from __future__ import annotations

from typing import Any

from engine.games.trickerion.legacy import TrickerionLegacy
from engine.games.trickerion.solo.state import solo_of
from engine.games.trickerion.state import State


class SoloLegacy(TrickerionLegacy):
    shape_since = 6

    def unrecorded_chance(self, state: State, format_version: int) -> bool:
        solo = solo_of(state)
        return super().unrecorded_chance(state, format_version) or (
            format_version < 6 and solo is not None and solo.draw is not None
        )

    def old_shape(self, old: dict[str, Any], format_version: int) -> None:
        super().old_shape(old, format_version)
        if format_version < 6 and old["solo"] is not None:
            old["solo"].pop("draw")  # None: a save rests after its steps, never at a draw
