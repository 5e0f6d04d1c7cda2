"""A match looked back at, for the page's review and chart: where each round begins (the
review's "jump to round") and each seat's figures at the end of every round (``Presenter.progress``).

Reads the states the match already keeps (an immutable history), so looking back never replays
or changes anything.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Game
from engine.core.presenter import Presenter


def rounds(shown: Presenter, states: Sequence[Any]) -> list[dict[str, int]]:
    """``[{round, step}]``: the first step (index into ``states``) of each round, in order."""
    game = shown.game
    out: list[dict[str, int]] = []
    for step, state in enumerate(states):
        progress = shown.progress(state)
        if progress is None:
            return []
        if out and _over(game, state):
            break  # the end may move the counter past the last round: no round of its own
        if not out or out[-1]["round"] != progress.round:
            out.append({"round": progress.round, "step": step})
    return out


def chart(shown: Presenter, states: Sequence[Any]) -> dict[str, Any] | None:
    """Each seat's figures where every round ends: ``{unit, rounds: [r, …], figures: {name: [per
    seat: [value per round]]}}`` (``score``-like figure first, as the game lists them); None
    for a game without ``progress``."""
    game = shown.game
    ends: dict[int, dict[str, list[int]]] = {}
    for state in states:
        progress = shown.progress(state)
        if progress is None:
            return None
        # the last state of a round wins; the final scores count for the last round played
        # (Trickerion's end moves its round counter on)
        at = next(reversed(ends)) if ends and _over(game, state) else progress.round
        ends[at] = progress.figures
    order = list(ends)
    names = list(ends[order[-1]]) if order else []
    seats = game.players
    return {
        "unit": shown.unit,
        "rounds": order,
        "figures": {
            name: [[ends[r].get(name, [0] * seats)[seat] for r in order] for seat in range(seats)]
            for name in names
        },
    }


def _over(game: Game, state: Any) -> bool:
    return game.to_act(state).kind == "terminal"
