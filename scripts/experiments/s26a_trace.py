"""Issue #30, session 26 (s26a): greedy's late level-3 plan traced, solo at low.

Per game: the target at round 6's first assignment step (``level3.target``), the seat's purse
and Buy area then, every Learn Trick and Market Row move of rounds 6-7, the placements of those
rounds by location, and at the end the level-3 tricks owned, whether equipped, and own fame.

    PYTHONPATH=. python3 scripts/experiments/s26a_trace.py SEED COUNT

It needs the tree of commit 9123651, where ``engine/games/trickerion/level3.py`` holds the plan
(``git worktree add /tmp/s26a-plan 9123651`` and run it there); the commit after it took the
plan out. docs/bots.md, "Issue #30, session 26: a level-3 trick planned across two rounds".
"""

from __future__ import annotations

import sys
from collections import Counter

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion import level3
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.common import has_components

MOVES = ("LearnTrick", "Buy", "Order", "QuickOrder", "PlaceCharacter")


def trace(seed: int) -> tuple[list[str], Counter]:
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    g = m.game
    cat = g.cat
    lines: list[str] = []
    tally: Counter = Counter()
    seen = set()
    while not m.terminal:
        s = m.state
        p = s.players[0]
        if s.phase == "assign" and s.round >= 6 and s.round not in seen:
            seen.add(s.round)
            aim = level3.target(g, s, 0)
            short = level3.lacking(cat, p, aim) if aim else {}
            lines.append(
                f"  r{s.round}: fame {p.fame} coins {p.coins} chars {len(p.chars)} aim {aim} "
                f"lacks {short} buy {s.market.buy}"
            )
            if aim:
                tally[f"aim r{s.round}"] += 1
        events = m.auto_step()
        if events is None:
            a = bot.choose(g, s, 0, m.legal(0))
            name = type(a).__name__
            if s.round >= 6 and name in MOVES:
                if name == "PlaceCharacter":
                    tally[f"r{s.round} placed {a.location}"] += 1
                else:
                    lines.append(f"    r{s.round} {a}")
            m.act(0, a)
    p = m.state.players[0]
    for t in p.tricks:
        if cat.trick_level[t.id] == 3:
            done = t.markers > 0 or has_components(cat, p, t.id)
            tally["level-3 owned"] += 1
            tally["level-3 equipped"] += done
            lines.append(f"  end: {t.id} equipped {done} lacks {level3.lacking(cat, p, t.id)}")
    lines.insert(0, f"{seed} fame {p.fame} coins {p.coins}")
    return lines, tally


def main() -> None:
    first, count = int(sys.argv[1]), int(sys.argv[2])
    total: Counter = Counter()
    for seed in range(first, first + count):
        lines, tally = trace(seed)
        total.update(tally)
        print("\n".join(lines), flush=True)
    print(sorted(total.items()))


if __name__ == "__main__":
    main()
