"""The Magnificent's rank, timed at hard's decisions (issue #32, session 25).

    PYTHONPATH=TREE python3 scripts/experiments/s25b_rank.py --players 4 --seed 1 --games 2 --stop 60

Plays ``scripts/bot_times.py``'s games (hard at seat 0, greedy at the others, hard timed as
the lobby's) with the game's ``rank`` timed in CPU seconds (``engine.core.rollout.clock``,
the budgets' clock natively) at each of hard's decisions, by the decision's kind: a die take
(a turn's first decision), the action chosen, the rest. The engine is the one on
``PYTHONPATH`` (another tree's, for a before/after run of the same script). Prints one JSON
object: per kind, the ranks' count, p50, p95 and max; hard's decisions and turns as
``bot_times.py`` counts them (count, p50, p95, max, and every one); every die take's rank.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import bot_times

from engine.core import rollout
from engine.core.search import knowledge
from engine.games.magnificent import actions as A

times: dict[str, list[float]] = {"take": [], "choose": [], "other": []}


def timed(know: Any) -> Any:
    rank = know.rank

    def ranked(game: Any, state: Any, seat: int, legal: list[Any], **kw: Any) -> list[Any]:
        start = rollout.clock()
        out = rank(game, state, seat, legal, **kw)
        kind = (
            "take"
            if any(isinstance(a, A.TakeDie) for a in legal)
            else "choose"
            if any(isinstance(a, A.Choose) for a in legal)
            else "other"
        )
        times[kind].append(rollout.clock() - start)
        return out

    return msgspec.structs.replace(know, rank=ranked)


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--players", type=int, default=4)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=2)
    p.add_argument("--stop", type=int, default=60)
    args = p.parse_args()
    kinds = ["hard"] + ["greedy"] * (args.players - 1)
    cache: dict[int, Any] = {}

    def patched(game: Any) -> Any:
        key = id(type(game))
        if key not in cache:
            cache[key] = timed(knowledge(game))
        return cache[key]

    rollout.knowledge = patched  # type: ignore[attr-defined]  # (the Rollouts' look-up)
    decisions: list[float] = []
    turns: list[float] = []
    for g in range(args.games):
        out = bot_times.play("magnificent", args.players, args.seed + g, kinds, {0}, args.stop)
        decisions += out["decisions"][0]
        turns += out["turns"][0]
    print(
        json.dumps(
            {
                "ranks": {k: bot_times.summary(v) for k, v in times.items() if v},
                "decisions": bot_times.summary(decisions),
                "turns": bot_times.summary(turns),
                "takes": [round(t, 4) for t in times["take"]],
                "all": {"decisions": decisions, "turns": turns},
            }
        )
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
