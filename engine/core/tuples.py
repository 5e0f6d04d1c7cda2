"""Edits that replace instead of changing in place, for the parts of a state that change
rarely: tuples, read-only mappings and frozen records. A state's copies share them instead of
copying them at every step, and the type checker refuses a change in place by mistake."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from msgspec import Struct
from msgspec.structs import replace

T = TypeVar("T")
K = TypeVar("K")
V = TypeVar("V")
R = TypeVar("R", bound=Struct)


def change_at(items: list[R], index: int, **changes: Any) -> R:
    """Copy on write: the frozen record ``items[index]`` replaced by one with ``changes`` made,
    and that new one. The old record stays as it was for the earlier states sharing it."""
    new = replace(items[index], **changes)
    items[index] = new
    return new


def with_key(mapping: Mapping[K, V], key: K, value: V) -> dict[K, V]:
    """``mapping`` with ``key`` set to ``value``."""
    out = dict(mapping)
    out[key] = value
    return out


def without_key(mapping: Mapping[K, V], key: K) -> dict[K, V]:
    """``mapping`` less ``key`` (if it is there)."""
    out = dict(mapping)
    out.pop(key, None)
    return out


def put(items: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``items`` with ``value`` at ``index``."""
    return (*items[:index], value, *items[index + 1 :])


def without(items: tuple[T, ...], item: Any) -> tuple[T, ...]:
    """``items`` less the first ``item``."""
    i = items.index(item)
    return items[:i] + items[i + 1 :]


def drop(items: tuple[T, ...], index: int) -> tuple[T, ...]:
    """``items`` less the one at ``index``."""
    return items[:index] + items[index + 1 :]


def pop(items: tuple[T, ...], n: int = 1) -> tuple[tuple[T, ...], list[T]]:
    """``items`` less its last ``n``, and those ``n`` in the order ``list.pop()`` would give
    them (the last first): a deck drawn from its end."""
    if n > len(items):
        raise IndexError("pop from a shorter tuple")
    cut = len(items) - n
    return items[:cut], list(reversed(items[cut:]))
