"""Issue #30, session 19 (session 16's script): a rotated 2-player run (the plan's bot listed first, greedy second,
``simulate --rotate``) paired per seed with greedy self-play on the same seeds (``simulate
--game trickerion --players 2 --bot greedy --each``): the plan's margin over its opponent
against the margin of the greedy seat it replaced, with 95% intervals (normal approximation).

    python3 scripts/experiments/s19_paired2p.py CANDIDATE.jsonl SELFPLAY.jsonl
"""

import json
import sys


def load(path: str) -> dict[int, dict]:
    return {d["seed"]: d for d in map(json.loads, open(path))}


def ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5 if n > 1 else 0.0
    return m, 1.96 * sd / n**0.5


cand, ref = load(sys.argv[1]), load(sys.argv[2])
seeds = sorted(set(cand) & set(ref))
first = min(seeds)
rows = {"fame": [], "margin": [], "self-play margin": [], "paired margin": [], "wins": []}
for s in seeds:
    mine, other = cand[s]["scores"]  # per listed bot: the plan's bot, then greedy
    seat = (s - first) % 2  # the seat the plan's bot sat in (rotation by game index)
    base = ref[s]["scores"]
    rows["fame"].append(mine)
    rows["margin"].append(mine - other)
    rows["self-play margin"].append(base[seat] - base[1 - seat])
    rows["paired margin"].append((mine - other) - (base[seat] - base[1 - seat]))
    rows["wins"].append(float(0 in cand[s]["winners"]))
print(f"{len(seeds)} seeds paired: {seeds[0]}..{seeds[-1]}")
for key, xs in rows.items():
    m, h = ci(xs)
    print(f"{key:18s} {m:+7.2f} ({m - h:+.2f} to {m + h:+.2f})")
