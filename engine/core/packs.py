"""Data packs: component data as JSON files decoded into strict, frozen msgspec Structs.

Every pack file starts with the same header (``pack`` id, ``game``, ``source`` and whether any of
it is ``provisional``, with ``provisional_parts`` naming what is invented), so the page and the
docs can say which values are published and which are not. A box owner may replace a shipped
pack with their own file; ``read_pack`` is the one gate both go through, and ``pack_sha256`` is
what a save file records.

A game declares each pack's schema with ``register_schema``; ``python -m engine pack check``
finds it from the header (or ``--game``/``--pack``) and reports every problem with its JSON
path. All problems surface as one coded error, ``PackError`` (``pack.invalid``).
"""

# No `from __future__ import annotations` here: msgspec reads a schema's annotations at its
# first decode, and strings it must compile and evaluate one by one (a new tab's first `load`
# in the page pays it: docs/speed.md "Issue #32, session 26").

import hashlib
from collections.abc import Iterable
from typing import Any

import msgspec

from engine.core.errors import MarqueeError


class PackError(MarqueeError):
    """A pack file that cannot be used. ``errors`` lists every (path, reason) found; the
    params name the pack and the first of them."""

    def __init__(self, pack: str, errors: list[tuple[str, str]]) -> None:
        self.errors = list(errors)
        path, reason = self.errors[0]
        super().__init__(
            "pack.invalid", pack=pack, path=path, reason=reason, count=len(self.errors)
        )


class PackStruct(msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True):
    """Base of every pack Struct: unknown fields are errors (a typo must not pass silently)."""


class Pack(PackStruct, frozen=True):
    """The header every pack file carries; a game's pack schema subclasses it.

    Subclasses may define ``check(self) -> list[tuple[str, str]]`` for consistency rules a
    type cannot express (a reference to an unknown id, a count out of range)."""

    pack: str
    game: str
    source: str
    provisional: bool
    provisional_parts: tuple[str, ...]  # [] when nothing is invented


_SCHEMAS: dict[tuple[str, str], type[Pack]] = {}


def register_schema(game: str, pack_id: str, schema_type: type[Pack]) -> None:
    _SCHEMAS[(game, pack_id)] = schema_type


def schema_for(game: str, pack_id: str) -> type[Pack] | None:
    return _SCHEMAS.get((game, pack_id))


def pack_sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def read_header(data: bytes) -> dict[str, Any]:
    """The ``pack`` and ``game`` of a file, read leniently (to pick its schema)."""
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        raise PackError("?", [("$", str(exc))]) from None
    if not isinstance(raw, dict):
        raise PackError("?", [("$", "a pack is a JSON object")])
    return {"pack": raw.get("pack"), "game": raw.get("game")}


def read_pack(
    data: bytes, schema_type: type[Pack], pack_id: str, game: str | None = None
) -> tuple[Any, str]:
    """Decode and check ``data``; return (pack, sha256 of the bytes) or raise PackError."""
    try:
        pack = msgspec.json.decode(data, type=schema_type)
    except msgspec.ValidationError as exc:
        raise PackError(pack_id, [_split(str(exc))]) from None
    except msgspec.DecodeError as exc:
        raise PackError(pack_id, [("$", str(exc))]) from None
    errors: list[tuple[str, str]] = []
    if pack.pack != pack_id:
        errors.append(("$.pack", f"expected pack id {pack_id!r}, got {pack.pack!r}"))
    if game is not None and pack.game != game:
        errors.append(("$.game", f"expected game {game!r}, got {pack.game!r}"))
    if pack.provisional and not pack.provisional_parts:
        errors.append(("$.provisional_parts", "a provisional pack must name its invented parts"))
    if not pack.provisional and pack.provisional_parts:
        errors.append(("$.provisional_parts", "only a provisional pack has invented parts"))
    errors.extend(duplicate_ids(pack))
    check = getattr(pack, "check", None)
    if check is not None and not errors:
        errors.extend(check())
    if errors:
        raise PackError(pack_id, errors)
    return pack, pack_sha256(data)


def _split(message: str) -> tuple[str, str]:
    # msgspec: "Expected `int`, got `str` - at `$.tents[3].vp`"
    reason, sep, path = message.rpartition(" - at `")
    if not sep:
        return "$", message
    return path.rstrip("`"), reason


def duplicate_ids(node: Any, path: str = "$") -> list[tuple[str, str]]:
    """Every sequence of items with an ``id`` must hold each id once."""
    errors: list[tuple[str, str]] = []
    if isinstance(node, msgspec.Struct):
        for name in node.__struct_fields__:
            errors.extend(duplicate_ids(getattr(node, name), f"{path}.{name}"))
    elif isinstance(node, (tuple, list)):
        seen: dict[Any, int] = {}
        for i, item in enumerate(node):
            ident = getattr(item, "id", None)
            if ident is not None:
                if ident in seen:
                    errors.append(
                        (f"{path}[{i}].id", f"duplicate id {ident!r} (first at [{seen[ident]}])")
                    )
                else:
                    seen[ident] = i
            errors.extend(duplicate_ids(item, f"{path}[{i}]"))
    elif isinstance(node, dict):
        for key, value in node.items():
            errors.extend(duplicate_ids(value, f"{path}.{key}"))
    return errors


def index_by_id(items: Iterable[Any]) -> dict[str, Any]:
    """id -> item (after ``read_pack`` has refused duplicates)."""
    return {item.id: item for item in items}


def check_file(data: bytes, game: str | None = None, pack_id: str | None = None) -> Any:
    """What ``pack check`` runs: find the schema from the header unless given, then read."""
    if game is None or pack_id is None:
        header = read_header(data)
        game = game or header["game"]
        pack_id = pack_id or header["pack"]
    schema = schema_for(str(game), str(pack_id))
    if schema is None:
        known = sorted(f"{g}/{p}" for g, p in _SCHEMAS)
        reason = f"no schema for game {game!r} pack {pack_id!r}; known: {', '.join(known)}"
        raise PackError(str(pack_id), [("$.pack", reason)])
    return read_pack(data, schema, str(pack_id), str(game))
