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
