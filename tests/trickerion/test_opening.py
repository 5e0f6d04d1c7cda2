"""Greedy's opening (``GreedyBot._opening``, ``bots.start_rank``; docs/bots.md, "Issue #30,
session 22: the second seat's starting trick"): a magician and starting trick by the trick's
worth, and at equal worth by the fame a marker yields."""

from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot, start_rank, start_worth

from .helpers import new_game, run_chance

SPIRIT_HAND, WINDOW = "t15_spirit_hand", "t16_window_to_the_otherworld"


def _bot_pick(g, s):
    """The pending seat's opening choice by the greedy bot, played; the new state and the pick."""
    seat = s.pending[0].seat
    pick = GreedyBot(1).choose(g, s, seat, g.legal_actions(s, seat))
    s, _ = g.apply(s, seat, pick)
    return run_chance(g, s), pick


def _through_first_seat(g):
    """The first seat's magician, trick and props, each the bot's; the state when the second
    seat chooses its magician."""
    s = run_chance(g, g.initial_state(7))
    first = s.pending[0].seat
    while s.pending and s.pending[0].seat == first:
        s, _ = _bot_pick(g, s)
    return s


def test_the_spiritual_tie_is_a_tie_of_worth_that_fame_breaks():
    # the premise: two starting tricks of one school at the same worth, the rank telling them
    # apart by the fame a marker yields (3 against 2)
    g = new_game(2)
    assert start_worth(g.cat, SPIRIT_HAND) == start_worth(g.cat, WINDOW)
    assert g.cat.trick_yield[WINDOW][0] > g.cat.trick_yield[SPIRIT_HAND][0]
    assert start_rank(g.cat, WINDOW) > start_rank(g.cat, SPIRIT_HAND)


def test_the_first_seat_opens_with_the_escape_school_and_water_tank_escape():
    g = new_game(2)
    s = run_chance(g, g.initial_state(7))
    s, magician = _bot_pick(g, s)
    s, trick = _bot_pick(g, s)
    assert magician == A.ChooseMagician("m01_master_of_chains")
    assert trick == A.ChooseTrick("t28_water_tank_escape")


def test_the_second_seat_answers_with_window_to_the_otherworld_not_spirit_hand():
    # list order alone used to pick Spirit Hand, the first of the tied pair
    g = new_game(2)
    s = _through_first_seat(g)
    s, magician = _bot_pick(g, s)
    assert g.cat.magicians[magician.magician].school == "spiritual"
    legal = g.legal_actions(s, s.pending[0].seat)
    assert A.ChooseTrick(SPIRIT_HAND) in legal and A.ChooseTrick(WINDOW) in legal
    _, trick = _bot_pick(g, s)
    assert trick == A.ChooseTrick(WINDOW)
