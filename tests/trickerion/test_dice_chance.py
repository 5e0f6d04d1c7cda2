"""The Dice roll phase («ФАЗА БРОСКА КУБИКОВ») is a chance step that carries its faces: the
engine computes them from the state's RNG, a forged throw is refused, a test can force one,
and a save of the previous format (a bare Chance) is mapped to the engine's own throw."""

from __future__ import annotations

import pytest

from engine.core import CHANCE, IllegalAction
from engine.games.trickerion import actions as A

from .helpers import started


def _at_roll(seed: int = 2):
    g, s = started(4, seed=seed)
    s = g.copy(s)
    s.phase = "roll"
    return g, s


def test_the_chance_step_carries_the_faces_the_state_then_shows():
    g, s = _at_roll()
    throw = g.chance_action(s)
    assert len(throw.dice) == len(g.cat.die_faces)
    after, events = g.apply(s, CHANCE, throw)
    assert after.dice == list(throw.dice)
    rolled = next(e for e in events if e.code == "trickerion.dice_rolled")
    assert rolled.params["dice"] == list(throw.dice)


def test_a_throw_other_than_the_engines_is_refused():
    g, s = _at_roll()
    throw = g.chance_action(s)
    other = tuple(next(f for f in faces if f != d) for d, faces in zip(throw.dice, g.cat.die_faces))
    with pytest.raises(IllegalAction, match="core.forced.chance"):
        g.apply(s, CHANCE, A.Chance(dice=other))
    with pytest.raises(IllegalAction, match="core.forced.chance"):
        g.apply(s, CHANCE, A.Chance())


def test_a_test_can_force_a_throw_and_the_game_deals_on_as_the_seed_would():
    g, s = _at_roll()
    throw = g.chance_action(s)
    forced = tuple(faces[0] for faces in g.cat.die_faces)
    mine = g.copy(s)
    g.apply_owned(mine, CHANCE, A.Chance(dice=forced))
    engine_own, _ = g.apply(s, CHANCE, throw)
    assert mine.dice == list(forced)
    assert mine.rng == engine_own.rng


def test_a_forced_throw_must_be_faces_of_the_dice():
    g, s = _at_roll()
    with pytest.raises(IllegalAction, match="trickerion.roll.not_the_dice"):
        g.apply_owned(g.copy(s), CHANCE, A.Chance(dice=("nothing",) * len(g.cat.die_faces)))


def test_a_bare_chance_of_format_2_is_the_engines_throw():
    g, s = _at_roll()
    assert g.legacy(g).upgrade_step(s, CHANCE, A.Chance(), 2) == g.chance_action(s)
    assert g.legacy(g).upgrade_step(s, CHANCE, A.Chance(), 3) == A.Chance()
