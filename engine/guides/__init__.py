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
stream starts again) still plays the guide's opening. ``replay`` proves all of it.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

import msgspec

from engine.bridge.seats import Seat


class Step(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    text: str  # catalogue key: what to do and why, in the game's words
    action: dict[str, Any] | None = None  # the move asked for; None: a note the player reads


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
    return _file(game).is_file()


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


def scripted(match: Any, seats: list[Seat], seat: int, legal: list[Any]) -> Any | None:
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


def replay(guide: Guide, lang: str = "en", reload: bool = False) -> list[dict[str, Any]]:
    """Walk ``guide`` through the bridge as the page does; the snapshot before each step.
    ``reload``: at each step the game is saved and loaded into a fresh bridge first, as a
    reload of the page mid-guide does (bots rebuilt from the file must play on the same).

    Raises GuideError naming the first step whose move is not legal where the step shows."""
    from engine.bridge import Bridge  # (the bridge imports every game: only when replaying)

    bridges = [Bridge()]
    seat = human_seat(guide)

    def call(method: str, args: dict[str, Any]) -> Any:
        out = json.loads(bridges[-1].call(method, json.dumps(args)))
        if isinstance(out, dict) and "error" in out:
            raise GuideError(f"{method}: {out['error']['message']}")
        return out

    snap = call("new", new_args(guide, lang))
    shown = []
    for n, step in enumerate(guide.steps, 1):
        while snap["to_act"]["kind"] != "terminal" and seat not in snap["to_act"]["seats"]:
            snap = call("step", {"viewer": seat, "lang": lang})
            if not snap["moved"]:
                raise GuideError(f"step {n} ({step.text}): the game stalls before it")
        if reload:
            text = call("save", {})["text"]
            bridges.append(Bridge())
            snap = call("load", {"text": text, "viewer": seat, "lang": lang})
        shown.append(snap)
        if step.action is None:
            continue
        if not any(same_action(e["action"], step.action) for e in snap["legal"]):
            raise GuideError(
                f"step {n} ({step.text}): {step.action} is not a legal move there; "
                f"legal: {[e['action'] for e in snap['legal']][:12]}"
            )
        snap = call("act", {"seat": seat, "action": step.action, "viewer": seat, "lang": lang})
    return shown


def record(guide: Guide) -> tuple[Move, ...]:
    """Every player's move of the guide's walk, bots' included: the guide's ``script``."""
    from engine.bridge import Bridge

    bridge = Bridge()
    seat = human_seat(guide)
    bridge.call("new", json.dumps(new_args(guide, "en")))
    match = bridge.table.match  # type: ignore[union-attr]
    for step in guide.steps:
        while seat not in match.to_act().seats:
            json.loads(bridge.call("step", json.dumps({"viewer": seat})))
        if step.action is not None:
            match.act(seat, match.game.action_from_builtins(step.action))
    return tuple(
        Move(s.seat, json.loads(msgspec.json.encode(s.action))) for s in match.steps if s.seat >= 0
    )
