"""Speed figures: whole random games per second, and where a decision's time goes.

Printed, never asserted: the machine and its load decide the numbers. ``games_per_second``
is wall time; ``cpu_games_per_second`` counts only this process's CPU time, so it moves less
when the machine is shared. Under Pyodide there is no such clock (Emscripten's
``time.process_time`` counts the wall time, sleeps and other processes' turns included), so
the field is None there: the page's bench times ``play`` with the browser's own count of its
main thread's CPU time instead (e2e/test_speed.py).
"""

from __future__ import annotations

import sys
import time
from typing import Any

from engine.core import registry
from engine.core.bots import RandomBot, bot_seed
from engine.core.copier import copy_state
from engine.core.match import Match
from engine.core.play import play_to_end

_NO_CPU_CLOCK = sys.platform == "emscripten"


def run(
    game_id: str, seconds: float, players: int | None = None, options: dict[str, Any] | None = None
) -> dict[str, Any]:
    cls = registry.get(game_id)
    players = players or cls.seating.most
    games = decisions = 0
    elapsed = cpu = 0.0
    timing = _Timing()
    last: Match | None = None
    # Only playing counts towards ``seconds``. Each match is re-timed and dropped as soon as it
    # ends: keeping every finished match's history alive (tens of thousands of states) made the
    # cyclic GC rescan them all again and again, and the figure measured the bench's own
    # memory rather than the engine (about a third of the time for Trickerion).
    while elapsed < seconds or not games:
        start, start_cpu = time.perf_counter(), time.process_time()
        match, played = _random_game(game_id, players, options, seed=games)
        decisions += played
        elapsed += time.perf_counter() - start
        cpu += time.process_time() - start_cpu
        games += 1
        timing.add(match)
        last = match
    assert last is not None
    steps = max(timing.steps, 1)
    return {
        "game": game_id,
        "players": players,
        "options": last.game.options,
        "games": games,
        "games_per_second": round(games / elapsed, 2),
        "cpu_games_per_second": None if _NO_CPU_CLOCK else round(games / max(cpu, 1e-9), 2),
        "decisions_per_game": round(decisions / games, 1),
        "steps_per_game": round(timing.steps / games, 1),
        "legal_actions_us": round(timing.legal / max(timing.legal_calls, 1) * 1e6, 1),
        "legal_actions_mean_count": round(timing.legal_sizes / max(timing.legal_calls, 1), 1),
        "apply_us": round(timing.apply / steps * 1e6, 1),
        "state_copy_us": round(timing.copy / steps * 1e6, 1),
        "state_bytes": len(last.game.codec.encode_state(last.state)),
    }


def play(
    game_id: str, games: int, players: int | None = None, options: dict[str, Any] | None = None
) -> int:
    """The first ``games`` of ``run``'s games (the same seeds), played and nothing else, for a
    clock outside the process to time; returns the decisions made."""
    players = players or registry.get(game_id).seating.most
    return sum(_random_game(game_id, players, options, seed)[1] for seed in range(games))


def _random_game(
    game_id: str, players: int, options: dict[str, Any] | None, seed: int
) -> tuple[Match, int]:
    match = Match.new(game_id, players, options, seed=seed)
    return match, play_to_end(match, {s: RandomBot(bot_seed(seed, s)) for s in range(players)})


class _Timing:
    """Re-times a finished match's recorded steps so enumeration and apply are measured apart."""

    def __init__(self) -> None:
        self.legal = self.apply = self.copy = 0.0
        self.legal_calls = self.legal_sizes = self.steps = 0

    def add(self, match: Match) -> None:
        game = match.game
        clock = time.perf_counter
        for state, step in zip(match.states, match.steps):
            legal = None
            if game.to_act(state).kind == "players":
                t = clock()
                legal = game.legal_actions(state, step.seat)
                self.legal += clock() - t
                self.legal_calls += 1
                self.legal_sizes += len(legal)
            t = clock()
            game.apply(state, step.seat, step.action, legal)  # as Match.act, after listing
            self.apply += clock() - t
            t = clock()
            copy_state(state)
            self.copy += clock() - t
            self.steps += 1
