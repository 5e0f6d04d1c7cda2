"""Issue #30, session 23: what a trick is worth to greedy's execution, solo at low. Plays greedy
from each seed and, at the assignments of round ROUND, gives the bot the cheapest trick of its
school of level LEVEL with the props it needs (LEVEL 0: nothing, the reference). One JSON line
a game as ``simulate --each`` writes it, for ``s19j_levels.py solo FILE NOTHING``:

    PYTHONPATH=. python3 scripts/experiments/s23b_gift.py SEED COUNT ROUND LEVEL > FILE

docs/bots.md, "Issue #30, session 23".
"""

import json
import sys

from engine.core.bots import bot_seed
from engine.core.copier import copy_state
from engine.core.match import Match
from engine.core.tuples import change_at
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.profile import profile
from engine.games.trickerion.setup import learn


def give(cat, s, level):
    """A copy of ``s`` where seat 0 owns the cheapest trick of its school and ``level``."""
    s = copy_state(s)
    p = s.players[0]
    own = {t.id for t in p.tricks}
    tricks = [
        t
        for t in cat.tricks
        if t not in own and cat.trick_level[t] == level and cat.trick_school[t] == p.school
    ]
    price = {
        t: sum(cat.prop_cost[k] * n for k, n in cat.tricks[t].components.items()) for t in tricks
    }
    trick = min(tricks, key=price.__getitem__)
    learn(cat, s, 0, trick)
    props = dict(s.players[0].props)
    for k, n in cat.tricks[trick].components.items():
        props[k] = max(props.get(k, 0), n)
    change_at(s.players, 0, props=props)
    return s


def play(seed, at, level):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    given = level == 0
    while not m.terminal:
        s = m.state
        if not given and s.phase == "assign" and s.round == at:
            given = True
            m.states[-1] = give(m.game.cat, s, level)
        if m.auto_step() is None:
            m.act(0, bot.choose(m.game, m.state, 0, m.legal(0)))
    result = m.result()
    seats = profile(m.state, [e for evs in m.events for e in evs])
    return {"seed": seed, "scores": result.scores, "winners": result.winners, "profile": seats}


def main():
    first, count, at, level = (int(x) for x in sys.argv[1:5])
    for seed in range(first, first + count):
        print(json.dumps(play(seed, at, level)), flush=True)


if __name__ == "__main__":
    main()
