"""Issue #30, session 20: ``scripts/trickerion_paired.py`` with the experiment's knobs set first.

    PYTHONPATH=. python3 scripts/experiments/s20b_knobs.py KNOBS OLD_BOTS_PY MODE SEED GAMES

KNOBS is a JSON object; a plain name sets a constant of ``engine/games/trickerion/bots.py``
(``SECOND_BACKSTAGE``, ``DRAW_THEATER``, ``WORKSHOP_BOTH``, ``MAGICIAN_BACKSTAGE``), ``plan.NAME``
one of ``plan.py`` (``plan.TARGET``, ``plan.EQUIPPED_FIRST``, ``plan.HIRE_WAGES``, ...).
``{}`` is session 19's plan as it was; ``{"plan.TARGET":false,"plan.HIRE":0,"plan.HIRE_ROUNDS":0}``
is main's greedy (checked: the same games on 30 seeds).
"""

import importlib
import json
import runpy
import sys

for key, value in json.loads(sys.argv[1]).items():
    module, _, name = key.rpartition(".")
    target = importlib.import_module("engine.games.trickerion." + (module or "bots"))
    assert hasattr(target, name), key
    setattr(target, name, value)
sys.argv = ["scripts/trickerion_paired.py", *sys.argv[2:]]
runpy.run_path("scripts/trickerion_paired.py", run_name="__main__")
