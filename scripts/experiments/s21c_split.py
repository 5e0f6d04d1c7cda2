"""Issue #30, session 21: a ``trickerion_paired.py`` solo file split by what the new bot did
with its level-2 trick: the same number of level-2+ tricks as the old bot, one more prepared at
least once, one more never prepared; each group's count and mean differences.

    python3 scripts/experiments/s21c_split.py FILE
"""

import json
import sys

rows = [json.loads(line) for line in open(sys.argv[1]) if line.startswith("{")]


def group(name: str, rule) -> None:
    sub = [r for r in rows if "new" in r and rule(r)]
    if not sub:
        return

    def diff(key: str) -> float:
        return sum(r["new"].get(key, 0.0) - r["old"].get(key, 0.0) for r in sub) / len(sub)

    prepared = sum(r["new"].get("prepared.l2+", 0.0) for r in sub) / len(sub)
    print(
        f"{name:28s} {len(sub):3d} games: fame {diff('fame'):+.2f} margin {diff('margin'):+.2f} "
        f"coins at the end {diff('coins_end'):+.2f}, level-2+ markers prepared {prepared:.2f}"
    )


def more(r) -> bool:
    return r["new"]["tricks.l2+"] > r["old"]["tricks.l2+"]


group("as many level-2+ tricks", lambda r: not more(r))
group("one more, prepared", lambda r: more(r) and r["new"].get("prepared.l2+", 0.0) > 0)
group("one more, never prepared", lambda r: more(r) and r["new"].get("prepared.l2+", 0.0) == 0)
