"""Issue #30, session 16: ``PlanBot(kind)`` (a plan fixed at the game's first decision,
``engine.games.trickerion.plan``) played by ``engine.cli.simulate``, solo at low or 2 players
against greedy with the seats swapped; KNOBS sets the module's constants (``COMMIT``,
``MARKET_FIRST``, ...). One JSON line a game in OUT (``--each``), with the profile.

    PYTHONPATH=. python3 scripts/experiments/s16_fixed.py KIND '{"COMMIT":50}' solo SEED GAMES OUT
    PYTHONPATH=. python3 scripts/experiments/s16_fixed.py KIND '{}' 2p SEED GAMES OUT
"""

import json
import sys

import engine.games.trickerion.plan as plan
from engine.cli import simulate
from engine.games.trickerion.bots import BOTS

kind, knobs, mode = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
seed, games, out = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
for key, value in knobs.items():
    assert hasattr(plan, key), key
    setattr(plan, key, value)
# Simulated by name for this run only: the lobby's list is untouched on disk.
BOTS["plan"] = lambda seed: plan.PlanBot(seed, kind=kind)
with open(out, "a") as each:
    if mode == "solo":
        r = simulate(
            "trickerion-solo",
            2,
            seed,
            games,
            ["plan"],
            {"difficulty": "low"},
            each=each,
            profile=True,
        )
    else:
        r = simulate(
            "trickerion",
            2,
            seed,
            games,
            ["plan", "greedy"],
            {},
            rotate=True,
            each=each,
            profile=True,
        )
print(r.get("mean_score_by_seat") or r.get("mean_score_by_bot"), r["seconds_per_game"])
