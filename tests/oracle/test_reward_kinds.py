"""Each reward kind is its own pending Struct (its tag is its kind), answered through the
decision table: talisman / tome (goods of its colours, any when none), x (a horoscope or guild
X), market (a guild's market symbol), prediction (its tier's options)."""

from __future__ import annotations

import pytest

from engine.core.decisions import kind
from engine.games.oracle import actions as A
from engine.games.oracle.decisions import TABLE
from engine.games.oracle.state import (
    REWARDS,
    PendingMarket,
    PendingPrediction,
    PendingTalisman,
    PendingTome,
    PendingX,
)

from .helpers import act, started

CASES = [
    (PendingTalisman(source="test", colours=["red"]), {("take_good", "talisman")}),
    (PendingTome(source="test"), {("take_good", "tome")}),
    (PendingX(source="test"), {("mark_horoscope", None), ("mark_guild", "x")}),
    (PendingMarket(source="test"), {("mark_guild", "market")}),
    (
        PendingPrediction(source="prediction", tier=2),
        {
            ("take_good", "talisman"),
            ("mark_guild", "market"),
            ("mark_guild", "x"),
            ("mark_horoscope", None),
        },
    ),
]


def _shape(a) -> tuple:
    if isinstance(a, A.TakeGood):
        return ("take_good", a.size)
    if isinstance(a, A.MarkGuild):
        return ("mark_guild", a.mark)
    return (a.__struct_config__.tag, None)


def test_every_reward_kind_is_a_case_here_and_in_the_table():
    assert {type(p) for p, _ in CASES} == set(REWARDS) <= set(TABLE)
    assert [kind(p) for p, _ in CASES] == ["talisman", "tome", "x", "market", "prediction"]


@pytest.mark.parametrize("pend, shapes", CASES, ids=[kind(p) for p, _ in CASES])
def test_a_reward_kind_is_answered_through_the_table(pend, shapes):
    g, s = started()
    s.pending.append(pend)
    legal = g.legal_actions(s, 0)
    assert legal == TABLE.legal(g.rules, s, pend)
    assert {_shape(a) for a in legal} == shapes
    if isinstance(pend, PendingTalisman):  # its colours only; the others any colour
        assert {a.colour for a in legal} == {"red"}
    v = g.view(s, 0)["pending"]
    assert (v["type"], v["kind"], v["prompt"]) == ("reward", kind(pend), "ui.oracle.pending.reward")
    s2, ev = act(g, s, legal[0])
    assert pend not in s2.pending and ev
