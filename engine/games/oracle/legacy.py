"""The Oracle's steps and state as older save formats recorded them.

Formats up to 4 (engine 0.5): the chance steps were bare (``Roll``, ``DrawAdventurers``; the
throw and the draw happened inside them); format 5 carries what fell or came out of the bag,
and the engine's own outcome, recomputed from the seed, is what such a step threw.
Formats up to 3 (engine 0.4): every reward to place was one Struct ``PendingReward(kind,
source, colours, tier)`` tagged ``reward``, every field encoded; format 4 tags each kind
(``talisman``, ``tome``, ``x``, ``market``, ``prediction``) and drops the fields it lacks."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from engine.core.game import CHANCE
from engine.core.legacy import Legacy
from engine.games.oracle.actions import DrawAdventurers, Roll
from engine.games.oracle.state import REWARDS, OracleState


def _reward_v3(p: dict[str, Any]) -> dict[str, Any]:
    return {
        "type": "reward",
        "kind": p["type"],
        "source": p["source"],
        "colours": p.get("colours", []),
        "tier": p.get("tier", 0),
    }


_TAGS = {cls.__struct_config__.tag for cls in REWARDS}


def state_v3(state: OracleState) -> dict[str, Any]:
    out: dict[str, Any] = msgspec.to_builtins(state, builtin_types=(bytes,))
    out["pending"] = [_reward_v3(p) if p["type"] in _TAGS else p for p in out["pending"]]
    return out


class OracleLegacy(Legacy):
    def upgrade_step(self, state: OracleState, seat: int, action: Any, format_version: int) -> Any:
        if format_version < 5 and seat == CHANCE and action in (Roll(), DrawAdventurers()):
            return self.game.chance_action(state)
        return action

    def saved_state_hash(self, state: OracleState, format_version: int) -> str:
        if format_version >= 4:
            return self.game.codec.state_hash(state)
        return hashlib.sha256(self.game.codec.encode_state(state_v3(state))).hexdigest()
