"""How long a bot level thinks, natively: its decisions and its turns, over seeded games.

    python3 scripts/bot_times.py --game magnificent --players 2 --bot hard,greedy --games 3

Seat 0 plays the first listed bot, and so on (one kind: every seat). Each decision of a timed
seat (every seat whose kind is a lobby level) is timed in CPU seconds of this process, as the
budgets count them natively (``engine.core.rollout.clock``); a turn is a seat's decisions one
after the other, none of another seat's between (an automaton's included) and in one turn of
the game's (``Knowledge.turn``: a solo game's), as a level's budget a turn counts it
(``engine.core.levels.continues``). Prints one JSON object: per level, the
decisions' and turns' count, p50, p95 and max, and the games' scores by seat (None for a
game cut at ``--stop`` timed decisions, its figures kept). ``--each``
appends a line per game as it ends. The engine imported is the one on ``PYTHONPATH`` (another
tree's, for a before/after run of the same script).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from engine.core.bots import bot_for, bot_seed
from engine.core.levels import NAMES
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.rollout import clock

try:
    from engine.core.levels import continues, marked
except ImportError:  # an engine before session 24 (a before/after run): seats alone end a turn

    def marked(game: Any, state: Any, seat: int, action: Any) -> Any:
        return seat

    def continues(game: Any, last: Any, state: Any, seat: int) -> bool:
        return bool(last == seat)


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


class Stopped(Exception):
    """``--stop`` timed decisions reached: the game is cut there."""


class Seat:
    """One seat's bot as ``play_to_end`` calls it, timed by ``timer``."""

    def __init__(self, timer: Timer, seat: int) -> None:
        self.timer, self.seat = timer, seat

    def choose(self, game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        return self.timer.choose(seat, game, state, legal)


class Timer:
    """The game's bots, each decision timed (``clock``, as the budgets count it) and put in
    its seat's decisions and turns; after ``stop`` timed decisions it cuts the game."""

    def __init__(self, bots: dict[int, Any], timed: set[int], stop: int) -> None:
        self.bots, self.timed, self.stop = bots, timed, stop
        self.decisions: dict[int, list[float]] = {s: [] for s in bots}
        self.turns: dict[int, list[float]] = {s: [] for s in bots}
        self.last: Any = None

    def choose(self, seat: int, game: Any, state: Any, legal: list[Any]) -> Any:
        if sum(len(self.decisions[s]) for s in self.timed) >= self.stop:
            raise Stopped
        start = clock()
        action = self.bots[seat].choose(game, state, seat, legal)
        spent = clock() - start
        self.decisions[seat].append(spent)
        if self.last is not None and continues(game, self.last, state, seat):
            self.turns[seat][-1] += spent
        else:
            self.turns[seat].append(spent)
        self.last = marked(game, state, seat, action)
        return action


def play(
    game_id: str, players: int, seed: int, kinds: list[str], timed: set[int], stop: int
) -> dict[str, Any]:
    match = Match.new(game_id, players, seed=seed)
    bots = {s: bot_for(match.game, kinds[s], bot_seed(seed, s)) for s in range(players)}
    timer = Timer(bots, timed, stop)
    try:
        play_to_end(match, {s: Seat(timer, s) for s in range(players)})
        scores = list(match.result().scores)
    except Stopped:
        scores = None  # (stopped early)
    return {"seed": seed, "scores": scores, "decisions": timer.decisions, "turns": timer.turns}


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
        out = play(args.game, args.players, args.seed + g, kinds, timed, args.stop)
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
