"""A cheap greedy bot: tries every legal action one step ahead and keeps the best-looking sheet.

The value is the practice score plus small rewards for progress that pays later (circles ready,
staff hired, horoscope cells written, active prediction symbols, cells nearly enclosed). Ties go
to the bot's own seeded stream, never the game's.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.games.oracle import frame, predictions


def value(game: Any, s: Any) -> float:
    return sum(terms(game, s).values())


def terms(game: Any, s: Any) -> dict[str, float]:
    """The value by term, in its units (ten a point of score): what a hint names as a move's
    purpose (``engine.core.reasons``)."""
    r = game.rules
    geo = r.geo
    closed = geo.cross_mask
    for e in s.lines:
        closed |= 1 << e
    filled = geo.filled_cells(s.regions)
    enclosing = 0.0
    for cell in range(geo.n_cells):
        if cell in filled or geo.colour[cell] is None:
            continue
        sides = (geo.cell_edge_mask[cell] & closed).bit_count()
        enclosing += (0.0, 0.1, 0.6, 2.5, 0.0)[sides]
    return {
        "score": frame.breakdown(r, s)["total"] * 10.0,
        "circles": sum(c.filled - c.crossed for c in s.circles.values()) * 1.5,
        "staff": sum(1 for cards in s.staff if cards) * 4.0
        # Another card under a staffed slot adds no ability (and a practice hire has no card
        # of its own): hours spent for nothing.
        - sum(max(0, len(cards) - 1) for cards in s.staff) * 3.0,
        "horoscope": sum(len(cells) for cells in s.horoscope.values()) * 1.0,
        "prediction": sum(p.size - p.crossed for p in predictions.active(s)) * 1.5,
        "enclosing": enclosing,
    }


class GreedyBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        best: list[Any] = []
        top = float("-inf")
        for action in legal:
            after, _ = game.apply(state, seat, action)
            v = value(game, after)
            if v > top + 1e-9:
                top, best = v, [action]
            elif abs(v - top) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
