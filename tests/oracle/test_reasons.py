"""What a hinted move is for (issue #34): the practice sheet's term the move raises most,
naming the good made (size, colour, points) or the guild funded."""

from engine.core.i18n import render
from engine.core.presenter import presenter_of
from engine.games.oracle import actions as A
from engine.games.oracle.state import PendingPrediction

from .helpers import act, started


def why(g, s, action):
    return g.presenter(g).move_reason(s, action, 0)


def fulfilled():
    """A practice sheet whose prediction has just come true with 4 symbols (a tome or lower)."""
    g, s = started()
    s.pending = [PendingPrediction(source="prediction", tier=4)]
    return g, s


def test_a_tome_taken_names_its_colour_and_its_points():
    g, s = fulfilled()
    tome = A.TakeGood("tome", "blue")
    assert tome in g.legal_actions(s, 0)
    points = g.rules.practice.score.tome["blue"]
    assert points > 0
    code, params = why(g, s, tome)
    assert code == "ui.hint.why.oracle.made"
    assert params == {"size": "tome", "colour": "blue", "points": points}
    after, _ = act(g, s, tome)
    assert after.made.tome["blue"] == s.made.tome["blue"] + 1
    en = render(code, params, "en", g)
    assert presenter_of(g).term_name("size", "tome", "en") in en and str(points) in en


def test_a_guild_funded_names_its_points():
    g, s = fulfilled()
    mark = A.MarkGuild("red", "x")
    assert mark in g.legal_actions(s, 0)
    code, params = why(g, s, mark)
    assert code == "ui.hint.why.oracle.guild"
    assert params == {"points": g.rules.practice.score.guild_x}


def test_passing_the_turn_gives_no_reason():
    g, s = started()
    assert A.Pass() in g.legal_actions(s, 0)
    assert why(g, s, A.Pass()) is None
