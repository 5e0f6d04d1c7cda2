"""Issue #30, session 27 (s27a): greedy at the Market Row while an owned trick lacks props.

Solo at low, greedy untimed as seat 0. At each Market Row visit of seat 0 in rounds 3-6 where
an owned trick lacks props: the body and its AP, the coins, what each lacking trick still
needs (type x count, and whether the Buy area shows it), the Buy area, the Order area, the
Quick Order slot, and the moves greedy makes there. At the end, the tricks owned and whether
each is equipped. The last lines tally the visits: whether the shown lacking types could all
be bought with the body's AP and the purse, and whether they were.

    PYTHONPATH=. MARQUEE_UNTIMED_BOTS=1 python3 scripts/experiments/s27a_market.py SEED COUNT [LEVEL [FIRST LAST]]

LEVEL (default 1): only tricks of that level or above count as lacking; FIRST LAST (default
3 6): the rounds traced.
docs/bots.md, "Issue #30, session 27: a level-2 trick learned for later, traced at the Market Row …".
"""

from __future__ import annotations

import sys
from collections import Counter

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.common import effective, has_components
from engine.games.trickerion.market import stock


def lacking(cat, p, level):
    out = {}
    for t in p.tricks:
        if cat.trick_level[t.id] < level:
            continue
        need = {
            k: n - effective(p, k)
            for k, n in cat.tricks[t.id].components.items()
            if effective(p, k) < n
        }
        if need:
            out[t.id] = need
    return out


def move(a) -> str:
    if isinstance(a, A.Buy):
        return f"Buy {len(a.props)}x{a.props[0]}" + (f" bargain {a.bargain}" if a.bargain else "")
    if isinstance(a, A.Order):
        return f"Order {a.prop}"
    if isinstance(a, A.QuickOrder):
        return f"QuickOrder {a.prop}"
    return type(a).__name__


def trace(seed: int, level: int, rounds: tuple[int, int], tally: Counter) -> list[str]:
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    g = m.game
    cat = g.cat
    lines: list[str] = []
    visit: list[str] | None = None
    key = None
    while not m.terminal:
        s = m.state
        here = s.act is not None and s.act.seat == 0 and s.act.loc == "market_row"
        if visit is not None and (not here or (s.act.char, s.round) != key):
            lines.append("    " + ", ".join(visit) if visit else "    (nothing)")
            visit = None
        if m.auto_step() is not None:
            continue
        a = bot.choose(g, s, 0, m.legal(0))
        p = s.players[0]
        if here and visit is None and rounds[0] <= s.round <= rounds[1]:
            need = lacking(cat, p, level)
            if need:
                key = (s.act.char, s.round)
                shown = stock(g.rules, s)
                ch = p.chars[s.act.char]
                parts = []
                for tid, n in need.items():
                    parts.append(
                        f"{tid}(l{cat.trick_level[tid]}): "
                        + " ".join(f"{k}x{c}{'' if k in shown else '!'}" for k, c in n.items())
                    )
                lines.append(
                    f"  r{s.round} {ch.kind} ap {s.act.ap} coins {p.coins} shards {p.shards} | "
                    + "; ".join(parts)
                    + f" | buy {list(s.market.buy)} order {list(s.market.order)} quick {s.market.quick!r}"
                )
                types = {k for n in need.values() for k in n}
                shown_types = [k for k in types if k in shown]
                price = sum(
                    cat.prop_cost[k] * max(n.get(k, 0) for n in need.values()) for k in shown_types
                )
                tally["visits"] += 1
                tally[f"visits, lacking types shown {len(shown_types)} of {len(types)}"] += 1
                tally[
                    f"visits, AP {'>=' if s.act.ap >= len(shown_types) else '<'} shown types, "
                    f"coins {'>=' if p.coins >= price else '<'} their price"
                ] += 1
                visit = []
        if visit is not None and here:
            visit.append(move(a))
            if isinstance(a, A.Buy) and a.bargain:
                tally["bargains on such visits"] += 1
        m.act(0, a)
    p = m.state.players[0]
    for t in p.tricks:
        tally[f"end level {cat.trick_level[t.id]} equipped {has_components(cat, p, t.id)}"] += 1
    lines.insert(0, f"{seed} fame {p.fame} tricks {[t.id for t in p.tricks]}")
    return lines


def main() -> None:
    first, count = int(sys.argv[1]), int(sys.argv[2])
    level = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    rounds = (int(sys.argv[4]), int(sys.argv[5])) if len(sys.argv) > 5 else (3, 6)
    tally: Counter = Counter()
    for seed in range(first, first + count):
        print("\n".join(trace(seed, level, rounds, tally)), flush=True)
    for k, n in sorted(tally.items()):
        print(f"{k}: {n}")


if __name__ == "__main__":
    main()
