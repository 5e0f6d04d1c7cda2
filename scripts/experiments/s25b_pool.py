"""Pooled step and turn times of ``s22f_levels.py --each`` runs, by build (issue #32, session 25).

    python3 scripts/experiments/s25b_pool.py RUNS.jsonl [MORE.jsonl ...]

A step is a bot's decision (its round trip to the engine's worker); a turn a seat's steps one
after another in one game turn (the run's own turn key), as ``s22f_levels.py`` counts them.
Per build: the steps' and turns' count, p50 and p95 with a 95% percentile-bootstrap interval
(2,000 resamples of the pooled values, seeded), max, the turns over 3 s, and the same for
each turn's first step (The Magnificent's die taken). Seconds.
"""

from __future__ import annotations

import json
import random
import sys
from collections import defaultdict


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def interval(values: list[float], q: float, rng: random.Random) -> str:
    draws = sorted(quantile([rng.choice(values) for _ in values], q) for _ in range(2000))
    return f"{quantile(values, q) / 1000:.2f} ({draws[50] / 1000:.2f}-{draws[1949] / 1000:.2f})"


def main() -> int:
    steps: dict[str, list[float]] = defaultdict(list)
    turns: dict[str, list[float]] = defaultdict(list)
    firsts: dict[str, list[float]] = defaultdict(list)
    loads: dict[str, list[str]] = defaultdict(list)
    for path in sys.argv[1:]:
        for line in open(path):
            run = json.loads(line)
            build = run["build"]
            loads[build].append(run["load"].split()[0])
            last = None
            for seat, ms, kind, turn in run["steps"]:
                if kind != "players":
                    last = None
                    continue
                steps[build].append(ms)
                if (seat, turn) == last:
                    turns[build][-1] += ms
                else:
                    turns[build].append(ms)
                    firsts[build].append(ms)
                last = (seat, turn)
    rng = random.Random(25)
    for build in steps:
        row = [build]
        for name, values in (("steps", steps), ("turns", turns), ("turn-first steps", firsts)):
            v = values[build]
            row.append(
                f"{name}: n {len(v)}, p50 {interval(v, 0.5, rng)}, p95 {interval(v, 0.95, rng)},"
                f" max {max(v) / 1000:.2f}"
            )
        row.append(f"turns over 3 s: {sum(t > 3000 for t in turns[build])}")
        row.append(f"loads {', '.join(loads[build])}")
        print("\n  ".join(row))
    return 0


if __name__ == "__main__":
    sys.exit(main())
