"""The Oracle's data packs: the sheet layout (``data/sheet.json``) and the practice frame
(``data/practice.json``), validated by frozen msgspec schemas.

No layout number lives in code: the grid, colours, corruption cross, horoscope reward icons,
customer symbols, circle counts, guild symbols and staff slots all come from the sheet pack, so
replacing the provisional layout with the printed one is a data-only change. ``check_sheet`` and
``check_practice`` catch packs that are well-formed but inconsistent, with a JSON path each.

Both files carry the common pack header (``engine.core.packs``) and load through ``read_pack``.
The sheet (``oracle.sheet``) is replaceable by a box owner: ``OracleGame(..., packs={SHEET:
bytes})`` plays on it and reports its hash in ``pack_fingerprint``. The practice frame is our
own invention with no printed counterpart, so only the sheet is offered for replacement.
"""

# No `from __future__ import annotations` here: msgspec reads a schema's annotations at its
# first decode, and strings it must compile and evaluate one by one (a new tab's first `load`
# in the page pays it: docs/speed.md "Issue #32, session 26").

from functools import cache, lru_cache
from importlib import resources
from typing import Literal

import msgspec

from engine.core.packs import Pack, PackError, read_pack, register_schema

GAME = "oracle"
SHEET = "oracle.sheet"
PRACTICE = "oracle.practice"
ACTIONS = (
    "threads_of_fate",
    "stargazing",
    "prediction",
    "horoscope",
    "hire_townsfolk",
    "activate_staff",
)
ABILITIES = ("exorcist", "astrologer", "palmist", "guard")
CIRCLE_KINDS: tuple[Literal["plus_minus", "move"], ...] = ("plus_minus", "move")
PARTNERS = ("die", "bone", "doll")
PREDICTION_OPTIONS = ("tome", "talisman", "guild_market", "guild_x", "horoscope_x")


