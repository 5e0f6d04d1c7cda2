"""Speed figures: whole random games per second, and where a decision's time goes.

Printed, never asserted: the machine and its load decide the numbers.
"""

from __future__ import annotations

import time
from typing import Any

from engine.core import registry
from engine.core.bots import RandomBot, bot_seed
from engine.core.match import Match
from engine.core.play import play_to_end


def run(game_id: str, seconds: float, players: int | None = None,
        options: dict[str, Any] | None = None) -> dict[str, Any]:
    cls = registry.get(game_id)
    players = players or cls.max_players
    matches: list[Match] = []
    decisions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds or not matches:
        seed = len(matches)
        match = Match.new(game_id, players, options, seed=seed)
        decisions += play_to_end(match, {s: RandomBot(bot_seed(seed, s)) for s in range(players)})
        matches.append(match)
    elapsed = time.perf_counter() - start

    # Re-time the recorded steps so enumeration and apply are measured apart.
    legal_time = apply_time = copy_time = 0.0
    legal_calls = legal_sizes = steps = 0
    for match in matches:
        game = match.game
        for state, step in zip(match.states, match.steps):
            if game.to_act(state).kind == "players":
                t = time.perf_counter()
                legal = game.legal_actions(state, step.seat)
                legal_time += time.perf_counter() - t
                legal_calls += 1
                legal_sizes += len(legal)
            t = time.perf_counter()
            game.apply(state, step.seat, step.action)
            apply_time += time.perf_counter() - t
            t = time.perf_counter()
            game.copy(state)
            copy_time += time.perf_counter() - t
            steps += 1
    return {
        "game": game_id,
        "players": players,
        "options": matches[0].game.options,
        "games": len(matches),
        "games_per_second": round(len(matches) / elapsed, 2),
        "decisions_per_game": round(decisions / len(matches), 1),
        "steps_per_game": round(steps / len(matches), 1),
        "legal_actions_us": round(legal_time / max(legal_calls, 1) * 1e6, 1),
        "legal_actions_mean_count": round(legal_sizes / max(legal_calls, 1), 1),
        "apply_us": round(apply_time / max(steps, 1) * 1e6, 1),
        "state_copy_us": round(copy_time / max(steps, 1) * 1e6, 1),
        "state_bytes": len(matches[-1].game.encode_state(matches[-1].state)),
    }
