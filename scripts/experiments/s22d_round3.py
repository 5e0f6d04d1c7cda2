"""The Magnificent solo, round 3 traced (issue #30, session 22): at each of the game's last
round's action choices, the posters that could be rewarded alone and in pairs, the turn's power,
the last turn's reach (the round colour's dice on the cards and its gems), the seat's hats, the
action taken, and the gems spent for power at each turn's Build or Travel; at the game's end the
ready posters left. One JSON line per game.

PYTHONPATH=. python3 scripts/experiments/s22d_round3.py SEED N [--sum FILE]
"""

from __future__ import annotations

import json
import sys
from collections import Counter

from engine.core.bots import bot_for, bot_seed
from engine.core.match import Match
from engine.core.play import decisions
from engine.games.magnificent import actions as A
from engine.games.magnificent import common, perform, plan
from engine.games.magnificent.turn import ap


def trace(seed: int) -> dict[str, object]:
    match = Match.new("magnificent-solo", 1, {}, seed=seed)
    bot = bot_for(match.game, "greedy", bot_seed(seed, 0), None)
    r = match.game.rules
    turns: list[dict[str, object]] = []
    spent: Counter[str] = Counter()
    for _, legal in decisions(match):
        s = match.state
        p = s.players[0]
        a = bot.choose(match.game, s, 0, legal)
        if s.round == 3 and isinstance(a, A.SpendGem):
            spent[f"{p.turns}:{s.turn.stage}"] += 1
        if s.round == 3 and isinstance(a, A.Choose):
            opts = perform.rewardable(r, s, 0, 3, False)
            colour = plan.main_colour(p)
            turns.append(
                {
                    "turn": p.turns,
                    "act": a.action,
                    "ap": ap(s),
                    "colour": s.turn.colour,
                    "main": colour,
                    "stack": common.dice_sums(p)[colour] if colour else 0,
                    "gems": dict(p.gems),
                    "hats": [r.track[h].ap if h >= 0 else None for h in p.hats],
                    "singles": sum(1 for c, _ in opts if len(c) == 1),
                    "pairs": sum(1 for c, _ in opts if len(c) == 2),
                    "triples": sum(1 for c, _ in opts if len(c) == 3),
                    "plan": plan.performance(r, s, 0),
                }
            )
        if s.round == 3 and isinstance(a, A.Hat):
            turns[-1]["hat"] = r.track[a.space].ap
        if s.round == 3 and isinstance(a, A.Reward):
            turns[-1]["rewarded"] = len(a.slots)
        match.act(0, a)
    s = match.state
    p = s.players[0]
    left = [
        i for i, x in enumerate(p.posters) if x is not None and perform.eligible(r, s, 0, (i,), "")
    ]
    return {
        "seed": seed,
        "score": p.vp,
        "round3": turns,
        "spent": dict(spent),
        "ready_left": len(left),
        "ready_left_vp": sum(plan.poster_needs(r, p, i)[3] for i in left),
    }


def summary(path: str) -> None:
    games = [json.loads(line) for line in open(path)]
    n = len(games)
    left = sum(g["ready_left"] for g in games)
    with_left = sum(1 for g in games if g["ready_left"])
    pair_seen = sum(1 for g in games if any(t["pairs"] for t in g["round3"]))
    last_pair = sum(1 for g in games if any(t["pairs"] and t["turn"] == 3 for t in g["round3"]))
    two = sum(1 for g in games for t in g["round3"] if t.get("rewarded", 0) >= 2)
    print(
        f"{n} games: ready left {left / n:.2f} a game in {with_left}; a pair seen in round 3 in {pair_seen}, on its last turn in {last_pair}; round-3 Performs of two or more {two}"
    )
    gems = Counter()
    for g in games:
        gems.update(g["spent"])
    print("gems spent in round 3 by turn:stage", dict(sorted(gems.items())))


if __name__ == "__main__":
    if sys.argv[1] == "--sum":
        summary(sys.argv[2])
    else:
        first, n = int(sys.argv[1]), int(sys.argv[2])
        for seed in range(first, first + n):
            print(json.dumps(trace(seed)), flush=True)
