"""Issue #30, session 22: ``scripts/trickerion_paired.py`` solo lines split by what the new bot
did differently on the seed: the same game, a level-2+ trick learned that main's did not own
and prepared (or a level-3 trick whose end bonus was earned), one learned and neither, or
another difference. Per group: games, and the mean per-seed difference (new less old) of
fame, margin and the figures that explain them.

    python3 scripts/experiments/s22a_split.py FILE...
"""

import collections
import json
import sys

FIGURES = (
    "coins_end",
    "fame.own_show",
    "fame.advertise",
    "fame.performer_bonus",
    "fame.end.special_assignments",
    "fame.end.trick",
    "prepared.l2+",
)

rows = [json.loads(line) for f in sys.argv[1:] for line in open(f) if line.startswith("{")]
groups = collections.defaultdict(list)
for r in rows:
    if "new" not in r:
        continue
    new, old = r["new"], r["old"]
    if new == old:
        key = "the same game"
    elif new["tricks.l2+"] > old["tricks.l2+"] or new["tricks.l3"] > old["tricks.l3"]:
        if new["prepared.l2+"] > old["prepared.l2+"]:
            key = "learned and prepared"
        elif new.get("fame.end.trick", 0) > old.get("fame.end.trick", 0):
            key = "a level-3 end bonus earned"
        else:
            key = "learned, neither"
    else:
        key = "other"
    groups[key].append(r)
for key, rs in groups.items():
    n = len(rs)

    def mean(k, rs=rs, n=n):
        return sum(r["new"].get(k, 0) - r["old"].get(k, 0) for r in rs) / n

    figures = ", ".join(f"{k} {mean(k):+.2f}" for k in FIGURES)
    print(f"{key}: {n} games, fame {mean('fame'):+.2f}, margin {mean('margin'):+.2f}; {figures}")
