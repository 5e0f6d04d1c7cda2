"""Issue #30, session 19: ``scripts/trickerion_paired.py`` with the plan's constants set first.

    PYTHONPATH=. python3 scripts/experiments/s19i_knobs.py KNOBS OLD_BOTS_PY MODE SEED GAMES

KNOBS is a JSON object of ``engine/games/trickerion/plan.py`` constants
(``'{"EQUIPPED_FIRST": false}'``, ``'{"DISPLACE": true}'``, ``{}`` for the plan as it is).
"""

import json
import runpy
import sys

import engine.games.trickerion.plan as plan

for key, value in json.loads(sys.argv[1]).items():
    assert hasattr(plan, key), key
    setattr(plan, key, value)
sys.argv = ["scripts/trickerion_paired.py", *sys.argv[2:]]
runpy.run_path("scripts/trickerion_paired.py", run_name="__main__")
