"""What ``python -m engine train --game magnificent`` tunes: the weights of the position value
the greedy bot looks ahead with and the rollout levels play (``bots.value``).

The objective: the greedy bot's mean score in the solo game, plus its mean margin in 2-player
games against the bot with the reference weights (seats swapped every game), over the same
seeded games for every candidate.
"""

from __future__ import annotations

from engine.core.bots import bot_seed
from engine.core.learning import Learner
from engine.core.match import Match
from engine.core.play import play_to_end


def objective(w: dict[str, float], ref: dict[str, float], seed: int, games: int) -> float:
    from engine.games.magnificent.bots import GreedyBot

    solo = margin = 0.0
    for g in range(games):
        s = seed + g
        m = Match.new("magnificent-solo", 1, {}, s)
        play_to_end(m, {0: GreedyBot(bot_seed(s, 0), w)})
        result = m.result()
        assert result is not None
        solo += result.scores[0]
        me = g % 2
        m = Match.new("magnificent", 2, {}, s)
        bots = {me: GreedyBot(bot_seed(s, me), w), 1 - me: GreedyBot(bot_seed(s, 1 - me), ref)}
        play_to_end(m, bots)
        result = m.result()
        assert result is not None
        margin += result.scores[me] - result.scores[1 - me]
    return (solo + margin) / games


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
        "marker": 2.0,
        "card": 1.0,
        "power": 1.0,
    },
    objective=objective,
)
