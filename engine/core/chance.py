"""Chance steps, one recipe for every game: the outcome is drawn on a copy of the state's RNG
and carried by the step's action; applying the step moves the state's own RNG on by the same
draws, whatever outcome the action carries (a test or a physical table may force one), so the
game deals on as its seed would. Asking what a step will bring never moves the state.

A step is drawn once: ``outcome`` keeps where its draw left the RNG, and ``take`` at the same
point of the stream with the same draw adopts that point instead of drawing again (``apply``'s
forgery check and ``forced_step`` ask ``chance_action`` for the outcome just before the step
takes it). Where the draw stopped depends only on the RNG's point and the draw (its function
and arguments), never on the outcome the action carries, so a forced outcome moves the RNG as
the seed would too. Anything else, e.g. a step applied with another RNG, draws as before.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, TypeVar

import msgspec

from engine.core.rng import Rng

T = TypeVar("T")

# The last draw ``outcome`` made: (state, draws) before it, the draw's shape, (state, draws)
# after it. One slot: the step that takes an outcome comes right after the question.
_last: tuple[int, int, tuple[Any, ...], int, int] | None = None


def outcome(rng: Rng, draw: Callable[[Rng], T]) -> T:
    """What the chance step will carry: ``draw`` run on a copy of ``rng``."""
    global _last
    shape = _shape(draw)  # before the draw, which may change its arguments (a bag drawn from)
    copy = msgspec.structs.replace(rng)
    result = draw(copy)
    _last = (rng.state, rng.draws, shape, copy.state, copy.draws)
    return result


def take(rng: Rng, draw: Callable[[Rng], Any]) -> None:
    """Move ``rng`` on by the draws ``draw`` makes; its result is the step's to ignore."""
    last = _last
    if (
        last is not None
        and last[0] == rng.state
        and last[1] == rng.draws
        and last[2] == _shape(draw)
    ):
        rng.state, rng.draws = last[3], last[4]
        return
    draw(rng)


def _shape(draw: Callable[[Rng], Any]) -> tuple[Any, ...]:
    """What decides a draw's consumption besides the RNG: its function and arguments, a dict
    or list among them (a bag's counts) copied as it stands, anything else compared as it is
    at the ``take`` (so a draw reads only the RNG and its arguments, never a state it was not
    given). A draw that is neither a ``partial`` nor a plain function shared between the
    calls compares by identity and so draws again."""
    if isinstance(draw, partial):
        return (
            draw.func,
            tuple(_frozen(a) for a in draw.args),
            tuple((k, _frozen(v)) for k, v in draw.keywords.items()),
        )
    return (draw,)


def _frozen(value: Any) -> Any:
    if type(value) is dict:
        return tuple(value.items())
    if type(value) is list:
        return tuple(value)
    return value
