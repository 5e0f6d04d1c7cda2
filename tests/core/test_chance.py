"""A chance step is drawn once (engine/core/chance.py): the step that takes the outcome just
asked for adopts the RNG's point after that draw instead of drawing again, and still moves
the RNG exactly as a fresh draw would, whatever outcome it carries."""

from __future__ import annotations

from functools import partial

import msgspec

import tinygame  # registers "tiny"
from engine.core import CHANCE, Rng, chance, registry
from engine.core.copier import copy_state
from engine.core.loop import apply_owned, played


class Calls:
    """How many times a draw ran (an object compared by identity, as a draw's argument)."""

    def __init__(self) -> None:
        self.n = 0


def dice(calls: Calls, rng: Rng, count: int) -> tuple[int, ...]:
    calls.n += 1
    return tuple(rng.between(1, 6) for _ in range(count))


def from_bag(calls: Calls, rng: Rng, bag: dict[str, int]) -> str:
    """Draws one piece and takes it out of ``bag`` (as the Oracle's draw from its bag does)."""
    calls.n += 1
    pick = rng.below(sum(bag.values()))
    for colour, count in bag.items():
        if pick < count:
            bag[colour] -= 1
            return colour
        pick -= count
    raise AssertionError("unreachable")


def fresh(rng: Rng, draw: partial[object]) -> Rng:
    """Where ``draw`` leaves a copy of ``rng``, drawn for real."""
    copy = msgspec.structs.replace(rng)
    draw(copy)
    return copy


def test_taking_the_outcome_just_drawn_adopts_the_point_without_drawing_again():
    rng, calls = Rng.from_seed(33), Calls()
    expected = fresh(rng, partial(dice, Calls(), count=4))
    chance.outcome(rng, partial(dice, calls, count=4))
    state_rng = msgspec.structs.replace(rng)  # the step's copy of the state
    chance.take(state_rng, partial(dice, calls, count=4))
    assert calls.n == 1
    assert state_rng == expected
    assert expected.draws == rng.draws + 4


def test_another_draw_at_the_same_point_draws_for_itself():
    rng, calls = Rng.from_seed(33), Calls()
    chance.outcome(rng, partial(dice, calls, count=2))
    state_rng = msgspec.structs.replace(rng)
    chance.take(state_rng, partial(dice, calls, count=5))
    assert calls.n == 2
    assert state_rng == fresh(rng, partial(dice, Calls(), count=5))


def test_another_point_of_the_stream_draws_for_itself():
    rng, calls = Rng.from_seed(33), Calls()
    chance.outcome(rng, partial(dice, calls, count=3))
    reseeded = Rng(state=rng.state ^ 0x5DEECE66D, draws=rng.draws)
    expected = fresh(reseeded, partial(dice, Calls(), count=3))
    chance.take(reseeded, partial(dice, calls, count=3))
    assert calls.n == 2
    assert reseeded == expected


def test_a_draw_that_changes_its_arguments_is_matched_as_they_stood_before_it():
    rng, calls = Rng.from_seed(7), Calls()
    bag = {"red": 2, "blue": 3}
    chance.outcome(rng, partial(from_bag, calls, bag=dict(bag)))
    state_rng = msgspec.structs.replace(rng)
    chance.take(state_rng, partial(from_bag, calls, bag=dict(bag)))
    assert calls.n == 1
    assert state_rng == fresh(rng, partial(from_bag, Calls(), bag=dict(bag)))


def test_a_forced_outcome_moves_the_rng_as_the_seed_would():
    """A test or a physical table chooses the face: the game's RNG ends where the engine's own
    throw would have left it, drawn once or not."""
    game = registry.get("tiny")(2, {})
    s = game.initial_state(5)
    for seat in (0, 1):
        s, _ = game.apply(s, seat, tinygame.Pick(1))
    own = game.chance_action(s)
    forced = tinygame.Roll(own.die % 6 + 1)
    after_own, _ = game.apply(s, CHANCE, own)
    game.chance_action(s)  # the question just before, as apply's forgery check asks it
    after_forced = played(game, s, CHANCE, forced)
    no_question = copy_state(s)
    chance.outcome(Rng.from_seed(99), partial(dice, Calls(), count=1))  # the memory elsewhere
    apply_owned(game, no_question, CHANCE, forced)
    assert after_forced.rng == after_own.rng == no_question.rng
    assert after_own.rng.draws > s.rng.draws
