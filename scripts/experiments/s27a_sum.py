"""Issue #30, session 27 (s27a): seat 0's level counts in two solo `simulate --each` files,
each mean with its paired difference (new less reference) and a 95% normal interval, and the
games that differ. Fame and margin are `s19j_levels.py solo NEW REF`'s.

    python3 scripts/experiments/s27a_sum.py NEW.jsonl REF.jsonl
"""

from __future__ import annotations

import sys

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from s19j_levels import read


def ci(xs: list[float], sign: str = "") -> str:
    n = len(xs)
    m = sum(xs) / n
    sd = (sum((x - m) ** 2 for x in xs) / (n - 1)) ** 0.5
    h = 1.96 * sd / n**0.5
    return f"{m:{sign}.3f} ({m - h:{sign}.3f} to {m + h:{sign}.3f})"


KEYS = (
    "tricks.l2+",
    "tricks.l3",
    "prepared.l2+",
    "hires",
    "learned",
    "coins_end",
    "placed.market_row",
)


def main() -> None:
    new, ref = read(sys.argv[1]), read(sys.argv[2])
    seeds = sorted(s for s in new if s in ref)
    differ = [s for s in seeds if new[s]["scores"] != ref[s]["scores"]]
    print(f"{len(seeds)} seeds, {len(differ)} differ in score")
    for k in KEYS:
        a = [new[s]["profile"][0].get(k, 0.0) for s in seeds]
        b = [ref[s]["profile"][0].get(k, 0.0) for s in seeds]
        print(
            f"  {k}: {ci(a)} against {ci(b)}, paired {ci([x - y for x, y in zip(a, b, strict=True)], '+')}"
        )


if __name__ == "__main__":
    main()
