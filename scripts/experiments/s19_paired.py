"""Issue #30, session 19: paired per-seed comparison of two solo ``simulate --each`` files
(candidate against reference; seat 0 the bot, seat 1 the Successor): means and the paired
differences with 95% intervals (normal approximation). Session 15's script.

    python3 scripts/experiments/s19_paired.py CANDIDATE.jsonl REFERENCE.jsonl
"""

import json
import sys


def load(path: str) -> dict[int, dict]:
    return {d["seed"]: d for d in map(json.loads, open(path))}


def figures(d: dict) -> dict[str, float]:
    me, succ = d["scores"]
    p = d["profile"][0]
    return {
        "fame": me,
        "successor": succ,
        "margin": me - succ,
        "win": float(me > succ),
        "l2+": p.get("tricks.l2+", 0.0),
        "l3": p.get("tricks.l3", 0.0),
        "hires": p.get("hires", 0.0),
        "prep l2+": p.get("prepared.l2+", 0.0),
    }


def ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5 if n > 1 else 0.0
    return m, 1.96 * sd / n**0.5


cand, ref = load(sys.argv[1]), load(sys.argv[2])
seeds = sorted(set(cand) & set(ref))
print(f"{len(seeds)} seeds paired: {seeds[0]}..{seeds[-1]}")
for key in figures(cand[seeds[0]]):
    a = [figures(cand[s])[key] for s in seeds]
    b = [figures(ref[s])[key] for s in seeds]
    m, h = ci([x - y for x, y in zip(a, b)])
    ma, ha = ci(a)
    mb, _ = ci(b)
    print(
        f"{key:10s} cand {ma:7.2f} ±{ha:5.2f}  ref {mb:7.2f}  paired {m:+7.2f} ({m - h:+.2f} to {m + h:+.2f})"
    )
