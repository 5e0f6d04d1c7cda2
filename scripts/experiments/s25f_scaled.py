"""The engine's command line with every Trickerion time budget scaled (issue #32, session 25).

    SCALE=0.2 ARM=paced PYTHONPATH=. python3 scripts/experiments/s25f_scaled.py simulate \\
        --game trickerion --players 2 --games 1 --seed 26000 --bot expert,hard

Every level's seconds a move and a turn times ``SCALE`` (a device 1/SCALE times slower, so a
whole game costs SCALE of its CPU time); ``ARM=unbounded`` takes the expert's budget a turn
off (session 24's expert), ``ARM=paced`` keeps it. Both arms run the same tree, so a pair of
games on one seed differs in the expert's turn budget alone. docs/bots.md, session 25.
"""

from __future__ import annotations

import os
import sys

import msgspec

from engine.cli import main
from engine.core import levels
from engine.core.rollout import Plan
from engine.core.runtime import tune_gc
from engine.games.trickerion import search


def scaled(plan: Plan, k: float) -> Plan:
    seconds = plan.seconds * k if plan.seconds is not None else None
    turn = plan.turn * k if plan.turn is not None else None
    return msgspec.structs.replace(plan, seconds=seconds, turn=turn)


def setup(k: float, arm: str) -> None:
    expert = scaled(levels.PLANS["expert"], k)
    if arm == "unbounded":
        expert = msgspec.structs.replace(expert, turn=None, pace=False)
    levels.PLANS["expert"] = expert
    for know in (search.KNOWLEDGE, search.SOLO_KNOWLEDGE):
        plans = know.plans or {}
        for name, plan in list(plans.items()):
            plans[name] = scaled(plan, k)


if __name__ == "__main__":
    setup(float(os.environ["SCALE"]), os.environ["ARM"])
    tune_gc()
    sys.exit(main())
