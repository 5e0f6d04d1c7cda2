"""Issue #30, session 22: how much hard's two futures can be trusted. Along greedy's solo game
at low, each decision's compared moves (hard's rank) are played in WORLDS futures (the first
two are the ones hard would play); one JSON line a decision with every move's final scores
(own, the Successor's) in each future.

    PYTHONPATH=. python3 scripts/experiments/s22b_noise.py SEED [WORLDS] > FILE
    python3 scripts/experiments/s22b_noise.py --sum FILE...

``--sum``: the spread of a future's utility difference (another move less greedy's), and for
a few leads, how often the first two futures' means pick another move, and what that pick
gains over greedy's on the held-out futures (mean a decision, 95% interval).
docs/bots.md, "Issue #30, session 22".
"""

import json
import math
import statistics
import sys

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.core.play import decisions
from engine.core.rollout import OTHERS, Plan, Rollouts, drain
from engine.games.trickerion import bots
from engine.games.trickerion.search import KNOWLEDGE


def record(seed, worlds):
    match = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=seed)
    greedy = bots.GreedyBot(bot_seed(seed, 0))
    game = match.game
    plan = Plan(candidates=3, worlds=worlds, horizon=None)
    asked = 0  # decisions with a choice so far: each one's futures are seeded apart
    for seat, legal in decisions(match):
        s = match.state
        moves = KNOWLEDGE.rank(game, s, seat, legal)[:3] if len(legal) > 1 else legal
        if len(moves) > 1:
            rollouts = Rollouts(game, seat, plan, bot_seed(seed, 0) ^ asked)
            futures = rollouts.worlds(s)
            scores = [[drain(rollouts.playout(s, m, w)) for w in futures] for m in moves]
            line = {"seed": seed, "round": s.round, "phase": s.phase, "v": scores}
            print(json.dumps({**line, "moves": [str(m) for m in moves]}), flush=True)
        asked += len(legal) > 1
        match.act(seat, greedy.choose(game, s, seat, legal))


def interval(xs):
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{m:+.2f} ({m - h:+.2f} to {m + h:+.2f})"


def summary(paths):
    lines = [json.loads(x) for p in paths for x in open(p) if x.strip()]

    def utility(v):
        return v[0] - OTHERS * v[1]

    diffs = [
        utility(d["v"][m][w]) - utility(d["v"][0][w])
        for d in lines
        for m in range(1, len(d["v"]))
        for w in range(len(d["v"][0]))
    ]
    print(
        f"{len(lines)} decisions; a future's utility, another move less greedy's: "
        f"sd {statistics.pstdev(diffs):.2f}, mean {statistics.fmean(diffs):+.2f}"
    )
    for lead in (0.0, 1.0, 2.0, 4.0, 8.0):
        gains, own, margin, picked = [], [], [], 0
        for d in lines:
            v = d["v"]

            def held(f, k, v=v):
                return statistics.fmean(f(v[k][w]) for w in range(2, len(v[k])))

            first = [statistics.fmean(utility(v[k][w]) for w in (0, 1)) for k in range(len(v))]
            pick = min(range(len(v)), key=lambda k: (-(first[k] + (lead if k == 0 else 0)), k))
            picked += pick != 0
            gains.append(held(utility, pick) - held(utility, 0))
            own.append(held(lambda x: x[0], pick) - held(lambda x: x[0], 0))
            margin.append(held(lambda x: x[0] - x[1], pick) - held(lambda x: x[0] - x[1], 0))
        print(
            f"lead {lead:g}: another move at {picked} of {len(lines)}; held-out gain a "
            f"decision: utility {interval(gains)}, own {interval(own)}, margin {interval(margin)}"
        )


if __name__ == "__main__":
    if sys.argv[1] == "--sum":
        summary(sys.argv[2:])
    else:
        record(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 8)
