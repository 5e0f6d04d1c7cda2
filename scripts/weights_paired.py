"""Trickerion's greedy bot with candidate value weights against the shipped ones, paired by seed.

``python3 scripts/weights_paired.py CANDIDATE.json SEED GAMES [--each FILE]`` plays, on each
seed from SEED: a solo game against Dahlgaard's Successor at low with the shipped weights and
one with the candidate's (the same seed, so the two differ by the weights only), and a
2-player game between the two weight sets with the seats swapped every game. It prints the
means of each profile figure and the paired differences (candidate less shipped) with 95%
intervals (normal approximation). ``--each`` appends a JSON line per seed as it ends, so a
sample cut short keeps what it played. A benchmark: it asserts nothing.
"""

from __future__ import annotations

import json
import statistics
import sys

from engine.core.bots import bot_seed
from engine.core.learning import load_weights
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.profile import profile

FIGURES = ("fame", "tricks.l2+", "tricks.l3", "hires", "prepared.l2+", "performances")


def solo(weights: dict[str, float], seed: int) -> dict[str, float]:
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    play_to_end(m, {0: GreedyBot(bot_seed(seed, 0), weights)})
    result = m.result()
    assert result is not None
    row = profile(m.state, [e for evs in m.events for e in evs])[0]
    return {**row, "successor": float(result.scores[1]), "margin": row["fame"] - result.scores[1]}


def duel(cand: dict[str, float], ref: dict[str, float], seed: int, me: int) -> float:
    """The candidate's margin over the shipped weights in a 2-player game, candidate at ``me``."""
    m = Match.new("trickerion", 2, {}, seed)
    play_to_end(
        m, {me: GreedyBot(bot_seed(seed, me), cand), 1 - me: GreedyBot(bot_seed(seed, 1 - me), ref)}
    )
    result = m.result()
    assert result is not None
    return float(result.scores[me] - result.scores[1 - me])


def interval(xs: list[float]) -> str:
    mean = statistics.fmean(xs)
    half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
    return f"{mean:+.2f} ({mean - half:+.2f} to {mean + half:+.2f})"


def main(argv: list[str]) -> None:
    with open(argv[0]) as f:
        cand = {k: float(v) for k, v in json.load(f)["weights"].items()}
    ref = load_weights("engine.games.trickerion", "greedy.json")
    seed, games = int(argv[1]), int(argv[2])
    each = open(argv[4], "a") if len(argv) > 4 and argv[3] == "--each" else None
    rows = []
    for g in range(games):
        s = seed + g
        row = {
            "seed": s,
            "old": solo(ref, s),
            "new": solo(cand, s),
            "duel": duel(cand, ref, s, g % 2),
        }
        rows.append(row)
        if each:
            each.write(json.dumps(row) + "\n")
            each.flush()
    print(f"{games} seeds from {seed}; candidate {argv[0]}")
    for k in (*FIGURES, "successor", "margin"):
        old = [r["old"][k] for r in rows]
        new = [r["new"][k] for r in rows]
        diff = [b - a for a, b in zip(old, new)]
        print(
            f"{k:14} shipped {statistics.fmean(old):7.2f}  candidate {statistics.fmean(new):7.2f}"
            f"  paired {interval(diff)}"
        )
    wins = sum(r["new"]["margin"] > 0 for r in rows), sum(r["old"]["margin"] > 0 for r in rows)
    print(f"solo wins: candidate {wins[0]}, shipped {wins[1]} of {games}")
    d = [r["duel"] for r in rows]
    print(
        f"2-player margin, candidate less shipped (seats swapped): {interval(d)};"
        f" candidate ahead in {sum(x > 0 for x in d)} of {games}"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
