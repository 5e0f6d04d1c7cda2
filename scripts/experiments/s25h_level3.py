"""Issue #30, session 25 (s25h): what a level-3 trick learned late would score, solo at low.

At the first assignment step of rounds 6 and 7 the bot's seat is read: its fame, tricks, coins
and characters, and for every level-3 trick still in Dahlgaard's Residence the end bonus it
would score if learned and equipped now (``scoring.level3_bonus`` with the trick added), the
coins of the props it lacks (``prop_cost`` of each lacking token), the lacking types the Buy
area does not show, and whether the seat could learn it (a free symbol, fame or coins over 36).
The best such trick per game is the one whose bonus less a third of a fame a coin of props
(what those coins score unspent at the end) is highest. Also counted: the bot's Downtown
learns in rounds 6-7 and the level-3 tricks it ends with.

    PYTHONPATH=. python3 scripts/experiments/s25h_level3.py SEED COUNT [BOTS.py]

BOTS.py: another tree's ``bots.py`` to play. docs/bots.md, "Issue #30, session 25: level 3".
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
from collections import Counter

import msgspec

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion.common import effective, free_symbol, residence
from engine.games.trickerion.scoring import level3_bonus
from engine.games.trickerion.state import Trick


def lacking(cat, p, trick):
    cost, types = 0, []
    for k, n in cat.tricks[trick].components.items():
        short = max(0, n - effective(p, k))
        if short:
            cost += cat.prop_cost[k] * short
            types.append(k)
    return cost, types


def options(g, s, p):
    cat = g.cat
    out = []
    for t in residence(g.rules, s):
        if cat.trick_level[t] != 3:
            continue
        cost, types = lacking(cat, p, t)
        # the seat as if it owned the trick (its symbol does not matter to the bonus)
        q = msgspec.structs.replace(p, tricks=(*p.tricks, Trick(id=t, sym=3)))
        bonus = min(cat.end.cap, level3_bonus(cat, q, t))
        unshown = [k for k in types if k not in s.market.buy]
        out.append((bonus - cost / 3, t, bonus, cost, unshown, len(types)))
    out.sort(reverse=True)
    return out


def trace(seed, make):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = make(bot_seed(seed, 0))
    g = m.game
    seen = {}
    learns = []
    while not m.terminal:
        s = m.state
        p = s.players[0]
        if s.phase == "assign" and s.round in (6, 7) and s.round not in seen:
            opts = options(g, s, p)
            seen[s.round] = {
                "fame": p.fame,
                "coins": p.coins,
                "tricks": len(p.tricks),
                "free": free_symbol(p) >= 0,
                "chars": len(p.chars),
                "best": opts[0] if opts else None,
                "top": opts[:4],
                "top_all": opts,
                "buy": tuple(s.market.buy),
            }
        events = m.auto_step()
        if events is None:
            a = bot.choose(g, s, 0, m.legal(0))
            if type(a).__name__ == "LearnTrick":
                learns.append((s.round, a.trick, g.cat.trick_level[a.trick]))
            events = m.act(0, a)
    p = m.state.players[0]
    l3 = sum(1 for t in p.tricks if g.cat.trick_level[t.id] == 3)
    return seen, learns, p.coins, l3


def load(path):
    if not path:
        from engine.games.trickerion.bots import GreedyBot

        return GreedyBot
    spec = importlib.util.spec_from_file_location("other_bots", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod.GreedyBot


def main():
    first, count = int(sys.argv[1]), int(sys.argv[2])
    make = load(sys.argv[3] if len(sys.argv) > 3 else "")
    late = Counter()
    gains = {6: [], 7: []}
    fit = Counter()
    for seed in range(first, first + count):
        seen, learns, coins, l3 = trace(seed, make)
        for r, _, level in learns:
            if r >= 6:
                late[r, level] += 1
        line = [f"{seed} end coins {coins} level3 {l3} learns {learns}"]
        for r, d in sorted(seen.items()):
            b = d["best"]
            line.append(
                f"  r{r}: fame {d['fame']} coins {d['coins']} tricks {d['tricks']} free "
                f"{d['free']} chars {d['chars']} buy {d['buy']}"
            )
            line += [
                f"     {round(x[0], 1)} {x[1]} bonus {x[2]} props {x[3]} unshown {x[4]}"
                for x in d["top"]
            ]
            if b and d["free"] and d["fame"] + d["coins"] >= 36:
                gains[r].append(b[0])
                fit[r, "learnable"] += 1
                fit[r, f"best lacks {b[5]} types, {len(b[4])} not shown"] += 1
                near = [x for x in d["top_all"] if x[5] <= 2 and x[0] > 0]
                fit[r, "some trick lacking <= 2 types nets > 0"] += bool(near)
                if b[3] <= d["coins"]:
                    fit[r, "purse holds props"] += 1
                if not b[4]:
                    fit[r, "all shown"] += 1
                    if b[3] <= d["coins"] and b[0] > 0:
                        fit[r, "shown, held, gain > 0"] += 1
        print("\n".join(line), flush=True)
    for r in (6, 7):
        if gains[r]:
            print(
                f"round {r}: learnable in {len(gains[r])} of {count}; best bonus less coins/3 "
                f"mean {statistics.mean(gains[r]):.2f}, median {statistics.median(gains[r])}"
            )
    print(sorted(fit.items()))
    print("late learns by (round, level):", sorted(late.items()))


if __name__ == "__main__":
    main()
