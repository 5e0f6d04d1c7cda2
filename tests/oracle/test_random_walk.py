"""Random-walk properties: 2,000 seeded practice sessions with the generic random bot, with the
sheet's invariants checked after every step (issue 5, "Tests and figures")."""

from __future__ import annotations

import time

import pytest

from engine.core import CHANCE
from engine.core.bots import RandomBot, bot_seed

from .helpers import action_hours, check_invariants, game

SESSIONS = 2000


def play(g, seed: int, check: bool = True) -> tuple[object, int]:
    bot = RandomBot(bot_seed(seed, 0))
    s = g.initial_state(seed)
    hours = 0
    steps = 0
    while True:
        to = g.to_act(s)
        if to.kind == "terminal":
            break
        if to.kind == "chance":
            s, _ = g.apply(s, CHANCE, g.chance_action(s))
        else:
            legal = g.legal_actions(s, 0)
            assert legal, "the player must always have a legal action"
            action = bot.choose(g, s, 0, legal)
            hours += action_hours(g, action)
            s, _ = g.apply(s, 0, action)
        steps += 1
        if check:
            check_invariants(g, s)
            assert s.hours_spent == hours
        assert steps < 5000
    return s, steps


@pytest.mark.slow
def test_two_thousand_practice_sessions_keep_the_sheet_valid():
    g = game("practice")
    start = time.perf_counter()
    total_steps = 0
    scores = []
    for seed in range(SESSIONS):
        s, steps = play(g, seed)
        total_steps += steps
        result = g.result(s)
        assert result is not None and s.day == g.rules.practice.days
        assert s.hours_spent == g.rules.practice.days * g.rules.practice.hours_per_day
        scores.append(result.scores[0])
    elapsed = time.perf_counter() - start
    print(
        f"\n{SESSIONS} sessions, {total_steps} steps in {elapsed:.1f}s "
        f"({SESSIONS / elapsed:.0f} sessions/s); mean score {sum(scores) / len(scores):.1f}"
    )
