"""Issue #30, session 25: two solo `simulate --each` files of the same seeds (a variant, then
its reference), split by what the variant did: the games where it ends owning more level-2+
tricks (and of them, those where it prepared one), and the other games that differ; own fame
and margin paired by seed in each, 95% normal intervals. Then every profile count of the bot's
seat that moves by 0.05 a game or more, paired over all the seeds.

    python3 scripts/experiments/s25a_split.py VARIANT.jsonl REFERENCE.jsonl

docs/bots.md, "Issue #30, session 25".
"""

import json
import math
import statistics
import sys


def read(path):
    with open(path) as f:
        return {d["seed"]: d for d in (json.loads(x) for x in f if x.strip())}


def interval(d):
    m = statistics.mean(d)
    h = 1.96 * statistics.stdev(d) / math.sqrt(len(d)) if len(d) > 1 else 0.0
    return f"{m:+.2f} ({m - h:+.2f} to {m + h:+.2f}), {len(d)} games"


def main():
    a, b = read(sys.argv[1]), read(sys.argv[2])
    seeds = sorted(set(a) & set(b))

    def count(d, s, k):
        return d[s]["profile"][0].get(k, 0.0)

    more = [s for s in seeds if count(a, s, "tricks.l2+") > count(b, s, "tricks.l2+")]
    prepared = [s for s in more if count(a, s, "prepared.l2+") > 0]
    other = [s for s in seeds if s not in more and a[s]["scores"] != b[s]["scores"]]
    print(f"{len(seeds)} seeds")
    for name, group in (
        ("a level-2+ trick more", more),
        ("  of them, one prepared", prepared),
        ("the other games that differ", other),
    ):
        if not group:
            continue
        own = [a[s]["scores"][0] - b[s]["scores"][0] for s in group]
        margin = [
            (a[s]["scores"][0] - a[s]["scores"][1]) - (b[s]["scores"][0] - b[s]["scores"][1])
            for s in group
        ]
        print(f"{name}: own {interval(own)}; margin {interval(margin)}")
    for k in sorted(a[seeds[0]]["profile"][0]):
        d = [count(a, s, k) - count(b, s, k) for s in seeds]
        if abs(statistics.mean(d)) >= 0.05:
            print(f"  {k}: {interval(d)}")


if __name__ == "__main__":
    main()
