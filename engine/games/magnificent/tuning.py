"""What ``python -m engine train --game magnificent`` tunes: the weights of the position value
the greedy bot looks ahead with and the rollout levels play (``bots.value``).

The objective: the greedy bot's mean score in the solo game, plus its mean margin in 2-player
games against the bot with the reference weights (seats swapped every game), over the same
seeded games for every candidate.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.learning import Learner, solo_and_duel

if TYPE_CHECKING:
    from engine.games.magnificent.bots import GreedyBot


def _greedy(seed: int, weights: dict[str, float]) -> GreedyBot:
    from engine.games.magnificent.bots import GreedyBot

    return GreedyBot(seed, weights)


LEARNER = Learner(
    package="engine.games.magnificent",
    file="greedy.json",
    steps={
        "coin": 1.0,
        "gem": 1.5,
        "short": 4.0,
        "camp": 1.0,
        "tent": 4.0,
        "poster": 2.0,
        "poster_ready": 3.0,
        "plan": 2.0,
        "marker": 2.0,
        "card": 1.0,
        "power": 1.0,
    },
    objective=solo_and_duel("magnificent-solo", 1, {}, "magnificent", _greedy),
)
