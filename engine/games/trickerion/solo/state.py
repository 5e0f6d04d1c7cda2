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
    difficulty: str
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


class PendingPrepDice(PendingBase, tag="prep_dice"):
    """Your choice of the two round-preparation dice to reroll (rounds II–VII)."""


class SoloGameState(State, gc=False):
    """The solo game's state: the base state and the Successor's own (the last field, so a
    solo state encodes as the base ``State`` did when it held this field itself)."""

    # The base decisions and the solo game's own (the field keeps its place).
    pending: list[Pending | PendingPrepDice] = []

    # None until the Successor is set up (after your setup choices).
    solo: SoloState | None = None
