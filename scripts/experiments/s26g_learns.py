"""Issue #30, session 26 (s26g): greedy's learns traced against the level-3 tricks of its school.

Solo at low, greedy untimed as seat 0. Per game: the magician's school and the starting trick;
at each Learn Trick, the trick (level, school), the round, and for the level-3 tricks of the
seat's school the fewest prop types still lacking once the learned trick's props are held too
(the tokens a trick asks are never spent, so a shared type is one fewer to buy later). At the
end, the tricks owned and whether each is equipped. The last lines tally them.

    PYTHONPATH=. MARQUEE_UNTIMED_BOTS=1 python3 scripts/experiments/s26g_learns.py SEED COUNT

docs/bots.md, "Issue #30, session 26: the tricks greedy learns chosen for a level-3 trick's
props".
"""

from __future__ import annotations

import sys
from collections import Counter

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import effective, has_components
from engine.games.trickerion.state import Player


def fewest_lacking(cat: Catalog, p: Player, extra: dict[str, int]) -> tuple[int, str]:
    """The level-3 trick of the seat's school lacking the fewest prop types, and that count."""
    best = (99, "")
    for tid, t in cat.tricks.items():
        if cat.trick_level[tid] != 3 or t.school != p.school:
            continue
        types = sum(1 for k, n in t.components.items() if max(effective(p, k), extra.get(k, 0)) < n)
        best = min(best, (types, tid))
    return best


def trace(seed: int, tally: Counter) -> list[str]:
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    g = m.game
    cat = g.cat
    lines = []
    while not m.terminal:
        s = m.state
        if m.auto_step() is None:
            a = bot.choose(g, s, 0, m.legal(0))
            p = s.players[0]
            if isinstance(a, A.ChooseTrick):
                tally[f"start {p.school} {a.trick}"] += 1
            if isinstance(a, A.LearnTrick):
                before = fewest_lacking(cat, p, {})
                after = fewest_lacking(cat, p, cat.tricks[a.trick].components)
                level = cat.trick_level[a.trick]
                own = cat.tricks[a.trick].school == p.school
                tally[f"learn level {level}"] += 1
                tally[f"learn round {s.round}"] += 1
                tally[f"learn own school {own}"] += 1
                tally[f"learn {a.trick}"] += 1
                tally[f"learn: level-3 types lacking {before[0]} -> {after[0]}"] += 1
                lines.append(
                    f"  r{s.round} learns {a.trick} (level {level}) fame {p.fame} coins {p.coins}: "
                    f"{before[1]} lacks {before[0]} types, {after[1]} {after[0]} after"
                )
            m.act(0, a)
    p = m.state.players[0]
    for t in p.tricks:
        tally[f"end level {cat.trick_level[t.id]} equipped {has_components(cat, p, t.id)}"] += 1
    lines.insert(0, f"{seed} fame {p.fame} tricks {[t.id for t in p.tricks]}")
    return lines


def main() -> None:
    first, count = int(sys.argv[1]), int(sys.argv[2])
    tally: Counter = Counter()
    for seed in range(first, first + count):
        print("\n".join(trace(seed, tally)), flush=True)
    for key, n in sorted(tally.items()):
        print(f"{key}: {n}")


if __name__ == "__main__":
    main()
