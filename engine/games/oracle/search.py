"""What the search bot (``engine.core.search``) knows about the Oracle.

The sheet, the bowl and the bag's contents are open; the only hidden information is the future
(rune throws, adventurers drawn from the bag), all of it drawn from the state's RNG, so a
determinization only reseeds it (the core's ``reseed``). The evaluation is the greedy bot's
sheet value (practice score plus progress that pays later) in points.
"""

from __future__ import annotations

from typing import Any

from engine.core.rollout import one_step_rank
from engine.core.search import Knowledge, reseed
from engine.games.oracle.bots import GreedyBot, value


def evaluate(game: Any, s: Any, seat: int) -> float:
    return value(game, s) / 10.0


KNOWLEDGE = Knowledge(
    determinize=reseed, evaluate=evaluate, scale=3.0, policy=GreedyBot, rank=one_step_rank
)
