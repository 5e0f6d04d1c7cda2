"""Trickerion's steps and states as older save formats recorded them, in today's encoding.

Format 4 (engine 0.5): the setup's initiative step was a bare Chance (the order was shuffled in
its apply), Reroll Die and Interest threw their die inside the player's step (no chance step
follows them) and the state had no ``draw`` field. Format 2, on top of that: the Dice roll was a
bare Chance too."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from engine.core.legacy import Legacy
from engine.games.trickerion.actions import Chance
from engine.games.trickerion.state import State

# The phases whose chance step a format recorded bare, by the last format that did.
_BARE = {"roll": 2, "setup_initiative": 4}


class TrickerionLegacy(Legacy):
    def upgrade_step(self, state: State, seat: int, action: Any, format_version: int) -> Any:
        # A bare Chance drew in apply: the engine's own draw, recomputed from the seed, is
        # what that step drew.
        if isinstance(action, Chance) and format_version <= _BARE.get(state.phase, 0):
            return self.game.chance_action(state)
        return action

    def unrecorded_chance(self, state: State, format_version: int) -> bool:
        return format_version < 5 and state.draw is not None

    # The first format that hashed the state in today's shape.
    shape_since = 5

    def saved_state_hash(self, state: State, format_version: int) -> str:
        if format_version >= self.shape_since:
            return self.game.codec.state_hash(state)
        old = msgspec.to_builtins(state, builtin_types=(bytes,))
        self.old_shape(old, format_version)
        return hashlib.sha256(self.game.codec.encode_state(old)).hexdigest()

    def old_shape(self, old: dict[str, Any], format_version: int) -> None:
        """``old`` (the state as builtins) in the shape ``format_version`` hashed."""
        if format_version < 5:
            # A save rests after its steps, never at a draw: the field is None; its place dropped.
            old.pop("draw")
