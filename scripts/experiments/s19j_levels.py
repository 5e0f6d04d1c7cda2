"""Sums up `simulate --each` files for the session-19 re-measurement of Trickerion's levels.

    python3 scripts/experiments/s19j_levels.py solo BOT.jsonl [GREEDY.jsonl]
    python3 scripts/experiments/s19j_levels.py duel BOT.jsonl [SELFPLAY.jsonl]

`solo`: one line a seed from `simulate --game trickerion-solo` (seat 0 the bot, seat 1 the
Successor): own fame, the Successor's, the margin and the wins, each mean with its 95% normal
interval (wins: Wilson), and where the lines carry profiles the bot's engine as issue #30's
targets count it (``ENGINE``); with a second file (greedy on the same seeds) the per-seed
differences, bot less greedy, over the seeds both files hold.
`duel`: one line a game from `simulate --players 2 --bot LEVEL,greedy --rotate` (index 0 the
level, 1 greedy, whatever the seat): the level's fame, greedy's, the margin and the level's
wins; with a self-play file (`--bot greedy`, no rotation, the same seeds) the level's margin
less greedy's self-play margin at the same seed and seat. A self-play file written with
`--bot greedy,greedy --rotate` holds the same games with odd seeds' scores swapped (index 0 sits
where the level sat): pair it with `pair`, not `duel`.
`pair`: two `duel` files of the same seeds (a level before and after a change), read as
`solo` reads its two (index 0 the level, index 1 greedy): the level's fame, greedy's and the
margin, each paired by seed. Where both files carry profiles, `solo` and `pair` compare the
level's counts in ``HABITS`` too (session 20: hard's placements that did nothing).
"""

from __future__ import annotations

import json
import math
import statistics
import sys
from collections.abc import Sequence

# Profile counts compared where both files carry them (session 20: hard's empty placements).
HABITS = (
    "nothing_done.theater",
    "nothing_done.workshop",
    "nothing_done.downtown",
    "nothing_done.market_row",
    "made_idle",
    "performances",
    "specials_end",
)


# Issue #30's engine targets, counted at the game's end: tricks of level 2 or more and of level 3
# owned, hires, markers of level-2+ tricks prepared.
ENGINE = ("tricks.l2+", "tricks.l3", "hires", "prepared.l2+")


# Characters that did nothing a game: made idle, or placed and no job done.
WASTED = "wasted"
# Characters placed a game, wherever (session 21: fewer wasted can be fewer sent).
PLACED = "placed"


def _count(profile: dict[str, float], key: str) -> float:
    if key == WASTED:
        done = sum(v for k, v in profile.items() if k.startswith("nothing_done."))
        return profile.get("made_idle", 0.0) + done
    if key == PLACED:
        return sum(v for k, v in profile.items() if k.startswith("placed."))
    return profile.get(key, 0.0)


def read(path: str) -> dict[int, dict]:
    with open(path) as f:
        return {d["seed"]: d for d in (json.loads(x) for x in f if x.strip())}


def interval(xs: Sequence[float]) -> str:
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{m:+.2f} ({m - h:+.2f} to {m + h:+.2f})"


def mean(xs: Sequence[float]) -> str:
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{m:.2f} ({m - h:.2f} to {m + h:.2f})"


def wilson(k: float, n: int) -> str:
    p, z = k / n, 1.96
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    # Rounding leaves a bound a hair past 0 or 1 at k = 0 or n, printed as -0% or 100% plus.
    low, high = max(0.0, mid - half), min(1.0, mid + half)
    return f"{k:g} of {n} ({100 * low:.0f}–{100 * high:.0f}%)"


def seats(games: dict[int, dict], seeds: list[int]) -> tuple[list, list, list]:
    """Seat 0's scores, seat 1's, and seat 0's margin, on ``seeds``."""
    own = [games[s]["scores"][0] for s in seeds]
    other = [games[s]["scores"][1] for s in seeds]
    return own, other, [a - b for a, b in zip(own, other, strict=True)]


