"""Issue #30, session 15 prototype runner (docs/bots.md, "Issue #30, session 15"): sets the
knobs of ``engine.games.trickerion.planner`` (``WORLDS``, ``GATE``, ``TARGETS``, ...), then
plays ``engine.cli.simulate`` with ``--bot planner`` (solo at low, or 2 players against greedy
with the seats swapped), one JSON line a game in OUT and every round's candidate plans and
the chosen one in OUT.picks.

    PYTHONPATH=. python3 scripts/experiments/s15_planner.py '{"WORLDS":4}' solo SEED GAMES OUT
    PYTHONPATH=. python3 scripts/experiments/s15_planner.py '{"WORLDS":4}' 2p SEED GAMES OUT
"""

import json
import sys

import engine.games.trickerion.planner as planner
from engine.cli import simulate

for key, value in json.loads(sys.argv[1]).items():
    setattr(planner, key, value)
mode, seed, games, out = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
chosen_by_rollouts = planner.PlannerBot._choose_plan
log = open(out + ".picks", "a")


def logged(self, g, s, seat):
    plans = planner.candidates(g, s, seat)
    chosen = chosen_by_rollouts(self, g, s, seat)
    log.write(
        json.dumps(
            {
                "round": s.round,
                "seat": seat,
                "fame": s.players[seat].fame,
                "plans": [[p.trick, p.hire] for p in plans],
                "chosen": [chosen.trick, chosen.hire],
            }
        )
        + "\n"
    )
    log.flush()
    return chosen


planner.PlannerBot._choose_plan = logged
with open(out, "a") as each:
    if mode == "solo":
        r = simulate(
            "trickerion-solo",
            2,
            seed,
            games,
            ["planner"],
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
            ["planner", "greedy"],
            {},
            rotate=True,
            each=each,
            profile=True,
        )
print(r.get("mean_score_by_seat") or r.get("mean_score_by_bot"), r["seconds_per_game"])
