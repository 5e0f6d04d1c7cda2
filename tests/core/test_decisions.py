"""The pending-decision kit (engine/core/decisions.py): queue order by rank, refusals named
after the decision, and every game's table covering every kind its state can hold."""

from __future__ import annotations

import typing

import msgspec
import pytest

from engine.core import registry
from engine.core.decisions import Decision, Decisions, kind, refuse


class _P(msgspec.Struct, tag_field="kind"):
    n: int = 0


class First(_P, tag="first"):
    pass


class Second(_P, tag="second"):
    pass


def _nothing(*_):
    return []


KIT = Decisions({First: Decision(_nothing, _nothing), Second: Decision(_nothing, _nothing)})


def test_insert_keeps_rule_order_and_first_raised_first():
    queue: list = []
    for pend in (Second(1), First(1), Second(2), First(2)):
        KIT.insert(queue, pend)
    assert queue == [First(1), First(2), Second(1), Second(2)]


def test_a_variant_adds_its_kinds_after_the_base_ones():
    class Third(_P, tag="third"):
        pass

    assert list(KIT | {Third: Decision(_nothing, _nothing)}) == [First, Second, Third]


def test_refusal_names_the_decision_kind():
    assert kind(Second()) == "second"
    assert refuse("tiny", Second(), First()) == ("tiny.decision.second", {"action": "First"})


def test_a_kind_missing_from_the_table_is_an_error():
    class Stray(_P, tag="stray"):
        pass

    with pytest.raises(KeyError):
        KIT.legal(None, None, Stray())


def _queue_kinds(state_type) -> set[type]:
    queue = typing.get_type_hints(state_type)["pending"]
    (member,) = typing.get_args(queue)
    return set(typing.get_args(member))


def _tables():
    """Every registered game's decisions, at each player count (a variant's table may differ)."""
    for cls in registry.all_games():
        table = cls(cls.seating.fewest).decisions()
        if table is not None:
            yield pytest.param(cls.state_type, table, id=cls.id)


@pytest.mark.parametrize(("state_type", "table"), list(_tables()))
def test_every_pending_kind_a_state_holds_has_a_table_entry(state_type, table):
    assert set(table) == _queue_kinds(state_type)


def test_every_game_with_a_pending_queue_declares_its_decisions():
    # A game whose state queues decisions but declares no table would skip the test above.
    for cls in registry.all_games():
        if "pending" in typing.get_type_hints(cls.state_type):
            assert cls(cls.seating.fewest).decisions() is not None, cls.id
