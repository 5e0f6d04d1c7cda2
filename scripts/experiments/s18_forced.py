# Issue #30 session 18: one seat's magician (and, if named, starting trick) forced, the rest by
# the greedy bot. PYTHONPATH=. python3 scripts/experiments/s18_forced.py GAME SEAT MAGICIAN TRICK|"" FIRST END
import sys, json
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.bots import bot_seed
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion import actions as A
class Forced(GreedyBot):
    def __init__(s, seed, mag, trick): super().__init__(seed); s.mag=mag; s.trick=trick
    def choose(s, g, st, seat, legal):
        if st.pending and isinstance(legal[0], A.ChooseMagician) and s.mag: return A.ChooseMagician(s.mag)
        if st.pending and isinstance(legal[0], A.ChooseTrick) and s.trick and A.ChooseTrick(s.trick) in legal and type(st.pending[0]).__name__=="PendingStartTrick": return A.ChooseTrick(s.trick)
        return super().choose(g, st, seat, legal)
game, seat, mag, trick, a, b = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6])
opts = {"difficulty":"low"} if game=="trickerion-solo" else {}
for sd in range(a,b):
    m=Match.new(game,2,opts,seed=sd)
    bots={s:(Forced(bot_seed(sd,s),mag,trick) if s==seat else GreedyBot(bot_seed(sd,s))) for s in (0,1)}
    play_to_end(m,bots); r=m.result()
    print(json.dumps({"seed":sd,"scores":r.scores,"winners":r.winners,"mags":[p.magician for p in m.state.players],"tricks":[[t.id for t in p.tricks][:1] for p in m.state.players]}),flush=True)
