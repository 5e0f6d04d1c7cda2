"""Issue #30, session 25: where greedy's coins go, solo at low, round by round.

Every change of the bot's purse is put under what made it: the bot's own move (its action's
kind, with the location for the few that cost or earn at several), or the engine's step in the
phase it ran in (wages at the round's end, the shows' yields). Per round, summed over the
games: the purse at the round's first step, what came in, what went out, and the end coins.
Per game: the coins at round 4's assignments against the cheapest level-2 trick of the school
still in the Residence (the props it lacks, its fame top-up at 1 coin a fame short of 16, and
a round's wages), and the coins the game ends on. At the assignments of rounds 3-5, what keeps
session 24's one-round plan (``target`` at 9b42449) from a level-2 trick of the school, for
the trick with the fewest blocks: under 5 characters ("bodies"), a prepare over 1 AP
("prepare"), a fame top-up over 2 ("fame"), a lacking prop type the Buy area does not show
("shown"), a purse short of the top-up, the props and a round's wages ("purse").

    PYTHONPATH=. python3 scripts/experiments/s25a_purse.py SEED COUNT [BOTS.py]

BOTS.py: another tree's ``bots.py`` to play (a ``git archive`` of main), for a paired trace.
docs/bots.md, "Issue #30, session 25".
"""

from __future__ import annotations

import importlib.util
import statistics
import sys
from collections import Counter, defaultdict

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion.common import effective, residence

ROUNDS = 7
# Session 24's one-round plan (9b42449): its bodies, top-up and prepare AP.
BODIES = 5
TOP_UP = 2
PREPARE_AP = 1


def lacks(cat, p, trick):
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k))
        for k, n in cat.tricks[trick].components.items()
    )


def wages(cat, p):
    return sum(cat.wage[c.kind] for c in p.chars if not c.assist)


def level2_ask(g, s, p):
    """The coins the cheapest level-2 trick of the school asks now: props, top-up, wages."""
    cat = g.cat
    l2 = [
        t
        for t in residence(g.rules, s)
        if cat.trick_level[t] == 2 and cat.trick_school[t] == p.school
    ]
    if not l2:
        return None
    return min(lacks(cat, p, t) for t in l2) + max(0, 16 - p.fame) + wages(cat, p)


def blocks(g, s, p):
    """What keeps the one-round plan from a level-2 trick of the school now."""
    cat = g.cat
    if any(cat.trick_level[t.id] >= 2 for t in p.tricks):
        return ("owns",)
    out = ["bodies"] if len(p.chars) < BODIES else []
    each = []
    for t in residence(g.rules, s):
        if cat.trick_level[t] != 2 or cat.trick_school[t] != p.school:
            continue
        why = []
        if cat.tricks[t].prepare_ap > PREPARE_AP:
            why.append("prepare")
        top_up = max(0, cat.tricks[t].fame_threshold - p.fame)
        if top_up > TOP_UP:
            why.append("fame")
        missing = [k for k, n in cat.tricks[t].components.items() if effective(p, k) < n]
        if any(k not in s.market.buy for k in missing):
            why.append("shown")
        if p.coins < top_up + lacks(cat, p, t) + wages(cat, p):
            why.append("purse")
        each.append(why)
    return tuple(out + min(each, key=len)) if each else ("none",)


def booked(events):
    """The bot's coin changes the events name: (what, coins) pairs."""
    out = []
    for e in events:
        q = e.params
        if q.get("seat") != 0:
            continue
        if e.code == "trickerion.gain" and q["coins"]:
            out.append((q["why"], q["coins"]))
        elif e.code == "trickerion.pay" and q["coins"]:
            out.append((q["why"], -q["coins"]))
        elif e.code == "trickerion.wages" and q["paid"]:
            out.append(("wages", -q["paid"]))
        elif e.code == "trickerion.advertised":
            out.append(("advertise", -q["coins"]))
    return out


def trace(seed, make):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = make(bot_seed(seed, 0))
    g = m.game
    per_round = defaultdict(lambda: defaultdict(int))
    start = {}
    ask4 = None
    coins4 = None
    held = {}
    while not m.terminal:
        s = m.state
        p = s.players[0]
        r = max(s.round, 1)
        start.setdefault(r, p.coins)
        if s.phase == "assign" and 3 <= s.round <= 5 and s.round not in held:
            held[s.round] = blocks(g, s, p)
        if s.round == 4 and s.phase == "assign" and ask4 is None:
            ask4 = level2_ask(g, s, p)
            coins4 = p.coins
        before = p.coins
        events = m.auto_step()
        if events is None:
            a = bot.choose(g, s, 0, m.legal(0))
            events = m.act(0, a)
        delta = m.state.players[0].coins - before
        for why, coins in booked(events):
            per_round[r][why] += coins
            delta -= coins
        if delta:
            per_round[r]["unbooked"] += delta
    end = m.state.players[0].coins
    return per_round, start, ask4, coins4, end, m.state.players[0].fame, held


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
    total = defaultdict(lambda: defaultdict(int))
    starts = defaultdict(list)
    short = []
    ends = []
    fames = []
    alone = Counter()
    anywhere = Counter()
    for seed in range(first, first + count):
        per_round, start, ask4, coins4, end, fame, held = trace(seed, make)
        for r, why in held.items():
            alone[r, why] += 1
            for w in why:
                anywhere[r, w] += 1
        for r, d in per_round.items():
            for k, v in d.items():
                total[r][k] += v
        for r, c in start.items():
            starts[r].append(c)
        ends.append(end)
        fames.append(fame)
        if ask4 is not None:
            short.append((seed, coins4, ask4, end))
        print(seed, f"fame {fame} end coins {end} round 4: coins {coins4} ask {ask4}", flush=True)
    n = count
    print(f"\nper round, a game's mean over {n} games (coins)")
    kinds = sorted({k for d in total.values() for k in d})
    for r in range(1, ROUNDS + 1):
        line = ", ".join(
            f"{k} {total[r][k] / n:+.2f}" for k in kinds if abs(total[r][k]) >= 0.05 * n
        )
        st = statistics.mean(starts[r]) if starts[r] else float("nan")
        print(f"round {r}: start {st:.2f}; {line}")
    print(f"end coins {statistics.mean(ends):.2f}, fame {statistics.mean(fames):.2f}")
    gaps = [ask - coins for _, coins, ask, _ in short]
    paid = sum(g <= 0 for g in gaps)
    print(
        f"round 4 assignments: coins {statistics.mean(c for _, c, _, _ in short):.2f}, "
        f"cheapest level-2 ask {statistics.mean(a for _, _, a, _ in short):.2f}, "
        f"short by {statistics.median(gaps)} (median), paid in {paid} of {len(short)}; "
        f"end coins cover the gap in {sum(e >= g for (_, _, _, e), g in zip(short, gaps))}"
    )
    print(f"short by, per game: {sorted(gaps)}")
    for r in (3, 4, 5):
        each = ", ".join(f"{w} {n}" for (rr, w), n in sorted(anywhere.items()) if rr == r)
        print(f"round {r}, blocks (a game counted under each): {each}")
        print(f"  together: {sorted((n, w) for (rr, w), n in alone.items() if rr == r)[::-1]}")


if __name__ == "__main__":
    main()
