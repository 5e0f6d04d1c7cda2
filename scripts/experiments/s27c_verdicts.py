"""Issue #21, session 27: what a verdict's work is, move by move, for the review's games.

For each rated move of a game: the timed rating (the level's ``Plan.seconds`` on the native
CPU clock, ``MARQUEE_UNTIMED_BOTS`` unset) and, with ``--work``, the rating by a fixed work
budget (``verdicts.WORK`` or the figure given): slices of work, CPU seconds, the verdict. One
JSON line per move.

    PYTHONPATH=TREE python3 scripts/experiments/s27c_verdicts.py --game oracle --mode timed
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "e2e"))


def games(name: str):
    from engine.core import save as savefile

    if name == "trickerion-repro":
        text = (ROOT / "tests/core/repro/trickerion-verdict-stopiteration.json").read_text()
    else:
        from finished import played

        text = played(name).finished
    return savefile.load_with_table(text)[0]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--game", required=True)
    ap.add_argument("--mode", choices=["timed", "untimed", "work"], required=True)
    ap.add_argument(
        "--work", type=int, default=None, help="slices a verdict (mode work; else WORK's)"
    )
    ap.add_argument("--limit", type=int, default=None, help="first N rated moves")
    ap.add_argument("--every", type=int, default=1, help="every Nth rated move")
    a = ap.parse_args()
    if a.mode == "untimed":
        os.environ["MARQUEE_UNTIMED_BOTS"] = "1"
    else:
        os.environ.pop("MARQUEE_UNTIMED_BOTS", None)
    from engine.core import verdicts

    match = games(a.game)
    if a.mode == "work" and a.work is not None:
        verdicts.WORK[match.game.id] = a.work
    steps = verdicts.moves_to_rate(match, [0])[:: a.every][: a.limit]
    for step in steps:
        st, played = match.states[step], match.steps[step]
        t0 = time.process_time()
        rating = verdicts.Rating(match.game, st, played.seat, played.action)
        slices = 0
        while not rating.advance():
            slices += 1
        v = rating.verdict()
        cpu = time.process_time() - t0
        print(
            json.dumps(
                {
                    "step": step,
                    "slices": slices,
                    "cpu": round(cpu, 4),
                    "done": rating.done,
                    "of": rating.total,
                    **v,
                }
            ),
            flush=True,
        )


if __name__ == "__main__":
    main()
