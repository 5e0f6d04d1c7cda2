"""The Magnificent's state: plain msgspec Structs (copied by ``Game.apply``), no cycles."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import msgspec

from engine.core.rng import Rng

# The game's phases: setup (side, draft, a variant's offer, tiles); then turns, each round's
# end, and the throw of the next round's dice ("roll", a chance step).
Phase = Literal[
    "side",
    "draft",
    "offer",
    "tiles",
    "turn",
    "fair",
    "fair_discard",
    "score",
    "final",
    "roll",
    "over",
]
# A turn's stages (R22): take a die, then act (AP still open) through an action's own stages.
Stage = Literal[
    "take", "act", "build", "place", "travel", "tent", "perform", "reward", "arrange", "done"
]


class _S(msgspec.Struct, gc=False):
    pass


class _F(msgspec.Struct, frozen=True, gc=False):
    """Never changed in place (replaced instead), so state copies share them."""


class Die(_F, frozen=True):
    id: int
    colour: str  # orange / green / purple / clear
    face: int


class HeldCard(_F, frozen=True):
    id: str
    die: Die | None = None
    as_colour: str | None = None  # the colour a clear die on this card stood for (R25)


class Built(_F, frozen=True):
    fragment: str  # fragment id (colour_size)
    mask: int  # covered cells, bit y * width + x


class PendingBase(_F, frozen=True, tag_field="kind"):
    """A sub-decision owed before anything else, one Struct per kind (its tag): what answers
    each is ``decisions.TABLE``. ``source`` says where it came from (build / t5 / bonus / cell /
    tent / setup / travel / reward). Frozen (raised and taken, never changed), so a state's
    copies share the pending list's items."""

    source: str = ""

    @property
    def kind(self) -> str:
        return str(self.__struct_config__.tag)


class PendingPoster(PendingBase, tag="poster", frozen=True):
    pass


class PendingGem(PendingBase, tag="gem", frozen=True):
    colours: tuple[str, ...] = ()


class PendingTent(PendingBase, tag="tent", frozen=True):
    tent: str = ""


class PendingPay(PendingBase, tag="pay", frozen=True):
    slots: tuple[int, ...] = ()  # the poster slots being rewarded
    fragment: str = ""  # the fragment the reward ignores (a marker's "ignore_fragment")


Pending = PendingPoster | PendingGem | PendingTent | PendingPay


class OwedFragment(_F, frozen=True):
    """A fragment the turn must place or skip (Place / Skip name it by index): the printed
    ``fragment`` id of a bonus, or the ``size`` of a Build / T5 one."""

    source: str = ""
    fragment: str = ""
    size: str = ""


class Turn(_S):
    """Scratch of the turn in progress (R22): the die, AP parts and what was used. Its fields
    are immutable (``markers`` read-only, ``frags`` a tuple: replaced when they change), so a
    state's copy copies it as msgspec's shallow copy, the rules changing their own."""

    stage: Stage = "take"
    die: Die | None = None
    card: int = -1
    colour: str = ""  # the die's colour, or the declared colour of a clear die
    ap: int = 0  # dice part (R26-R28)
    plus: int = 0  # +N modifiers and gems (R29-R30)
    bonus_used: bool = False
    action: str = ""
    markers: Mapping[str, int] = {}  # space id -> markers placed this turn
    recolours: int = 0
    double_next: int = 0
    ccw: bool = False
    double_tent: bool = False
    ignore: int = 0
    extra_posters: int = 0
    vp_per_poster: int = 0
    swaps: int = 0
    acted: bool = False
    rearrange: bool = False
    frags: tuple[OwedFragment, ...] = ()
    discarded: str = ""  # the poster a variant's once-a-turn discard took ("" none yet)
    hat: int = -1


class Player(_F, frozen=True):
    board: str
    cards: tuple[HeldCard, ...]
    tiles: tuple[str, ...]
    camp: bytes  # per cell y * width + x: 0 empty, else 1 + index into built (bytes: not a GC container)
    built: tuple[Built, ...]
    tents: tuple[str | None, ...]  # slot 0 is the printed starting tent ("start")
    posters: tuple[str | None, ...]
    rewarded: tuple[str, ...]
    gems: Mapping[str, int]
    coins: int
    vp: int
    markers: int  # in the play area, ready to use
    markers_tent: int  # used, waiting in the Main Tent until the next round (R60)
    markers_out: int  # owned (play area + Main Tent + placed this turn); 8 - this in supply
    hats: tuple[int, ...]  # positions (0-based performance-track index), -1 = in the play area
    performs: int = 0
    turns: int = 0
    draft: tuple[str, ...] = ()  # master draft hand (hidden)
    kept: str = ""  # master draft pick this pass (hidden until every seat picked)
    side_chosen: bool = False
    final: Mapping[str, int] = {}  # end-of-game breakdown
    settled: tuple[int, ...] = ()  # cards whose end-of-game choice is made (D2); a tuple is
    # shared by state copies


# The fields that change a few times a round are tuples, replaced (engine.core.tuples) rather
# than changed in place: a state and its copies share them instead of copying lists at every
# step (Game.apply copies the whole state); they encode exactly as lists did.
class MagState(_S):
    rng: Rng
    phase: Phase
    round: int
    first: int
    seat: int  # who is acting (turn / tile pick / fair / score)
    turn_no: int  # turns taken this round (all seats)
    players: list[Player]
    tent_dice: tuple[Die, ...]  # the Main Tent
    dice_supply: tuple[str, ...]  # colours waiting beside the board (a variant's)
    next_die: int
    master_deck: tuple[str, ...]
    tile_stack: tuple[str, ...]
    poster_deck: tuple[str, ...]
    poster_discard: tuple[str, ...]
    new_posters: tuple[str | None, ...]
    fair: tuple[tuple[str | None, str | None], ...]  # [card, tile] pairs, top first
    wagons: tuple[int, ...]  # per track (pack order)
    track_tents: tuple[tuple[str | None, ...], ...]  # per track, per space: tent id or None
    box_tent: str | None
    dummy_hats: tuple[int, ...]  # performance-track positions a variant's dummy hats hold
    supply: Mapping[str, int]  # fragments left by id (R36); read-only, replaced at a build
    pending: list[Pending]
    turn: Turn
    reveal: tuple[str, ...] = ()  # tiles revealed for the setup draft
    offer: tuple[str, ...] = ()  # master cards a variant's setup reveals to choose from
    fair_order: tuple[int, ...] = ()  # seats still to pick this round end
    score_order: tuple[int, ...] = ()
    # Colours of the dice to throw next: the engine's chance step (Roll) gives their faces.
    throw: tuple[str, ...] = ()
    # The faces the deal threw for the first round's dice (R6, between its shuffles), until
    # their Roll (the game's first step) shows them. Never shown (view).
    dealt: tuple[int, ...] = ()
