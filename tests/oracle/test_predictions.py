"""Predictions: seed «Предсказание (1 час)»."""

from __future__ import annotations

from engine.games.oracle import actions as A
from engine.games.oracle.state import PendingDrawOrder, PendingPrediction, PredictionMark

from .helpers import L, R, act, codes, force, refused, started

DOLL_WITH_BOTH = (L, L, R, R, L)


def companion_with(predictions):
    """Companion game between turns, with the given predictions already on the sheet."""
    g, s = started("companion", halves=DOLL_WITH_BOTH, dice=(3, 4))
    s, _ = act(g, s, A.Pass())
    start = 0
    for colour, size in predictions:
        s.predictions.append(PredictionMark(start=start, size=size, colour=colour))
        start += size
    s.symbols_used = start
    return g, s


def test_needs_the_doll_with_a_die_and_either_die_may_be_used():
    """«нужно, чтобы кукла вуду и хотя бы 1 кубик лежали в одной половине … используйте любой»."""
    g, s = started(halves=DOLL_WITH_BOTH, dice=(3, 4))
    offered = {(a.die, a.colour) for a in g.legal_actions(s, 0) if isinstance(a, A.Prediction)}
    assert offered == {(d, c) for d in (0, 1) for c in g.rules.colours}
    g, s = started(halves=(L, R, R, R, R), dice=(3, 4))
    assert refused(g, s, A.Prediction(0, "red")) == "oracle.prediction.doll_needs_die"
    assert refused(g, s, A.Prediction(1, "purple")) == "oracle.prediction.unknown_colour"


def test_marks_off_that_many_symbols_from_the_left_and_chooses_a_colour():
    """«начиная с верхнего левого угла (или с самой правой уже нарисованной линии), отсчитайте
    количество символов покупателей, равное значению на кубике»."""
    g, s = started(halves=DOLL_WITH_BOTH, dice=(3, 4))
    s, ev = act(g, s, A.Prediction(1, "red"))
    assert ev[0].params == {"action": "prediction", "hours": 1}
    assert s.predictions == [PredictionMark(start=0, size=4, colour="red")]
    s.figure = "stargazing"
    s.acted = False
    s.phase = "act"
    s, _ = act(g, s, A.Prediction(0, "yellow"))
    assert (
        s.predictions[1] == PredictionMark(start=4, size=3, colour="yellow") and s.symbols_used == 7
    )


def test_no_room_no_more_predictions():
    """«Если у вас закончилось место в области предсказаний, вы больше не можете выполнять это действие»."""
    g, s = started(halves=DOLL_WITH_BOTH, dice=(3, 4))
    s.symbols_used = g.rules.sheet.prediction.symbols - 3
    assert refused(g, s, A.Prediction(1, "red")) == "oracle.prediction.no_room"
    assert A.Prediction(0, "red") in g.legal_actions(s, 0)


def test_the_seeds_example_red_adventurer():
    """Seed example: a yellow prediction of 3 and a red one of 4; a red adventurer is drawn: the
    yellow loses a symbol, the red comes true with 4 symbols — a tome of any colour or lower."""
    g, s = companion_with([("yellow", 3), ("red", 4)])
    s, ev = act(g, s, A.AdventurerDrawn(("red",)))
    assert s.predictions[0].crossed == 1 and s.predictions[0].status == "active"
    assert s.predictions[1].status == "true"
    assert s.pending == [PendingPrediction(source="prediction", tier=4)]
    legal = g.legal_actions(s, 0)
    colours = g.rules.colours
    assert [A.TakeGood("tome", c) for c in colours] == legal[: len(colours)]
    assert A.TakeGood("talisman", "blue") in legal and A.MarkGuild("red", "market") in legal
    assert A.MarkGuild("red", "x") in legal and A.MarkHoroscope("top") in legal
    s, _ = act(g, s, A.TakeGood("tome", "blue"))
    assert s.made.tome["blue"] == 1


def test_reward_tiers_by_symbols_left():
    """3+ tome or lower; 2+ talisman or lower; 1+ market symbol or X in the guild area, or X in the horoscope."""
    for size, crossed, has_tome, has_talisman in [
        (3, 0, True, True),
        (3, 1, False, True),
        (2, 1, False, False),
    ]:
        g, s = companion_with([("green", size)])
        s.predictions[0].crossed = crossed
        s, _ = act(g, s, A.AdventurerDrawn(("green",)))
        legal = g.legal_actions(s, 0)
        assert any(isinstance(a, A.TakeGood) and a.size == "tome" for a in legal) is has_tome
        assert (
            any(isinstance(a, A.TakeGood) and a.size == "talisman" for a in legal) is has_talisman
        )
        assert A.MarkGuild("blue", "market") in legal and A.MarkGuild("blue", "x") in legal
        assert A.MarkHoroscope("bottom") in legal


def test_fully_crossed_prediction_is_no_longer_active():
    """«Предсказания, в которых все символы покупателей зачеркнуты или обведены, больше не считаются активными»."""
    g, s = companion_with([("blue", 1)])
    s, ev = act(g, s, A.AdventurerDrawn(("grey",)))
    assert s.predictions[0].status == "failed" and "oracle.prediction.failed" in codes(ev)
    s, ev = act(g, s, A.AdventurerDrawn(("blue",)))
    assert "oracle.prediction.true" not in codes(ev)


def test_true_prediction_is_no_longer_active():
    g, s = companion_with([("blue", 2)])
    s, _ = act(g, s, A.AdventurerDrawn(("blue",)), A.MarkGuild("red", "x"))
    s, ev = act(g, s, A.AdventurerDrawn(("red",)))
    assert s.predictions[0].crossed == 0 and s.predictions[0].status == "true"


def test_two_adventurers_at_once_the_player_picks_the_order():
    """«из мешочка могут достать сразу 2 искателей приключений … можете начать проверку … с любого»."""
    g, s = companion_with([("red", 1)])
    s, _ = act(g, s, A.AdventurerDrawn(("blue", "red")))
    assert s.pending == [PendingDrawOrder(colours=["blue", "red"])]
    assert g.legal_actions(s, 0) == [A.ResolveDraw("blue"), A.ResolveDraw("red")]
    red_first, _ = act(g, s, A.ResolveDraw("red"))
    assert red_first.predictions[0].status == "true" and isinstance(
        red_first.pending[-1], PendingPrediction
    )
    blue_first, _ = act(g, s, A.ResolveDraw("blue"))
    assert blue_first.predictions[0].status == "failed" and not blue_first.pending
    assert refused(g, s, A.ResolveDraw("green")) == "oracle.adventurer.not_drawn"


def test_same_colour_pair_needs_no_order():
    g, s = companion_with([("red", 2)])
    s, _ = act(g, s, A.AdventurerDrawn(("green", "green")))
    assert s.predictions[0].crossed == 2 and s.predictions[0].status == "failed" and not s.pending


def test_every_active_prediction_is_checked():
    g, s = companion_with([("red", 2), ("red", 3), ("blue", 2)])
    s, ev = act(g, s, A.AdventurerDrawn(("red",)))
    assert [p.status for p in s.predictions] == ["true", "true", "active"]
    assert len(s.pending) == 2 and s.predictions[2].crossed == 1


def test_practice_draws_check_predictions_too():
    g, s = started("practice", halves=DOLL_WITH_BOTH, dice=(3, 4))
    s, _ = act(g, s, A.Prediction(1, "red"))
    s.draw_queue = [2]
    s.phase = "draw"
    s, ev = force(g, s, A.AdventurerDrawn(("red", "blue")))
    assert s.pending == [PendingDrawOrder(colours=["red", "blue"])]
