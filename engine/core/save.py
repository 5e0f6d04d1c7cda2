"""Save files: format version, game, engine version, options, seed, the table, the data packs,
the step list and a hash of the final state. Loading replays the steps through the same checks
as live play (``Match.act``) and compares the hash, so a save is also a proof that every step
was legal and every chance or automaton step was the engine's own.

A save is the full record of a game: it holds every secret choice and the seed, so whoever
holds the file can replay everything (docs/security.md). The steps are stored encoded so that a
glance at the file does not show them; that is discretion, not secrecy.

Loading is total: every bad file (too large, too deeply nested, foreign, of another version,
with wrong types, an unknown game, other packs, an illegal or forged step) is refused with a
SaveError of its own ``save.*`` code, and loading builds a new Match, never touching the one in
progress.
"""

from __future__ import annotations

import base64
import binascii
import re
from typing import Annotated, Any, Literal, NamedTuple

import msgspec

import engine
from engine.core import registry
from engine.core.errors import IllegalAction, MarqueeError, OptionsError, SaveError
from engine.core.legacy import Legacy
from engine.core.match import SEED_LIMIT, Match

FORMAT = "marquee-save"
# 3: The Magnificent's pending decisions are tagged Structs and Trickerion's dice roll carries
# its faces (house order II): a format-2 save's steps are mapped on load (Legacy.upgrade_step)
# and its state hash checked in the shape it recorded (Legacy.saved_state_hash).
# Format 4 (engine 0.5): The Magnificent's dice are chance steps that carry their faces and its
# solo fields lost the solo name; the Oracle's rewards owed are one Struct per kind. A format-3
# save's missing chance steps are the engine's own throws from the seed on load
# (Legacy.unrecorded_chance) and its state hash is checked in the shape it recorded.
# Format 5 (engine 0.6): the Oracle's throws and bag draws carry what fell (a format-4 bare
# Roll or DrawAdventurers is the engine's own outcome from the seed, Legacy.upgrade_step); The
# Magnificent's state lost the deal's second RNG (a format-4 hash is checked in its old shape).
# Format 5 (engine 0.6): Trickerion's public draws are chance steps carrying their outcome
# (the setup's initiative order, Reroll Die's and Interest's die): a format-4 save's bare
# initiative step is the engine's own order, its missing die steps are taken from the seed
# (Legacy.unrecorded_chance) and its hash is checked without the state's new ``draw`` field.
# Format 6 (engine 0.7): the solo game's draws are chance steps carrying their outcome (the
# prep dice, the Successor's Downtown die, trick, prop, Dark Alley coin and prophecy): a
# format-5 save's missing chance steps are taken from the seed (Legacy.unrecorded_chance) and
# its hash is checked without the Successor's new ``draw`` field.
# Format 7 (engine 0.8): the solo game deals its own decks before play (its performance deck,
# the prophecies it keeps, the Successor's plan deck) and the Successor's public setup picks
# (magician, start trick, specialists) are one chance step carrying them: a format-6 save is
# replayed on the old deal with the old setup step (Legacy.initial_state, solo/legacy.py) and
# its hash is checked without the state's new ``plans`` field.
FORMAT_VERSION = 7

MAX_BYTES = 2_000_000  # a whole 4-player game is ~35 kB; the rest is room for a box owner's packs
MAX_DEPTH = 32  # a save nests ~6 deep; the JSON decoders recurse (and Pyodide's stack is small)
NAME_LIMIT = 40  # characters in a seat's name, at every entry point

NOTE = (
    "A Marquee save is the full record of a game, every secret choice included: "
    "open it after the game, or to replay it."
)

# Bidi embedding/override/isolate controls: in a name they would reorder the log line around it.
_BIDI = re.compile("[\u202a-\u202e\u2066-\u2069]")
# A JSON string, or an unterminated one up to the end: it always matches, so never backtracks.
_STRING = re.compile(rb'"(?:[^"\\]+|\\.|\\\Z)*(?:"|\Z)', re.DOTALL)
_NESTING = bytes.maketrans(b"[{]}", b"(())")
_NOT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f]")

Name = Annotated[str, msgspec.Meta(max_length=NAME_LIMIT)]


class SavedSeat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    kind: Literal["human", "bot", "automaton"] = "human"
    bot: Name = "random"
    name: Name = ""


