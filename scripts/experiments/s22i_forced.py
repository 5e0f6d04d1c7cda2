"""Issue #30, session 22: 2-player greedy self-play with one seat's opening forced, the rest
played by the greedy bot of the tree it runs in. A seat's spec is MAGICIAN[:TRICK] (id
prefixes, e.g. ``m03:t16``) or ``-`` for the bot's own choice. A JSON line per seed: the
scores, and each seat's magician, starting trick and starting props.

    PYTHONPATH=. python3 scripts/experiments/s22i_forced.py FIRST_SEED GAMES SPEC0 SPEC1
"""

import json
import sys

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.core.play import decisions
from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot


def forced(spec):
    magician, _, trick = ("", "", "") if spec == "-" else spec.partition(":")

    class Forced(GreedyBot):
        def choose(self, game, state, seat, legal):
            for a in legal:
                if isinstance(a, A.ChooseMagician) and magician and a.magician.startswith(magician):
                    return a
                if isinstance(a, A.ChooseTrick) and trick and a.trick.startswith(trick):
                    return a
            return super().choose(game, state, seat, legal)

    return Forced


first, games = int(sys.argv[1]), int(sys.argv[2])
classes = (forced(sys.argv[3]), forced(sys.argv[4]))
for seed in range(first, first + games):
    m = Match.new("trickerion", 2, {}, seed)
    bots = {s: classes[s](bot_seed(seed, s)) for s in range(2)}
    opening: list[list] = [[], []]
    for seat, legal in decisions(m):
        action = bots[seat].choose(m.game, m.state, seat, legal)
        if isinstance(action, A.ChooseMagician | A.ChooseTrick) or (
            isinstance(action, A.ChooseProps) and len(opening[seat]) == 2
        ):
            opening[seat].append(getattr(action, "magician", getattr(action, "trick", None)))
            if isinstance(action, A.ChooseProps):
                opening[seat][-1] = list(action.props)
        m.act(seat, action)
    result = m.result()
    assert result is not None
    print(json.dumps({"seed": seed, "scores": list(result.scores), "open": opening}), flush=True)
