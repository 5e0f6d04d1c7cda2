"""Whole seven-round runs of the Successor in the stand-in round loop (``harness``): no
exception, the state stays sound, and every decision is deterministic given the seed."""

import pytest

from engine.games.trickerion.common import markers_in_theater
from engine.games.trickerion.solo.components import DIFFICULTIES

from .harness import digest, play

SEEDS = range(60)


def check(g, s, solo):
    p = s.players[solo.seat]
    assert len(p.tricks) <= 4 and len({t.sym for t in p.tricks}) == len(p.tricks)
    for t in p.tricks:
        assert 0 <= t.markers and t.markers + markers_in_theater(s, solo.seat * 4 + t.sym) <= 4
    kinds = [c.kind for c in p.chars]
    assert kinds[0] == "magician" and kinds.count("apprentice") <= 4
    assert len(kinds) <= 8 and all(kinds.count(k) <= 1 for k in ("assistant", "engineer", "manager"))
    assert p.fame >= 0 and p.shards >= 0
    assert len(solo.plan_discard) == 6 and not solo.plan_deck


@pytest.mark.parametrize("difficulty", DIFFICULTIES)
def test_seeded_runs(difficulty):
    for seed in SEEDS:
        g, s, solo, log = play(seed, difficulty)
        check(g, s, solo)


def test_same_seed_same_decisions():
    for seed in range(10):
        assert digest(play(seed)[3]) == digest(play(seed)[3])
    assert digest(play(1)[3]) != digest(play(2)[3])


def test_adjustments_run():
    for seed in range(10):
        play(seed, "high", easier=True, harder_coins=True)
