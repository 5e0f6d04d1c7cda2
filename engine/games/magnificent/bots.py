"""A greedy bot: one step ahead, it keeps the action whose state looks best for its seat.

The value counts VP, and small values for what turns into VP later: coins (less what the dice
on the cards will cost at round end), gems, camp cells, tents, posters held (more when they
could be rewarded now), trainer markers, the best master card to score now, and the power
still to spend this turn. Ties go to the bot's own seeded stream, never the game's.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.games.magnificent import common, perform, scoring
from engine.games.magnificent.turn import AP_OPEN, ap

SAMPLE = 60  # placements: a one-step lookahead over hundreds of them costs more than it buys


def value(game: Any, s: Any, seat: int) -> float:
    r = game.rules
    p = s.players[seat]
    big, clear = common.owes(p)
    owed = big + clear
    v = p.vp * 10.0 + (p.coins - owed) * 3.0 + sum(p.gems.values()) * 4.0
    v -= max(0, owed - p.coins) * s.round * 10.0  # the round-end shortfall costs VP (R71)
    v += sum(1 for c in p.camp if c) * 3.0
    v += sum(1 for t in p.tents[1:] if t is not None) * 12.0
    for i, pid in enumerate(p.posters):
        if pid is not None:
            v += 6.0 + (8.0 if perform.eligible(r, s, seat, (i,), "") else 0.0)
    v += (p.markers + p.markers_tent) * 5.0
    if p.cards:
        v += 3.0 * max(
            scoring.value(r, s, seat, r.cards[c.id].condition, scoring.best_artist(r, s, seat), 0)
            for c in p.cards
        )
    if s.seat == seat and s.turn.stage in AP_OPEN:
        v += ap(s) * 2.0
    return v


class GreedyBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        if len(legal) > 5 * SAMPLE:
            legal = [legal[self.rng.below(len(legal))] for _ in range(SAMPLE)]
        best: list[Any] = []
        top = float("-inf")
        for action in legal:
            after, _ = game.apply(state, seat, action)
            v = value(game, after, seat)
            if v > top + 1e-9:
                top, best = v, [action]
            elif abs(v - top) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
