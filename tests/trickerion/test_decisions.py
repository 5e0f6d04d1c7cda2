"""Pending decisions are a tagged union with one table entry per kind, and decisions raised
together are queued by the table's declared order, not by where they were raised."""

import typing

import msgspec
import pytest

from engine.core.errors import IllegalAction
from engine.games.trickerion import actions as A
from engine.games.trickerion import decisions
from engine.games.trickerion import state as S
from engine.games.trickerion.common import raise_decision
from engine.games.trickerion.game import Trickerion
from engine.games.trickerion.solo.game import TrickerionSolo
from engine.games.trickerion.solo.state import PendingPrepDice, SoloGameState


def members(union) -> set[type]:
    return set(typing.get_args(union))


def test_every_pending_kind_has_a_table_entry():
    kinds = members(S.Pending)
    assert len(kinds) == 22
    assert set(decisions.TABLE) == kinds
    for kind, entry in decisions.TABLE.items():
        assert callable(entry.legal) and callable(entry.apply), kind


def test_the_solo_game_adds_its_own_kind():
    g = TrickerionSolo(2, {})
    assert set(g.rules.decisions) == members(S.Pending) | {PendingPrepDice}
    # Its state's queue takes the solo kind beside the base ones.
    queue = typing.get_type_hints(SoloGameState)["pending"]
    data = msgspec.msgpack.encode([PendingPrepDice(0), S.PendingPerform(1)])
    assert msgspec.msgpack.decode(data, type=queue) == [PendingPrepDice(0), S.PendingPerform(1)]


def test_kinds_are_tagged_and_round_trip():
    tags = [k.__struct_config__.tag for k in members(S.Pending)]
    assert len(set(tags)) == len(tags)
    pend = S.PendingLinkReward(2, units=3, value=1)
    assert pend.kind == "link_reward"
    data = msgspec.msgpack.encode([pend])
    assert msgspec.msgpack.decode(data, type=list[S.Pending]) == [pend]


@pytest.fixture
def g():
    return Trickerion(2, {})


def test_declared_order_not_call_order(g):
    # Buying Time's swap is answered before the link rewards of the same set-up, whichever
    # is raised first; both before anything queued for later (a performance).
    s = g.initial_state(1)
    s.pending = [S.PendingPerform(1)]
    raise_decision(g.rules, s, S.PendingLinkReward(0, units=1, value=1))
    raise_decision(g.rules, s, S.PendingBuyingTime(0))
    assert [p.kind for p in s.pending] == ["buying_time", "link_reward", "perform"]


def test_same_kind_first_raised_first_answered(g):
    s = g.initial_state(1)
    s.pending = []
    for seat in (1, 0):
        raise_decision(g.rules, s, S.PendingHiddenTalent(seat, character=2))
    assert [p.seat for p in s.pending] == [1, 0]


def test_setup_choices_of_one_player_come_before_the_next_magician(g):
    s = g.initial_state(1)
    assert [p.kind for p in s.pending] == ["magician", "magician"]
    s.pending.pop(0)
    raise_decision(g.rules, s, S.PendingEngineerTrick(1))
    for pend in (S.PendingStartTrick(0), S.PendingStartProps(0, value=2), S.PendingSpecialist(0)):
        raise_decision(g.rules, s, pend)
    raise_decision(g.rules, s, S.PendingManagerProps(0, value=2))
    assert [p.kind for p in s.pending] == [
        "start_trick",
        "start_props",
        "specialist",
        "manager_props",
        "magician",
        "engineer_trick",
    ]


def test_a_wrong_answer_is_refused_by_the_decisions_rule(g):
    s = g.initial_state(1)
    s.pending = [S.PendingLinkReward(0, units=1, value=2)]
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.TakeLinkCoins(2))
    assert err.value.code == "trickerion.decision.link_reward"
    after, _ = g.apply(s, 0, A.TakeLinkCoins(1))
    assert after.players[0].coins == s.players[0].coins + 2
    assert after.players[0].fame == s.players[0].fame
