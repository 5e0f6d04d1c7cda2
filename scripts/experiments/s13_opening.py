"""Issue #30, session 13 prototype runner (docs/bots.md, "Issue #30, session 13"): sets the
opening knobs of ``engine.games.trickerion.bots`` (``OPENING_WORLDS``, ``OPENING_GATE``,
``OPENING_OTHERS``), then plays ``engine.cli.simulate`` solo at low with the greedy bot, one
JSON line a game in OUT and each opening choice (the value's and the rollouts') in OUT.picks.

    PYTHONPATH=. python3 scripts/experiments/s13_opening.py '{"WORLDS":4,"GATE":2}' SEED GAMES OUT
"""

import json
import sys

import engine.games.trickerion.bots as bots
from engine.cli import simulate
from engine.games.trickerion import actions as A

for key, value in json.loads(sys.argv[1]).items():
    setattr(bots, "OPENING_" + key, value)
seed, games, out = int(sys.argv[2]), int(sys.argv[3]), sys.argv[4]
chosen_by_rollouts = bots.GreedyBot._opening_rollouts
log = open(out + ".picks", "a")


def logged(self, g, s, seat, legal):
    chosen = chosen_by_rollouts(self, g, s, seat, legal)
    by_value = (
        self._opening(g, s, seat, legal)
        if isinstance(legal[0], (A.ChooseMagician, A.ChooseTrick))
        else self._lookahead(g, s, seat, legal)
    )
    log.write(json.dumps({"rule": str(by_value), "chosen": str(chosen)}) + "\n")
    log.flush()
    return chosen


bots.GreedyBot._opening_rollouts = logged
with open(out, "a") as each:
    r = simulate(
        "trickerion-solo",
        2,
        seed,
        games,
        ["greedy"],
        {"difficulty": "low"},
        each=each,
        profile=True,
    )
print(r["mean_score_by_seat"], r["seconds_per_game"])
