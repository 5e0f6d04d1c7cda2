"""Issue #30, session 20: the greedy bot, solo at low: the purse at each round's start against
what the cheapest level-2 trick of the magician's school in the Residence would cost then (its
missing props at Market Row prices, ignoring the Buy area, plus the fame top-up).

    PYTHONPATH=. python3 scripts/experiments/s20b_purse.py SEED GAMES
"""

import sys
from collections import Counter, defaultdict

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.common import effective, residence

first, games = int(sys.argv[1]), int(sys.argv[2])
coins = defaultdict(list)
fame = defaultdict(list)
need = defaultdict(list)
afford = Counter()
for seed in range(first, first + games):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    cat = m.game.cat
    seen = 0
    while True:
        s = m.state
        to = m.to_act()
        if to.kind == "terminal":
            break
        if s.phase == "advertise" and s.round != seen:
            seen = s.round
            p = s.players[0]
            best = None
            for t in residence(m.game.rules, s):
                if cat.trick_level[t] != 2 or cat.trick_school[t] != p.school:
                    continue
                miss = sum(
                    cat.prop_cost[k] * max(0, n - effective(p, k))
                    for k, n in cat.tricks[t].components.items()
                )
                c = miss + max(0, 16 - p.fame)
                best = c if best is None else min(best, c)
            coins[s.round].append(p.coins)
            fame[s.round].append(p.fame)
            if best is not None:
                need[s.round].append(best)
                afford[s.round] += p.coins >= best
        if to.kind != "players":
            m.auto_step(to)
            continue
        seat = to.seats[0]
        m.act(seat, bot.choose(m.game, s, seat, m.legal(seat, to)))
for r in sorted(coins):
    mean = lambda xs: sum(xs) / len(xs)
    print(
        f"round {r}: coins {mean(coins[r]):5.1f} fame {mean(fame[r]):5.1f} cheapest level-2 costs {mean(need[r]):5.1f}, purse pays it in {afford[r]} of {len(need[r])}"
    )
