"""Why a hint's best move: the term of a game's position value that one move raises most.

A game whose bot values a position as a sum of named terms (The Magnificent's camp, posters
and master cards; the Oracle's goods made and guild funding) says what a move is for by
comparing those terms before and after it; ``Presenter.move_reason`` turns the term into a
catalog code. A move that draws from the game's RNG is not measured: its outcome is the
hidden future, and a hint must not show it; a game with hidden decks gives a world the seat
cannot tell from the real one (its decks reshuffled), and a reason stands only where that world
gives the same.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.loop import played

# Below this a term's rise is rounding, not something the move does.
EPSILON = 1e-6


def raised(before: dict[str, float], after: dict[str, float]) -> tuple[str, float] | None:
    """The term ``after`` raises most over ``before`` and by how much (the first listed on a
    tie), or None when no term rises."""
    best: tuple[str, float] | None = None
    for key, now in after.items():
        gain = now - before.get(key, 0.0)
        if gain > EPSILON and (best is None or gain > best[1] + EPSILON):
            best = (key, gain)
    return best


def measured(
    game: Any,
    state: Any,
    seat: int,
    action: Any,
    terms: Callable[[Any], dict[str, float]],
    world: Callable[[Any], Any] | None = None,
) -> tuple[Any, str, float] | None:
    """``action`` played on a copy of ``state``, and the term of ``terms`` it raises most:
    ``(state after, term, gain)``; None where no term rises, the move draws from the RNG, or
    it raises another term (or by another amount) in ``world(state)``, what the seat sees of
    the position with the hidden parts dealt anew: then the reason would tell a secret."""
    after = played(game, state, seat, action)
    if after.rng.draws != state.rng.draws:
        return None
    top = raised(terms(state), terms(after))
    if top is None:
        return None
    if world is not None:
        seen = world(state)
        if raised(terms(seen), terms(played(game, seen, seat, action))) != top:
            return None
    return (after, *top)
