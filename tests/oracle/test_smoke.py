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
