"""How labels and log lines name a character: by its kind ("your Engineer"), numbered only
among characters of the same kind ("Apprentice 2"), as the table shows it."""

from __future__ import annotations

from typing import Any

from engine.games.trickerion.state import Player

_BY_INDEX = ("assign", "place_character", "make_idle")


def char_params(p: Player, i: int) -> dict[str, Any]:
    """``kind``: the character's kind; ``same``: its 1-based number among the player's
    characters of that kind, 0 when it is the only one."""
    if not 0 <= i < len(p.chars):
        return {"kind": "", "same": 0}
    kind = p.chars[i].kind
    same = [k for k, ch in enumerate(p.chars) if ch.kind == kind]
    return {"kind": kind, "same": same.index(i) + 1 if len(same) > 1 else 0}


def character_terms(state: Any, action: Any, seat: int | None) -> dict[str, Any]:
    tag = type(action).__struct_config__.tag
    if tag not in _BY_INDEX:
        return {}
    if state is None or seat is None or not 0 <= seat < len(state.players):
        return {"kind": "", "same": 0}
    return char_params(state.players[seat], action.character)
