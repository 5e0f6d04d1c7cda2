"""Trickerion's greedy bot once the tricks are owned: the "gift" of why-bots-lose.md §5.

``python3 scripts/trickerion_gift.py SEED GAMES [--each FILE]`` plays greedy solo games against
Dahlgaard's Successor at low from SEED, and hands the bot an equipped trick at the Advertise
phase of round 2 (Shattered Mirror: level 2, prepare AP 2) and of round 4 (Metamorphosis: level
3, prepare AP 3), with their props. It measures the execution (who staffs the Workshop, the
Enhance, the set-ups, the Theater day) apart from the acquisition: the bot's own play never
reaches such tricks early. It prints the mean and 95% interval (normal approximation) of each
profile figure (``engine/games/trickerion/profile.py``), with the Successor's fame and the
margin. A game whose handed props break a stack limit later (a Buy refused) is left out and
counted. ``--each`` appends a JSON line per game. A benchmark: it asserts nothing.
"""

from __future__ import annotations

import json
import statistics
import sys
from typing import Any

from engine.core.bots import bot_seed
from engine.core.errors import IllegalAction
from engine.core.match import Match
from engine.games.trickerion.bots import GreedyBot
from engine.games.trickerion.common import free_symbol
from engine.games.trickerion.profile import profile
from engine.games.trickerion.state import State, Trick

GIFTS = {2: "t07_shattered_mirror", 4: "t24_metamorphosis"}


def give(m: Match, s: State, trick: str) -> None:
    """The trick in a free symbol of seat 0 and its props, as learned and equipped."""
    p = s.players[0]
    sym = free_symbol(p)
    if sym < 0 or any(t.id == trick for t in p.tricks):
        return
    p.tricks = (*p.tricks, Trick(trick, sym))
    props = dict(p.props)
    for prop, n in m.game.cat.tricks[trick].components.items():
        props[prop] = max(props.get(prop, 0), n)
    p.props = props


def play(seed: int, bot_class: Any = GreedyBot, gift: bool = True) -> dict[str, float]:
    """A solo game at low played by ``bot_class``, handed the tricks of GIFTS if ``gift``."""
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = bot_class(bot_seed(seed, 0))
    given: set[int] = set()
    while True:
        s = m.state
        if gift and s.phase == "advertise" and s.round in GIFTS and s.round not in given:
            given.add(s.round)
            give(m, s, GIFTS[s.round])
        to = m.to_act()
        if to.kind == "terminal":
            break
        if to.kind != "players":
            m.auto_step(to)
            continue
        seat = to.seats[0]
        m.act(seat, bot.choose(m.game, m.state, seat, m.legal(seat, to)))
    result = m.result()
    assert result is not None
    row = profile(m.state, [e for evs in m.events for e in evs])[0]
    return {**row, "successor": float(result.scores[1]), "margin": row["fame"] - result.scores[1]}


def main(argv: list[str]) -> None:
    seed, games = int(argv[0]), int(argv[1])
    each = open(argv[3], "a") if len(argv) > 3 and argv[2] == "--each" else None
    rows, refused = [], 0
    for k in range(games):
        try:
            row = play(seed + k)
        except IllegalAction:
            refused += 1
            continue
        rows.append(row)
        if each:
            print(json.dumps({"seed": seed + k, **row}), file=each, flush=True)
    print(f"{len(rows)} games from seed {seed} ({refused} left out: a handed prop over a limit)")
    for key in sorted({k for row in rows for k in row}):
        xs = [row.get(key, 0.0) for row in rows]
        half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else float("nan")
        print(f"{key:36} {statistics.fmean(xs):8.2f} ± {half:.2f}")
    print(f"wins {sum(row['margin'] >= 0 for row in rows)} of {len(rows)}")


if __name__ == "__main__":
    main(sys.argv[1:])
