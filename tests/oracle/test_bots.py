"""The greedy value's worth of what pays later (issue #30): market symbols by the Market phases
left, predictions by their odds of coming true before their symbols or the draws run out."""

from engine.games.oracle import bots
from engine.games.oracle.state import PredictionMark

from .helpers import started


def test_a_market_symbol_is_worth_one_funding_per_market_phase_left():
    g, s = started()
    r = g.rules
    per = r.practice.score.market_symbol_per_market
    s.guilds["red"] = ["market"]
    assert bots.market_worth(r, s) == r.practice.days * per
    s.market_phases = r.practice.days - 1
    assert bots.market_worth(r, s) == per
    # The funding already paid is in the score; the worth is only what is still to come.
    assert bots.terms(g, s)["market"] == per * 10.0


def test_a_prediction_of_the_bags_commonest_colour_is_worth_more_than_a_rare_one():
    g, s = started()
    r = g.rules
    s.bag = {"red": 13, "green": 13, "blue": 9, "yellow": 9, "grey": 8}
    common = bots.prediction_worth(r, s, PredictionMark(start=0, size=3, colour="red"))
    rare = bots.prediction_worth(r, s, PredictionMark(start=0, size=3, colour="blue"))
    assert common > rare > 0.0
    s.bag["blue"] = 0
    assert bots.prediction_worth(r, s, PredictionMark(start=0, size=3, colour="blue")) == 0.0


def test_a_prediction_is_worth_nothing_once_no_adventurer_is_left_to_draw():
    g, s = started()
    r = g.rules
    mark = PredictionMark(start=0, size=4, colour="red")
    assert bots.prediction_worth(r, s, mark) > 0.0
    s.day = r.practice.days
    s.hours_today = r.practice.hours_per_day
    s.draw_queue = []
    assert bots.draws_left(r, s) == 0
    assert bots.prediction_worth(r, s, mark) == 0.0


def test_a_companion_table_has_no_known_market_phases_or_draws():
    g, s = started("companion")
    s.guilds["red"] = ["market"]
    assert bots.market_worth(g.rules, s) == 0
    assert bots.draws_left(g.rules, s) is None
