"""Tuple edits for state fields that change rarely: a state's copies share a tuple instead of
copying a list at every step, and a tuple cannot be changed in place by mistake."""

from __future__ import annotations

from typing import Any, TypeVar

T = TypeVar("T")


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
