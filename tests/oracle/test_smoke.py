"""The game registers and a random practice game ends."""

from engine.core import registry
from engine.core.bots import RandomBot, bot_seed
from engine.core.match import Match
from engine.core.play import play_to_end


def test_registered_and_random_game_ends():
    assert registry.get("oracle").id == "oracle"
    m = Match.new("oracle", 1, {}, seed=1)
    play_to_end(m, {0: RandomBot(bot_seed(1, 0))})
    assert m.result() is not None


def test_greedy_bot_finishes_and_beats_random_on_average():
    from engine.core.bots import make_bot

    totals = {}
    for kind in ("random", "greedy"):
        scores = []
        for seed in range(12):
            m = Match.new("oracle", 1, {}, seed=seed)
            play_to_end(m, {0: make_bot(m.game, kind, bot_seed(seed, 0))})
            scores.append(m.result().scores[0])
        totals[kind] = sum(scores)
    assert totals["greedy"] > totals["random"]
