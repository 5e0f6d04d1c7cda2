"""Greedy's draw among many legal moves (``GreedyBot._scored``, ``MAX_CANDIDATES``): above the
cap it scores a random few, but never leaves out a Buy or a Learn Trick. Downtown's learns made
it some 80 moves, and the draw left out Take Coins or the learn wanted; with the learns kept the
rest fit under the cap (docs/bots.md, "Issue #30, session 26")."""

from __future__ import annotations

from seated import Seated

from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import MAX_CANDIDATES, GreedyBot

from .helpers import placing, started


def _at_downtown():
    """Seat 0's Magician Downtown with 3 AP, the fame and coins to learn any trick its dice
    allow."""
    g, s = started(2, seed=9)
    s = placing(g, s, 0, 0, "downtown", 3)
    p = Seated(s, 0)
    p.fame, p.coins = 40, 30
    return g, s


def test_downtown_offers_more_moves_than_the_draw_scores():
    g, s = _at_downtown()
    legal = g.legal_actions(s, 0)
    assert len(legal) > MAX_CANDIDATES
    assert sum(isinstance(a, A.LearnTrick) for a in legal) > MAX_CANDIDATES // 2


def test_every_learn_and_every_take_coins_is_scored_whatever_the_draw():
    g, s = _at_downtown()
    legal = g.legal_actions(s, 0)
    wanted = {a for a in legal if isinstance(a, (A.LearnTrick, A.TakeCoins, A.HireCharacter))}
    assert any(isinstance(a, A.TakeCoins) for a in wanted)
    for seed in range(8):
        scored = set(GreedyBot(seed)._scored(g, s, 0, legal))
        assert wanted <= scored, f"bot seed {seed} left out {wanted - scored}"
