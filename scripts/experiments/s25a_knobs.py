"""Issue #30, session 25: ``engine/games/trickerion/target.py``'s constants set from a JSON
object, then ``python -m engine simulate`` with the remaining arguments.

    PYTHONPATH=. python3 scripts/experiments/s25a_knobs.py KNOBS simulate --game ...

(at 7a433be, which holds target.py and its hooks in bots.py, or at 6961106 for ``FIX``; the
commits after each take them out)

KNOBS names target's constants (``{"SAVE_FROM": 2, "LAST": 4}``); ``"GIFT": [N, R]`` gives
seat 0 N coins as round R's assignments start (after its poster): what a purse N coins
fuller at that round would do. docs/bots.md, "Issue #30, session 25".
"""

import json
import sys

from engine.cli import main
from engine.games.trickerion import flow, target
from engine.games.trickerion.common import change_at

for name, setting in json.loads(sys.argv[1]).items():
    if name == "GIFT":
        coins, at = setting
        start = flow.start_assignments

        def gifted(r, s, ev, start=start, coins=coins, at=at):
            if s.round == at:
                change_at(s.players, 0, coins=s.players[0].coins + coins)
            start(r, s, ev)

        flow.start_assignments = gifted
        continue
    assert hasattr(target, name), name
    setattr(target, name, setting)
sys.exit(main(sys.argv[2:]))
