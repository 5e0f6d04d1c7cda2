"""What the search bot (``engine.core.search``) knows about the Oracle.

The sheet, the bowl and the bag's contents are open; the only hidden information is the future
(rune throws, adventurers drawn from the bag), all of it drawn from the state's RNG, so a
determinization only reseeds it (the core's ``reseed``). The evaluation is the greedy bot's
sheet value (practice score plus progress that pays later) in points, once the decisions open
are taken as the greedy bot takes them: a rollout cut in the middle of a Stargazing, or a move
ranked before its lines are drawn, would be judged as if the lines were worth nothing.
"""

from __future__ import annotations

from typing import Any

from engine.core.rollout import Plan, one_step_rank
from engine.core.search import Knowledge, reseed
from engine.games.oracle.bots import GreedyBot, played_out, value


def evaluate(game: Any, s: Any, seat: int) -> float:
    return value(game, played_out(game, s, seat)) / 10.0


def turn(game: Any, s: Any, seat: int) -> int:
    """The turn a decision is in (a budget a turn's, ``Knowledge.turn``): the game is solo,
    so no other seat's step ends one."""
    return int(s.turn)


KNOWLEDGE = Knowledge(
    determinize=reseed,
    evaluate=evaluate,
    scale=3.0,
    policy=GreedyBot,
    rank=one_step_rank,
    # Normal and hard play each future to the end of the session (the shared plans' moves and
    # futures): cut at 16 or 30 decisions, the value where they stop drowned the rollouts'
    # gain over the greedy bot (session 18, docs/bots.md). Both think for a time budget: a
    # future to the end is some 60 greedy decisions, 0.14 s of CPU in the page, and normal's
    # 6 of them made a whole session's verdicts 43 s there (session 19). Hard's turn (up to 6
    # decisions: a staff activated slot by slot) shares 2.5 s (issue #32, session 24).
    plans={
        "normal": Plan(candidates=3, worlds=2, horizon=None, seconds=0.25),
        "hard": Plan(candidates=5, worlds=6, horizon=None, seconds=0.4, turn=2.5),
    },
    turn=turn,
)
