"""Issue #30, session 13 probe (docs/bots.md): the shipped greedy bot's Downtown visits, solo at
low, counted by the first decision of each visit: whether the level-2 gate of the round plan is
open (16 fame, no level-2+ trick), the character's AP, the Residence dice still showing a face,
whether a level-2+ Learn Trick is legal, and what the bot does.

    PYTHONPATH=. python3 scripts/experiments/s13_downtown.py SEED GAMES
"""

import sys
from collections import Counter

from engine.core.bots import bot_for, bot_seed
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.games.trickerion import actions as A

counts: Counter = Counter()


class Spy:
    def __init__(self, bot):
        self.bot = bot
        self.seen = None

    def choose(self, g, s, seat, legal):
        action = self.bot.choose(g, s, seat, legal)
        act = s.act
        if act is not None and act.loc == "downtown" and act.seat == seat:
            if self.seen != (s.round, act.char):
                self.seen = (s.round, act.char)
                p = s.players[seat]
                level = g.cat.trick_level
                gate = p.fame >= 16 and not any(level[t.id] >= 2 for t in p.tricks)
                learn2 = any(isinstance(x, A.LearnTrick) and level[x.trick] >= 2 for x in legal)
                dice = sum(s.dice[d] != "x" for d in (0, 1))
                key = (gate, min(act.ap, 3), dice > 0, learn2, type(action).__name__)
                counts[key] += 1
        return action


first, games = int(sys.argv[1]), int(sys.argv[2])
for seed in range(first, first + games):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=seed)
    play_to_end(m, {0: Spy(bot_for(m.game, "greedy", bot_seed(seed, 0)))})
print("gate open, AP (3 = 3+), a Residence die, level-2+ learn legal, action: visits")
for key, n in sorted(counts.items(), key=str):
    print(*key, n)