class SavedTable(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """Who sits where: not part of the rules, so not in the state hash."""

    seats: list[SavedSeat] = []
    hints: bool = True  # the lobby's hint option (additive: older saves allowed hints)


class SavedPacks(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    # pack id -> sha256 of the pack the game was played with (Game.pack_fingerprint)
    fingerprint: dict[str, str] = {}
    # a box owner's own packs (pack id -> the file's text): the file replays without them
    user: dict[str, str] = {}


class SavedStep(msgspec.Struct, frozen=True, forbid_unknown_fields=True, array_like=True):
    seat: int
    action: dict[str, Any]


class SaveFile(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    format: str
    format_version: int
    game: Annotated[str, msgspec.Meta(max_length=64)]
    engine_version: Annotated[str, msgspec.Meta(max_length=32)]
    players: int
    options: dict[str, Any]
    seed: int
    table: SavedTable
    packs: SavedPacks
    # base64 of the JSON list of [seat, action]: the record, not readable at a glance
    steps: str
    state_hash: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
    note: str = NOTE


class SavedStepV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    seat: int
    action: dict[str, Any]


class SaveFileV1(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """The first format (engine 0.x autosaves): steps in clear, no packs."""

    format: str
    format_version: int
    game: Annotated[str, msgspec.Meta(max_length=64)]
    engine_version: Annotated[str, msgspec.Meta(max_length=32)]
    players: int
    options: dict[str, Any]
    seed: int
    steps: list[SavedStepV1]
    state_hash: Annotated[str, msgspec.Meta(pattern="^[0-9a-f]{64}$")]
    table: SavedTable = SavedTable()


class Loaded(NamedTuple):
    match: Match
    table: SavedTable


def clean_name(name: str) -> str:
    """A seat's name as every entry point keeps it: bidi and control characters removed,
    spaces trimmed (the length limit is checked on what the user gave)."""
    return _CONTROLS.sub("", _BIDI.sub("", name)).strip()


def json_refusal(
    data: bytes, limit: int = MAX_BYTES, depth: int = MAX_DEPTH
) -> tuple[str, dict[str, int]] | None:
    """Why JSON text must not reach a decoder: ``("too_large", …)`` or ``("too_deep", …)``;
    None when it may. The decoders recurse per nesting level, so 200 kB of ``[`` crashed
    Pyodide; nesting is measured without recursing: brackets outside strings are kept and
    innermost pairs removed, one level per pass (C-speed ``bytes.replace``)."""
    if len(data) > limit:
        return "too_large", {"size": len(data), "limit": limit}
    nest = _STRING.sub(b"", data).translate(None, _NOT_BRACKETS).translate(_NESTING)
    passes = 0
    while b"()" in nest:
        if passes == depth:
            return "too_deep", {"limit": depth}
        nest = nest.replace(b"()", b"")
        passes += 1
    # What is left is ")))(((": brackets never closed (a cut file), each one more level deep.
    if passes + nest.count(b"(") > depth:
        return "too_deep", {"limit": depth}
    return None


def dump(match: Match, table: SavedTable | dict[str, Any] | None = None) -> bytes:
    game = match.game
    if not isinstance(table, SavedTable):
        table = msgspec.convert(table or {}, SavedTable)
    steps = msgspec.json.encode(
        [SavedStep(s.seat, game.codec.action_to_builtins(s.action)) for s in match.steps]
    )
    # A game dealt an older format's way (loaded from such a save) keeps that format: only it
    # replays the same deal; its steps are that format's too (the chance steps it missed are
    # in the match now) and its hash is in that format's shape.
    old = game.legacy(game)
    version = old.deal_format(match.states[0]) or FORMAT_VERSION
    save = SaveFile(
        format=FORMAT,
        format_version=version,
        game=game.id,
        engine_version=engine.__version__,
        players=game.players,
        options=dict(game.options),
        seed=match.seed,
        table=table,
        packs=SavedPacks(
            fingerprint=game.pack_fingerprint(),
            user={k: v.decode("utf-8") for k, v in sorted(game.user_packs.items())},
        ),
        steps=base64.b64encode(steps).decode("ascii"),
        state_hash=old.saved_state_hash(match.state, version),
    )
    return msgspec.json.format(msgspec.json.encode(save), indent=1)


def _version_tuple(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(p) for p in text.split("."))
    except ValueError:
        raise SaveError("save.bad_engine_version", version=text) from None


def load(data: bytes | str) -> Match:
    return load_with_table(data).match


def _check_json(data: bytes) -> None:
    refusal = json_refusal(data)
    if refusal is not None:
        raise SaveError(f"save.{refusal[0]}", **refusal[1])


def _decode(data: bytes | str) -> SaveFile | SaveFileV1:
    if isinstance(data, str):
        try:
            data = data.encode("utf-8")
        except UnicodeEncodeError:
            raise SaveError("save.corrupt", detail="not UTF-8 text") from None
    if not isinstance(data, bytes):
        raise SaveError("save.foreign")
    _check_json(data)
    if not data.strip():
        raise SaveError("save.empty")
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        code = "save.truncated" if "truncated" in str(exc) else "save.corrupt"
        raise SaveError(code, detail=str(exc)[:200]) from None
    except UnicodeDecodeError:
        raise SaveError("save.corrupt", detail="not UTF-8 text") from None
    if not isinstance(raw, dict) or raw.get("format") != FORMAT:
        raise SaveError("save.foreign")
    version = raw.get("format_version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise SaveError("save.bad_format_version", version=str(version)[:20])
    if version > FORMAT_VERSION:
        raise SaveError("save.newer_format", version=version, supported=FORMAT_VERSION)
    try:
        if version == 1:
            return msgspec.convert(raw, SaveFileV1)
        # Formats 2 and 3 share a layout; they differ in the state hash's shape.
        return msgspec.convert(raw, SaveFile)
    except msgspec.ValidationError as exc:
        detail = str(exc)[:200]
        code = "save.bad_table" if "$.table" in detail else "save.invalid"
        raise SaveError(code, detail=detail) from None


def _steps(save: SaveFile | SaveFileV1) -> list[SavedStep]:
    if isinstance(save, SaveFileV1):
        return [SavedStep(s.seat, s.action) for s in save.steps]
    try:
        text = base64.b64decode(save.steps, validate=True)
    except (binascii.Error, ValueError):
        raise SaveError("save.bad_steps", detail="not base64") from None
    _check_json(text)
    try:
        return msgspec.json.decode(text, type=list[SavedStep])
    except (msgspec.DecodeError, UnicodeDecodeError) as exc:
        raise SaveError("save.bad_steps", detail=str(exc)[:200]) from None


def _game(save: SaveFile | SaveFileV1) -> Any:
    packs = save.packs.user if isinstance(save, SaveFile) else {}
    try:
        cls = registry.get(save.game)
        game = cls(save.players, save.options, {k: v.encode("utf-8") for k, v in packs.items()})
    except OptionsError as exc:
        code = "save.unknown_game" if exc.code == "options.unknown_game" else "save.bad_options"
        raise SaveError(code, **{**exc.params, "game": save.game, "reason": exc.code}) from None
    except MarqueeError as exc:  # a box owner's pack the game refuses: its reason, its path
        params = {"reason": exc.code, **exc.params, "error": exc.code}
        raise SaveError("save.bad_pack", **params) from None
    if isinstance(save, SaveFile):
        ours = game.pack_fingerprint()
        theirs = save.packs.fingerprint
        for pack in sorted(set(ours) | set(theirs)):
            if pack not in theirs and pack not in game.user_packs:
                continue  # the file predates this pack being replaceable: it played the shipped one
            if ours.get(pack) != theirs.get(pack):
                raise SaveError("save.pack_mismatch", pack=pack)
    return game


def _unrecorded_chance(match: Match, old: Legacy, format_version: int) -> None:
    """The chance steps an older format did not record (the throw happened inside another
    step then), taken as the engine's own throw from the seed (Legacy.unrecorded_chance)."""
    while old.unrecorded_chance(match.state, format_version):
        match.auto_step()


def load_with_table(data: bytes | str) -> Loaded:
    save = _decode(data)
    if _version_tuple(save.engine_version) > _version_tuple(engine.__version__):
        raise SaveError("save.newer_engine", version=save.engine_version, ours=engine.__version__)
    if not 0 <= save.seed < SEED_LIMIT:  # the RNG keeps 64 bits: a larger seed would alias
        raise SaveError("save.invalid", detail="the seed must be in 0 .. 2^64 - 1")
    steps = _steps(save)
    game = _game(save)
    if save.table.seats and len(save.table.seats) != game.players:
        raise SaveError(
            "save.bad_table", detail=f"{len(save.table.seats)} seats for {game.players} players"
        )
    old = game.legacy(game)
    match = Match(game, save.seed, old.initial_state(save.seed, save.format_version))
    for index, step in enumerate(steps):
        try:
            action = game.codec.action_from_builtins(step.action)
        except msgspec.ValidationError as exc:
            raise SaveError("save.bad_action", step=index, detail=str(exc)[:200]) from None
        if save.format_version < FORMAT_VERSION:
            _unrecorded_chance(match, old, save.format_version)
            action = old.upgrade_step(match.state, step.seat, action, save.format_version)
        try:
            match.act(step.seat, action)
        except IllegalAction as exc:
            raise SaveError("save.illegal_step", step=index, rule=exc.code) from None
    _unrecorded_chance(match, old, save.format_version)
    if old.saved_state_hash(match.state, save.format_version) != save.state_hash:
        raise SaveError("save.hash_mismatch", version=save.engine_version, ours=engine.__version__)
    seats = [msgspec.structs.replace(s, name=clean_name(s.name)) for s in save.table.seats]
    return Loaded(match, msgspec.structs.replace(save.table, seats=seats))
