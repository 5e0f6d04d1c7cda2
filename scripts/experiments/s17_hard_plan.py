"""Issue #30, session 17: hard (rollouts) with ``PlanBot(KIND)`` as the policy of its futures
and as the rank of its candidates (so the policy's own move is among them), against hard as
shipped on the same seeds. Run with ``MARQUEE_UNTIMED_BOTS=1`` so the futures per move, not the
machine's load, decide: one JSON line a game in OUT (``--each``), with the profile.

    MARQUEE_UNTIMED_BOTS=1 PYTHONPATH=. python3 scripts/experiments/s17_hard_plan.py KIND '{}' solo SEED GAMES OUT
    MARQUEE_UNTIMED_BOTS=1 PYTHONPATH=. python3 scripts/experiments/s17_hard_plan.py KIND '{}' 2p SEED GAMES OUT

KIND "shipped" leaves the policy as shipped (the reference). In 2-player futures every seat
plays the plan's policy (the policy is made without its seat).
"""

import json
import sys

import msgspec

import engine.games.trickerion.plan as plan
from engine.cli import simulate
from engine.games.trickerion.game import Trickerion

kind, knobs, mode = sys.argv[1], json.loads(sys.argv[2]), sys.argv[3]
seed, games, out = int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
for key, value in knobs.items():
    assert hasattr(plan, key), key
    setattr(plan, key, value)
if kind != "shipped":

    def policy(s: int) -> plan.PlanBot:
        return plan.PlanBot(s, kind=kind)

    def rank(g, s, seat, legal):
        return plan.PlanBot(0, kind=kind).ranked(g, s, seat, legal)

    know = Trickerion.search_knowledge
    assert know is not None
    Trickerion.search_knowledge = msgspec.structs.replace(know, policy=policy, rank=rank)
with open(out, "a") as each:
    if mode == "solo":
        r = simulate(
            "trickerion-solo", 2, seed, games, ["hard"], {"difficulty": "low"}, each=each,
            profile=True,
        )
    else:
        r = simulate(
            "trickerion", 2, seed, games, ["hard", "greedy"], {}, rotate=True, each=each,
            profile=True,
        )
print(r.get("mean_score_by_seat") or r.get("mean_score_by_bot"), r["seconds_per_game"])
