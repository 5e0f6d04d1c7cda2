"""The practice profile: the score split by source adds up to the practice score."""

from __future__ import annotations

from engine.core.match import Match
from engine.core.play import play_to_end
from engine.games.oracle.bots import GreedyBot
from engine.games.oracle.profile import profile


def test_profile_splits_the_practice_score_by_source():
    m = Match.new("oracle", 1, None, seed=3)
    play_to_end(m, {0: GreedyBot(3)})
    [row] = profile(m.state, [e for step in m.events for e in step])
    parts = ("talisman", "tome", "guild_x", "guild_market", "corruption")
    assert row["pts"] == sum(row[f"pts.{k}"] for k in parts) == m.result().scores[0]
    made = sum(v for k, v in row.items() if k.startswith("goods.day"))
    assert made == row["goods.talisman"] + row["goods.tome"]
