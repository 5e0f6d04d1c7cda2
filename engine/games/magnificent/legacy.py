"""The Magnificent's state in the shapes older save formats hashed, so their proof still holds.

Format 2 (engine 0.3): every pending decision and owed fragment was one bag Struct
``Pending(kind, source, fragment, size, colours, tent, slots)``, every field encoded."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.magnificent.state import MagState

# The bag's fields in its order, with their defaults.
_BAG = {"source": "", "fragment": "", "size": "", "colours": [], "tent": "", "slots": []}


def _bag(kind: str, fields: dict[str, Any]) -> dict[str, Any]:
    return {"kind": kind, **{k: fields.get(k, d) for k, d in _BAG.items()}}


def state_v2(state: MagState) -> dict[str, Any]:
    out = msgspec.to_builtins(state, builtin_types=(bytes,))
    out["pending"] = [_bag(p["kind"], p) for p in out["pending"]]
    out["turn"]["frags"] = [_bag("fragment", f) for f in out["turn"]["frags"]]
    return out
