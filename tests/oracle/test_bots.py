"""The greedy value's worth of what pays later (issue #30): market symbols by the Market phases
left, predictions by their odds of coming true before their symbols or the draws run out."""

from engine.games.oracle import actions as A
from engine.games.oracle import bots
from engine.games.oracle.state import PredictionMark

from .helpers import L, R, started


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


def test_an_action_is_worth_what_its_own_decisions_make():
    """Session 18: judged as it is chosen, a Stargazing or a Horoscope is worth nothing until
    its lines or cells are drawn, so a Hire's 0.4 a step ahead beat them. Played out, the
    Stargazing closes the corner cell two lines short and the Horoscope writes 2 and 3 for
    the talisman above the top row's second cell."""
    g, s = started(halves=(L, L, R, L, R), dice=(2, 3))
    geo = g.rules.geo
    s.lines = [geo.edge_id(0, 0, "h"), geo.edge_id(0, 0, "v")]
    legal = g.legal_actions(s, 0)
    assert A.HireTownsfolk(slot=0) in legal and A.Pass() in legal

    after, _ = g.apply(s, 0, A.Stargazing())
    done = bots.played_out(g, after, 0)
    assert not done.pending and len(done.lines) == 2 + 3
    assert [r.cells for r in done.regions if r.kind == "talisman"] == [[0]]

    choice = bots.GreedyBot(1).choose(g, s, 0, legal)
    assert choice == A.Horoscope(half=L)
    hired, _ = g.apply(s, 0, A.HireTownsfolk(slot=0))
    # a step ahead the Hire still looks better: only the action's decisions tell them apart
    assert bots.value(g, hired) > bots.value(g, g.apply(s, 0, choice)[0])


def test_the_lines_weighed_are_those_beside_the_most_closed_sides():
    g, s = started(halves=(L, L, R, L, R), dice=(2, 3))
    geo = g.rules.geo
    s.lines = [geo.edge_id(0, 0, "h"), geo.edge_id(0, 0, "v")]
    after, _ = g.apply(s, 0, A.Stargazing())
    legal = g.legal_actions(after, 0)
    near = bots.choices(g, after, legal)
    assert len(legal) > bots.NEAR_LINES == len(near)
    # the corner cell's two open sides are weighed, a line far from any closed side is not
    assert {A.DrawLine(r=1, c=0, dir="h"), A.DrawLine(r=0, c=1, dir="v")} <= set(near)
    assert A.DrawLine(r=6, c=5, dir="h") in legal and A.DrawLine(r=6, c=5, dir="h") not in near


def test_a_companion_hire_is_played_out_up_to_the_cards_symbols():
    """The card's guild symbols are entered from the table, any number of them: the look-ahead
    stops there instead of entering symbols for ever."""
    g, s = started("companion")
    after, _ = g.apply(s, 0, A.HireTownsfolk(slot=0))
    assert type(after.pending[-1]).__name__ == "PendingTownsfolk"
    assert bots.played_out(g, after, 0) is after
    assert bots.GreedyBot(1).choose(g, s, 0, g.legal_actions(s, 0)) in g.legal_actions(s, 0)
