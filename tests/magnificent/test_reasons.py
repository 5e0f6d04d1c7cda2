"""What a hinted move is for (issue #34): the term of the greedy value the move raises most,
naming the poster or master card; nothing drawn from a hidden deck is told."""

from engine.core import registry
from engine.core.copier import copy_state
from engine.core.i18n import render
from engine.core.match import Match
from engine.core.presenter import presenter_of
from engine.core.rng import Rng
from engine.core.tuples import change_at
from engine.games.magnificent import actions as A
from engine.games.magnificent import bots
from engine.games.magnificent.state import PendingPoster

from .helpers import act, cards, plain_cards, put_die, ready


def why(g, s, action, seat=None):
    return g.presenter(g).move_reason(s, action, s.seat if seat is None else seat)


def building(g, s):
    """EX-3's build (§9), the first fragment to place."""
    seat = s.seat
    change_at(s.players, seat, board="IA")
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
    change_at(s.players, seat, posters=[s.players[seat].posters[0], None, None, None, None])
    s.pending = [PendingPoster()]
    taken = s.new_posters[2]
    code, params = why(g, s, A.GainPoster(2, 1))
    assert code == "ui.hint.why.mag.posters"
    assert params["poster"] == taken
    assert presenter_of(g).term_name("poster", taken, "en") in render(code, params, "en", g)


def first_die_decision(seed: int):
    """A 2-player game played by its first legal moves to seat 0's first die to take."""
    g = registry.get("magnificent")(2, {})
    match = Match(g, seed)
    for _ in range(400):
        to = match.to_act()
        if match.auto_step(to) is not None:
            continue
        seat = to.seats[0]
        legal = match.legal(seat, to)
        if seat == 0 and any(isinstance(a, A.TakeDie) for a in legal):
            return g, match.state, [a for a in legal if isinstance(a, A.TakeDie)]
        match.act(seat, legal[0])
    raise AssertionError("no die to take")


def test_a_die_is_judged_where_its_turn_ends_without_reading_the_real_future():
    """A die taken opens a turn the greedy bot plays on in a world dealt from what the seat
    sees: the reason names the term that turn raises most, and a state whose decks and dice to
    come differ, unseen, gives the same reasons."""
    g, s, takes = first_die_decision(5)
    reasons = [why(g, s, take, 0) for take in takes]
    said = [r for r in reasons if r is not None]
    assert said and all(code == "ui.hint.why.mag.turn" for code, _ in said)
    assert all(params["term"] in bots.terms(g, s, 0) for _, params in said)
    other = copy_state(s)
    other.poster_deck = tuple(reversed(other.poster_deck))
    other.master_deck = tuple(reversed(other.master_deck))
    other.tile_stack = tuple(reversed(other.tile_stack))
    other.rng = Rng.from_seed(99)
    assert [why(g, other, take, 0) for take in takes] == reasons
    code, params = said[0]
    assert render(code, params, "ru", g) != render(code, params, "en", g)


def test_every_term_of_the_value_has_its_reason_and_its_turn_branch():
    """A hint can name any term of the greedy value (``bots.terms``): each has its own reason
    and a branch of its own in the turn's reason, in every language (a term added to the
    value without them showed a raw key in a Russian solo table)."""
    g = registry.get("magnificent-solo")(1, {})
    s = g.initial_state(3)
    named = set(bots.terms(g, s, 0)) | {"turn"}
    for lang in ("en", "ru", "fr"):
        for term in named - {"turn"}:
            code = f"ui.hint.why.mag.{term}"
            params = {"vp": 2, "card": None, "poster": None, "ready": "no"}
            assert not render(code, params, lang, g).startswith("ui."), (lang, code)
        other = render("ui.hint.why.mag.turn", {"term": "power", "vp": 0}, lang, g)
        for term in named - {"turn", "power"}:
            said = render("ui.hint.why.mag.turn", {"term": term, "vp": 2}, lang, g)
            assert said != other, (lang, term)
