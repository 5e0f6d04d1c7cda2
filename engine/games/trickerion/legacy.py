"""Trickerion's steps as older save formats recorded them, in today's encoding."""

from __future__ import annotations

from typing import Any

from engine.core.legacy import Legacy
from engine.games.trickerion.actions import Chance
from engine.games.trickerion.state import State


class TrickerionLegacy(Legacy):
    def upgrade_step(self, state: State, seat: int, action: Any, format_version: int) -> Any:
        # Format 2 recorded the Dice roll as a bare Chance (the faces were drawn in apply):
        # the engine's own throw, recomputed from the seed, is what that step rolled.
        if format_version < 3 and isinstance(action, Chance) and state.phase == "roll":
            return self.game.chance_action(state)
        return action
