"""The Oracle's data packs: the sheet layout (``data/sheet.json``) and the practice frame
(``data/practice.json``), validated by frozen msgspec schemas.

No layout number lives in code: the grid, colours, corruption cross, horoscope reward icons,
customer symbols, circle counts, guild symbols and staff slots all come from the sheet pack, so
replacing the provisional layout with the printed one is a data-only change. ``check_sheet`` and
``check_practice`` catch packs that are well-formed but inconsistent.
"""

from __future__ import annotations

from functools import lru_cache
from importlib import resources
from typing import Literal

import msgspec

ACTIONS = ("threads_of_fate", "stargazing", "prediction", "horoscope", "hire_townsfolk",
           "activate_staff")
ABILITIES = ("exorcist", "astrologer", "palmist", "guard")
CIRCLE_KINDS = ("plus_minus", "move")
PARTNERS = ("die", "bone", "doll")
PREDICTION_OPTIONS = ("tome", "talisman", "guild_market", "guild_x", "horoscope_x")


class _Pack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class CellReward(_Pack):
    """A reward icon printed above (top row) or below (bottom row) a horoscope cell."""
    kind: Literal["talisman", "tome", "x", "market", "discard"]
    colours: tuple[str, ...] = ()


class HoroscopeRow(_Pack):
    id: str
    order: Literal["ascending", "descending"]
    cells: tuple[CellReward | None, ...]


class Horoscope(_Pack):
    rows: tuple[HoroscopeRow, ...]


class Edge(_Pack):
    """A line between dot (r, c) and its right ("h") or lower ("v") neighbour."""
    r: int
    c: int
    dir: Literal["h", "v"]


class Stargazing(_Pack):
    legend: dict[str, str | None]
    cells: tuple[str, ...]  # one string per row of cells, one legend letter per cell
    cross: tuple[Edge, ...]
    talisman_size: int
    tome_size: int


class CircleKind(_Pack):
    count: int
    prefilled: int


class Circles(_Pack):
    plus_minus: CircleKind
    move: CircleKind


class ThreadsOfFate(_Pack):
    partner_effects: dict[str, Literal["x", "fill_move", "fill_plus_minus"]]
    fill_count: int


class Tier(_Pack):
    min: int
    options: tuple[str, ...]


class Prediction(_Pack):
    symbols: int
    per_row: int
    tiers: tuple[Tier, ...]


class Guild(_Pack):
    id: str
    symbols: int


class StaffSlot(_Pack):
    ability: str


class StaffEffect(_Pack):
    x: int = 0
    lines: int = 0
    circles: int = 0
    discard: int = 0


class Hours(_Pack):
    threads_of_fate: int
    stargazing: int
    prediction: int
    horoscope: int
    activate_staff: int
    hire_townsfolk: int | None  # "cost varies": the practice frame sets it


class GoodsStock(_Pack):
    talisman: int
    tome: int


class Sheet(_Pack):
    id: str
    version: int
    source: str
    provisional: bool
    reasons: tuple[str, ...]
    colours: tuple[str, ...]
    adventurers: tuple[str, ...]  # adventurer colours in the bag (base game: + grey rogues)
    hours: Hours
    figure_start: str
    figure_spaces: tuple[str, ...]
    threads_of_fate: ThreadsOfFate
    circles: Circles
    stargazing: Stargazing
    prediction: Prediction
    horoscope: Horoscope
    guilds: tuple[Guild, ...]
    staff: tuple[StaffSlot, ...]
    staff_effects: dict[str, StaffEffect]
    goods_stock: GoodsStock


class ClockDraw(_Pack):
    hour: int
    count: int


class Score(_Pack):
    talisman: dict[str, int]
    tome: dict[str, int]
    guild_x: int
    market_symbol_per_market: int
    corruption: int


class Practice(_Pack):
    id: str
    version: int
    source: str
    provisional: bool
    reasons: tuple[str, ...]
    days: int
    hours_per_day: int
    pass_hours: int
    hire_hours: int
    bag: dict[str, int]
    refill_bag_each_day: bool
    day_start_draws: int
    clock_draws: tuple[ClockDraw, ...]
    goods_sold_each_day: bool
    score: Score


class PackError(ValueError):
    """A data pack that parses but contradicts itself or the rules."""


def _need(ok: bool, message: str) -> None:
    if not ok:
        raise PackError(message)


