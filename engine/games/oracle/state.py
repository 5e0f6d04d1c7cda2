"""The Oracle's state: the sheet's marks, the bowl, the table around it, and the stack of
pending decisions (serialisable Structs, never closures).

Phases: ``roll`` (the runes are thrown; turn 0 is the setup throw), ``act`` (the player's turn:
manipulations, then one action), ``draw`` (practice: adventurers come out of the bag),
``over``. Whenever ``pending`` is not empty the player must answer its top entry first.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core.decisions import kind
from engine.core.rng import Rng


class Bowl(msgspec.Struct):
    halves: list[int]  # per rune, in bowl.RUNES order: 0 = left half, 1 = right half
    dice: list[int]  # faces of d4_a and d4_b
    coin: str  # "tree" or "skull"


class Circles(msgspec.Struct):
    """Circles of one manipulation kind, in sheet order: the first ``crossed`` are crossed, the
    next ``filled - crossed`` are filled, the rest empty."""

    filled: int
    crossed: int


class Region(msgspec.Struct):
    """An enclosed area of the stargazing grid. ``kind``: talisman / tome (filled, paid) or
    unfit (enclosed, unpaid: may be split later)."""

    cells: list[int]
    kind: str
    colour: str | None = None
    cross: bool = False


class PredictionMark(msgspec.Struct):
    start: int  # first customer symbol (index into the row)
    size: int
    colour: str
    crossed: int = 0
    status: str = "active"  # active / true / failed


class Tally(msgspec.Struct):
    """Goods by size and colour."""

    talisman: dict[str, int]
    tome: dict[str, int]


# --- pending decisions ------------------------------------------------------------------------


class _P(msgspec.Struct, tag_field="type"):
    pass


class PendingLines(_P, tag="lines"):
    remaining: int
    source: str  # stargazing / astrologer
    cross_charged: bool = False  # this action already cost its corruption-cross card


class PendingHoroscope(_P, tag="horoscope"):
    values: list[int]


class _Reward(_P):
    """A reward to place (answered by ``TakeGood``, ``MarkHoroscope`` or ``MarkGuild``): the
    tag is its kind. Never queued itself; ``PendingReward`` is the union of its kinds."""

    source: str


class PendingTalisman(_Reward, tag="talisman"):
    """A talisman of one of ``colours`` (any colour when empty)."""

    colours: list[str] = []


class PendingTome(_Reward, tag="tome"):
    """A tome of one of ``colours`` (any colour when empty)."""

    colours: list[str] = []


class PendingX(_Reward, tag="x"):
    """An X on a horoscope row or a guild's funding symbol."""


class PendingMarket(_Reward, tag="market"):
    """A guild's market symbol."""


class PendingPrediction(_Reward, tag="prediction"):
    """A prediction come true: ``tier`` symbols circled pick the sheet's tier of options."""

    tier: int


PendingReward = PendingTalisman | PendingTome | PendingX | PendingMarket | PendingPrediction
REWARDS = (PendingTalisman, PendingTome, PendingX, PendingMarket, PendingPrediction)


def pending_name(p: _P) -> str:
    """What the page and the refusals call a decision: its tag, except that every reward kind
    reads as one decision, ``reward`` (the view adds its kind)."""
    return "reward" if isinstance(p, _Reward) else kind(p)


class PendingCircles(_P, tag="circles"):
    remaining: int


class PendingStaff(_P, tag="staff"):
    slots: list[int]


class PendingDrawOrder(_P, tag="draw_order"):
    colours: list[str]


class PendingTownsfolk(_P, tag="townsfolk"):
    """Companion: the guild symbols of the card just put under ``slot`` (they score at the end)."""

    slot: int


Pending = (
    PendingLines
    | PendingHoroscope
    | PendingTalisman
    | PendingTome
    | PendingX
    | PendingMarket
    | PendingPrediction
    | PendingCircles
    | PendingStaff
    | PendingDrawOrder
    | PendingTownsfolk
)


class OracleState(msgspec.Struct):
    rng: Rng
    mode: str
    phase: Literal["roll", "act", "draw", "over"]
    turn: int  # turns started; the roll at turn 0 is the setup throw
    acted: bool  # this turn's action has been chosen
    rolling: bool  # companion: an in-app throw was asked for (chance next)
    bowl: Bowl
    figure: str  # the action space the Oracle figure stands on
    circles: dict[str, Circles]
    lines: list[int]  # edge ids drawn, in the order drawn
    regions: list[Region]
    predictions: list[PredictionMark]
    symbols_used: int  # customer symbols already inside a prediction
    horoscope: dict[str, list[str]]  # row id -> cells written: "1".."4" or "X"
    guilds: dict[str, list[str]]  # guild id -> marks drawn on its funding symbols: x / market
    staff: list[
        list[list[str]]
    ]  # per staff slot, the townsfolk cards under it (their guild symbols)
    corruption: int  # corruption cards held (as far as the sheet knows)
    corruption_taken: int
    made: Tally  # goods made in the whole game
    stall: Tally  # goods on the stall now (practice: sold at day end)
    hours_spent: int
    hours_today: int
    day: int
    bag: dict[str, int]
    draw_queue: list[int]  # practice: batches of adventurers still to draw
    drawn: list[str]  # adventurers drawn (whole game, in order)
    market_phases: int
    funding_once: int  # one-time guild fundings received
    funding_market: int  # market-phase fundings received (symbol x phase)
    pending: list[Pending]
    last_action: str = ""  # figure space or "pass" of the latest turn
