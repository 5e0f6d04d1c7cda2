"""Horoscope rows: what may follow what, and where the next mark goes.

Seed passage: «Гороскоп (2 часа)». Values go into the leftmost empty cell of a row. In the
ascending (top) row each number is exactly one more than the one before, and after «4» comes
«1» or «X»; in the descending (bottom) row each is one less, and after «1» comes «4» or «X».
A row may start with any number or «X», and anything may follow «X». An «X» (a reward) may
follow any number.
"""

from __future__ import annotations

from engine.games.oracle.packs import HoroscopeRow

X = "X"


def next_value(prev: int, order: str) -> int:
    if order == "ascending":
        return 1 if prev == 4 else prev + 1
    return 4 if prev == 1 else prev - 1


def may_follow(cells: list[str], value: int, order: str) -> bool:
    if not cells or cells[-1] == X:
        return True
    return value == next_value(int(cells[-1]), order)


def valid_row(cells: list[str], order: str, length: int) -> bool:
    if len(cells) > length:
        return False
    for i, mark in enumerate(cells):
        if mark == X:
            continue
        if mark not in ("1", "2", "3", "4"):
            return False
        if not may_follow(cells[:i], int(mark), order):
            return False
    return True


def write_refusal(row: HoroscopeRow, cells: list[str], value: int) -> str | None:
    if len(cells) >= len(row.cells):
        return "oracle.horoscope.row_full"
    if not may_follow(cells, value, row.order):
        return (
            "oracle.horoscope.top_row_sequence"
            if row.order == "ascending"
            else "oracle.horoscope.bottom_row_sequence"
        )
    return None


def rows_for(rows: tuple[HoroscopeRow, ...], marks: dict[str, list[str]], value: int) -> list[str]:
    """Row ids where ``value`` may be written now."""
    return [r.id for r in rows if write_refusal(r, marks[r.id], value) is None]


def rows_with_room(rows: tuple[HoroscopeRow, ...], marks: dict[str, list[str]]) -> list[str]:
    return [r.id for r in rows if len(marks[r.id]) < len(r.cells)]
