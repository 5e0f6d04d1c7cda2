"""Issue #30, session 23: which lead and how many futures for Trickerion's solo hard, judged on
held-out futures. Reads ``s22b_noise.py``'s lines (each decision's compared moves, greedy's
first, played in the same 8 futures): for every way of choosing K of the futures, the move
their means pick (greedy's credited the lead) is judged by its gain over greedy's on the other
futures; the gains are averaged over the splits, then over the decisions (95% interval over
decisions). MOVES limits the moves compared (hard compares 3). Then a few plans, each less
session 22's (3 moves, 2 futures, lead 8) decision by decision, per seed and over all.

    PYTHONPATH=. python3 scripts/experiments/s23a_futures.py FILE...

docs/bots.md, "Issue #30, session 23".
"""

import itertools
import json
import math
import statistics
import sys

from engine.core.rollout import OTHERS

LEADS = (0.0, 2.0, 4.0, 5.0, 6.0, 8.0, 10.0, 12.0)
# Plan.lead, the lead in one future: over K futures lead / sqrt(K)
SCALED = (8.0, 10.0, 11.3, 12.0, 14.0)


def utility(v):
    return v[0] - OTHERS * v[1]


def margin(v):
    return v[0] - v[1]


def own(v):
    return v[0]


def interval(xs):
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs))
    return f"{m:+.3f} ({m - h:+.3f} to {m + h:+.3f})"


def gains(line, futures, moves, lead):
    """The decision's held-out gains of the pick over greedy's (utility, own, margin) and how
    often the pick was another move, each averaged over every split."""
    v = line["v"][:moves]
    n = len(v[0])
    sums = [0.0, 0.0, 0.0]
    off = 0
    splits = list(itertools.combinations(range(n), futures))
    for chosen in splits:
        rest = [w for w in range(n) if w not in chosen]
        mean = [statistics.fmean(utility(v[k][w]) for w in chosen) for k in range(len(v))]
        pick = min(range(len(v)), key=lambda k: (-(mean[k] + (lead if k == 0 else 0.0)), k))
        off += pick != 0
        for i, f in enumerate((utility, own, margin)):
            sums[i] += statistics.fmean(f(v[pick][w]) - f(v[0][w]) for w in rest)
    return [s / len(splits) for s in sums], off / len(splits)


# (moves, futures, lead in one future): the lead over K futures is lead / sqrt(K)
PLANS = {
    "session 22: 3 moves, 2 futures, lead 8": (3, 2, 8.0 * math.sqrt(2)),
    "3 moves, 2 futures, lead 4": (3, 2, 4.0 * math.sqrt(2)),
    "2 moves, 3 futures, lead 11.3/sqrt(3)": (2, 3, 11.3),
    "3 moves, 3 futures, lead 11.3/sqrt(3)": (3, 3, 11.3),
    "3 moves, 4 futures, lead 11.3/sqrt(4)": (3, 4, 11.3),
    "3 moves, 4 futures, lead 4": (3, 4, 8.0),
    "3 moves, 4 futures, lead 0": (3, 4, 0.0),
}


def versus(lines):
    """Each plan's held-out utility gain a decision, and less session 22's, paired."""
    gained = {
        name: [gains(d, futures, moves, one / math.sqrt(futures))[0][0] for d in lines]
        for name, (moves, futures, one) in PLANS.items()
    }
    base = gained[next(iter(PLANS))]
    for seed in [*sorted({d["seed"] for d in lines}), None]:
        at = [i for i, d in enumerate(lines) if seed is None or d["seed"] == seed]
        print(f"seed {'all' if seed is None else seed}: {len(at)} decisions")
        for name, xs in gained.items():
            less = [xs[i] - base[i] for i in at]
            print(f"  {name}: {interval([xs[i] for i in at])}, less session 22's {interval(less)}")


def main(paths):
    lines = [json.loads(x) for p in paths for x in open(p) if x.strip()]
    lines = [d for d in lines if len(d["v"]) > 1]
    print(f"{len(lines)} decisions from {len({d['seed'] for d in lines})} seeds")
    for moves in (3, 2):
        for futures in (1, 2, 3, 4):
            scaled = [(f"{one:g}/sqrt(K)", one / math.sqrt(futures)) for one in SCALED]
            for name, lead in [(f"{x:g}", x) for x in LEADS] + scaled:
                rows = [gains(d, futures, moves, lead) for d in lines]
                off = sum(r[1] for r in rows)
                u, o, m = ([r[0][i] for r in rows] for i in range(3))
                print(
                    f"moves {moves} futures {futures} lead {name}: another move at "
                    f"{off:5.1f} of {len(rows)}; gain a decision: utility {interval(u)}, "
                    f"own {interval(o)}, margin {interval(m)}",
                    flush=True,
                )
    versus(lines)


if __name__ == "__main__":
    main(sys.argv[1:])
