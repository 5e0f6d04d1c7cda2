"""Which games exist. The shipped app registers only real games (see ``engine.games``)."""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.errors import OptionsError
from engine.core.game import Game

_GAMES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Class decorator: make a game known by its id."""
    existing = _GAMES.get(cls.id)
    if existing is not None and existing is not cls:
        raise ValueError(f"two games claim the id {cls.id!r}")
    _GAMES[cls.id] = cls
    return cls


def get(game_id: str) -> type[Game]:
    _load_builtin(game_id)
    try:
        return _GAMES[game_id]
    except KeyError:
        raise OptionsError("options.unknown_game", game=game_id, known=sorted(_GAMES)) from None


def all_games() -> list[type[Game]]:
    _load_builtin()
    return [_GAMES[k] for k in sorted(_GAMES)]


def describe(cls: type[Game]) -> dict[str, Any]:
    """The lobby's description of a game: names, seats, options, bot kinds, the automaton's
    names and the packs a box owner may replace (their names from the game's presenter)."""
    shown = cls.presenter
    return {
        "id": cls.id,
        "names": shown.names,
        "min_players": cls.seating.fewest,
        "max_players": cls.seating.most,
        "options": msgspec.to_builtins(cls.option_specs),
        "bots": ["random", *cls.bots.kinds],
        "automata": list(cls.seating.automata),
        "automaton_names": shown.automaton_names,
        "packs": [{"id": p, "names": shown.pack_names.get(p, {})} for p in cls.replaceable_packs],
    }


def _load_builtin(game_id: str | None = None) -> None:
    """Import the shipped game `game_id` (its import registers it), or every one of them when
    it is not one (the list, or an unknown id's refusal, which names them all)."""
    import importlib

    from engine.games import BUILTIN

    if game_id in _GAMES:
        return
    for name in [BUILTIN[game_id]] if game_id in BUILTIN else BUILTIN.values():
        importlib.import_module(name)
