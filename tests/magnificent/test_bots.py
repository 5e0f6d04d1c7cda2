"""The greedy bot plays legal moves to the end and beats the random bot."""

from __future__ import annotations

from engine.core.bots import RandomBot
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.games.magnificent.bots import GreedyBot


def test_greedy_beats_random_over_seeds():
    wins = 0
    for seed in range(3):
        m = Match.new("magnificent", 2, None, seed=seed)
        play_to_end(m, {0: GreedyBot(seed), 1: RandomBot(seed)})
        res = m.result()
        wins += res.winners == [0]
    assert wins >= 2


def test_greedy_plays_solo_to_the_end():
    m = Match.new("magnificent-solo", 1, None, seed=4)
    play_to_end(m, {0: GreedyBot(4)})
    assert m.result() is not None
