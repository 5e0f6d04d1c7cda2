"""Paired per seed: two ``simulate --profile --each`` files of the same seeds (base, variant),
the score and each profile metric's means and the per-seed difference with its 95% interval
(mean +- 1.96 standard errors), and how many seeds the variant did better or worse.

python3 scripts/experiments/s20c_pair.py BASE.jsonl[,MORE.jsonl] VARIANT.jsonl[,MORE.jsonl]
"""

from __future__ import annotations

import json
import math
import sys

KEYS = (
    "vp",
    "vp.perform",
    "performs",
    "posters_rewarded",
    "performs_two_posters",
    "perform_hat_ap",
    "vp.card",
    "vp.final_cards",
    "vp.final_areas",
    "vp.short",
    "vp.cell",
    "vp.tent_slot",
    "tents",
    "posters_gained",
    "builds",
    "travels",
    "fragments",
    "solo_dice",
    "markers_used",
    "vp.round1",
    "vp.round2",
    "vp.round3",
    "vp.end",
)


def games(paths: str) -> dict[int, dict[str, float]]:
    out = {}
    for path in paths.split(","):
        for line in open(path):
            g = json.loads(line)
            out[g["seed"]] = {"score": g["scores"][0], **g.get("profile", [{}])[0]}
    return out


def interval(d: list[float]) -> tuple[float, float]:
    n = len(d)
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
    return m, 1.96 * sd / math.sqrt(n)


def main() -> None:
    base, var = games(sys.argv[1]), games(sys.argv[2])
    seeds = sorted(set(base) & set(var))
    print(f"seeds {seeds[0]}-{seeds[-1]} ({len(seeds)})")
    for k in ("score", *KEYS):
        b = [base[s].get(k, 0.0) for s in seeds]
        v = [var[s].get(k, 0.0) for s in seeds]
        m, h = interval([y - x for x, y in zip(b, v)])
        mb, hb = interval(b)
        mv, hv = interval(v)
        extra = ""
        if k == "score":
            up = sum(y > x for x, y in zip(b, v))
            down = sum(y < x for x, y in zip(b, v))
            extra = f"  {up} better / {down} worse"
        print(f"{k:22s} {mb:8.2f} ± {hb:5.2f}  {mv:8.2f} ± {hv:5.2f}  {m:+7.2f} ± {h:5.2f}{extra}")


if __name__ == "__main__":
    main()
