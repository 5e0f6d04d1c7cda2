"""The greedy bot against Dahlgaard's Successor: what a move hands the Successor counts
against it (bots.SUCCESSOR; docs/bots.md, "Issue #30, session 18")."""

from __future__ import annotations

import pytest

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion import actions as A
from engine.games.trickerion import bots
from engine.games.trickerion.state import PendingPerform


def _round_5_show() -> tuple[Match, bots.GreedyBot]:
    """The solo golden's game (seed 3, low) up to its show of round 5 (step 226)."""
    match = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=3)
    bot = bots.GreedyBot(bot_seed(3, 0))
    while len(match.steps) < 226:
        if match.auto_step() is None:
            match.act(0, bot.choose(match.game, match.state, 0, match.legal(0)))
    return match, bot


def _successor_markers(match: Match, card: int) -> int:
    return sum(1 for m in match.state.row[card].m if m >= 0 and m // 4 == 1)


def test_the_show_that_pays_the_successor_less_is_performed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match, bot = _round_5_show()
    s = match.state
    assert isinstance(s.pending[-1], PendingPerform) and s.pending[-1].seat == 0
    legal = match.legal(0)
    assert legal == [A.Perform(0), A.Perform(1), A.Perform(2)]
    # Card 2 holds three of the Successor's markers; card 1 holds none of them.
    assert (_successor_markers(match, 0), _successor_markers(match, 1)) == (0, 3)
    assert bot.choose(match.game, s, 0, legal) == A.Perform(0)
    # Its own position alone prefers card 2.
    monkeypatch.setattr(bots, "SUCCESSOR", 0.0)
    assert bot.choose(match.game, s, 0, legal) == A.Perform(1)


def test_the_successor_is_worth_its_fame_coins_at_the_safe_rate_and_shards() -> None:
    match, _ = _round_5_show()
    s = match.state
    p = s.players[1]
    # low: its safe turns 10 coins into 2 fame
    assert match.game.rules.automaton_worth(s) == pytest.approx(p.fame + 0.2 * p.coins + p.shards)
