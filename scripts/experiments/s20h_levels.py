"""Sums up `simulate --each` files for session 20's measurements of the levels (issue #30).

    python3 scripts/experiments/s20h_levels.py practice LEVEL.jsonl [LEVEL.jsonl ...]
    python3 scripts/experiments/s20h_levels.py table BASE LEVEL.jsonl [SELFPLAY.jsonl]

`practice`: the Oracle's practice, one line a session, one file a level listed weakest first:
each level's mean with its 95% normal interval over the seeds every file holds, and each level
less the one before it, paired seed by seed (better, equal, worse).
`table`: one line a game from `simulate --players N --bot LEVEL,greedy,... --rotate` (index 0
the level, the others greedy, whatever the seat), the run's first seed BASE (game g seats the
level at seat -g mod N): the level's fame, the greedy seats', its wins (Wilson) and its margin
over the best greedy seat, then by seat; with a greedy self-play file (`--bot greedy`, no
rotation, the same seeds) the level's fame and margin less those of the greedy bot at its seat.
"""

from __future__ import annotations

import statistics
import sys

from s19j_levels import interval, mean, read, wilson


def practice(levels: list[tuple[str, dict[int, dict]]]) -> None:
    seeds = sorted(set.intersection(*(set(games) for _, games in levels)))
    print(f"seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} sessions every level played)")
    before = None
    for name, games in levels:
        scores = [games[s]["scores"][0] for s in seeds]
        line = f"{name}: {mean(scores)}"
        if before is not None:
            d = [a - b for a, b in zip(scores, before, strict=True)]
            line += (
                f"  over the level before {interval(d)}, better in {sum(x > 0 for x in d)}, "
                f"equal in {sum(x == 0 for x in d)}"
            )
        print(line)
        before = scores


def table(base: int, bot: dict[int, dict], ref: dict[int, dict] | None) -> None:
    seeds = sorted(bot)
    n = len(bot[seeds[0]]["scores"])
    print(f"seeds {seeds[0]}-{seeds[-1]} ({len(seeds)} games, {n} players, the level rotated)")
    own = [bot[s]["scores"][0] for s in seeds]
    others = [statistics.fmean(bot[s]["scores"][1:]) for s in seeds]
    margin = [bot[s]["scores"][0] - max(bot[s]["scores"][1:]) for s in seeds]
    wins = sum(bot[s]["winners"] == [0] for s in seeds)
    shared = sum(0 in bot[s]["winners"] and len(bot[s]["winners"]) > 1 for s in seeds)
    print(
        f"level {mean(own)}  greedy seats' mean {mean(others)}  margin over the best greedy "
        f"{interval(margin)}  wins {wilson(wins, len(seeds))}, shared {shared}"
    )
    for seat in range(n):
        at = [s for s in seeds if (base - s) % n == seat]
        if at:
            print(
                f"  level at seat {seat}: {len(at)} games, fame "
                f"{statistics.fmean(bot[s]['scores'][0] for s in at):.2f}, "
                f"wins {sum(bot[s]['winners'] == [0] for s in at)}"
            )
    if ref is None:
        return
    both = [s for s in seeds if s in ref]
    d_own, d_margin = [], []
    for s in both:
        seat, sc = (base - s) % n, ref[s]["scores"]
        d_own.append(bot[s]["scores"][0] - sc[seat])
        d_margin.append(margin[seeds.index(s)] - (sc[seat] - max(sc[:seat] + sc[seat + 1 :])))
    self_wins = sum(ref[s]["winners"] == [(base - s) % n] for s in both)
    print(
        f"paired with greedy self-play at the same seed and seat ({len(both)}): fame "
        f"{interval(d_own)}  margin {interval(d_margin)}; greedy at that seat wins "
        f"{wilson(self_wins, len(both))}"
    )


if __name__ == "__main__":
    mode, *args = sys.argv[1:]
    if mode == "practice":
        practice([(path.rsplit("/", 1)[-1], read(path)) for path in args])
    else:
        table(int(args[0]), read(args[1]), read(args[2]) if len(args) > 2 else None)
