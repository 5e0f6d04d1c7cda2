"""The search bot's knowledge of The Magnificent: determinizations keep what a seat sees and
vary what it cannot; placements are thinned; the levels play the game to the end."""

from __future__ import annotations

from engine.core.bots import RandomBot
from engine.core.copier import copy_state
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.rng import Rng
from engine.core.search import LEVELS, SearchBot, knowledge
from engine.games.magnificent import Magnificent, search
from engine.games.magnificent import actions as A
from engine.games.magnificent.bots import GreedyBot, value
from tests.core.test_search import _position
from tests.magnificent.helpers import ready, table


def _in_draft():
    g, s = table(3, seed=5, advanced=True)
    while s.phase != "draft":
        seat = g.to_act(s).seats[0]
        s, _ = g.apply(s, seat, g.legal_actions(s, seat)[0])
    s, _ = g.apply(s, 1, g.legal_actions(s, 1)[0])  # seat 1 has picked, hidden from seat 0
    return g, s


def test_determinize_keeps_the_view_and_varies_the_hidden():
    """Plan §3 hidden information: deck orders and other seats' draft hands and picks."""
    g, s = _in_draft()
    assert knowledge(g).determinize is search.determinize
    hands, decks = set(), set()
    for k in range(12):
        d = search.determinize(g, s, 0, Rng.from_seed(k))
        assert g.view(d, 0) == g.view(s, 0)
        assert d.players[0].draft == s.players[0].draft
        assert d.players[1].kept in d.players[1].draft
        assert sorted(d.master_deck + d.players[1].draft + d.players[2].draft) == sorted(
            s.master_deck + s.players[1].draft + s.players[2].draft
        )
        hands.add(tuple(d.players[1].draft))
        decks.add(tuple(d.poster_deck))
    assert len(hands) > 6 and len(decks) == 12
    assert g.view(s, 0) == g.view(copy_state(s), 0)


def test_candidates_thin_placements_only():
    g, s = ready(2, seed=3)
    seat = s.seat
    while True:  # play until a build offers placements
        legal = g.legal_actions(s, seat)
        places = [a for a in legal if isinstance(a, A.Place)]
        if len(places) > search.PLACEMENTS:
            break
        pick = next((a for a in legal if isinstance(a, (A.TakeDie,))), None)
        pick = pick or next((a for a in legal if a == A.Choose("build")), None)
        pick = pick or next((a for a in legal if isinstance(a, A.Level)), legal[0])
        s, _ = g.apply(s, seat, pick)
        seat = g.to_act(s).seats[0]
    thin = search.candidates(g, s, seat, legal)
    assert [a for a in thin if not isinstance(a, A.Place)] == [
        a for a in legal if not isinstance(a, A.Place)
    ]
    kept = [a for a in thin if isinstance(a, A.Place)]
    assert 0 < len(kept) <= search.PLACEMENTS * len({a.pending for a in places})
    assert set(kept) <= set(places)


def test_levels_are_the_games_bots_and_play_to_the_end():
    for level in LEVELS:
        assert level in Magnificent.bots.kinds
    m = Match.new("magnificent", 2, None, seed=7)
    play_to_end(m, {0: SearchBot(7, LEVELS["easy"]), 1: RandomBot(7)})
    assert m.result() is not None


def test_easy_level_plays_solo_to_the_end():
    m = Match.new("magnificent-solo", 1, None, seed=8)
    play_to_end(m, {0: SearchBot(8, LEVELS["easy"])})
    assert m.result() is not None


def _die_take(players: int, seed: int):
    """A seat's first die take of a greedy game: a decision that shapes its turn."""
    return _position(
        "magnificent",
        players,
        seed,
        0,
        want=lambda m, seat: any(isinstance(a, A.TakeDie) for a in m.legal(seat)),
    )


def test_a_timed_rank_plays_turns_best_first_until_its_deadline(monkeypatch):
    """Issue #32, session 25: at a decision that shapes the turn the greedy bot plays every
    move's turn to its end (112-288 of them at a 4-player die take, seconds in a busy page),
    which no budget stopped. Within a deadline the rank plays them in the order of their
    value two steps ahead until the clock passes it, and puts first the best turn played;
    with the deadline passed before any (a turn's budget spent) the best two steps ahead;
    untimed, the greedy bot's own choice as before. The clock here counts the turns played,
    so the test does not depend on the machine's speed."""
    match, seat, legal = _die_take(4, 3)
    g, s = match.game, match.state
    assert len(legal) > 50
    played_turns: list[A.TakeDie] = []
    turn_played = GreedyBot.turn_played

    def counted(self, game, state, seat_, action):
        played_turns.append(action)
        return turn_played(self, game, state, seat_, action)

    monkeypatch.setattr(GreedyBot, "turn_played", counted)
    monkeypatch.setattr(search, "clock", lambda: float(len(played_turns)))
    ranked = {}
    for deadline in (0.0, 5.0, 1e9):
        played_turns.clear()
        ranked[deadline] = search.rank(g, s, seat, legal, deadline=deadline)
        assert sorted(map(repr, ranked[deadline])) == sorted(map(repr, legal))
        assert len(played_turns) == min(deadline, len(legal))
        if deadline == 5.0:
            tried = played_turns[:]
    # the turns are tried in the order the rank lists them once its deadline has passed
    assert ranked[5.0][1:5] == [a for a in tried if a != ranked[5.0][0]][:4]
    assert ranked[0.0][0] == tried[0] and ranked[5.0][0] in tried
    # the best of the five turns played, each valued where it ends (on the bot's own world)
    bot = GreedyBot(0)
    world = search.determinize(g, s, seat, Rng.from_seed(bot.rng.next_u64()))
    worth = [value(g, bot.turn_played(g, world, seat, a), seat) for a in tried]
    assert worth.index(max(worth)) == tried.index(ranked[5.0][0])
    assert len(set(worth)) > 1  # (else the order of the turns tells nothing)
    played_turns.clear()
    untimed = search.rank(g, s, seat, legal)
    assert len(played_turns) == len(legal)  # every turn, whatever the clock
    assert untimed[0] == GreedyBot(0).choose(g, s, seat, legal)
