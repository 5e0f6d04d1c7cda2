"""Issue #30, session 21: greedy's solo games at low traced for the level-2 trick: at each
round's assignments the fame, coins, shards, tricks (level, props held or lacking), the Buy
and Order areas, the cheapest level-2 trick of the school and what it lacks; then every
decision of seat 0 outside the set-up (assignments, placements with the character's AP,
location actions).

    PYTHONPATH=. python3 scripts/experiments/s21c_trace.py SEED COUNT

docs/bots.md, "Issue #30, session 21"; at dca3e96, KNOBS='{"WORTH": 6, ...}' sets learn.py's
knobs as s21c_knobs.py does there.
"""

import sys

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.common import effective, has_components, residence


def lacks(cat, p, t):
    return {
        k: n - effective(p, k) for k, n in cat.tricks[t].components.items() if effective(p, k) < n
    }


def trace(seed):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    cat = m.game.cat
    seen = 0
    while True:
        s = m.state
        to = m.to_act()
        if to.kind == "terminal":
            p = s.players[0]
            print(
                f"END fame {p.fame} coins {p.coins} succ {s.players[1].fame} final {s.final[0] if s.final else ''}"
            )
            break
        if s.phase == "assign" and s.round != seen:
            seen = s.round
            p = s.players[0]
            tr = ", ".join(
                f"{t.id}(L{cat.trick_level[t.id]},ap{cat.tricks[t.id].prepare_ap},m{t.markers}"
                + ("" if has_components(cat, p, t.id) else f",lacks {lacks(cat, p, t.id)}")
                + ")"
                for t in p.tricks
            )
            l2 = sorted(
                (
                    sum(cat.prop_cost[k] * n for k, n in lacks(cat, p, t).items()),
                    t,
                    lacks(cat, p, t),
                )
                for t in residence(m.game.rules, s)
                if cat.trick_level[t] == 2 and cat.trick_school[t] == p.school
            )[:2]
            print(
                f"--- R{s.round} fame {p.fame} coins {p.coins} shards {p.shards} chars "
                f"{[c.kind[:4] for c in p.chars]} tricks [{tr}] props {dict(p.props)}"
            )
            print(f"    buy {s.market.buy} order {s.market.order} dice {s.dice}")
            print(f"    L2 cheapest {l2}")
        if to.kind != "players":
            m.auto_step(to)
            continue
        seat = to.seats[0]
        legal = m.legal(seat, to)
        a = bot.choose(m.game, s, seat, legal)
        if seat == 0 and s.phase in ("assign", "place") and len(legal) > 1:
            extra = ""
            if s.act is not None:
                extra = f" [ap {s.act.ap} @{s.act.loc}]"
            if not isinstance(a, (A.Chance,)):
                print(f"  R{s.round} {s.phase}{extra}: {a}")
        m.act(seat, a)


first, count = int(sys.argv[1]), int(sys.argv[2])
for seed in range(first, first + count):
    print(f"===== seed {seed}")
    trace(seed)
