"""What ``python -m engine train --game trickerion`` tunes: the weights of the position value
the greedy bot looks ahead with and the search bot's rollouts end on (``bots.value``).

The objective is what a player wants of a bot: its mean margin against Dahlgaard's Successor at
the low difficulty (its score less the Successor's: a bot that lets the Successor score more
plays worse), plus its mean margin in 2-player games against the bot with the reference
weights (seats swapped every game), each over the same seeded games for every candidate.
The shipped weights predate the margin (issue #30): their run counted the solo score alone,
and they have not been re-learned since (docs/bots.md says why).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.learning import Learner, solo_and_duel

if TYPE_CHECKING:
    from engine.games.trickerion.bots import GreedyBot


def _greedy(seed: int, weights: dict[str, float]) -> GreedyBot:
    from engine.games.trickerion.bots import GreedyBot

    return GreedyBot(seed, weights)


LEARNER = Learner(
    package="engine.games.trickerion",
    file="greedy.json",
    steps={
        "coin_early": 0.15,
        "coin_end": 0.1,
        "shard": 0.3,
        "special": 0.5,
        "prepared": 0.15,
        "staged": 0.15,
        "leaving": 0.15,
        "booked": 0.3,
        "trick": 0.1,
        "trick_missing": 0.05,
        "buy": 0.3,
        "ready": 0.2,
        "ap": 0.3,
        "wage": 0.3,
        "short": 1.0,
        "level_gate": 2.0,
    },
    objective=solo_and_duel(
        "trickerion-solo", 2, {"difficulty": "low"}, "trickerion", _greedy, margin=True
    ),
)
