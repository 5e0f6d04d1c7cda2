"""How long a bot level thinks, natively: its decisions and its turns, over seeded games.

    python3 scripts/bot_times.py --game magnificent --players 2 --bot hard,greedy --games 3

Seat 0 plays the first listed bot, and so on (one kind: every seat). Each decision of a timed
seat (every seat whose kind is a lobby level) is timed in CPU seconds of this process, as the
budgets count them natively (``engine.core.rollout.clock``); a turn is a seat's decisions one
after the other, none of another seat's between. Prints one JSON object: per level, the
decisions' and turns' count, p50, p95 and max, and the games' scores by seat (None for a
game cut at ``--stop`` timed decisions, its figures kept). ``--each``
appends a line per game as it ends. The engine imported is the one on ``PYTHONPATH`` (another
tree's, for a before/after run of the same script).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from typing import Any

from engine.core.bots import bot_for, bot_seed
from engine.core.levels import NAMES
from engine.core.match import Match


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary(values: list[float]) -> dict[str, float]:
    return {
        "n": len(values),
        "p50": round(quantile(values, 0.5), 3),
        "p95": round(quantile(values, 0.95), 3),
        "max": round(max(values), 3),
    }


def play(game_id: str, players: int, seed: int, kinds: list[str], stop: int) -> dict[str, Any]:
    match = Match.new(game_id, players, seed=seed)
    bots = {s: bot_for(match.game, kinds[s], bot_seed(seed, s)) for s in range(players)}
    decisions: dict[int, list[float]] = {s: [] for s in range(players)}
    turns: dict[int, list[float]] = {s: [] for s in range(players)}
    last = None
    timed = {s for s, k in enumerate(kinds) if k.partition(":")[0] in NAMES}
    while sum(len(decisions[s]) for s in timed) < stop:
        to = match.to_act()
        if to.kind == "terminal":
            break
        if match.auto_step(to) is not None:
            continue
        seat = to.seats[0]
        legal = match.legal(seat, to)
        start = time.process_time()
        action = bots[seat].choose(match.game, match.state, seat, legal)
        spent = time.process_time() - start
        match.act(seat, action)
        decisions[seat].append(spent)
        if seat == last:
            turns[seat][-1] += spent
        else:
            turns[seat].append(spent)
        last = seat
    result = match.result()
    scores = list(result.scores) if result is not None else None  # (None: stopped early)
    return {"seed": seed, "scores": scores, "decisions": decisions, "turns": turns}


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--bot", required=True)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--games", type=int, default=3)
    p.add_argument("--each")
    p.add_argument("--stop", type=int, default=10**9, help="decisions timed per game at most")
    args = p.parse_args()
    kinds = args.bot.split(",")
    kinds = kinds * args.players if len(kinds) == 1 else kinds
    timed = {s for s, k in enumerate(kinds) if k.partition(":")[0] in NAMES}
    decisions: dict[str, list[float]] = {}
    turns: dict[str, list[float]] = {}
    scores = []
    for g in range(args.games):
        out = play(args.game, args.players, args.seed + g, kinds, args.stop)
        scores.append(out["scores"])
        for s in timed:
            decisions.setdefault(kinds[s], []).extend(out["decisions"][s])
            turns.setdefault(kinds[s], []).extend(out["turns"][s])
        if args.each:
            with open(args.each, "a") as f:
                f.write(json.dumps(out) + "\n")
    report = {
        "game": args.game,
        "players": args.players,
        "bots": kinds,
        "seeds": [args.seed, args.seed + args.games - 1],
        "decision_cpu_s": {k: summary(v) for k, v in decisions.items()},
        "turn_cpu_s": {k: summary(v) for k, v in turns.items()},
        "scores": scores,
    }
    print(json.dumps(report))
    return 0


if __name__ == "__main__":
    sys.exit(main())
