"""Issue #30, session 21: where greedy's coins come from and go, solo at low: coins gained by
their ``why`` and paid by theirs (wages included), Take Coins by round, and the purse as each round's Advertise
phase begins; a game's mean.

    python3 scripts/experiments/s21i_purse.py SEED GAMES [BOTS_PY]

BOTS_PY: another checkout's ``engine/games/trickerion/bots.py`` to play instead of this tree's.
"""

import importlib.util
import sys
from collections import Counter

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion.bots import GreedyBot

first, games = int(sys.argv[1]), int(sys.argv[2])
if len(sys.argv) > 3:
    spec = importlib.util.spec_from_file_location("other_trickerion_bots", sys.argv[3])
    assert spec is not None and spec.loader is not None
    other = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(other)
    GreedyBot = other.GreedyBot
gained: Counter[str] = Counter()
paid: Counter[str] = Counter()
purse: Counter[int] = Counter()
taken: Counter[int] = Counter()
for seed in range(first, first + games):
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed)
    bot = GreedyBot(bot_seed(seed, 0))
    rounds: set[int] = set()
    while (to := m.to_act()).kind != "terminal":
        s = m.state
        if s.phase == "advertise" and s.round not in rounds:
            rounds.add(s.round)
            purse[s.round] += s.players[0].coins
        if to.kind != "players":
            m.auto_step(to)
        else:
            m.act(0, bot.choose(m.game, s, 0, m.legal(0, to)))
    purse[8] += m.state.players[0].coins
    round_ = 1
    for e in (e for evs in m.events for e in evs):
        if e.code == "trickerion.end_of_round":
            round_ += 1
        if e.params.get("seat") != 0:
            continue
        if e.code == "trickerion.gain" and e.params.get("coins"):
            gained[e.params["why"]] += e.params["coins"]
            if e.params["why"] == "take_coins":
                taken[round_] += e.params["coins"]
        elif e.code == "trickerion.pay" and e.params.get("coins"):
            paid[e.params["why"]] += e.params["coins"]
        elif e.code == "trickerion.wages":
            paid["wages"] += e.params["paid"]
print(f"{games} games from seed {first}, a game's mean")
print("gained:", {k: round(v / games, 1) for k, v in gained.most_common()})
print("paid:", {k: round(v / games, 1) for k, v in paid.most_common()})
print("Take Coins by round:", {r: round(taken[r] / games, 1) for r in sorted(taken)})
print("purse by round (8: the end):", {r: round(purse[r] / games, 1) for r in sorted(purse)})
