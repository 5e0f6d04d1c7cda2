"""Issue #30, session 23: how many futures Trickerion's solo hard plays within its budget.
Along greedy's solo game at low, each decision with a choice is ranked by the solo hard plan
with its budget set to SECONDS of CPU time (the page's 0.5 s of wall time is about 0.35 s of
native CPU: Pyodide runs the playouts 1.3-1.5 times slower, docs/speed.md); one line a
decision: the futures greedy's move was played in, the moves compared, the CPU seconds.

    PYTHONPATH=. python3 scripts/experiments/s23a_budget.py SEED SECONDS...

docs/bots.md, "Issue #30, session 23".
"""

import collections
import sys

import msgspec

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.core.play import decisions
from engine.core.rollout import Rollouts, clock
from engine.games.trickerion import bots
from engine.games.trickerion.search import SOLO_KNOWLEDGE


def run(seed, seconds):
    match = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=seed)
    greedy = bots.GreedyBot(bot_seed(seed, 0))
    game = match.game
    plans = SOLO_KNOWLEDGE.plans
    assert plans is not None
    plan = plans["hard"]
    counts = {s: collections.Counter() for s in seconds}
    asked = 0
    for seat, legal in decisions(match):
        s = match.state
        if len(legal) > 1:
            for budget in seconds:
                timed = msgspec.structs.replace(plan, seconds=budget)
                start = clock()
                out = Rollouts(game, seat, timed, bot_seed(seed, 0) ^ asked).ranked(s, legal)
                spent = clock() - start
                own = next(c for c in out if c.prior == 0)
                counts[budget][own.futures, len(out)] += 1
                print(
                    f"{budget} round {s.round} futures {own.futures} moves {len(out)} "
                    f"cpu {spent:.3f}",
                    flush=True,
                )
            asked += 1
        match.act(seat, greedy.choose(game, s, seat, legal))
    for budget in seconds:
        print(
            f"SUM seed {seed} budget {budget}: (futures, moves) -> decisions",
            dict(sorted(counts[budget].items())),
        )


if __name__ == "__main__":
    run(int(sys.argv[1]), [float(x) for x in sys.argv[2:]])
