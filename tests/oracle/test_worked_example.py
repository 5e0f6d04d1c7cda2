"""The seed's worked example (after «Область Гильдий»: «Пример: Если ваша чаша судьбы выглядит
так…»). The picture is missing; the text fixes the bowl: a 2 with the bone and the doll, a 3
with the coin showing the skull. Every option the example lists is offered, and nothing else
of those kinds; then ±1 turns the 3 into a 4, «перемещение 1» moves it beside the 2, and the new
options appear."""

from __future__ import annotations

import pytest

from engine.games.oracle import actions as A
from engine.games.oracle.state import PendingHoroscope, PendingLines, PendingX

from .helpers import L, R, act, codes, started

#          d4_a d4_b coin bone doll
EXAMPLE = (L, R, R, L, L)
DICE = (2, 3)


@pytest.fixture(params=["practice", "companion"])
def example(request):
    return started(request.param, halves=EXAMPLE, dice=DICE, coin="skull")


def kinds(legal, cls):
    return [a for a in legal if isinstance(a, cls)]


def test_the_four_options_of_the_bowl(example):
    g, s = example
    legal = g.legal_actions(s, 0)
    # Гадание по звездам: 2 lines
    assert kinds(legal, A.Stargazing) == [A.Stargazing()]
    s1, _ = act(g, s, A.Stargazing())
    assert s1.pending == [PendingLines(remaining=2, source="stargazing")]
    # Предсказание: an active prediction of 2 customer symbols
    assert {a.die for a in kinds(legal, A.Prediction)} == {0}
    s2, _ = act(g, s, A.Prediction(0, "red"))
    assert s2.predictions[0].size == 2
    # Гороскоп: «2» or «3» into one of the rows
    assert kinds(legal, A.Horoscope) == [A.Horoscope(L), A.Horoscope(R)]
    s3, _ = act(g, s, A.Horoscope(L))
    assert s3.pending == [PendingHoroscope(values=[2])]
    assert g.legal_actions(s3, 0) == [A.WriteHoroscope(2, "top"), A.WriteHoroscope(2, "bottom")]
    s4, _ = act(g, s, A.Horoscope(R))
    assert g.legal_actions(s4, 0) == [A.WriteHoroscope(3, "top"), A.WriteHoroscope(3, "bottom")]
    # Нити судьбы: an X in the horoscope or guild area, and a corruption card for the skull
    assert kinds(legal, A.ThreadsOfFate) == [A.ThreadsOfFate("die")]
    s5, ev = act(g, s, A.ThreadsOfFate("die"))
    assert s5.pending == [PendingX(source="threads_of_fate")] and s5.corruption == 1
    assert "oracle.corruption.take" in codes(ev)
    placements = g.legal_actions(s5, 0)
    assert A.MarkHoroscope("top") in placements and A.MarkGuild("red", "x") in placements


def test_turning_the_three_into_a_four_and_moving_it(example):
    g, s = example
    s, ev = act(g, s, A.AdjustDie(1, 1), A.MoveRune("d4_b"))
    assert s.bowl.dice == [2, 4] and s.bowl.halves == [L, L, R, L, L]
    assert s.circles["plus_minus"].crossed == 1 and s.circles["move"].crossed == 1
    legal = g.legal_actions(s, 0)
    # Гадание по звездам: 4 lines (the larger die)
    s1, _ = act(g, s, A.Stargazing())
    assert s1.pending == [PendingLines(remaining=4, source="stargazing")]
    # Предсказание: an active prediction of 4 (either die may be used)
    assert {a.die for a in kinds(legal, A.Prediction)} == {0, 1}
    s2, _ = act(g, s, A.Prediction(1, "blue"))
    assert s2.predictions[0].size == 4
    # Гороскоп: «2» and «4» into any rows — not both into one row (2 then 4 is no sequence)
    assert kinds(legal, A.Horoscope) == [A.Horoscope(L)]
    s3, _ = act(g, s, A.Horoscope(L))
    assert s3.pending == [PendingHoroscope(values=[2, 4])]
    for first, second in [
        ((2, "top"), (4, "bottom")),
        ((4, "top"), (2, "bottom")),
        ((2, "bottom"), (4, "top")),
        ((4, "bottom"), (2, "top")),
    ]:
        done, _ = act(g, s3, A.WriteHoroscope(*first), A.WriteHoroscope(*second))
        assert sorted(done.horoscope.values()) == sorted([[str(first[0])], [str(second[0])]])
    after_two_top, _ = act(g, s3, A.WriteHoroscope(2, "top"))
    assert A.WriteHoroscope(4, "top") not in g.legal_actions(after_two_top, 0)
    # the coin is now alone: no Threads of Fate
    assert kinds(legal, A.ThreadsOfFate) == []
