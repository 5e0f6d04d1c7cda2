"""Issue #30, session 24: ``engine/games/trickerion/target.py``'s constants set from a JSON
object, then ``python -m engine simulate`` with the remaining arguments.

    PYTHONPATH=. python3 scripts/experiments/s24a_knobs.py KNOBS simulate --game ...

KNOBS names target's constants (``{"ROUNDS": 1}``); ``"NO_TARGET": 1`` plans no target
(its Buys of an owned level-2 trick's props still count). docs/bots.md, "Issue #30, session 24".
"""

import json
import sys

from engine.cli import main
from engine.games.trickerion import target

for name, setting in json.loads(sys.argv[1]).items():
    if name == "NO_TARGET":
        target.target = lambda g, s, seat: ""
    else:
        setattr(target, name, setting)
sys.exit(main(sys.argv[2:]))
