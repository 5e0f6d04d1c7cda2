"""Chance steps, one recipe for every game: the outcome is drawn on a copy of the state's RNG
and carried by the step's action; applying the step moves the state's own RNG on by the same
draws, whatever outcome the action carries (a test or a physical table may force one), so the
game deals on as its seed would. Asking what a step will bring never moves the state.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import msgspec

from engine.core.rng import Rng

T = TypeVar("T")


def outcome(rng: Rng, draw: Callable[[Rng], T]) -> T:
    """What the chance step will carry: ``draw`` run on a copy of ``rng``."""
    return draw(msgspec.structs.replace(rng))


def take(rng: Rng, draw: Callable[[Rng], Any]) -> None:
    """Move ``rng`` on by the draws ``draw`` makes; its result is the step's to ignore."""
    draw(rng)
