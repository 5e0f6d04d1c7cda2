"""Every action of the Oracle game: one tagged msgspec Struct each, decoded by one union.

Field conventions: ``die`` is 0 or 1 (the two d4 runes ``d4_a``/``d4_b``); ``half`` is 0 (left)
or 1 (right) of the fate bowl; ``rune`` is one of ``bowl.RUNES``; colours and guild ids come
from the sheet pack; ``row`` is a horoscope row id ("top"/"bottom" in the provisional pack).
"""

from __future__ import annotations

from typing import Literal

import msgspec


class _A(msgspec.Struct, frozen=True, tag_field="type"):
    pass


# --- the runes -----------------------------------------------------------------------------


class Roll(_A, tag="roll", omit_defaults=True, frozen=True):
    """Chance: the runes are thrown (practice, or after RollInApp in companion). The step
    carries what fell: ``halves`` in RUNES order, the die faces, the coin, and at setup the
    half of each throw that put all five runes in one half and was thrown again (``rerolled``).
    Bare (no outcome) only in saves before format 5, upgraded on load (``OracleLegacy``)."""

    halves: tuple[int, ...] = ()
    dice: tuple[int, ...] = ()
    coin: str = ""
    rerolled: tuple[int, ...] = ()


class RollInApp(_A, tag="roll_in_app", frozen=True):
    """Companion: let the app throw the runes (a chance node follows)."""


class EnterRoll(_A, tag="enter_roll", frozen=True):
    """A physical throw entered by hand: ``halves`` in RUNES order, die faces, coin face.
    Also accepted from the CHANCE seat to force an outcome (tests, replays)."""

    halves: tuple[int, int, int, int, int]
    dice: tuple[int, int]
    coin: Literal["tree", "skull"]


class AdjustDie(_A, tag="adjust_die", frozen=True):
    """Manipulation ±1: cross a filled ±1 circle, change a die by one (4 and 1 wrap)."""

    die: int
    delta: int


class MoveRune(_A, tag="move_rune", frozen=True):
    """Manipulation 'move 1': cross a filled move circle, move a rune to the other half."""

    rune: str


# --- the six actions and the practice/companion pass ---------------------------------------


class ThreadsOfFate(_A, tag="threads_of_fate", frozen=True):
    partner: Literal["die", "bone", "doll"]


class Stargazing(_A, tag="stargazing", frozen=True):
    pass


class Prediction(_A, tag="prediction", frozen=True):
    die: int
    colour: str


class Horoscope(_A, tag="horoscope", frozen=True):
    half: int


class HireTownsfolk(_A, tag="hire_townsfolk", frozen=True):
    slot: int


class ActivateStaff(_A, tag="activate_staff", frozen=True):
    pass


class Pass(_A, tag="pass", frozen=True):
    """No sheet action this turn (practice: spends time; companion: the Oracle does something
    off the sheet)."""


# --- decisions inside an action --------------------------------------------------------------


class DrawLine(_A, tag="draw_line", frozen=True):
    r: int
    c: int
    dir: Literal["h", "v"]


class TownsfolkSymbol(_A, tag="townsfolk_symbol", frozen=True):
    """Companion: one guild symbol printed on the townsfolk card just hired."""

    guild: str


class TownsfolkDone(_A, tag="townsfolk_done", frozen=True):
    """Companion: every guild symbol of the card just hired is recorded."""


class WriteHoroscope(_A, tag="write_horoscope", frozen=True):
    value: int
    row: str


class MarkHoroscope(_A, tag="mark_horoscope", frozen=True):
    """An X reward written into the leftmost empty cell of a horoscope row."""

    row: str


class MarkGuild(_A, tag="mark_guild", frozen=True):
    guild: str
    mark: Literal["x", "market"]


class TakeGood(_A, tag="take_good", frozen=True):
    size: Literal["talisman", "tome"]
    colour: str


class FillCircle(_A, tag="fill_circle", frozen=True):
    kind: Literal["plus_minus", "move"]


class ActivateSlot(_A, tag="activate_slot", frozen=True):
    slot: int


class ResolveDraw(_A, tag="resolve_draw", frozen=True):
    """Two adventurers drawn at once: check the predictions against this colour first."""

    colour: str


# --- the table around the sheet ----------------------------------------------------------------


class DrawAdventurers(_A, tag="draw_adventurers", omit_defaults=True, frozen=True):
    """Chance (practice): adventurers come out of the bag, ``colours`` in the order drawn (bare
    only in saves before format 5, upgraded on load)."""

    colours: tuple[str, ...] = ()


class AdventurerDrawn(_A, tag="adventurer_drawn", frozen=True):
    """Companion: someone drew these adventurers (one, or two at once). Also accepted from the
    CHANCE seat in practice to force a draw."""

    colours: tuple[str, ...]


class RecordCorruption(_A, tag="record_corruption", frozen=True):
    """Companion: a corruption card taken (+1) or discarded (-1) away from the sheet."""

    delta: int


class MarketPhase(_A, tag="market_phase", frozen=True):
    """Companion: the table reached a Market phase (market symbols pay)."""


class EndGame(_A, tag="end_game", frozen=True):
    """Companion: the table's game is over."""


Action = (
    Roll
    | RollInApp
    | EnterRoll
    | AdjustDie
    | MoveRune
    | ThreadsOfFate
    | Stargazing
    | Prediction
    | Horoscope
    | HireTownsfolk
    | ActivateStaff
    | Pass
    | DrawLine
    | WriteHoroscope
    | MarkHoroscope
    | MarkGuild
    | TakeGood
    | FillCircle
    | ActivateSlot
    | ResolveDraw
    | TownsfolkSymbol
    | TownsfolkDone
    | DrawAdventurers
    | AdventurerDrawn
    | RecordCorruption
    | MarketPhase
    | EndGame
)

ALL_ACTIONS = Action.__args__

# Actions that take the Oracle figure to their space (hours from the sheet pack).
SHEET_ACTIONS: dict[type, str] = {
    ThreadsOfFate: "threads_of_fate",
    Stargazing: "stargazing",
    Prediction: "prediction",
    Horoscope: "horoscope",
    HireTownsfolk: "hire_townsfolk",
    ActivateStaff: "activate_staff",
}