class _Pack(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    pass


class CellReward(_Pack, frozen=True):
    """A reward icon printed above (top row) or below (bottom row) a horoscope cell."""

    kind: Literal["talisman", "tome", "x", "market", "discard"]
    colours: tuple[str, ...] = ()


class HoroscopeRow(_Pack, frozen=True):
    id: str
    order: Literal["ascending", "descending"]
    cells: tuple[CellReward | None, ...]


class Horoscope(_Pack, frozen=True):
    rows: tuple[HoroscopeRow, ...]


class Edge(_Pack, frozen=True):
    """A line between dot (r, c) and its right ("h") or lower ("v") neighbour."""

    r: int
    c: int
    dir: Literal["h", "v"]


class Stargazing(_Pack, frozen=True):
    legend: dict[str, str | None]
    cells: tuple[str, ...]  # one string per row of cells, one legend letter per cell
    cross: tuple[Edge, ...]
    talisman_size: int
    tome_size: int


class CircleKind(_Pack, frozen=True):
    count: int
    prefilled: int


class Circles(_Pack, frozen=True):
    plus_minus: CircleKind
    move: CircleKind


class ThreadsOfFate(_Pack, frozen=True):
    partner_effects: dict[str, Literal["x", "fill_move", "fill_plus_minus"]]
    fill_count: int


class Tier(_Pack, frozen=True):
    min: int
    options: tuple[str, ...]


class Prediction(_Pack, frozen=True):
    symbols: int
    per_row: int
    tiers: tuple[Tier, ...]


class Guild(_Pack, frozen=True):
    id: str
    symbols: int


class StaffSlot(_Pack, frozen=True):
    ability: str


class StaffEffect(_Pack, frozen=True):
    x: int = 0
    lines: int = 0
    circles: int = 0
    discard: int = 0


class Hours(_Pack, frozen=True):
    threads_of_fate: int
    stargazing: int
    prediction: int
    horoscope: int
    activate_staff: int
    hire_townsfolk: int | None  # "cost varies": the practice frame sets it


class GoodsStock(_Pack, frozen=True):
    talisman: int
    tome: int


class Sheet(Pack, frozen=True, kw_only=True):
    id: str  # the layout's own id, shown with the layout
    version: int
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

    def check(self) -> list[tuple[str, str]]:
        return check_sheet(self)


class ClockDraw(_Pack, frozen=True):
    hour: int
    count: int


class Score(_Pack, frozen=True):
    talisman: dict[str, int]
    tome: dict[str, int]
    guild_x: int
    market_symbol_per_market: int
    corruption: int


class Practice(Pack, frozen=True, kw_only=True):
    id: str
    version: int
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


def check_sheet(sheet: Sheet) -> list[tuple[str, str]]:
    errors: list[tuple[str, str]] = []

    def need(ok: object, path: str, reason: str) -> None:
        if not ok:
            errors.append((path, reason))

    colours = set(sheet.colours)
    need(len(colours) == len(sheet.colours) and colours, "$.colours", "colours must be distinct")
    need(
        colours <= set(sheet.adventurers),
        "$.adventurers",
        "every customer colour must be an adventurer colour",
    )
    need(
        sheet.figure_start in sheet.figure_spaces,
        "$.figure_start",
        "figure_start must be a figure space",
    )
    for i, space in enumerate(sheet.figure_spaces):
        need(space in ACTIONS, f"$.figure_spaces[{i}]", f"unknown figure space {space!r}")
    need(
        set(sheet.threads_of_fate.partner_effects) == set(PARTNERS),
        "$.threads_of_fate.partner_effects",
        "threads_of_fate needs an effect for each partner rune: die, bone, doll",
    )
    for kind in CIRCLE_KINDS:
        spec: CircleKind = getattr(sheet.circles, kind)
        need(
            0 <= spec.prefilled <= spec.count,
            f"$.circles.{kind}.prefilled",
            "prefilled out of range",
        )
    sg = sheet.stargazing
    need(
        len(sg.cells) >= 1 and len({len(r) for r in sg.cells}) == 1,
        "$.stargazing.cells",
        "stargazing rows must be equal",
    )
    for i, row in enumerate(sg.cells):
        for letter in row:
            need(
                letter in sg.legend,
                f"$.stargazing.cells[{i}]",
                f"stargazing letter {letter!r} not in legend",
            )
    for key, value in sg.legend.items():
        need(
            value is None or value in colours,
            f"$.stargazing.legend.{key}",
            f"legend colour unknown: {value!r}",
        )
    rows, cols = len(sg.cells), len(sg.cells[0]) if sg.cells else 0
    for i, e in enumerate(sg.cross):
        inside = (
            0 <= e.r <= rows and 0 <= e.c < cols
            if e.dir == "h"
            else 0 <= e.r < rows and 0 <= e.c <= cols
        )
        need(inside, f"$.stargazing.cross[{i}]", "cross edge off the grid")
    need(
        sheet.prediction.symbols > 0 and sheet.prediction.per_row > 0,
        "$.prediction",
        "prediction symbols and per_row must be positive",
    )
    mins = [t.min for t in sheet.prediction.tiers]
    need(
        mins == sorted(mins, reverse=True) and mins and mins[-1] == 1,
        "$.prediction.tiers",
        "prediction tiers: descending minimums ending at 1",
    )
    for i, t in enumerate(sheet.prediction.tiers):
        for j, option in enumerate(t.options):
            need(
                option in PREDICTION_OPTIONS,
                f"$.prediction.tiers[{i}].options[{j}]",
                f"unknown prediction option {option!r}",
            )
    need(sheet.horoscope.rows, "$.horoscope.rows", "at least one horoscope row")
    for i, hrow in enumerate(sheet.horoscope.rows):
        for j, cell in enumerate(hrow.cells):
            if cell is not None:
                path = f"$.horoscope.rows[{i}].cells[{j}]"
                need(set(cell.colours) <= colours, f"{path}.colours", "reward colour unknown")
                need(
                    bool(cell.colours) == (cell.kind in ("talisman", "tome")),
                    f"{path}.colours",
                    "only goods rewards name colours",
                )
    for i, g in enumerate(sheet.guilds):
        need(g.symbols > 0, f"$.guilds[{i}].symbols", "a guild needs symbols")
    for i, slot in enumerate(sheet.staff):
        need(
            slot.ability in ABILITIES,
            f"$.staff[{i}].ability",
            f"unknown staff ability {slot.ability!r}",
        )
    need(
        set(sheet.staff_effects) == set(ABILITIES),
        "$.staff_effects",
        "staff_effects must cover every ability",
    )
    return errors


def check_practice(practice: Practice, sheet: Sheet) -> list[tuple[str, str]]:
    errors: list[tuple[str, str]] = []

    def need(ok: object, path: str, reason: str) -> None:
        if not ok:
            errors.append((path, reason))

    need(
        set(practice.bag) <= set(sheet.adventurers),
        "$.bag",
        "bag colours must be adventurer colours",
    )
    need(
        practice.days >= 1 and practice.hours_per_day >= 1,
        "$.days",
        "days and hours must be positive",
    )
    need(
        practice.pass_hours >= 1 and practice.hire_hours >= 1,
        "$.pass_hours",
        "pass/hire must cost time",
    )
    bag = sum(practice.bag.values())
    need(all(n >= 0 for n in practice.bag.values()) and bag > 0, "$.bag", "bag counts")
    hours = [d.hour for d in practice.clock_draws]
    need(
        hours == sorted(set(hours)) and all(0 < h < practice.hours_per_day for h in hours),
        "$.clock_draws",
        "clock draw hours must rise strictly inside the day",
    )
    per_day = practice.day_start_draws + sum(d.count for d in practice.clock_draws)
    need(
        practice.refill_bag_each_day and per_day <= bag or per_day * practice.days <= bag,
        "$.bag",
        "the bag runs out",
    )
    for name in ("talisman", "tome"):
        need(
            set(getattr(practice.score, name)) == set(sheet.colours),
            f"$.score.{name}",
            "score tables must cover every colour of the sheet",
        )
    return errors


register_schema(GAME, SHEET, Sheet)
register_schema(GAME, PRACTICE, Practice)


def _read(name: str) -> bytes:
    return resources.files("engine.games.oracle").joinpath("data", name).read_bytes()


def shipped_bytes(name: str) -> bytes:
    return _read(f"{name}.json")


@lru_cache(maxsize=8)
def read_sheet(raw: bytes) -> tuple[Sheet, str]:
    """A sheet pack (shipped or a box owner's): (sheet, sha256) or PackError."""
    return read_pack(raw, Sheet, SHEET, GAME)


def read_practice(raw: bytes, sheet: Sheet) -> tuple[Practice, str]:
    """The practice frame, checked against the sheet it is played on."""
    practice, sha = read_pack(raw, Practice, PRACTICE, GAME)
    errors = check_practice(practice, sheet)
    if errors:
        raise PackError(PRACTICE, errors)
    return practice, sha


def parse_sheet(raw: bytes | str) -> Sheet:
    return read_sheet(raw.encode() if isinstance(raw, str) else raw)[0]


def parse_practice(raw: bytes | str, sheet: Sheet) -> Practice:
    return read_practice(raw.encode() if isinstance(raw, str) else raw, sheet)[0]


@lru_cache(maxsize=8)
def practice_for(sheet_raw: bytes) -> Practice:
    """The shipped practice frame, checked against the sheet (shipped or a box owner's)."""
    return parse_practice(shipped_bytes("practice"), read_sheet(sheet_raw)[0])


@cache
def load_sheet() -> Sheet:
    return parse_sheet(shipped_bytes("sheet"))


@cache
def load_practice() -> Practice:
    return parse_practice(shipped_bytes("practice"), load_sheet())
