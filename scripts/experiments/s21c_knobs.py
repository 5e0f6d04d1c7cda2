"""Issue #30, session 21: ``scripts/trickerion_paired.py`` with ``learn.py``'s knobs set first.

    PYTHONPATH=. python3 scripts/experiments/s21c_knobs.py KNOBS OLD_BOTS_PY MODE SEED GAMES

KNOBS is a JSON object of ``engine/games/trickerion/learn.py`` constants (``WORTH``,
``PER_COIN``, ``PROPS``, ``BUY_FIRST``, ``RESERVE``, ``IN_BUY``, ``BETTER``, ``ROUNDS``,
``L3``, ``L3_TYPES``, ``END_COIN``); ``{}`` (the defaults) plays main's games. Sum the lines
with ``s20b_sum.py``.
"""

import json
import sys
from pathlib import Path

from engine.games.trickerion import learn

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import trickerion_paired  # a script, found through the path above

for key, knob in json.loads(sys.argv[1]).items():
    setattr(learn, key, knob)
trickerion_paired.main(sys.argv[2:])
