"""The Magnificent's state in the shapes older save formats hashed, so their proof still holds.

Format 4 (engine 0.5): the deal kept its RNG as it stood at the first round's dice
(``deal_throw``, None once their Roll was played); format 5 keeps the faces it threw (``dealt``,
empty once shown). Both are the last field.
Format 3 (engine 0.4): the solo game's fields had its name (``solo_offer``, the phase
``solo_cards``, the turn's ``solo_discarded`` flag) and no throw waited in the state (the dice were
thrown inside the step that ended a round). Format 2 (engine 0.3), on top of that: every pending
decision and owed fragment was one bag Struct ``Pending(kind, source, fragment, size, colours,
tent, slots)``, every field encoded."""

from __future__ import annotations

import hashlib
from typing import Any

import msgspec

from engine.core.legacy import Legacy
from engine.games.magnificent.state import MagState

# The bag's fields in its order, with their defaults.
_BAG = {"source": "", "fragment": "", "size": "", "colours": [], "tent": "", "slots": []}


def _bag(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {"kind": kind, **{k: fields.get(k, d) for k, d in _BAG.items()}}


def state_v4(state: MagState) -> dict[str, Any]:
    out: dict[str, Any] = msgspec.to_builtins(state, builtin_types=(bytes,))
    # A save rests after its first step, the deal's throw: nothing is left under the cup.
    out.pop("dealt")
    out["deal_throw"] = None
    return out


def state_v3(state: MagState) -> dict[str, Any]:
    out = state_v4(state)
    # A save rests after its steps, never before a throw: the waiting colours are empty.
    out.pop("throw")
    out.pop("deal_throw")
    # Renamed in place: the encoding keeps the fields' order.
    out = {("solo_offer" if k == "offer" else k): v for k, v in out.items()}
    if out["phase"] == "offer":
        out["phase"] = "solo_cards"
    turn = out["turn"]
    out["turn"] = {
        ("solo_discarded" if k == "discarded" else k): (bool(v) if k == "discarded" else v)
        for k, v in turn.items()
    }
    return out


def state_v2(state: MagState) -> dict[str, Any]:
    out = state_v3(state)
    out["pending"] = [_bag(p["kind"], p) for p in out["pending"]]
    out["turn"]["frags"] = [_bag("fragment", f) for f in out["turn"]["frags"]]
    return out


class MagLegacy(Legacy):
    def unrecorded_chance(self, state: MagState, format_version: int) -> bool:
        # Before format 4 the dice were thrown with the deal and inside the step that ended a
        # round: such a save holds no step for those throws.
        return format_version < 4 and bool(state.throw)

    def saved_state_hash(self, state: MagState, format_version: int) -> str:
        if format_version >= 5:
            return self.game.codec.state_hash(state)
        old = {4: state_v4, 3: state_v3}.get(format_version, state_v2)(state)
        return hashlib.sha256(self.game.codec.encode_state(old)).hexdigest()
