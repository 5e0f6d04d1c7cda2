"""A greedy bot: one step ahead, it keeps the action whose state looks best for its seat (VP,
plus small values for coins, gems, built cells, tents, posters held and the master card it
could score now). Ties go to the bot's own seeded stream, never the game's."""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng


def value(game: Any, s: Any, seat: int) -> float:
    p = s.players[seat]
    v = p.vp * 10.0 + p.coins * 2.0 + sum(p.gems.values()) * 3.0
    v += sum(1 for c in p.camp if c) * 1.5
    v += sum(1 for t in p.tents[1:] if t is not None) * 6.0
    v += sum(1 for x in p.posters if x is not None) * 4.0
    v += (p.markers + p.markers_tent) * 3.0
    v += s.turn.plus * 0.5 if s.seat == seat else 0.0
    return v


class GreedyBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        if len(legal) > 300:  # placements: sample, one-step lookahead is the cost
            legal = [legal[self.rng.below(len(legal))] for _ in range(60)]
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
