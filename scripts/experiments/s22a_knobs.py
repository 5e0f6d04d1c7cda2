"""Issue #30, session 22: ``engine/games/trickerion/equip.py``'s constants set from a JSON
object, then ``scripts/trickerion_paired.py`` against another checkout's greedy bot.

    PYTHONPATH=. python3 scripts/experiments/s22a_knobs.py KNOBS OLD_BOTS_PY MODE SEED GAMES

KNOBS names equip's constants (``{"ROUNDS": 3}``); ``"NO_LEARN": 1`` sets every learn's worth
to 0 and ``"NO_BUY_FIRST": 1`` keeps the round plan's order. docs/bots.md, "Issue #30, session
22" sums its lines with ``s20b_sum.py`` and ``s22a_split.py``.
"""

import json
import sys
from pathlib import Path

from engine.games.trickerion import equip

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
import trickerion_paired  # a script in scripts/, found through the path above

for name, setting in json.loads(sys.argv[1]).items():
    if name == "NO_BUY_FIRST":
        equip.target_in_buy = lambda g, s, seat: False
    elif name == "NO_LEARN":
        equip.learn_worth = lambda g, s, seat, trick, coin: 0.0
    else:
        setattr(equip, name, setting)
trickerion_paired.main(sys.argv[2:])
