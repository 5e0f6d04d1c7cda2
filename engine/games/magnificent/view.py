"""What a viewer may see (plan §3): deck orders, the boxed tent and other players' draft hands
are hidden; the RNG never leaves the engine."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.magnificent.state import MagState
from engine.games.magnificent.turn import ap


def view(game: Any, s: MagState, viewer: int | None) -> dict[str, Any]:
    data = msgspec.to_builtins(s)
    data.pop("rng", None)
    for deck in ("master_deck", "tile_stack", "poster_deck"):
        data[deck] = len(data[deck])  # counts are public, orders are not
    data.pop("box_tent", None)
    for i, p in enumerate(data["players"]):
        p["camp"] = list(s.players[i].camp)  # per cell: 0 empty, else 1 + built index
        if i != viewer:
            p["draft"] = len(p["draft"])
            p["kept"] = bool(p["kept"])
    data["ap"] = ap(s) if s.turn.die is not None else 0
    data["provisional"] = game.rules.pack.provisional
    data["provisional_parts"] = list(game.rules.pack.provisional_parts)
    data["packs"] = game.pack_fingerprint()
    return data
