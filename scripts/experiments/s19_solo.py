"""Issue #30, session 19: the greedy bot solo at low, ``simulate --profile --each`` with the
plan's constants set first (``{"EQUIPPED_FIRST": false}``). One JSON line a game in OUT; pair
it with main's by ``s19_paired.py``.

    PYTHONPATH=. python3 scripts/experiments/s19_solo.py KNOBS SEED GAMES OUT
"""

import json
import sys

import engine.games.trickerion.plan as plan
from engine.cli import simulate

knobs, seed, games, out = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
for key, value in knobs.items():
    assert hasattr(plan, key), key
    setattr(plan, key, value)
with open(out, "a") as each:
    r = simulate(
        "trickerion-solo",
        2,
        seed,
        games,
        ["greedy"],
        {"difficulty": "low"},
        each=each,
        profile=True,
    )
print(r["mean_score_by_seat"], r["seconds_per_game"])
