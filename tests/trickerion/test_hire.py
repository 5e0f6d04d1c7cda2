"""The early hire (``engine/games/trickerion/hire.py``; docs/bots.md, "Issue #30, session 20"
and "session 23"): one more apprentice in rounds 1-2 while the purse pays this round's wages
and the next round's, the hire's from the next."""

from __future__ import annotations

import pytest

from engine.core.bots import bot_seed
from engine.core.copier import copy_state
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion import bots, hire
from engine.games.trickerion.common import advertise_cost

from .helpers import position


def test_the_bot_hires_in_round_1_when_the_purse_pays_the_wages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 5, round 1: a body Downtown with an apprentice on an Inn die and 13 coins.
    match, bot = position("solo-5-step18-round1-place")
    g, s = match.game, match.state
    legal = match.legal(0)
    assert s.round == 1 and s.players[0].coins == 13
    assert hire.wanted(g, s, 0) and hire.paid(g, s, 0)
    assert bot.choose(g, s, 0, legal) == A.HireCharacter("apprentice", 3)
    # Two rounds of wages (the apprentice's 1 and the Assistant's 2; the Magician and an
    # apprentice on the Assistant board are paid none), the hire's 1 for the next round only
    # (it joins at Return Characters, after this round's wages), and the 4 coins of props its
    # tricks lack: 11 coins hire, where two rounds of the hire's wage asked 12.
    exact = copy_state(s)
    change_at(exact.players, 0, coins=11)
    assert hire.paid(g, exact, 0)
    assert bot.choose(g, exact, 0, g.legal_actions(exact, 0)) == A.HireCharacter("apprentice", 3)
    # A coin short: no hire.
    poor = copy_state(s)
    change_at(poor.players, 0, coins=10)
    assert not hire.paid(g, poor, 0)
    assert not isinstance(bot.choose(g, poor, 0, g.legal_actions(poor, 0)), A.HireCharacter)
    # Priced by the one-step value alone (the rule before), the second trick comes first.
    monkeypatch.setattr(hire, "worth", lambda *args: 0.0)
    assert isinstance(bot.choose(g, s, 0, legal), A.LearnTrick)


def test_the_poster_waits_when_it_would_leave_the_early_hire_unpaid() -> None:
    # 2-player greedy self-play, seed 10002, round 1: the second seat is last in turn order (14
    # coins), an apprentice shows on an Inn die, and its Window to the Otherworld lacks 5 coins
    # of props: the hire asks 12 (two rounds of the apprentice's and the Assistant's wages, the
    # hire's for the next), and the poster costs 3.
    match, _ = position("2p-10002-round1-advertise")
    g, s, bot = match.game, match.state, bots.GreedyBot(bot_seed(10002, 1))
    legal = match.legal(1)
    assert s.round == 1 and s.players[1].coins == 14 and advertise_cost(g.rules, s, 1) == 3
    assert hire.first_visit(g, s, 1) and hire.ask(g, s, 1) == 12
    assert bot.choose(g, s, 1, legal) == A.Advertise(False)
    # A coin more, and the purse pays both: the poster.
    rich = copy_state(s)
    change_at(rich.players, 1, coins=15)
    assert bot.choose(g, rich, 1, legal) == A.Advertise(True)
