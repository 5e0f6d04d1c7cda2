"""What a hinted move is for (issue #34): the term of the greedy value the move raises most,
naming the poster or master card; nothing drawn from a hidden deck is told."""

from engine.core.i18n import render
from engine.games.magnificent import actions as A
from engine.games.magnificent.state import PendingPoster

from .helpers import act, cards, plain_cards, put_die, ready


def why(g, s, action, seat=None):
    return g.presenter(g).move_reason(s, action, s.seat if seat is None else seat)


def building(g, s):
    """EX-3's build (§9), the first fragment to place."""
    seat = s.seat
    s.players[seat].board = "IA"
    cards(s, seat, plain_cards(g))
    d = put_die(s, "green", 6)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s, _ = act(g, s, A.Choose("build"))
    level = next(a for a in g.legal_actions(s, seat) if isinstance(a, A.Level))
    s, _ = act(g, s, level)
    return s, [a for a in g.legal_actions(s, seat) if isinstance(a, A.Place)]


def covers(g, a, cell):
    return g.rules.geo("IA").mask_of[(a.fragment, a.orient, a.x, a.y)] >> cell & 1


def test_a_camp_tile_on_plain_cells_is_said_to_cover_the_camp():
    g, s = ready(2)
    s, places = building(g, s)
    bonus = g.rules.bonus_cells("IA")
    place = next(a for a in places if not any(covers(g, a, c) for c in bonus))
    code, params = why(g, s, place)
    assert code == "ui.hint.why.mag.camp" and params == {}
    assert "camp" in render(code, params, "en", g)


def test_a_camp_tile_on_a_coin_bonus_is_said_to_gain_coins():
    """EX-3: cell (1, 0) of board IA pays 2 coins when covered."""
    g, s = ready(2)
    s, places = building(g, s)
    place = A.Place(0, "green_small", 0, 0, 0)
    assert place in places and covers(g, place, 1)
    assert why(g, s, place) == ("ui.hint.why.mag.coins", {})


def test_a_display_poster_taken_names_that_poster():
    """§10 (R46): a New Posters card taken is named; the deck card that refills the display is
    not, and the reason holds in any order of the deck."""
    g, s = ready(2)
    seat = s.seat
    s.players[seat].posters = [s.players[seat].posters[0], None, None, None, None]
    s.pending = [PendingPoster()]
    taken = s.new_posters[2]
    code, params = why(g, s, A.GainPoster(2, 1))
    assert code == "ui.hint.why.mag.posters"
    assert params["poster"] == taken
    assert g.term_name("poster", taken, "en") in render(code, params, "en", g)
