"""The greedy bot's engine plan (``plan.py``; docs/bots.md, "Issue #30, session 19"): a
level-2 target of its school, its props bought, then a specialist sent Downtown first to learn
it with the 3 AP the learn costs."""

from __future__ import annotations

from engine.core.bots import bot_seed
from engine.core.match import Match
from engine.games.trickerion import actions as A
from engine.games.trickerion import bots, plan


def _play(match: Match, bot: bots.GreedyBot, steps: int) -> None:
    while len(match.steps) < steps:
        if match.auto_step() is None:
            match.act(0, bot.choose(match.game, match.state, 0, match.legal(0)))


def test_the_equipped_target_is_learnt_by_a_specialist_sent_downtown_first() -> None:
    # The solo golden's game (seed 3, low) at round 4's first assignment (step 132).
    match = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=3)
    bot = bots.GreedyBot(bot_seed(3, 0))
    _play(match, bot, 132)
    g, s = match.game, match.state
    assert (s.round, s.phase) == (4, "assign")
    p = s.players[0]
    assert plan.target(g, s, 0) == "t29_prison_break"
    assert [t.id for t in p.tricks] == ["t28_water_tank_escape"]
    assert plan.learn_ready(g, s, 0)  # its props held, the fame short within the purse
    assert bot._wanted(g, s, 0)[0] == plan.LEARN
    # the Assistant (2 AP, +1 on three Downtown slots), not the Magician on its stage
    first = bot.choose(g, s, 0, match.legal(0))
    assert first == A.Assign(2, "downtown") and p.chars[2].kind == "assistant"
    while s.round == 4:
        if match.auto_step() is None:
            legal = match.legal(0)
            action = bot.choose(g, s, 0, legal)
            if isinstance(action, A.LearnTrick):
                assert action.trick == "t29_prison_break" and s.act is not None
                assert p.chars[s.act.char].kind == "assistant"
            match.act(0, action)
        s = match.state
        p = s.players[0]
    assert "t29_prison_break" in [t.id for t in p.tricks]
    # owned, it is no longer the target: the next is a level above, or none is worth it
    after = plan.target(g, s, 0)
    assert after == "" or g.cat.trick_level[after] == 3
