# Issue #30 session 18: the magician chosen by rollouts to the end (W futures of the plain greedy
# policy, the trick by the rule, mean margin as utility) at both seats.
# PYTHONPATH=. python3 scripts/experiments/s18_rollopen.py GAME FIRST END W
import sys, json, time
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.bots import bot_seed
from engine.core.rollout import Plan, Rollouts, drain
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion import actions as A
W=int(sys.argv[4]); T=[]
class RollOpen(GreedyBot):
    def __init__(s, seed): super().__init__(seed); s.seed=seed
    def _opening(s, g, st, seat, legal):
        if isinstance(legal[0], A.ChooseTrick): return super()._opening(g, st, seat, legal)
        t=time.process_time()
        R=Rollouts(g, seat, Plan(candidates=len(legal), worlds=W, horizon=None), s.seed)
        worlds=R.worlds(st); best=None
        for a in legal:
            u=0.0
            for w in worlds:
                v=drain(R.playout(st,a,w)); u+=v[seat]-max(x for i,x in enumerate(v) if i!=seat)
            if best is None or u>best[0]: best=(u,a)
        T.append(time.process_time()-t)
        return best[1]
game=sys.argv[1]; a,b=int(sys.argv[2]),int(sys.argv[3])
opts={"difficulty":"low"} if game=="trickerion-solo" else {}
for sd in range(a,b):
    m=Match.new(game,2,opts,seed=sd)
    play_to_end(m,{s:RollOpen(bot_seed(sd,s)) for s in (0,1)}); r=m.result()
    print(json.dumps({"seed":sd,"scores":r.scores,"winners":r.winners,"mags":[p.magician for p in m.state.players],"cpu":T[-2:]}),flush=True)