def solo(bot: dict[int, dict], ref: dict[int, dict] | None, other: str = "Successor") -> None:
    seeds = sorted(bot)
    print(f"seeds {seeds[0]}-{seeds[-1]} ({len(seeds)})")
    own, succ, margin = seats(bot, seeds)
    wins = sum(0 in bot[s]["winners"] for s in seeds)
    print(
        f"own {mean(own)}  {other} {mean(succ)}  margin {interval(margin)}  wins {wilson(wins, len(seeds))}"
    )
    engine(bot, seeds, 0)
    if ref is None:
        return
    both = [s for s in seeds if s in ref]
    r_own, r_succ, r_margin = seats(ref, both)
    r_wins = sum(0 in ref[s]["winners"] for s in both)
    print(
        f"reference on {len(both)} seeds: own {mean(r_own)}  {other} {mean(r_succ)}  margin "
        f"{interval(r_margin)}  wins {wilson(r_wins, len(both))}"
    )
    d_own = [bot[s]["scores"][0] - ref[s]["scores"][0] for s in both]
    d_succ = [bot[s]["scores"][1] - ref[s]["scores"][1] for s in both]
    d_margin = [a - b for a, b in zip(d_own, d_succ, strict=True)]
    print(
        f"paired, bot less reference: own {interval(d_own)}  {other} {interval(d_succ)}  margin {interval(d_margin)}"
    )
    habits(bot, ref, both, 0)


def engine(games: dict[int, dict], seeds: list[int], index: int) -> None:
    """Index ``index``'s ``ENGINE`` counts over ``seeds``, where every line carries a profile."""
    if len(seeds) < 2 or any("profile" not in games[s] for s in seeds):
        return
    counts = (mean([games[s]["profile"][index].get(k, 0.0) for s in seeds]) for k in ENGINE)
    print("  engine: " + "  ".join(f"{k} {c}" for k, c in zip(ENGINE, counts, strict=True)))


def habits(bot: dict[int, dict], ref: dict[int, dict], seeds: list[int], index: int) -> None:
    """The profile's ``HABITS`` of index ``index`` (seat 0 solo, the level in a duel) in both
    files, with the paired difference, where both lines carry a profile."""
    seeds = [s for s in seeds if "profile" in bot[s] and "profile" in ref[s]]
    if len(seeds) < 2:
        return
    for key in (*HABITS, WASTED, PLACED):
        mine = [_count(bot[s]["profile"][index], key) for s in seeds]
        theirs = [_count(ref[s]["profile"][index], key) for s in seeds]
        diff = [a - b for a, b in zip(mine, theirs, strict=True)]
        print(f"  {key}: {mean(mine)} against {mean(theirs)}, paired {interval(diff)}")


def duel(bot: dict[int, dict], ref: dict[int, dict] | None) -> None:
    seeds = sorted(bot)
    print(f"seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} games, seats swapped)")
    own, other, margin = seats(bot, seeds)
    wins = sum(0 in bot[s]["winners"] and len(bot[s]["winners"]) == 1 for s in seeds)
    ties = sum(len(bot[s]["winners"]) > 1 for s in seeds)
    print(
        f"level {mean(own)}  greedy {mean(other)}  margin {interval(margin)}  wins {wilson(wins, len(seeds))}, ties {ties}"
    )
    for seat in (0, 1):
        at = [s for s in seeds if (s - seeds[0]) % 2 == seat]
        print(
            f"  level at seat {seat}: {len(at)} games, fame {mean([bot[s]['scores'][0] for s in at])}, "
            f"wins {sum(0 in bot[s]['winners'] for s in at)}"
        )
    if ref is None:
        return
    both = [s for s in seeds if s in ref]
    # game g of the rotated run seats the level at seat (g mod 2): its self-play counterpart is
    # that seat's margin in greedy self-play on the same seed.
    diffs = []
    for s in both:
        seat = (s - seeds[0]) % 2
        sc = ref[s]["scores"]
        diffs.append((bot[s]["scores"][0] - bot[s]["scores"][1]) - (sc[seat] - sc[1 - seat]))
    print(
        f"paired with greedy self-play at the same seed and seat ({len(both)}): margin {interval(diffs)}"
    )


if __name__ == "__main__":
    mode, path, *rest = sys.argv[1:]
    ref = read(rest[0]) if rest else None
    if mode == "pair":
        solo(read(path), ref, other="greedy")
    else:
        (solo if mode == "solo" else duel)(read(path), ref)
