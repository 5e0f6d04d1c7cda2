"""Issue #30, session 20 (session 19's s19i_sum.py): sums ``scripts/trickerion_paired.py``
lines (solo or 2p): means and the paired per-seed differences (new less old), 95% normal
intervals.

    python3 scripts/experiments/s20b_sum.py FILE...
"""

import json
import sys

KEYS = [
    "fame",
    "successor",
    "margin",
    "win",
    "tricks.l2+",
    "tricks.l3",
    "hires",
    "prepared.l1",
    "prepared.l2+",
    "performances",
    "own_markers_performed",
    "coins_end",
    "advertised",
    "made_idle",
]


def ci(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5
    return m, 1.96 * sd / n**0.5


rows = [json.loads(line) for f in sys.argv[1:] for line in open(f) if line.startswith("{")]
if "d0" in rows[0]:
    d = [r["d0"] for r in rows] + [r["d1"] for r in rows]
    m, h = ci(d)
    new = [r["no"][0] for r in rows] + [r["on"][1] for r in rows]
    old = [r["no"][1] for r in rows] + [r["on"][0] for r in rows]
    wins = sum(r["no"][0] > r["no"][1] for r in rows) + sum(r["on"][1] > r["on"][0] for r in rows)
    print(
        f"{len(d)} games: paired margin {m:+.2f} ({m - h:+.2f} to {m + h:+.2f}); "
        f"new {sum(new) / len(new):.2f} against old {sum(old) / len(old):.2f}, new wins {wins}"
    )
    sys.exit()
rows = [r for r in rows if "new" in r]
print(f"{len(rows)} seeds {rows[0]['seed']}..{rows[-1]['seed']}")
for k in KEYS:
    if k == "win":
        a = [float(r["new"]["margin"] > 0) for r in rows]
        b = [float(r["old"]["margin"] > 0) for r in rows]
    else:
        a = [float(r["new"].get(k, 0.0)) for r in rows]
        b = [float(r["old"].get(k, 0.0)) for r in rows]
    m, h = ci([x - y for x, y in zip(a, b)])
    print(
        f"{k:22s} old {sum(b) / len(b):7.2f} new {sum(a) / len(a):7.2f} "
        f"paired {m:+6.2f} ({m - h:+.2f} to {m + h:+.2f})"
    )