def check_sheet(sheet: Sheet) -> None:
    colours = set(sheet.colours)
    _need(len(colours) == len(sheet.colours) and colours, "colours must be distinct")
    _need(colours <= set(sheet.adventurers), "every customer colour must be an adventurer colour")
    _need(sheet.figure_start in sheet.figure_spaces, "figure_start must be a figure space")
    _need(set(sheet.figure_spaces) <= set(ACTIONS), "unknown figure space")
    _need(set(sheet.threads_of_fate.partner_effects) == set(PARTNERS),
          "threads_of_fate needs an effect for each partner rune: die, bone, doll")
    for kind in CIRCLE_KINDS:
        spec: CircleKind = getattr(sheet.circles, kind)
        _need(0 <= spec.prefilled <= spec.count, f"circles.{kind}: prefilled out of range")
    sg = sheet.stargazing
    _need(len(sg.cells) >= 1 and len({len(r) for r in sg.cells}) == 1, "stargazing rows must be equal")
    for row in sg.cells:
        for letter in row:
            _need(letter in sg.legend, f"stargazing letter {letter!r} not in legend")
    _need(all(v is None or v in colours for v in sg.legend.values()), "legend colour unknown")
    rows, cols = len(sg.cells), len(sg.cells[0])
    for e in sg.cross:
        if e.dir == "h":
            _need(0 <= e.r <= rows and 0 <= e.c < cols, f"cross edge off the grid: {e}")
        else:
            _need(0 <= e.r < rows and 0 <= e.c <= cols, f"cross edge off the grid: {e}")
    _need(sheet.prediction.symbols > 0 and sheet.prediction.per_row > 0, "prediction symbols")
    mins = [t.min for t in sheet.prediction.tiers]
    _need(mins == sorted(mins, reverse=True) and mins and mins[-1] == 1,
          "prediction tiers: descending minimums ending at 1")
    for t in sheet.prediction.tiers:
        _need(set(t.options) <= set(PREDICTION_OPTIONS), f"unknown prediction option in {t}")
    ids = [r.id for r in sheet.horoscope.rows]
    _need(len(set(ids)) == len(ids) and ids, "horoscope row ids must be distinct")
    for row in sheet.horoscope.rows:
        for cell in row.cells:
            if cell is not None:
                _need(set(cell.colours) <= colours, f"horoscope reward colour unknown: {cell}")
                _need(bool(cell.colours) == (cell.kind in ("talisman", "tome")),
                      f"only goods rewards name colours: {cell}")
    gids = [g.id for g in sheet.guilds]
    _need(len(set(gids)) == len(gids) and all(g.symbols > 0 for g in sheet.guilds), "guilds")
    _need(all(s.ability in ABILITIES for s in sheet.staff), "unknown staff ability")
    _need(set(sheet.staff_effects) == set(ABILITIES), "staff_effects must cover every ability")


def check_practice(practice: Practice, sheet: Sheet) -> None:
    _need(set(practice.bag) <= set(sheet.adventurers), "bag colours must be adventurer colours")
    _need(practice.days >= 1 and practice.hours_per_day >= 1, "days and hours must be positive")
    _need(practice.pass_hours >= 1 and practice.hire_hours >= 1, "pass/hire must cost time")
    _need(all(n >= 0 for n in practice.bag.values()) and sum(practice.bag.values()) > 0, "bag")
    hours = [d.hour for d in practice.clock_draws]
    _need(hours == sorted(set(hours)) and all(0 < h < practice.hours_per_day for h in hours),
          "clock draw hours must rise strictly inside the day")
    per_day = practice.day_start_draws + sum(d.count for d in practice.clock_draws)
    _need(practice.refill_bag_each_day and per_day <= sum(practice.bag.values())
          or per_day * practice.days <= sum(practice.bag.values()), "the bag runs out")
    for table in (practice.score.talisman, practice.score.tome):
        _need(set(table) == set(sheet.colours), "score tables must cover every colour")


def _read(name: str) -> bytes:
    return resources.files("engine.games.oracle").joinpath("data", name).read_bytes()


def parse_sheet(raw: bytes | str) -> Sheet:
    sheet = msgspec.json.decode(raw, type=Sheet)
    check_sheet(sheet)
    return sheet


def parse_practice(raw: bytes | str, sheet: Sheet) -> Practice:
    practice = msgspec.json.decode(raw, type=Practice)
    check_practice(practice, sheet)
    return practice


@lru_cache(maxsize=None)
def load_sheet() -> Sheet:
    return parse_sheet(_read("sheet.json"))


@lru_cache(maxsize=None)
def load_practice() -> Practice:
    return parse_practice(_read("practice.json"), load_sheet())
