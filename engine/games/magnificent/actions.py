"""Decisions, one tagged Struct each (``{"type": ...}`` in JSON)."""

from __future__ import annotations

import msgspec


class _A(msgspec.Struct, frozen=True, tag_field="type"):
    pass


class ChooseSide(_A, tag="side", frozen=True):
    side: str  # A / B (R18)


class DraftKeep(_A, tag="keep", frozen=True):
    card: str  # master draft (R19), or a variant's offer


class PickTile(_A, tag="tile", frozen=True):
    tile: str  # setup tile draft (R17)


class Roll(_A, tag="roll", frozen=True):
    """The chance step: one face per die waiting in ``MagState.throw``, in its order."""

    faces: tuple[int, ...]


class TakeDie(_A, tag="take", frozen=True):
    die: int  # die id in the Main Tent
    card: int  # index of one of your master cards without a die
    colour: str = ""  # declared colour of a clear die (R25)
    flip: bool = False  # B1: turn to the opposite face
    face: int = 0  # K11 (card bonus, or K3 copying it): set any face


class SpendGem(_A, tag="gem", frozen=True):
    gem: str  # +2 AP (R29)


class CardBonus(_A, tag="bonus", frozen=True):
    card: int  # the card whose bonus is used (another card when copying, K3)
    gems: tuple[str, ...] = ()  # K9: which 3 gems to discard


class Marker(_A, tag="marker", frozen=True):
    space: str  # assistant space id (tile or board)


class Choose(_A, tag="action", frozen=True):
    action: str  # build / travel / perform (R31)


class Level(_A, tag="level", frozen=True):
    index: int  # build level (R33)


class Place(_A, tag="place", frozen=True):
    pending: int  # index into the pending fragments
    fragment: str  # fragment id (its colour must be allowed)
    orient: int  # index into the fragment's distinct orientations
    x: int
    y: int


class Skip(_A, tag="skip", frozen=True):
    pending: int  # a fragment with no legal spot goes back to the supply (A6)


class Move(_A, tag="move", frozen=True):
    distance: int  # travel 1..AP (R37)


class TakeTent(_A, tag="tent", frozen=True):
    slot: int  # 1..4, or -1 to leave the tent (R40)


class Hat(_A, tag="hat", frozen=True):
    hat: int  # 0 or 1
    space: int  # 0-based performance-track position (R51)


class Reward(_A, tag="reward", frozen=True):
    slots: tuple[int, ...]  # poster slots rewarded together (R52)
    ignore: str = ""  # T10: one fragment requirement ignored


class Swap(_A, tag="swap", frozen=True):
    a: int
    b: int  # rearrange posters (R54, B5)


class GainPoster(_A, tag="poster", frozen=True):
    source: int  # -1 the deck top, 0..3 a New Posters slot (R46)
    slot: int  # poster slot; a full one is replaced; -1 discards the new poster (R47)


class DeclinePoster(_A, tag="decline", frozen=True):
    pass  # R47(c), only when every slot is full


class PickGem(_A, tag="pick_gem", frozen=True):
    gem: str


class PayGems(_A, tag="pay_gems", frozen=True):
    wild: tuple[str, ...] = ()  # coloured gems paid with a clear gem though held (D1)


class FinalChoice(_A, tag="final_choice", frozen=True):
    card: int  # a master card halved at the end of the game (R80a) whose condition needs
    artist: str = ""  # the chosen artist (C14) or
    coins: int = 0  # the coins paid (C7), as at round end (D2)


class EndTurn(_A, tag="end", frozen=True):
    pass


class PickPair(_A, tag="pair", frozen=True):
    index: int  # fair pair (R72)


class DiscardPair(_A, tag="discard_pair", frozen=True):
    index: int  # two-player rule (R73)


class ScoreCard(_A, tag="score", frozen=True):
    card: int  # 1 of 5 (R74)
    artist: str = ""  # C14
    coins: int = 0  # C7


Action = (
    ChooseSide
    | DraftKeep
    | PickTile
    | TakeDie
    | SpendGem
    | CardBonus
    | Marker
    | Choose
    | Level
    | Place
    | Skip
    | Move
    | TakeTent
    | Hat
    | Reward
    | Swap
    | GainPoster
    | DeclinePoster
    | PickGem
    | PayGems
    | EndTurn
    | PickPair
    | DiscardPair
    | ScoreCard
    | FinalChoice
    | Roll
)
