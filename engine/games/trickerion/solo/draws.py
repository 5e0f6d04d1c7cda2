"""The Successor's public draws as chance steps (issue #33 part 3): the prep dice thrown
(``dice.2``–``dice.4``), a Downtown die rerolled (``downtown.reroll``), the trick it learns
(``downtown.1``), the prop it orders (``market.2``), the Dark Alley coin (``alley.1``) and the
prophecy the Priestess of Mysticism's ability turns up. The step that draws stops there
(``SoloState.draw``); the chance step carries the outcome (:class:`SuccessorDraw`), drawn on a
copy of the state's RNG (``engine/core/chance.py``), and finishes the step, the state's RNG
moved on by the same draws whatever outcome it carries.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.core import chance
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.games.trickerion.solo import alley, downtown, market
from engine.games.trickerion.solo import dice as prep_dice
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import RerollPrepDice, SuccessorDraw, SuccessorStep
from engine.games.trickerion.solo.state import SoloState
from engine.games.trickerion.state import State

# What each draw's chance step carries (its other fields stay empty).
CARRIES: dict[str, tuple[str, ...]] = {
    "prep": ("prep",),
    "reroll": ("face",),
    "learn": ("trick",),
    "order": ("prop",),
    "flip": ("coin", "prophecy"),
}


def _kind(stopped: SuccessorStep | RerollPrepDice) -> str:
    return "prep" if isinstance(stopped, RerollPrepDice) else stopped.do


def draw(cat: R.SoloCatalog, s: State, solo: SoloState, rng: Rng) -> SuccessorDraw:
    """What the step ``solo.draw`` stopped at draws from ``rng``."""
    stopped = solo.draw
    assert stopped is not None  # asked only at the Successor's draw
    if isinstance(stopped, RerollPrepDice):
        return SuccessorDraw(prep=prep_dice.throw(cat, solo, stopped.dice, rng))
    if stopped.do == "reroll":
        return SuccessorDraw(face=downtown.throw(cat, stopped.die, rng))
    if stopped.do == "learn":
        return SuccessorDraw(trick=downtown.draw_trick(cat, s, stopped, rng))
    if stopped.do == "order":
        return SuccessorDraw(prop=market.pick(s, solo, rng))
    coin, prophecy = alley.flip(s, solo, rng)
    return SuccessorDraw(coin=coin, prophecy=prophecy)


def chance_action(cat: R.SoloCatalog, s: State, solo: SoloState) -> SuccessorDraw:
    return chance.outcome(s.rng, partial(draw, cat, s, solo))


def check(cat: R.SoloCatalog, s: State, solo: SoloState, action: Any) -> None:
    """Refuse an outcome the draw cannot give, naming the rule it breaks."""
    stopped = solo.draw
    assert stopped is not None
    kind = _kind(stopped)
    if not isinstance(action, SuccessorDraw) or action != SuccessorDraw(
        **{f: getattr(action, f) for f in CARRIES[kind]}
    ):
        raise IllegalAction("trickerion.solo.draw.not_this_draw", draw=kind)
    if isinstance(stopped, RerollPrepDice):
        if not prep_dice.can_show(cat, solo, stopped.dice, action.prep):
            raise IllegalAction("trickerion.solo.draw.not_prep_faces", dice=list(stopped.dice))
    elif kind == "reroll":
        if action.face not in cat.die_faces[stopped.die]:
            raise IllegalAction("trickerion.draw.not_a_face", die=stopped.die, face=action.face)
    elif kind == "learn":
        if action.trick not in downtown.pool(cat, s, stopped.school, stopped.level):
            raise IllegalAction(
                "trickerion.solo.draw.not_a_candidate",
                trick=action.trick,
                school=stopped.school,
                level=stopped.level,
            )
    elif kind == "order":
        if action.prop not in market.orderable(s, solo):
            raise IllegalAction("trickerion.solo.draw.not_orderable", prop=action.prop)
    elif action.coin not in ("heads", "tails") or not _prophecy_fits(s, solo, action):
        raise IllegalAction("trickerion.solo.draw.not_a_coin", coin=action.coin)


def _prophecy_fits(s: State, solo: SoloState, action: SuccessorDraw) -> bool:
    # On heads the ability draws a new one from the stack when it can; else nothing.
    draws = (
        action.coin == "heads"
        and R.ability(s, solo) == "redraw_next_prophecy"
        and bool(s.prophecy_stack)
    )
    return action.prophecy in s.prophecy_stack if draws else not action.prophecy


def finish(
    cat: R.SoloCatalog, s: State, solo: SoloState, action: SuccessorDraw, ev: list[Event]
) -> SuccessorStep | RerollPrepDice:
    """The chance step: ``action``'s outcome checked, the RNG moved on, the stopped step
    finished with it (events as the step gave them when it drew itself); returns that step."""
    check(cat, s, solo, action)
    chance.take(s.rng, partial(draw, cat, s, solo))
    stopped = solo.draw
    assert stopped is not None
    solo.draw = None
    if isinstance(stopped, RerollPrepDice):
        prep_dice.thrown(cat, s, solo, stopped.dice, action.prep, ev)
        return stopped
    if stopped.do in ("reroll", "learn"):
        downtown.apply(cat, s, solo, stopped, ev, action.face or action.trick)
    elif stopped.do == "order":
        market.apply(cat, s, solo, stopped, ev, action.prop)
    else:
        alley.apply(cat, s, solo, stopped, ev, action.coin, action.prophecy)
    R.update_mood(cat, s, solo, ev)  # mood.2, as after every placement step
    return stopped
