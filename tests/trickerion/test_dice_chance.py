"""Every public draw is a chance step that carries its outcome: the Dice roll phase («ФАЗА
БРОСКА КУБИКОВ») its faces, Reroll Die («ПЕРЕБРОСИТЬ КУБИК») and Interest (a34) the die's face,
the setup's initiative («ПОДГОТОВКА К ИГРЕ») the order. The engine computes each from the
state's RNG, a forged one is refused, a test can force one (the game deals on as the seed
would), and a save of an older format (a bare Chance) is mapped to the engine's own draw."""

from __future__ import annotations

import pytest

from engine.core import CHANCE, IllegalAction
from engine.core.copier import copy_state
from engine.core.loop import apply_owned
from engine.games.trickerion import actions as A

from .helpers import new_game, placing, started


def _at_roll(seed: int = 2):
    g, s = started(4, seed=seed)
    s = copy_state(s)
    s.phase = "roll"
    return g, s


def test_the_chance_step_carries_the_faces_the_state_then_shows():
    g, s = _at_roll()
    throw = g.chance_action(s)
    assert len(throw.dice) == len(g.cat.die_faces)
    after, events = g.apply(s, CHANCE, throw)
    assert after.dice == throw.dice
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
    mine = copy_state(s)
    apply_owned(g, mine, CHANCE, A.Chance(dice=forced))
    engine_own, _ = g.apply(s, CHANCE, throw)
    assert mine.dice == forced
    assert mine.rng == engine_own.rng


def test_a_forced_throw_must_be_faces_of_the_dice():
    g, s = _at_roll()
    with pytest.raises(IllegalAction, match="trickerion.roll.not_the_dice"):
        apply_owned(g, copy_state(s), CHANCE, A.Chance(dice=("nothing",) * len(g.cat.die_faces)))


def test_a_bare_chance_of_format_2_is_the_engines_throw():
    g, s = _at_roll()
    assert g.legacy(g).upgrade_step(s, CHANCE, A.Chance(), 2) == g.chance_action(s)
    assert g.legacy(g).upgrade_step(s, CHANCE, A.Chance(), 3) == A.Chance()


def _at_reroll():
    g, s = started(4, seed=7)
    s = placing(g, s, 0, 0, "downtown", 1)
    s, _ = g.apply(s, 0, A.RerollDie(1))
    return g, s


def test_reroll_die_stops_at_a_chance_step_and_a_forced_face_deals_on_as_the_seed():
    g, s = _at_reroll()
    assert g.to_act(s).kind == "chance" and g.legal_actions(s, 0) == []
    throw = g.chance_action(s)
    forced = next(f for f in g.cat.die_faces[1] if f != throw.face)
    mine = copy_state(s)
    apply_owned(g, mine, CHANCE, A.Chance(face=forced))
    engine_own, _ = g.apply(s, CHANCE, throw)
    assert (mine.dice[1], engine_own.dice[1]) == (forced, throw.face)
    assert mine.rng == engine_own.rng and mine.draw is None
    with pytest.raises(IllegalAction, match="core.forced.chance"):
        g.apply(s, CHANCE, A.Chance(face=forced))


def test_a_forced_die_face_must_be_a_face_of_that_die():
    g, s = _at_reroll()
    with pytest.raises(IllegalAction, match="trickerion.draw.not_a_face"):
        apply_owned(g, copy_state(s), CHANCE, A.Chance(face="nothing"))


def _at_initiative():
    g = new_game(3)
    s = g.initial_state(5)
    while s.phase != "setup_initiative":
        seat = g.to_act(s).seats[0]
        s, _ = g.apply(s, seat, g.legal_actions(s, seat)[0])
    return g, s


def test_the_setup_initiative_step_carries_the_order_it_draws():
    g, s = _at_initiative()
    draw = g.chance_action(s)
    assert sorted(draw.order) == [0, 1, 2]
    after, events = g.apply(s, CHANCE, draw)
    assert after.order == tuple(draw.order)
    assert [e.params["order"] for e in events if e.code == "trickerion.initiative"] == [
        list(draw.order)
    ]
    forced = tuple(reversed(draw.order))
    mine = copy_state(s)
    apply_owned(g, mine, CHANCE, A.Chance(order=forced))
    assert mine.order == forced and mine.rng == after.rng
    for bad in ((0, 1), (0, 0, 1), (0, 1, 3)):
        with pytest.raises(IllegalAction, match="trickerion.setup.not_an_order"):
            apply_owned(g, copy_state(s), CHANCE, A.Chance(order=bad))


def test_a_bare_initiative_step_of_format_4_is_the_engines_draw():
    g, s = _at_initiative()
    assert g.legacy(g).upgrade_step(s, CHANCE, A.Chance(), 4) == g.chance_action(s)
    assert g.legacy(g).upgrade_step(s, CHANCE, A.Chance(), 5) == A.Chance()
