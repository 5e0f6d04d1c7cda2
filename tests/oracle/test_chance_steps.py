"""The Oracle's chance steps carry their outcome (issue #33 part 3): the throw of the runes
(«РУНЫ И ЧАША СУДЬБЫ», with the setup reroll of «ПОДГОТОВКА К ИГРЕ» step 2) and the practice
frame's draws from the bag. ``chance_action`` draws on a copy of the RNG; the step moves the
state's own on by the same draws, whatever outcome it carries."""

from __future__ import annotations

import pytest

from engine.core import CHANCE, IllegalAction
from engine.core.copier import copy_state
from engine.games.oracle import actions as A

from .helpers import L, R, codes, force, game


def _at(phase: str, seed: int = 3):
    g = game()
    s = g.initial_state(seed)
    while s.phase != phase:
        s, _ = g.apply(s, CHANCE, g.chance_action(s))
    return g, s


def test_the_throw_is_in_the_step_and_asking_for_it_moves_nothing():
    g, s = _at("roll")
    before = copy_state(s)
    roll = g.chance_action(s)
    assert g.chance_action(s) == roll and s == before
    after, ev = g.apply(s, CHANCE, roll)
    thrown = next(e for e in ev if e.code == "oracle.bowl.thrown")
    assert thrown.params["halves"] == list(roll.halves) and thrown.params["dice"] == list(roll.dice)
    assert after.bowl.coin == roll.coin and after.rng != s.rng


def test_a_forced_throw_lands_and_the_game_throws_on_as_the_seed_would():
    g, s = _at("roll")
    own, _ = g.apply(s, CHANCE, g.chance_action(s))
    forced, _ = force(g, s, A.Roll((L, R, R, L, L), (4, 4), "skull"))
    assert forced.bowl.dice == [4, 4] and forced.bowl.coin == "skull"
    assert forced.rng == own.rng


def test_the_setup_rerolls_are_part_of_the_step():
    g = game()
    for seed in range(200):
        s = g.initial_state(seed)
        while s.phase != "roll":
            s, _ = g.apply(s, CHANCE, g.chance_action(s))
        roll = g.chance_action(s)
        if roll.rerolled:
            _, ev = g.apply(s, CHANCE, roll)
            assert codes(ev).count("oracle.bowl.setup_reroll") == len(roll.rerolled)
            # the same throw without its rerolls moves the RNG on by the same draws
            plain, _ = force(g, s, A.Roll(roll.halves, roll.dice, roll.coin))
            assert plain.rng == g.apply(s, CHANCE, roll)[0].rng
            return
    pytest.fail("no setup reroll in 200 seeds (1 throw in 16 lands in one half)")


@pytest.mark.parametrize(
    ("roll", "code"),
    [
        (A.Roll((L,) * 5, (1, 2), "tree"), "oracle.bowl.setup_all_in_one_half"),
        (A.Roll((L, R, R, L, 2), (1, 2), "tree"), "oracle.bowl.bad_half"),
        (A.Roll((L, R, R, L, L), (5, 2), "tree"), "oracle.bowl.bad_die"),
        (A.Roll((L, R, R, L, L), (1, 2), "cup"), "oracle.bowl.bad_coin"),
        (A.Roll((L, R, R, L, L), (1, 2), "tree", (3,)), "oracle.bowl.bad_half"),
        (A.Roll(), "oracle.bowl.bad_half"),
    ],
)
def test_a_throw_that_cannot_have_fallen_is_refused_by_its_rule(roll, code):
    g, s = _at("roll")
    with pytest.raises(IllegalAction, match=code):
        force(g, s, roll)


def test_rerolls_only_at_setup():
    g, s = _at("roll")
    s, _ = g.apply(s, CHANCE, g.chance_action(s))
    while s.phase != "roll":
        seat = g.to_act(s).seats[0]
        step = g.chance_action(s) if seat == CHANCE else g.legal_actions(s, seat)[-1]
        s, _ = g.apply(s, seat, step)
    assert s.turn > 0
    with pytest.raises(IllegalAction, match="oracle.bowl.reroll_not_setup"):
        force(g, s, A.Roll((L, R, R, L, L), (1, 2), "tree", (L,)))


def test_the_draw_is_in_the_step_and_a_forced_one_draws_on_as_the_seed_would():
    g, s = _at("draw")
    n = s.draw_queue[0]
    draw = g.chance_action(s)
    assert isinstance(draw, A.DrawAdventurers) and len(draw.colours) == n
    own, ev = g.apply(s, CHANCE, draw)
    assert ev[0].params["colours"] == list(draw.colours)
    assert sum(own.bag.values()) == sum(s.bag.values()) - n
    colour = next(c for c, k in s.bag.items() if k >= n)
    forced, _ = force(g, s, A.DrawAdventurers((colour,) * n))
    assert forced.bag[colour] == s.bag[colour] - n and forced.rng == own.rng


def test_a_draw_that_cannot_have_come_out_of_the_bag_is_refused_by_its_rule():
    g, s = _at("draw")
    n = s.draw_queue[0]
    with pytest.raises(IllegalAction, match="oracle.adventurer.batch_size"):
        force(g, s, A.DrawAdventurers(("red",) * (n + 1)))
    s.bag["red"] = 0
    with pytest.raises(IllegalAction, match="oracle.adventurer.not_in_bag"):
        force(g, s, A.DrawAdventurers(("red",) * n))


def test_an_empty_bag_draws_nothing():
    g, s = _at("draw")
    s.bag = dict.fromkeys(s.bag, 0)
    assert g.chance_action(s) == A.DrawAdventurers(())
    after, _ = g.apply(s, CHANCE, A.DrawAdventurers(()))
    assert after.draw_queue == s.draw_queue[1:]
