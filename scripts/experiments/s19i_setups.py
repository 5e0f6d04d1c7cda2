"""Issue #30, session 19: where the greedy bot's markers go, solo at low: prepares, set-ups,
who goes to the Theater, and the markers still on its trick cards at each round's start.

    PYTHONPATH=. python3 scripts/experiments/s19i_setups.py KNOBS SEED GAMES

Copied into a checkout without ``plan.py`` (main's), KNOBS must be ``{}``.
"""

import importlib
import json
import sys
from collections import Counter

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion.bots import GreedyBot

knobs = json.loads(sys.argv[1])
if knobs:
    plan = importlib.import_module("engine.games.trickerion.plan")
    for key, value in knobs.items():
        assert hasattr(plan, key), key
        setattr(plan, key, value)
first, games = int(sys.argv[2]), int(sys.argv[3])
total: Counter[str] = Counter()
for seed in range(first, first + games):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    seen = 0
    while True:
        s = m.state
        if s.round != seen:
            seen = s.round
            tricks = s.players[0].tricks
            total["waiting at a round's start"] += sum(t.markers for t in tricks)
            total["  of level 2+"] += sum(
                t.markers for t in tricks if m.game.cat.trick_level[t.id] >= 2
            )
        to = m.to_act()
        if to.kind == "terminal":
            break
        if to.kind != "players":
            m.auto_step(to)
            continue
        seat = to.seats[0]
        action = bot.choose(m.game, s, seat, m.legal(seat, to))
        name = type(action).__name__
        if seat == 0 and name in ("Prepare", "SetUpTrick", "PlaceCharacter"):
            total[name] += 1
            if name == "PlaceCharacter" and action.location == "theater":
                total["  theater: " + s.players[0].chars[action.character].kind] += 1
        m.act(seat, action)
for key, n in sorted(total.items()):
    print(f"{key:28s} {n / games:.2f}")
