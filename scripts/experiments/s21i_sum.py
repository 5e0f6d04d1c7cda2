"""Issue #30, session 21: a ``trickerion_paired.py`` file summed, paired by seed.

``solo`` lines: each profile figure's means (old, new) and the per-seed difference with its 95%
interval (mean +- 1.96 standard errors). ``2p`` lines: the new bot's margin less the old bot's
at each seat (d0, d1), and both seats together.

    python3 scripts/experiments/s21i_sum.py FILE[,MORE]
"""

import json
import math
import sys

KEYS = (
    "margin",
    "fame",
    "successor",
    "coins_end",
    "fame.end.coins",
    "fame.take_coins",
    "coins_gained",
    "tricks.l1",
    "tricks.l2",
    "tricks.l3",
    "tricks.l2+",
    "prepared.l2+",
    "learned",
    "placed.market_row",
    "made_idle",
)


def interval(xs: list[float]) -> str:
    n = len(xs)
    mean = sum(xs) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return f"{mean:+.2f} ({mean - half:+.2f} to {mean + half:+.2f})"


rows = [json.loads(line) for f in sys.argv[1].split(",") for line in open(f) if line[:1] == "{"]
solo = [r for r in rows if "new" in r]
duels = [r for r in rows if "d0" in r]
if solo:
    better = sum(r["new"]["margin"] > r["old"]["margin"] for r in solo)
    worse = sum(r["new"]["margin"] < r["old"]["margin"] for r in solo)
    print(f"solo: {len(solo)} seeds, margin better on {better}, worse on {worse}")
    for k in KEYS:
        old = [r["old"].get(k, 0.0) for r in solo]
        new = [r["new"].get(k, 0.0) for r in solo]
        print(
            f"  {k:20s} old {sum(old) / len(old):7.2f} new {sum(new) / len(new):7.2f} "
            f"diff {interval([b - a for a, b in zip(old, new)])}"
        )
if duels:
    d0 = [float(r["d0"]) for r in duels]
    d1 = [float(r["d1"]) for r in duels]
    print(
        f"2p: {len(duels)} seeds; seat 0 {interval(d0)}, seat 1 {interval(d1)}, "
        f"both {interval(d0 + d1)}"
    )
