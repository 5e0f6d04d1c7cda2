"""Guided first games ("Learn to play"): one data file per game, replayed against the engine.

A guide (``<game>.json`` beside this module, docs/guides.md) names the table it starts (game,
players, options, seed, seats) and its steps in order. A step either asks the one person at the
table for one move (``action``: the legal action as JSON, which the page marks on the board and
in the move list and which is the only move it lets through) or tells something and waits for
"Next" (``action`` null). Texts are catalogue keys of the game (``ui.guide.<game>.<name>``), so
they read in EN/RU/FR like every other label. Bots, chance and automata move between the
player's steps as at any table; the seed fixes chance, and a bot's opening is scripted:
``script`` holds every player's move of the guided part in order, recorded from the engine
(``python -m engine.guides <game>``), and while a game is still on that script its bots play
the script's next move (``scripted``): a bot rebuilt by a reload mid-guide (its own random
stream starts again) still plays the guide's opening. ``walk.replay`` proves all of it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any, Literal

import msgspec


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    text: str  # catalogue key: what to do and why, in the game's words
    action: dict[str, Any] | None = None  # the move asked for; None: a note the player reads


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat of the guide's table, as the bridge's ``new`` takes it (engine.bridge.seats.Seat)."""

    kind: Literal["human", "bot"] = "human"
    bot: str = "random"


class Move(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seat: int
    action: dict[str, Any]


class Guide(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    game: str
    players: int
    seed: int
    seats: tuple[Seat, ...]
    steps: tuple[Step, ...]
    options: dict[str, Any] = {}
    script: tuple[Move, ...] = ()  # every player's move of the guided part, bots' included


class GuideError(Exception):
    """A guide that no longer fits the engine: the message names the step (1-based) and why."""


def _file(game: str) -> Any:
    return resources.files(__package__).joinpath(f"{game}.json")


def available(game: str) -> bool:
    return bool(_file(game).is_file())


@cache
def load(game: str) -> Guide:
    """The guide of ``game``, validated (unknown fields and wrong types refused by name)."""
    if not available(game):
        raise GuideError(f"no guide for {game!r}")
    guide = msgspec.json.decode(_file(game).read_bytes(), type=Guide)
    if guide.game != game or len(guide.seats) != guide.players:
        raise GuideError(f"{game}.json: its game or its seats do not match the file")
    if sum(s.kind == "human" for s in guide.seats) != 1:
        raise GuideError(f"{game}.json: a guide has exactly one human seat")
    return guide


def scripted(match: Any, seats: list[Any], seat: int, legal: list[Any]) -> Any | None:
    """The move bot ``seat`` plays next when ``match`` is a guide's game still on its script
    (same game, seed, options and seat kinds, every player's move so far the script's): the
    script's next move if it is this seat's and legal; None otherwise (the bot chooses)."""
    game_id = type(match.game).id
    if not available(game_id):
        return None
    guide = load(game_id)
    if match.seed != guide.seed or match.game.options != _options(game_id):
        return None
    if [(s.kind, s.bot) for s in seats] != [(s.kind, s.bot) for s in guide.seats]:
        return None
    played = [s for s in match.steps if s.seat >= 0]
    if len(played) >= len(guide.script):
        return None
    for step, move in zip(played, guide.script, strict=False):
        if step.seat != move.seat or not same_action(msgspec.to_builtins(step.action), move.action):
            return None
    move = guide.script[len(played)]
    if move.seat != seat:
        return None
    return next((a for a in legal if same_action(msgspec.to_builtins(a), move.action)), None)


@cache
def _options(game: str) -> Any:
    """The guide's options as its game normalises them (defaults filled in)."""
    from engine.core import registry

    guide = load(game)
    return registry.get(game)(guide.players, guide.options).options


def human_seat(guide: Guide) -> int:
    return next(i for i, s in enumerate(guide.seats) if s.kind == "human")


def new_args(guide: Guide, lang: str) -> dict[str, Any]:
    """The bridge ``new`` arguments that open the guide's table (hints on: the game goes on)."""
    return {
        "game": guide.game,
        "players": guide.players,
        "options": guide.options,
        "seed": guide.seed,
        "seats": msgspec.to_builtins(guide.seats),
        "viewer": human_seat(guide),
        "lang": lang,
        "hints": True,
    }


def same_action(a: dict[str, Any], b: dict[str, Any]) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
