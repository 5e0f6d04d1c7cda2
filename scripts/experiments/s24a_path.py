"""Issue #30, session 24: greedy's path to a level-2 trick, solo at low, traced step by step.
Per game: the round the bot first holds 16 fame at its assignments, the first round with 16
fame whose purse pays the cheapest level-2 trick of its school (the props it lacks and a
round's wages), the rounds it learns, equips, prepares and sets up a level-2 trick; and every
Downtown decision with 16 fame or more, 3 AP and a level-2 learn open while it owns none: the
AP, fame, coins, what greedy chose, the value's gain of the best learn and of the choice, and
the price of the props that learn lacks. Then a tally of each step's round over the games:

    PYTHONPATH=. python3 scripts/experiments/s24a_path.py SEED COUNT

docs/bots.md, "Issue #30, session 24".
"""

import sys
from collections import Counter

from engine.core.bots import bot_seed
from engine.core.loop import played
from engine.core.match import Match
from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot, value
from engine.games.trickerion.common import effective, has_components, residence

STEPS = ("fame16", "purse", "learned", "equipped", "prepared", "set_up")


def lacks(cat, p, trick):
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k))
        for k, n in cat.tricks[trick].components.items()
    )


def wages(cat, p):
    return sum(cat.wage[c.kind] for c in p.chars if not c.assist)


def gain(g, s, action, base):
    new = played(g, s, 0, action)
    return value(g, new, 0) - base if new.draw is None else float("nan")


def at_assignments(g, s, p, out):
    cat = g.cat
    if p.fame >= 16 and out["fame16"] is None:
        out["fame16"] = s.round
    l2 = [
        t
        for t in residence(g.rules, s)
        if cat.trick_level[t] == 2 and cat.trick_school[t] == p.school
    ]
    cheapest = min((lacks(cat, p, t) for t in l2), default=99)
    if out["purse"] is None and p.fame >= 16 and p.coins >= cheapest + wages(cat, p):
        out["purse"] = s.round
    own2 = [t for t in p.tricks if cat.trick_level[t.id] >= 2]
    if out["equipped"] is None and any(has_components(cat, p, t.id) for t in own2):
        out["equipped"] = s.round


def at_downtown(g, s, p, legal, chosen, visits):
    cat = g.cat
    learns = [x for x in legal if isinstance(x, A.LearnTrick) and cat.trick_level[x.trick] >= 2]
    if not learns or p.fame < 16 or s.act.ap < 3:
        return
    if any(cat.trick_level[t.id] >= 2 for t in p.tricks):
        return
    base = value(g, s, 0)
    best = max(learns, key=lambda x: gain(g, s, x, base))
    visits.append(
        f"   r{s.round} ap{s.act.ap} fame {p.fame} coins {p.coins}: {type(chosen).__name__} "
        f"{gain(g, s, chosen, base):+.2f}, best learn {best.trick} {gain(g, s, best, base):+.2f} "
        f"lacking {lacks(cat, p, best.trick)} coins of props"
    )


def trace(seed):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    g = m.game
    cat = g.cat
    seen = 0
    out = dict.fromkeys(STEPS)
    visits = []
    while not m.terminal:
        s = m.state
        p = s.players[0]
        if s.phase == "assign" and s.round != seen:
            seen = s.round
            at_assignments(g, s, p, out)
        if m.auto_step() is not None:
            continue
        legal = m.legal(0)
        a = bot.choose(g, s, 0, legal)
        if s.act is not None and s.act.loc == "downtown" and not s.pending:
            at_downtown(g, s, p, legal, a, visits)
        if isinstance(a, A.LearnTrick) and cat.trick_level[a.trick] >= 2:
            out["learned"] = out["learned"] or s.round
        if isinstance(a, A.Prepare) and cat.trick_level[a.trick] >= 2:
            out["prepared"] = out["prepared"] or s.round
        if isinstance(a, A.SetUpTrick) and cat.trick_level[a.trick] >= 2:
            out["set_up"] = out["set_up"] or s.round
        m.act(0, a)
    return out, m.state.players[0].fame, visits


def main():
    first, count = int(sys.argv[1]), int(sys.argv[2])
    tally = Counter()
    for seed in range(first, first + count):
        out, fame, visits = trace(seed)
        print(seed, f"fame {fame}", out, flush=True)
        print("\n".join(visits))
        for k in STEPS:
            tally[k, out[k] or 99] += 1
    for k in STEPS:
        print(k, "by round (99: never)", sorted((r, n) for (kk, r), n in tally.items() if kk == k))


if __name__ == "__main__":
    main()
