"""Issue #30, session 20: two ``s20b_knobs.py`` solo files' new bots against each other, paired
by seed (a variant against the plan it is built on).

    python3 scripts/experiments/s20b_vs.py FILE_A FILE_B
"""

import json
import sys


def load(path: str) -> dict[int, dict[str, float]]:
    return {r["seed"]: r["new"] for r in map(json.loads, open(path)) if "new" in r}


a, b = load(sys.argv[1]), load(sys.argv[2])
seeds = sorted(set(a) & set(b))
for key in ["fame", "successor", "margin", "prepared.l2+", "performances"]:
    d = [a[s].get(key, 0.0) - b[s].get(key, 0.0) for s in seeds]
    n = len(d)
    m = sum(d) / n
    half = 1.96 * (sum((x - m) ** 2 for x in d) / (n - 1)) ** 0.5 / n**0.5
    print(f"{key:14s} {m:+.2f} ({m - half:+.2f} to {m + half:+.2f}) over {n} seeds")
