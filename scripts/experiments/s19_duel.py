"""Issue #30, session 19: the greedy bot with its engine plan against main's greedy (the same
bot with the plan's hooks made neutral: it plays main's games exactly, checked on seeds
50000-50029 solo), 2 players with the seats swapped game by game; ``KNOBS`` sets the plan's
constants for the planned bot (``{"EQUIPPED_FIRST": false}``). One JSON line a game in OUT.
Pair it with main's greedy self-play on the same seeds by ``s19_paired2p.py``.

    PYTHONPATH=. python3 scripts/experiments/s19_duel.py SEED GAMES OUT [KNOBS]
"""

import contextlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import engine.games.trickerion.plan as plan
from engine.cli import simulate
from engine.games.trickerion.bots import BOTS, GreedyBot


@contextlib.contextmanager
def planless() -> Iterator[None]:
    saved = plan.target, plan.extra, plan.visits
    plan.target = lambda *a: ""
    plan.extra = lambda *a: 0.0
    plan.visits = lambda g, s, seat, out: out
    try:
        yield
    finally:
        plan.target, plan.extra, plan.visits = saved


class Main(GreedyBot):
    def choose(self, *a: Any) -> Any:
        with planless():
            return super().choose(*a)

    def ranked(self, *a: Any) -> Any:
        with planless():
            return super().ranked(*a)


seed, games, out = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3]
for key, value in (json.loads(sys.argv[4]) if len(sys.argv) > 4 else {}).items():
    assert hasattr(plan, key), key
    setattr(plan, key, value)
# Simulated by name for this run only: the lobby's list is untouched on disk.
BOTS["main"] = Main
with open(out, "a") as each:
    r = simulate(
        "trickerion", 2, seed, games, ["greedy", "main"], {}, rotate=True, each=each, profile=True
    )
print(r["mean_score_by_bot"], r["seconds_per_game"])
