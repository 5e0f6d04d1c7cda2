"""Round-preparation dice ("ФАЗА БРОСКА КУБИКОВ" of the solo book).

``dice.2``: round I rolls every die. ``dice.3``: round II, you choose exactly two dice to
reroll and mark. ``dice.4``: rounds III–VII, exactly two unmarked dice, the red Theater die
among them whenever it is unmarked; the marks move to them. ``dice.1``: the faces close two
slots of each location (two days of the Theater) by writing ``BLOCKED`` into ``State.slots``.
"""

from __future__ import annotations

import functools
from itertools import combinations

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import put
from engine.games.trickerion.catalog import BOARD_SLOTS, DAYS, SLOT_THEATER, Catalog
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import RerollPrepDice
from engine.games.trickerion.solo.components import PrepDie
from engine.games.trickerion.solo.state import BLOCKED, SoloState
from engine.games.trickerion.state import State


def dice_in_play(cat: Catalog, solo: SoloState) -> tuple[PrepDie, ...]:
    return R.table_packs(cat).dice.dice_for(solo.academy)


def reroll_options(cat: Catalog, solo: SoloState, round_no: int) -> list[tuple[str, ...]]:
    """The sets of dice you may reroll this round (round I: the one set of all dice)."""
    rule = R.table_packs(cat).dice.rule_for(round_no)
    ids = [d.id for d in dice_in_play(cat, solo)]
    if rule.roll == "all":
        return [tuple(ids)]
    eligible = [i for i in ids if not (rule.skip_marked and i in solo.prep_marked)]
    out = []
    for pair in combinations(eligible, rule.count):
        if rule.must_include and rule.must_include in eligible and rule.must_include not in pair:
            continue
        out.append(pair)
    return out


def slot_indices(die: PrepDie, face: tuple[str, ...]) -> tuple[int, ...]:
    """Board indices a face closes."""
    return _slot_indices(die.location, face)


@functools.cache
def _slot_indices(location: str, face: tuple[str, ...]) -> tuple[int, ...]:
    # Cached: every round start of every search rollout re-closes the slots of every face.
    out: list[int] = []
    for name in face:
        if location == "theater":
            d = DAYS.index(name)
            out.extend(SLOT_THEATER + 3 * d + k for k in range(3))
        else:
            loc, _, n = name.rpartition("_")
            out.append(BOARD_SLOTS[loc] + int(n) - 1)
    return tuple(out)


def apply_blocks(cat: Catalog, s: State, solo: SoloState) -> list[int]:
    """Re-close the slots from the current faces (at round start, the slots are empty)."""
    dice = dice_in_play(cat, solo)
    for die in dice:
        for face in die.faces:
            for i in slot_indices(die, face):
                if s.slots[i] == BLOCKED:
                    s.slots = put(s.slots, i, -1)
    closed = []
    for die, index in zip(dice, solo.prep_faces):
        if index < 0:
            continue
        for i in slot_indices(die, die.faces[index]):
            s.slots = put(s.slots, i, BLOCKED)
            closed.append(i)
    return closed


def roll(cat: Catalog, s: State, solo: SoloState, chosen: tuple[str, ...]) -> None:
    """Roll ``chosen`` (one of :func:`reroll_options`): the step stops at the throw, which the
    chance step that follows carries (:func:`throw`, :func:`thrown`)."""
    if tuple(chosen) not in reroll_options(cat, solo, s.round):
        raise IllegalAction(
            "trickerion.solo.prep_dice.not_allowed", dice=list(chosen), round=s.round
        )
    solo.draw = RerollPrepDice(tuple(chosen))


def throw(cat: Catalog, solo: SoloState, chosen: tuple[str, ...], rng: Rng) -> tuple[int, ...]:
    """The face (its index) of each die of ``chosen``, in pack order."""
    return tuple(rng.below(len(d.faces)) for d in dice_in_play(cat, solo) if d.id in chosen)


def can_show(
    cat: Catalog, solo: SoloState, chosen: tuple[str, ...], faces: tuple[int, ...]
) -> bool:
    """``faces`` is a throw of ``chosen``: one face of each, in pack order."""
    dice = [d for d in dice_in_play(cat, solo) if d.id in chosen]
    return len(faces) == len(dice) and all(0 <= f < len(d.faces) for d, f in zip(dice, faces))


def thrown(
    cat: Catalog,
    s: State,
    solo: SoloState,
    chosen: tuple[str, ...],
    faces: tuple[int, ...],
    ev: list[Event],
) -> None:
    """``chosen`` show ``faces`` (:func:`throw`): mark them, close the slots."""
    dice = dice_in_play(cat, solo)
    if not solo.prep_faces:
        solo.prep_faces = [-1] * len(dice)
    rule = R.table_packs(cat).dice.rule_for(s.round)
    step = {1: "dice.2", 2: "dice.3"}.get(s.round, "dice.4")
    thrown = iter(faces)
    for i, die in enumerate(dice):
        if die.id in chosen:
            solo.prep_faces[i] = next(thrown)
    if rule.mark_chosen:
        solo.prep_marked = list(chosen)
    closed = apply_blocks(cat, s, solo)
    R.emit(
        ev,
        "prep_dice",
        step,
        rolled=list(chosen),
        faces={d.id: list(d.faces[f]) for d, f in zip(dice, solo.prep_faces) if f >= 0},
        marked=list(solo.prep_marked),
        closed=closed,
    )
