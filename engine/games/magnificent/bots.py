"""A greedy bot: one step ahead, it keeps the action whose state looks best for its seat.

The value counts VP, and small values for what turns into VP later: coins (less what the dice
on the cards will cost at round end), gems, camp cells, tents, posters held (more when they
could be rewarded now), trainer markers, the best master card to score now, and the power
still to spend this turn. Ties go to the bot's own seeded stream, never the game's.
"""

from __future__ import annotations

import functools
from typing import Any

from engine.core.learning import load_weights
from engine.core.rng import Rng
from engine.games.magnificent import common, perform, scoring
from engine.games.magnificent.turn import AP_OPEN, ap

SAMPLE = 60  # placements: a one-step lookahead over hundreds of them costs more than it buys


@functools.cache
def shipped() -> dict[str, float]:
    """The value's weights (tenths of a VP), tuned by self-play: ``python -m engine train
    --game magnificent`` (learned/greedy.json says how they were made)."""
    return load_weights("engine.games.magnificent", "greedy.json")


def value(game: Any, s: Any, seat: int, w: dict[str, float] | None = None) -> float:
    w = w or shipped()
    r = game.rules
    p = s.players[seat]
    big, clear = common.owes(p)
    owed = big + clear
    v = p.vp * 10.0 + (p.coins - owed) * w["coin"] + sum(p.gems.values()) * w["gem"]
    v -= max(0, owed - p.coins) * s.round * w["short"]  # the round-end shortfall costs VP (R71)
    v += sum(1 for c in p.camp if c) * w["camp"]
    v += sum(1 for t in p.tents[1:] if t is not None) * w["tent"]
    for i, pid in enumerate(p.posters):
        if pid is not None:
            v += w["poster"] + (
                w["poster_ready"] if perform.eligible(r, s, seat, (i,), "") else 0.0
            )
    v += (p.markers + p.markers_tent) * w["marker"]
    if p.cards:
        v += w["card"] * max(
            scoring.value(r, s, seat, r.cards[c.id].condition, scoring.best_artist(r, s, seat), 0)
            for c in p.cards
        )
    if s.seat == seat and s.turn.stage in AP_OPEN:
        v += ap(s) * w["power"]
    return v


class GreedyBot:
    def __init__(self, seed: int, weights: dict[str, float] | None = None) -> None:
        self.rng = Rng.from_seed(seed)
        self.weights = weights

    def choose(self, game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        if len(legal) > 5 * SAMPLE:
            legal = [legal[self.rng.below(len(legal))] for _ in range(SAMPLE)]
        best: list[Any] = []
        top = float("-inf")
        for action in legal:
            after, _ = game.apply(state, seat, action)
            v = value(game, after, seat, self.weights)
            if v > top + 1e-9:
                top, best = v, [action]
            elif abs(v - top) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
