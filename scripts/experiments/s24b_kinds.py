"""Issue #30, session 24: where greedy's solo move loses to another on its own futures. Reads
``s22b_noise.py``'s lines (each decision's compared moves, greedy's first, played in the same 8
futures) and prints every decision where another move's utility (own less half the
Successor's) beats greedy's by more than LEAD on the mean of the futures, with its 95%
t-interval over the futures above 0; then every kind of decision (rounds 1-3 or 4-7, the
phase, greedy's move and the other, a placement or assignment by its location) with the
other move's mean gain over its decisions, and at how many of them (and seeds) it won so.

    PYTHONPATH=. python3 scripts/experiments/s24b_kinds.py LEAD FILE...

docs/bots.md, "Issue #30, session 24".
"""

import collections
import json
import math
import re
import statistics
import sys

from engine.core.rollout import OTHERS

# Student's t at 7 degrees of freedom (8 futures), 95% two-sided.
T7 = 2.365


def utility(v):
    return v[0] - OTHERS * v[1]


def kind(move):
    name = move.split("(")[0]
    where = re.search(r"(?:card|location)='([a-z_0-9]+)'", move)
    if name in ("Assign", "PlaceCharacter") and where:
        return f"{name}:{where.group(1)}"
    if name in ("TakeLinkCoins", "Advertise"):
        return move
    return name


def gains(d, k, f):
    v = d["v"]
    return [f(v[k][w]) - f(v[0][w]) for w in range(len(v[0]))]


def main(lead, paths):
    groups = collections.defaultdict(list)
    for path in paths:
        for index, line in enumerate(open(path)):
            d = json.loads(line)
            for k in range(1, len(d["v"])):
                xs = gains(d, k, utility)
                mean = statistics.fmean(xs)
                low = mean - T7 * statistics.stdev(xs) / math.sqrt(len(xs))
                won = mean > lead and low > 0
                rounds = "R1-3" if d["round"] <= 3 else "R4-7"
                key = (rounds, d["phase"], kind(d["moves"][0]), kind(d["moves"][k]))
                groups[key].append((mean, won, d["seed"]))
                if won:
                    own = statistics.fmean(gains(d, k, lambda x: x[0]))
                    margin = statistics.fmean(gains(d, k, lambda x: x[0] - x[1]))
                    print(
                        f"seed {d['seed']} #{index} R{d['round']} {d['phase']}: "
                        f"utility {mean:+.1f} ({low:+.1f} to {2 * mean - low:+.1f}), own "
                        f"{own:+.1f}, margin {margin:+.1f}; greedy {d['moves'][0]}, "
                        f"better {d['moves'][k]}"
                    )
    print("\nkind: the other move's mean gain (95% over its decisions), decisions, won, seeds")
    rows = []
    for key, xs in groups.items():
        means = [m for m, _, _ in xs]
        mean = statistics.fmean(means)
        half = 1.96 * statistics.stdev(means) / math.sqrt(len(means)) if len(means) > 1 else 0.0
        won = sum(w for _, w, _ in xs)
        seeds = len({s for _, w, s in xs if w})
        rows.append((won, seeds, mean, half, len(means), key))
    for won, seeds, mean, half, n, key in sorted(rows, key=lambda r: (-r[1], -r[0], -r[2])):
        if won:
            print(
                f"{' '.join(key)}: {mean:+.2f} ±{half:.2f}, {n} decisions, won {won}, {seeds} seeds"
            )


if __name__ == "__main__":
    main(float(sys.argv[1]), sys.argv[2:])
