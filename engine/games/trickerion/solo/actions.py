"""Actions of the solo game: one Successor step, and the human's choice of prep dice.

Every Successor step is an explicit action (``Game.automaton_action`` returns it), logged and
replayable. ``step`` is the rules-digest id it follows (``docs/solo.md``), ``do`` says what it
does; the other fields carry its parameters. A step that draws at random (a Downtown die
rerolled, a trick drawn, a prop picked from the shopping list, the Dark Alley coin) stops at its
draw, as your choice of prep dice does, and the chance step that follows carries what was drawn
(:class:`SuccessorDraw`, ``solo/draws.py``), so every draw is in the record.

The tag field is ``type``, as in the base Trickerion actions, so both fit one union.
"""

from __future__ import annotations

import msgspec


class SuccessorStep(
    msgspec.Struct, frozen=True, tag="successor_step", tag_field="type", omit_defaults=True
):
    step: str
    do: str
    char: int = -1
    location: str = ""
    slot: int = -1
    die: int = -1
    card: int = -1
    cell: int = -1
    facing: str = ""
    prop: str = ""
    trick: str = ""
    school: str = ""
    level: int = 0
    n: int = 0

    def __str__(self) -> str:
        fields = {
            k: v
            for k, v in msgspec.structs.asdict(self).items()
            if k not in ("step", "do") and v not in (-1, "", 0)
        }
        args = " ".join(f"{k}={v}" for k, v in fields.items())
        return f"[{self.step}] {self.do}" + (f" {args}" if args else "")


class RerollPrepDice(msgspec.Struct, frozen=True, tag="reroll_prep_dice", tag_field="type"):
    """The human's choice of the two round-preparation dice to reroll (rounds II–VII)."""

    dice: tuple[str, ...]


class SuccessorDraw(
    msgspec.Struct, frozen=True, tag="successor_draw", tag_field="type", omit_defaults=True
):
    """The chance step after a Successor step or your choice of prep dice stopped at its draw,
    carrying what it drew: ``prep`` the face (its index) of each prep die thrown, in pack
    order; ``face`` the Downtown die rerolled; ``trick`` the trick drawn from the Residence;
    ``prop`` the prop ordered; ``coin`` heads or tails, and ``prophecy`` the new one the
    Priestess of Mysticism's ability turns up on heads."""

    prep: tuple[int, ...] = ()
    face: str = ""
    trick: str = ""
    prop: str = ""
    coin: str = ""
    prophecy: str = ""


class SuccessorSetup(
    msgspec.Struct, frozen=True, tag="successor_setup", tag_field="type", omit_defaults=True
):
    """The chance step of the Successor's setup, carrying its public picks: its ``magician``
    (setup.6), its start ``trick`` (setup.7) and the ``specialists`` it plays, in board order
    (setup.9). Its performance and plan decks are dealt before play, face down."""

    magician: str
    trick: str
    specialists: tuple[str, ...] = ()


# ``do`` values :func:`automaton.apply_step` applies, per area (a test checks each one).
DO = (
    "plan",
    "assign",  # assignment phase
    "place",
    "idle",  # choosing a character
    "reroll",
    "learn",
    "hire",
    "bank",
    "end",  # Downtown (+ end of any list)
    "unlist",
    "order",  # Market Row
    "flip",
    "draw",  # Dark Alley
    "set_up",
    "favour",  # Theater
)
# Applied by the base engine's performance phase (docs/solo.md part 4, hook 13).
DO_BASE = ("perform",)
