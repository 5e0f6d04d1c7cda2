"""Save files: format version, game, engine version, options, seed, the action list and a hash
of the final state. Loading replays the actions and checks the hash, so a save is also a proof.

Every rejection is a SaveError with its own code; loading builds a new Match and never touches
the one in progress.
"""

from __future__ import annotations

from typing import Any

import msgspec

import engine
from engine.core import registry
from engine.core.errors import IllegalAction, OptionsError, SaveError
from engine.core.match import Match

FORMAT = "marquee-save"
FORMAT_VERSION = 1


class SavedStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seat: int
    action: dict[str, Any]


class SaveFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    format_version: int
    game: str
    engine_version: str
    players: int
    options: dict[str, Any]
    seed: int
    steps: list[SavedStep]
    state_hash: str
    # The page's seating (names, human or bot kind): not part of the rules, so not hashed.
    table: dict[str, Any] = {}


def dump(match: Match, table: dict[str, Any] | None = None) -> bytes:
    game = match.game
    save = SaveFile(
        format=FORMAT,
        format_version=FORMAT_VERSION,
        game=game.id,
        engine_version=engine.__version__,
        players=game.players,
        options=dict(game.options),
        seed=match.seed,
        steps=[SavedStep(s.seat, game.action_to_builtins(s.action)) for s in match.steps],
        state_hash=game.state_hash(match.state),
        table=table or {},
    )
    return msgspec.json.format(msgspec.json.encode(save), indent=1)


def _version_tuple(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in text.split("."))
    except ValueError:
        raise SaveError("save.bad_engine_version", version=text) from None


def load(data: bytes | str) -> Match:
    return load_with_table(data)[0]


def load_with_table(data: bytes | str) -> tuple[Match, dict[str, Any]]:
    if isinstance(data, str):
        data = data.encode("utf-8")
    if not data.strip():
        raise SaveError("save.empty")
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        code = "save.truncated" if "truncated" in str(exc) else "save.corrupt"
        raise SaveError(code, detail=str(exc)) from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError("save.foreign")
    version = raw.get("format_version")
    if not isinstance(version, int) or version < 1:
        raise SaveError("save.bad_format_version", version=version)
    if version > FORMAT_VERSION:
        raise SaveError("save.newer_format", version=version, supported=FORMAT_VERSION)
    try:
        save = msgspec.convert(raw, SaveFile)
    except msgspec.ValidationError as exc:
        raise SaveError("save.invalid", detail=str(exc)) from None
    if _version_tuple(save.engine_version) > _version_tuple(engine.__version__):
        raise SaveError("save.newer_engine", version=save.engine_version,
                        ours=engine.__version__)
    try:
        game = registry.get(save.game)(save.players, save.options)
    except OptionsError as exc:
        code = "save.unknown_game" if exc.code == "options.unknown_game" else "save.bad_options"
        raise SaveError(code, **{**exc.params, "game": save.game, "reason": exc.code}) from None
    if save.seed < 0:
        raise SaveError("save.invalid", detail="seed must not be negative")
    match = Match(game, save.seed)
    for index, step in enumerate(save.steps):
        try:
            action = game.action_from_builtins(step.action)
        except msgspec.ValidationError as exc:
            raise SaveError("save.bad_action", step=index, detail=str(exc)) from None
        try:
            match.act(step.seat, action)
        except IllegalAction as exc:
            raise SaveError("save.illegal_step", step=index, rule=exc.code) from None
    if game.state_hash(match.state) != save.state_hash:
        raise SaveError("save.hash_mismatch", version=save.engine_version,
                        ours=engine.__version__)
    return match, save.table
