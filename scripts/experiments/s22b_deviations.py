"""Issue #30, session 22: a solo game at low with hard (untimed), printing every decision where
hard's move is not greedy's (the compared moves, greedy's marked 0 and the one played with
``*``, each with its utility, own score and margin on hard's two futures).

    PYTHONPATH=. python3 scripts/experiments/s22b_deviations.py SEED [LEAD]

LEAD (default: the game's own plan) sets the plan's lead. docs/bots.md, "Issue #30, session 22".
"""

import os
import sys

import msgspec

from engine.core.bots import bot_seed
from engine.core.levels import UNTIMED, LevelBot
from engine.core.match import Match
from engine.core.play import decisions
from engine.core.rollout import Rollouts


def trace(seed, lead):
    match = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=seed)
    bot = LevelBot(bot_seed(seed, 0), "hard")
    game = match.game
    plan = bot.plan(game)
    if lead is not None:
        plan = msgspec.structs.replace(plan, lead=lead)
    deviations = 0
    for seat, legal in decisions(match):
        if len(legal) == 1:
            match.act(seat, legal[0])
            continue
        s = match.state
        out = Rollouts(game, seat, plan, bot.seed).ranked(s, legal)
        if out[0].prior != 0:
            deviations += 1
            pending = type(s.pending[-1]).__name__ if s.pending else ""
            p = s.players[seat]
            print(f"R{s.round} {s.phase} {pending} coins={p.coins} fame={p.fame}")
            for c in sorted(out, key=lambda c: c.prior):
                mark = "*" if c is out[0] else " "
                print(
                    f"   {mark}{c.prior} {c.action} u={c.utility:.2f} "
                    f"score={c.score:.2f} margin={c.margin:.2f}"
                )
        match.act(seat, out[0].action)
    result = match.result()
    print("RESULT", result.scores, "deviations", deviations)


if __name__ == "__main__":
    os.environ[UNTIMED] = "1"
    trace(int(sys.argv[1]), float(sys.argv[2]) if len(sys.argv) > 2 else None)
