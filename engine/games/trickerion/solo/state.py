"""The Successor's own state, kept beside the base Trickerion ``State``.

The base state already holds most of what the book calls the Successor's board: its
characters (``Player.chars``, board order), trick cards (``Player.tricks``, slot order, leftmost
first), safe (``Player.coins`` / ``Player.shards``), assignment deck (``Player.hand`` for the
permanent cards, ``Player.specials`` for the special ones it took in the Dark Alley) and the
characters waiting in the Inn (``Player.hired``). :class:`SoloState` adds what only the solo game
has: difficulty and adjustments, the plan deck and current plan, its mood, the shopping list, the
round-preparation dice, and the progress of the turn it is taking.

Blocked slots: the round-preparation dice close board slots by writing ``BLOCKED`` (-2, the base
state's value for a slot unused with 2-3 players) into ``State.slots``; a closed Theater day has
all three of its slots closed. Neutral markers printed on solo performance cards are ``NEUTRAL``
(-3) in ``PerfCard.m``, with ``PerfCard.o`` the side the printed school symbol points to.
"""

from __future__ import annotations

import msgspec

from engine.games.trickerion.solo.actions import RerollPrepDice, SuccessorStep
from engine.games.trickerion.solo.components import Difficulty
from engine.games.trickerion.state import NEUTRAL, Pending, PendingBase, State  # noqa: F401

BLOCKED = -2


# gc=False: plain values, never in a reference cycle (see ``trickerion.state``).
class SoloTurn(msgspec.Struct, array_like=True, gc=False):
    """The Successor's placement in progress.

    ``step``: the next step of the location's list to consider (its number in the digest);
    ``left``: dice / cards / markers / orders still to take; ``done``: taken so far;
    ``placed``: Theater markers set up this turn as ``[card index, cell]``, for the
    most-favourable-order count (``theater.order``).
    """

    char: int
    loc: str
    ap: int
    step: int = 1
    left: int = 0
    done: int = 0
    placed: list[list[int]] = []


class SoloState(msgspec.Struct, gc=False):
    seat: int
    difficulty: Difficulty
    academy: bool = False
    # Adjustments ("ДОПОЛНИТЕЛЬНАЯ НАСТРОЙКА СЛОЖНОСТИ").
    ignore_successor_ability: bool = False
    ignore_human_ability: bool = False
    # Plan deck, top first; the plan of this round; plans used earlier.
    plan_deck: list[str] = []
    plan: str = ""
    plan_discard: list[str] = []
    mood: str = "busy"
    shopping: list[str] = []
    # Round-preparation dice, in pack order of the dice in play: face index (-1: not rolled).
    prep_faces: list[int] = []
    prep_marked: list[str] = []
    turn: SoloTurn | None = None
    # Once-per-round counters: apprentices / specialists placed (Mechaniker, Great Optico),
    # set-ups made (Master of Chains).
    apprentices_placed: int = 0
    specialists_placed: int = 0
    set_ups: int = 0
    # The step that stopped at its public draw (a Successor step, or the prep dice to throw):
    # the chance step that follows carries the outcome and finishes it (``solo/draws.py``).
    # Last: a format-5 save hashed the state without it.
    draw: SuccessorStep | RerollPrepDice | None = None


class PendingPrepDice(PendingBase, tag="prep_dice", frozen=True):
    """Your choice of the two round-preparation dice to reroll (rounds II–VII)."""


class SoloGameState(State, gc=False):
    """The solo game's state: the base state and the Successor's own (the last field, so a
    solo state encodes as the base ``State`` did when it held this field itself)."""

    # The base decisions and the solo game's own (the field keeps its place). msgspec decodes
    # the queue by this annotation, so it names the wider union; a list is invariant, so mypy
    # refuses the narrower base field's override. The base rules read a PendingPrepDice only as
    # a PendingBase (its seat and kind) and through the decision table, where this layer's
    # entry (solo.game.PrepDice) lists and answers it.
    pending: list[Pending | PendingPrepDice] = []  # type: ignore[assignment]

    # None until the Successor is set up (after your setup choices).
    solo: SoloState | None = None
    # The Successor's plan deck dealt face down before play (setup.12, top first); its setup
    # puts it by its board (``SoloState.plan_deck``). Last: a format-6 save hashed the state
    # without it (a solo game dealt before format 7 never fills it, ``solo/legacy.py``).
    plans: list[str] = []


def solo_of(s: State) -> SoloState | None:
    """The Successor's own state in a solo game's state ``s`` (None until it is set up)."""
    # The solo game's state_type is SoloGameState: the base rules hand its hooks no other state.
    assert isinstance(s, SoloGameState)
    return s.solo


def successor(s: State) -> SoloState:
    """The Successor's own state, for the hooks that run only once it is set up (its setup is
    the setup's initiative step, before the first round and any of its placements)."""
    solo = solo_of(s)
    assert solo is not None, "the Successor is set up at the setup's initiative step"
    return solo


def placing(solo: SoloState) -> SoloTurn:
    """The Successor's placement in progress, for the steps of a location's list: the automaton
    reaches them only while ``solo.turn`` is set (``automaton.next_action``, ``apply_step``)."""
    turn = solo.turn
    assert turn is not None, "the Successor is placing a character"
    return turn
