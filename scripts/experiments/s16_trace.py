"""Issue #30, session 16: one solo game at low with ``PlanBot(kind)`` at seat 0, traced round by
round (docs/bots.md, "Issue #30, session 16"): at each round's first assignment the purse, the
characters, the tricks, the fixed target and what it lacks, the Buy and Order areas and the
Downtown dice; then every decision of seat 0 with the placed character's AP.

    PYTHONPATH=. python3 scripts/experiments/s16_trace.py KIND SEED ['{"COMMIT":50}']
"""

import json
import sys

import engine.games.trickerion.plan as plan
from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion.common import effective
from engine.games.trickerion.plan import PlanBot

kind, seed = sys.argv[1], int(sys.argv[2])
for key, value in json.loads(sys.argv[3] if len(sys.argv) > 3 else "{}").items():
    setattr(plan, key, value)
match = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=seed)
bot = PlanBot(bot_seed(seed, 0), kind=kind)
cat = match.game.cat
seen = set()
while True:
    to = match.to_act()
    if to.kind == "terminal":
        break
    if match.auto_step(to) is not None:
        continue
    s = match.state
    seat = to.seats[0]
    legal = match.legal(seat, to)
    p = s.players[seat]
    if s.phase == "assign" and s.round not in seen:
        seen.add(s.round)
        goal = bot.goal(match.game, s, seat)
        lacks = {
            k: n - effective(p, k)
            for k, n in (cat.tricks[goal].components.items() if goal else ())
            if effective(p, k) < n
        }
        print(
            f"== round {s.round}: fame {p.fame} coins {p.coins} shards {p.shards} "
            f"chars {[c.kind for c in p.chars]} hired {list(p.hired)}"
        )
        print(
            "   tricks",
            [(t.id, cat.trick_level[t.id], t.markers) for t in p.tricks],
            "props",
            dict(p.props),
        )
        if goal:
            t = cat.tricks[goal]
            print(
                f"   target {goal} (l{cat.trick_level[goal]}, fame {t.fame_threshold}, "
                f"prep AP {t.prepare_ap}) lacks {lacks}"
            )
        else:
            print(f"   target {bot.target}")
        print(f"   buy {s.market.buy} order {s.market.order} dice {s.dice}")
        print(f"   plan {bot._wanted(match.game, s, seat)}")
    action = bot.choose(match.game, s, seat, legal)
    act = s.act
    where = f"[{act.loc} ap {act.ap}]" if act is not None and act.seat == seat else ""
    if s.phase not in ("advertise",) and not type(action).__name__.startswith("Choose"):
        print(f"   r{s.round} {s.phase} {where} {action}  (of {len(legal)})")
    match.act(seat, action)
r = match.result()
print("scores", r.scores)
