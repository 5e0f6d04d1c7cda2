# Issue #30 session 18: seat 1's magicians rolled out after seat 0's opening (by the rule) in W
# shared futures (H decisions, or "none": to the end); margin and paired difference from the
# Priestess with its standard error. PYTHONPATH=. python3 scripts/experiments/s18_probe.py W H SEED...
import sys, time
from engine.core.match import Match
from engine.core.rollout import Plan, Rollouts, drain
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion import actions as A
W=int(sys.argv[1]); H=None if sys.argv[2]=="none" else int(sys.argv[2])
for seed in map(int, sys.argv[3:]):
    m=Match.new('trickerion',2,{},seed=seed); g=m.game; s=m.state
    bot=GreedyBot(0)
    while s.pending and s.pending[0].seat==0:
        legal=g.legal_actions(s,0); s,_=g.apply(s,0,bot.choose(g,s,0,legal))
    legal=g.legal_actions(s,1)
    R=Rollouts(g,1,Plan(candidates=9,worlds=W,horizon=H),seed)
    worlds=R.worlds(s)
    t=time.process_time(); res={}
    for a in legal:
        res[a.magician]=[ (v[1]-v[0]) for v in (drain(R.playout(s,a,w)) for w in worlds)]
    dt=time.process_time()-t
    base=res['m03_priestess_of_mysticism']
    print(seed, f"{dt:.1f}s", end=" ")
    for k,v in res.items():
        d=[x-y for x,y in zip(v,base)]; n=len(d); mu=sum(d)/n
        se=(sum((x-mu)**2 for x in d)/(n-1)/n)**.5
        print(f"{k[4:10]} {sum(v)/n:+.1f} d{mu:+.1f}±{se:.1f}", end="; ")
    print(flush=True)
