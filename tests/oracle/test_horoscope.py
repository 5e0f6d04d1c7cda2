"""Horoscope: seed «Гороскоп (2 часа)»."""

from __future__ import annotations

import pytest

from engine.core.copier import copy_state
from engine.core.decisions import kind
from engine.games.oracle import actions as A
from engine.games.oracle import horoscope as H
from engine.games.oracle.state import PendingHoroscope, PendingX

from .helpers import L, R, act, codes, refused, started

BOTH_LEFT = (L, L, R, R, R)


@pytest.mark.parametrize(
    "cells,value,ok",
    [
        ([], 3, True),
        (["2"], 3, True),
        (["2"], 4, False),
        (["4"], 1, True),
        (["3", "4"], 2, False),
        (["X"], 2, True),
        (["1", "X"], 1, True),
    ],
)
def test_top_row_rises_by_exactly_one_and_four_wraps_to_one(cells, value, ok):
    """«В верхней строке … ровно на 1 больше … После «4» … «1» либо «X»»."""
    assert H.may_follow(cells, value, "ascending") is ok


@pytest.mark.parametrize(
    "cells,value,ok",
    [
        ([], 1, True),
        (["3"], 2, True),
        (["3"], 4, False),
        (["1"], 4, True),
        (["X"], 4, True),
    ],
)
def test_bottom_row_falls_by_exactly_one_and_one_wraps_to_four(cells, value, ok):
    """«В нижней строке … ровно на 1 меньше … После «1» … «4» либо «X»»."""
    assert H.may_follow(cells, value, "descending") is ok


def test_rows_validate_whole_sequences():
    assert H.valid_row(["X", "3", "4", "1", "X", "X", "2"], "ascending", 10)
    assert not H.valid_row(["3", "3"], "ascending", 10)
    assert H.valid_row(["2", "1", "4", "X", "4"], "descending", 10)
    assert not H.valid_row(["1"] * 11, "descending", 10)


def test_both_dice_of_the_chosen_half_go_into_leftmost_cells_of_any_row():
    """«запишите значение каждого кубика из этой половины … в любой строке гороскопа»."""
    g, s = started(halves=BOTH_LEFT, dice=(1, 3))
    s, ev = act(g, s, A.Horoscope(L))
    assert ev[0].params == {"action": "horoscope", "hours": 2}
    assert s.pending == [PendingHoroscope(values=[1, 3])]
    s, _ = act(g, s, A.WriteHoroscope(3, "top"))
    assert refused(g, s, A.WriteHoroscope(1, "top")) == "oracle.horoscope.top_row_sequence"
    assert g.legal_actions(s, 0) == [A.WriteHoroscope(1, "bottom")]
    s, _ = act(g, s, A.WriteHoroscope(1, "bottom"))
    assert s.horoscope == {"top": ["3"], "bottom": ["1"]} and not s.pending


def test_horoscope_needs_a_die_in_the_chosen_half():
    g, s = started(halves=BOTH_LEFT)
    assert refused(g, s, A.Horoscope(R)) == "oracle.horoscope.no_die_in_half"
    assert refused(g, s, A.Horoscope(2)) == "oracle.horoscope.no_such_half"


def test_a_die_that_fits_no_row_is_not_written():
    g, s = started(halves=BOTH_LEFT, dice=(2, 2))
    s.horoscope = {"top": ["2"], "bottom": ["4"]}
    assert refused(g, s, A.Horoscope(L)) == "oracle.horoscope.nothing_fits"
    s.horoscope = {"top": ["X", "1"], "bottom": ["4"]}  # cell 2 of the top row pays nothing
    s, ev = act(g, s, A.Horoscope(L), A.WriteHoroscope(2, "top"))
    assert "oracle.horoscope.value_lost" in codes(ev) and not s.pending
    assert refused(g, s, A.WriteHoroscope(2, "bottom")) != ""


def test_bottom_row_sequence_error_names_its_rule():
    g, s = started(halves=BOTH_LEFT, dice=(4, 4))
    s.horoscope = {"top": ["2"], "bottom": ["3"]}
    s.pending.append(PendingHoroscope(values=[4]))
    assert refused(g, s, A.WriteHoroscope(4, "bottom")) == "oracle.horoscope.bottom_row_sequence"
    assert refused(g, s, A.WriteHoroscope(1, "bottom")) == "oracle.horoscope.not_in_half"
    assert refused(g, s, A.WriteHoroscope(4, "middle")) == "oracle.horoscope.no_such_row"


def test_x_rewards_may_follow_any_number_and_anything_follows_x():
    """««X» может следовать за любым числом, а любое число может следовать за «X»»."""
    g, s = started()
    s.horoscope = {"top": ["2"], "bottom": []}
    s.pending.append(PendingX(source="test"))
    s, _ = act(g, s, A.MarkHoroscope("top"))
    s.pending.append(PendingHoroscope(values=[4]))
    s, _ = act(g, s, A.WriteHoroscope(4, "top"))
    assert s.horoscope["top"] == ["2", "X", "4"]


def test_full_row_takes_nothing_more():
    g, s = started()
    n = len(g.rules.row_by_id["top"].cells)
    s.horoscope["top"] = ["X"] * n
    s.pending.append(PendingX(source="test"))
    assert A.MarkHoroscope("top") not in g.legal_actions(s, 0)
    assert refused(g, s, A.MarkHoroscope("top")) == "oracle.horoscope.row_full"


def test_filling_a_cell_pays_the_reward_printed_by_it():
    """«Когда вы заполняете ячейку, над или под которой указана награда, вы сразу же получаете
    эту награду» — each reward kind of the pack."""
    g, s0 = started()
    for row in g.rules.rows:
        for index, reward in enumerate(row.cells):
            if reward is None:
                continue
            s = copy_state(s0)
            s.horoscope[row.id] = ["X"] * index
            s.corruption = 1
            s.pending.append(PendingX(source="test"))
            s, ev = act(g, s, A.MarkHoroscope(row.id))
            if reward.kind == "discard":
                assert s.corruption == 0 and "oracle.corruption.discard" in codes(ev)
                continue
            top = s.pending[-1]
            assert kind(top) == reward.kind and top.source == "horoscope"
            legal = g.legal_actions(s, 0)
            if reward.kind in ("talisman", "tome"):
                assert legal == [A.TakeGood(reward.kind, c) for c in reward.colours]
                s, ev = act(g, s, legal[-1])
                assert getattr(s.made, reward.kind)[reward.colours[-1]] == 1
            elif reward.kind == "market":
                assert legal == [A.MarkGuild(gid, "market") for gid in g.rules.guild_ids]
            else:
                assert A.MarkHoroscope(row.id) in legal or len(s.horoscope[row.id]) == len(
                    row.cells
                )
