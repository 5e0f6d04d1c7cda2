"""What one seat may see: the state without the RNG, the decks' order, other players' face-down
assignment cards, which cards they hold (permanent and special: only the counts stay public, so
a face-down assignment cannot be read off the hand), and cards another player drew but has not
kept yet."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import State


def as_dict(obj: Any) -> Any:
    """Structs (even ``array_like`` ones) as dicts of builtins, recursively."""
    if isinstance(obj, msgspec.Struct):
        return {f: as_dict(getattr(obj, f)) for f in obj.__struct_fields__}
    if isinstance(obj, (list, tuple)):  # a tuple, like a list, reads as a JSON array
        return [as_dict(x) for x in obj]
    if isinstance(obj, dict):
        return {k: as_dict(v) for k, v in obj.items()}
    return obj


def view(r: TrickerionRules, s: State, viewer: int | None) -> dict[str, Any]:
    data: dict[str, Any] = as_dict(s)
    data.pop("rng", None)
    # A draw lasts one step, the engine's own chance step, which to_act already announces.
    data.pop("draw", None)
    for seat, p in enumerate(data["players"]):
        p["special_count"] = len(p["specials"])
        p["hand_count"] = sum(p["hand"].values())
        if seat == viewer:
            continue
        p["specials"] = []
        p["hand"] = {}
        for c in p["chars"]:
            if c["card"] and not c["shown"]:
                c["card"] = "face_down"
    data["decks"] = {loc: len(cards) for loc, cards in s.decks.items()}
    data["prophecy_stack"] = len(s.prophecy_stack)
    data["perf_deck"] = [r.cat.cards[c].theater for c in s.perf_deck]
    # A pending decision as {kind, seat, its own fields}.
    data["pending"] = [{"kind": p.kind, **as_dict(p)} for p in s.pending]
    for pend in data["pending"]:
        if pend["kind"] == "keep_card" and pend["seat"] != viewer:
            pend["cards"] = ["face_down"] * len(pend["cards"])
    data["round_count"] = r.last_round
    data.update(r.variant_view(s, viewer))
    return data
