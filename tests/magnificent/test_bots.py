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


def test_profile_splits_the_score_by_source_and_by_round():
    """The profile's VP by source and by round each add up to the final score (R90's total):
    every VP the engine gives goes through a ``mag.vp`` event."""
    from engine.games.magnificent.profile import profile

    for seed, players in ((5, 1), (6, 2)):
        game = "magnificent-solo" if players == 1 else "magnificent"
        m = Match.new(game, players, None, seed=seed)
        play_to_end(m, {s: RandomBot(seed + s) for s in range(players)})
        rows = profile(m.state, [e for step in m.events for e in step])
        scores = m.result().scores
        for seat, row in enumerate(rows):
            by_source = sum(
                v
                for k, v in row.items()
                if k.startswith("vp.") and "round" not in k and k != "vp.end"
            )
            by_round = sum(v for k, v in row.items() if k.startswith("vp.round")) + row.get(
                "vp.end", 0
            )
            assert row["vp"] == by_source == by_round == scores[seat]
            assert row["performs"] >= 0 and row["posters_rewarded"] <= 4 * row["performs"]
        if players == 1:  # R92: each solo discard for a die counted (its event names no seat)
            discards = sum(1 for step in m.events for e in step if e.code == "mag.solo_die")
            assert discards > 0 and rows[0]["solo_dice"] == discards


def test_greedy_never_reads_the_hidden_future():
    """A seat does not see the poster deck's order or the dice still to be thrown: two
    positions differing only there get the same decision (before, a poster drawn from the
    deck or a die thrown for a solo discard was valued on the real state)."""
    from engine.core.rng import Rng

    m = Match.new("magnificent-solo", 1, None, seed=11)
    bot = RandomBot(11)
    checked = 0
    while not m.terminal and checked < 12:
        if m.auto_step() is not None:
            continue
        legal = m.legal(0)
        if len(legal) > 1 and m.state.phase == "turn":
            other = m.game.copy(m.state)
            other.poster_deck = tuple(reversed(other.poster_deck))
            other.rng = Rng(state=12345, draws=other.rng.draws)
            mine = GreedyBot(checked).choose(m.game, m.state, 0, legal)
            assert GreedyBot(checked).choose(m.game, other, 0, legal) == mine
            checked += 1
        m.act(0, bot.choose(m.game, m.state, 0, legal))
    assert checked == 12
