# Issue #30 session 18 prototype: greedy with the ability term (this commit) against greedy
# without it, each seed played with the new bot at seat 0 and at seat 1.
# PYTHONPATH=. python3 scripts/experiments/s18_newold.py 10000 10100 > FILE (a JSON line a game)
import sys, json
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.bots import bot_seed
from engine.games.trickerion import bots as B
class Old(B.GreedyBot):
    def _opening(self, g, s, seat, legal):
        keep = B.ability_worth
        B.ability_worth = lambda cat, w, m: 0.0
        try: return super()._opening(g, s, seat, legal)
        finally: B.ability_worth = keep
a,b=int(sys.argv[1]),int(sys.argv[2])
for sd in range(a,b):
    for new in (0,1):
        m=Match.new('trickerion',2,{},seed=sd)
        bots={s:(B.GreedyBot if s==new else Old)(bot_seed(sd,s)) for s in (0,1)}
        play_to_end(m,bots); r=m.result()
        mags=[p.magician for p in m.state.players]
        print(json.dumps({"seed":sd,"new":new,"scores":r.scores,"winners":r.winners,"mags":mags}),flush=True)
