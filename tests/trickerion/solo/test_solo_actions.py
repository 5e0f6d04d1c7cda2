"""Successor steps as actions: serialisable, printable, every ``do`` applied, wrong steps refused."""

import msgspec
import pytest

from engine.core.errors import IllegalAction
from engine.games.trickerion.solo import automaton as AU
from engine.games.trickerion.solo.actions import RerollPrepDice, SuccessorStep

from .scenario import make


def test_round_trip_and_string():
    st = SuccessorStep(step="downtown.4", do="bank", die=4, n=6)
    data = msgspec.json.encode(st)
    assert msgspec.json.decode(data, type=SuccessorStep) == st
    assert b'"type":"successor_step"' in data
    assert str(st) == "[downtown.4] bank die=4 n=6"
    assert msgspec.json.decode(
        msgspec.json.encode(RerollPrepDice(("yellow", "red"))), type=RerollPrepDice
    ).dice == ("yellow", "red")


def test_location_step_out_of_turn_is_refused():
    g, s, solo = make("low")
    with pytest.raises(IllegalAction) as err:
        AU.apply_step(g.cat, s, solo, SuccessorStep(step="downtown.4", do="bank", die=4, n=3), [])
    assert err.value.code == "trickerion.solo.step_out_of_turn"
