"""Every public draw is a chance step carrying its outcome (issue #33 part 3). Along seeded
random games of every registered game:

- no player step moves the state's RNG (its state or its draw count), unless the game declares
  a hidden shuffle at that step (``Game.hidden_draw``);
- a chance or automaton step does what its action says whatever the state's RNG: applied to the
  same position with the RNG re-seeded, it leaves the same state but for the RNG (the outcome
  is in the action, engine/core/chance.py, not drawn while the step is applied).

A throw or a draw made inside another step is out of the record: a review cannot show it, a
verdict cannot tell luck from play, and a test cannot force it.

Variants: each player count with the default options, and each other value of an option (a
choice's other values, a switch turned) at the smallest count, as tests/core/test_every_game.py
walks them."""

from __future__ import annotations

import random
from typing import Any

import pytest

import tinygame  # noqa: F401  (registers "tiny": the tests' own game obeys the contract too)
from engine.core import Rng, registry
from engine.core.copier import copy_state
from engine.core.game import Game
from engine.core.loop import apply_owned, forced_action

SEEDS = (1, 2)
MAX_STEPS = 600  # steps per walk: past setup and a few rounds in every game


def _variants(cls: type[Game]) -> list[tuple[int, dict[str, Any]]]:
    out: list[tuple[int, dict[str, Any]]] = [
        (n, {}) for n in range(cls.seating.fewest, cls.seating.most + 1)
    ]
    for spec in cls.option_specs:
        if spec.kind == "choice":
            out += [(cls.seating.fewest, {spec.id: c}) for c in spec.choices if c != spec.default]
        elif spec.kind == "bool":
            out.append((cls.seating.fewest, {spec.id: not spec.default}))
    return out


CASES = [
    pytest.param(
        cls,
        n,
        options,
        id=f"{cls.id}-{n}p" + "".join(f"-{k}={v}" for k, v in options.items()),
    )
    for cls in registry.all_games()
    for n, options in _variants(cls)
]


@pytest.mark.parametrize(("cls", "players", "options"), CASES)
def test_every_public_draw_is_a_chance_step_carrying_its_outcome(
    cls: type[Game], players: int, options: dict[str, Any]
):
    game = cls(players, options)
    for seed in SEEDS:
        pick = random.Random(seed)
        s = game.initial_state(seed)
        for step in range(MAX_STEPS):
            to = game.to_act(s)
            if to.kind == "terminal":
                break
            if to.kind != "players":
                seat, action = forced_action(game, s, to)
                after, _ = game.apply(s, seat, action)
                other = copy_state(s)
                other.rng = Rng(state=s.rng.state ^ 0x5DEECE66D, draws=s.rng.draws)
                apply_owned(game, other, seat, action)  # the step as given: no forgery check
                other.rng = after.rng
                assert game.codec.encode_state(other) == game.codec.encode_state(after), (
                    f"{game.id} seed {seed} step {step}: the {to.kind} step {action!r} draws "
                    "while it is applied instead of carrying its outcome"
                )
                s = after
                continue
            seat = to.seats[0]
            action = pick.choice(game.legal_actions(s, seat))
            after, _ = game.apply(s, seat, action)
            assert after.rng == s.rng or game.hidden_draw(s, seat, action), (
                f"{game.id} seed {seed} step {step}: the player step {action!r} drew on the "
                f"state's RNG ({s.rng} -> {after.rng}) without declaring a hidden shuffle"
            )
            s = after
