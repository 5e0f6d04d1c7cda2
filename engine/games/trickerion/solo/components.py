"""Data packs of Dahlgaard's Successor, Trickerion's solo automaton: schemas and cached loader.

The packs live in ``engine/games/trickerion/solo/data/*.json`` (package data). Each is decoded
straight into the frozen Structs below (unknown fields are errors) and then cross-checked
against the base Trickerion packs (magician, prophecy, prop, slot and day ids). Use
:func:`load_solo_packs` to get a :class:`SoloPacks`.

Sources: the solo rulebook seed ``shared/seeds/003_…`` (RU, «Преемник Далгарда»), read for the
variant **without** Dahlgaard's Academy. Every pack and every section states its source. Where
the seed lost a number or a picture (card faces, die faces, an icon, a table's numbers), the
record carries ``provisional=True`` and a ``provisional_reason``; :func:`provisional_records`
lists them all, and ``docs/solo.md`` gives the reasoning behind each. Replacing a provisional
value is a change to the JSON alone.

Academy material is kept only where the seed states it (board side, plan-deck recipe, the fifth
die, the Academy action table, the four Academy magicians' solo abilities), each flagged
``academy``; nothing of the Academy's own rules is invented here.
"""

# No `from __future__ import annotations` here: msgspec reads a schema's annotations at its
# first decode, and strings it must compile and evaluate one by one (a new tab's first `load`
# in the page pays it: docs/speed.md "Issue #32, session 26").

import functools
from collections.abc import Callable, Iterable, Mapping
from importlib import resources
from typing import Any, Literal, TypeVar

import msgspec

from engine.core.packs import Pack, PackError, pack_sha256, read_pack, register_schema
from engine.games.trickerion.components import (
    DIRECTIONS,
    SCHOOLS,
    Direction,
    Link,
    Names,
    Reward,
    School,
    UnknownId,
    _Data,
    _Provisional,
    load_packs,
)

GAME = "trickerion-solo"

Difficulty = Literal["low", "medium", "high"]
DIFFICULTIES: tuple[Difficulty, ...] = ("low", "medium", "high")

Mood = Literal["ready", "busy"]
MOODS: tuple[Mood, ...] = ("ready", "busy")

PlanKind = Literal["performance", "preparation"]
BoardSideId = Literal["without_academy", "with_academy"]

# Locations the Successor can be sent to (the Academy only with the expansion).
SoloLocation = Literal["downtown", "market_row", "workshop", "theater", "dark_alley", "academy"]
# Locations with a round-preparation die.
DieLocation = Literal["downtown", "market_row", "dark_alley", "academy", "theater"]
DieColour = Literal["yellow", "orange", "black", "blue", "red"]

Cell = tuple[int, int]


# ---------------------------------------------------------------------------------------------
# board.json: the Successor's board, setup, difficulty levels, adjustments, placement rules
# ---------------------------------------------------------------------------------------------


class BoardSide(_Data, kw_only=True, frozen=True):
    """A side of the Successor's board. ``character_slots``: slots for character discs."""

    id: BoardSideId
    academy: bool
    character_slots: int
    source: str


class CharacterCounts(_Data, kw_only=True, frozen=True):
    """Characters the Successor starts with. ``protege`` only with the Academy."""

    magician: int
    protege: int = 0
    specialist: int
    apprentice: int

    def total(self, academy: bool) -> int:
        return self.magician + (self.protege if academy else 0) + self.specialist + self.apprentice


class DifficultyLevel(_Data, kw_only=True, frozen=True):
    id: Difficulty
    name: Names
    characters: CharacterCounts
    source: str


class Adjustment(_Data, kw_only=True, frozen=True):
    """An optional difficulty adjustment ("ДОПОЛНИТЕЛЬНАЯ НАСТРОЙКА СЛОЖНОСТИ")."""

    id: str
    makes: Literal["easier", "harder"]
    effect: Literal["ignore_successor_ability", "ignore_your_ability", "successor_extra_coins"]
    coins: int = 0
    text: str
    source: str


class OrderEntry(_Data, kw_only=True, frozen=True):
    """One rank of the location order. ``mood``: only in that mood (None: always).
    ``day``: for the Theater, which available day the Successor takes."""

    location: SoloLocation
    mood: Mood | None = None
    day: Literal["earliest", "latest"] | None = None
    academy: bool = False


class SuccessorSetup(_Data, kw_only=True, frozen=True):
    """The Successor's own setup (solo setup steps 3–11, and the no-Academy changes).

    ``assignment_deck``: permanent assignment cards by location; ``assignment_deck_academy``
    is added only with the Academy. ``start_trick_exclude``: the level-1 trick of its school
    that needs a single basic prop type is not among the candidates.
    """

    magician: Literal["random_other_school"]
    magician_side: Literal["solo"]
    start_trick_level: int
    start_trick_candidates: int
    start_trick_exclude: Literal["single_basic_prop_type"]
    start_trick_slot: Literal["leftmost"]
    start_trick_prepared: bool
    shopping_list_one_per_type: bool
    character_order: tuple[Literal["magician", "protege", "specialist", "apprentice"], ...]
    specialists_interchangeable: bool
    assignment_deck: dict[str, int]
    assignment_deck_academy: dict[str, int]
    human_initiative_slot: int
    initiative_slot: int
    start_coins: int
    start_shards: int
    source: str


class TrickSlots(_Data, kw_only=True, frozen=True):
    """Trick-card slots on the Successor's board (derived from the four symbol-marker sets)."""

    count: int
    order: Literal["yield_descending"]
    compare: tuple[Literal["fame", "coins", "shards"], ...]
    source: str


class PlacementRules(_Data, kw_only=True, frozen=True):
    """Numbers of "ОЧКИ ДЕЙСТВИЯ ПЕРСОНАЖЕЙ" and the location order."""

    first_free_slot_outside_theater: bool
    ignores_theater_slot_modifiers: bool
    never_spends_shards: bool
    special_assignment_ap: int
    max_ap: int
    fame_when_over_max: int
    mood_fame_thresholds: tuple[int, ...]
    location_order: tuple[OrderEntry, ...]
    downtown_left_first: bool
    theater_left_first_magician_last: bool
    workshop_never_contested: bool
    source: str


class AdvertiseRules(_Data, kw_only=True, frozen=True):
    every_round: bool
    pays: bool
    source: str


class BoardPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    sides: tuple[BoardSide, ...]
    trick_slots: TrickSlots
    setup: SuccessorSetup
    difficulties: tuple[DifficultyLevel, ...]
    adjustments: tuple[Adjustment, ...]
    placement: PlacementRules
    advertise: AdvertiseRules

    def side(self, academy: bool) -> BoardSide:
        return next(s for s in self.sides if s.academy == academy)

    def difficulty(self, level: str) -> DifficultyLevel:
        for d in self.difficulties:
            if d.id == level:
                return d
        raise UnknownId("trickerion.solo.data.unknown_id", kind="difficulty", id=level)


# ---------------------------------------------------------------------------------------------
# tables.json: the difficulty tables
# ---------------------------------------------------------------------------------------------


class ApTable(_Provisional, kw_only=True, frozen=True):
    """A count by the placed character's action points and the difficulty.

    ``ap[i]`` is the AP of column i; ``rows[d][i]`` the count at difficulty d. A character with
    more AP than the last column reads the last column (``above_last``).
    """

    ap: tuple[int, ...]
    rows: dict[Difficulty, tuple[int, ...]]
    above_last: Literal["last_column"] = "last_column"
    academy_only: bool = False
    source: str

    def count(self, difficulty: Difficulty, ap: int) -> int:
        row = self.rows[difficulty]
        if ap < self.ap[0]:
            return 0
        col = min(ap, self.ap[-1])
        return row[self.ap.index(col)]


class BackstageBonus(_Provisional, kw_only=True, frozen=True):
    """Per character of the Successor backstage on its performance day (not the magician):
    one reward per difficulty, replacing the specialist bonuses."""

    per_character: dict[Difficulty, Reward]
    counts: tuple[Literal["protege", "specialist", "apprentice"], ...]
    source: str


class SafeFame(_Data, kw_only=True, frozen=True):
    """Wages step: the Successor pays no wages; each 10 coins in its safe become fame."""

    coins: int
    fame: dict[Difficulty, int]
    source: str


class SoloEndScoring(_Data, kw_only=True, frozen=True):
    """End of game ("ПОДСЧЁТ СЛАВЫ В КОНЦЕ ИГРЫ")."""

    leftover_marker_penalty: Reward
    fame_per_shard: int
    shard_cap: int
    fame_per_special_assignment: int
    special_assignment_cap: int
    fame_for_coins: bool
    level3_trick_fame: dict[Difficulty, int]
    extra_character_from: int
    extra_character_fame: dict[Difficulty, int]
    source: str


class DiscardPenalty(_Data, kw_only=True, frozen=True):
    """ "Обновление карт представлений": its markers on a discarded card still yield, minus this."""

    per_marker: Reward
    source: str


class TablesPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    downtown_dice: ApTable
    dark_alley_cards: ApTable
    theater_markers: ApTable
    academy_actions: ApTable
    backstage_bonus: BackstageBonus
    safe_fame: SafeFame
    discard_penalty: DiscardPenalty
    end_scoring: SoloEndScoring

    def check(self) -> list[tuple[str, str]]:
        """One value per AP column and difficulty (a box owner's tables go through this)."""
        errors: list[tuple[str, str]] = []
        for name in ("downtown_dice", "dark_alley_cards", "theater_markers", "academy_actions"):
            table: ApTable = getattr(self, name)
            if set(table.rows) != set(DIFFICULTIES):
                errors.append((f"$.{name}.rows", "one row per difficulty: low, medium, high"))
            for level, row in table.rows.items():
                if len(row) != len(table.ap):
                    errors.append(
                        (
                            f"$.{name}.rows.{level}",
                            f"{len(row)} values for {len(table.ap)} AP columns",
                        )
                    )
        if set(self.backstage_bonus.per_character) != set(DIFFICULTIES):
            errors.append(("$.backstage_bonus.per_character", "one entry per difficulty"))
        return errors


# ---------------------------------------------------------------------------------------------
# plans.json: plan cards and the plan deck
# ---------------------------------------------------------------------------------------------


class PlanEntry(_Data, kw_only=True, frozen=True):
    """A location on a plan card. ``special``: shows the special-assignment symbol."""

    location: SoloLocation
    special: bool = False


class PlanCard(_Provisional, kw_only=True, frozen=True):
    """A plan card: the locations dealt to the characters left to right.

    ``kind``: a performance plan (symbols at the top and bottom) or a preparation plan (symbol
    at the top only).
    """

    id: str
    kind: PlanKind
    academy: bool = False
    entries: tuple[PlanEntry, ...]


class DeckLayer(_Data, kw_only=True, frozen=True):
    """One step of building the plan deck, bottom first: take ``take`` random cards of each
    kind, shuffle them, put ``place`` of them face down on the deck, the rest back in the box
    unseen."""

    take: dict[PlanKind, int]
    place: int


class PlanDeck(_Data, kw_only=True, frozen=True):
    variant: BoardSideId
    cards: dict[PlanKind, int]
    layers: tuple[DeckLayer, ...]
    source: str

    @property
    def size(self) -> int:
        return sum(layer.place for layer in self.layers)


class PlansPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    components: dict[str, int]
    decks: tuple[PlanDeck, ...]
    cards: tuple[PlanCard, ...]

    def deck(self, academy: bool) -> PlanDeck:
        variant = "with_academy" if academy else "without_academy"
        return next(d for d in self.decks if d.variant == variant)

    def cards_for(self, academy: bool) -> tuple[PlanCard, ...]:
        return tuple(c for c in self.cards if c.academy == academy)

    def check(self) -> list[tuple[str, str]]:
        """Every deck fed by the cards present (a box owner's plans go through this)."""
        errors: list[tuple[str, str]] = []
        for i, plan in enumerate(self.cards):
            if not plan.entries:
                errors.append((f"$.cards[{i}].entries", "a plan card names at least one location"))
            for j, step in enumerate(plan.entries):
                if step.location == "academy" and not plan.academy:
                    at = f"$.cards[{i}].entries[{j}].location"
                    errors.append((at, "the Academy on a plan card without the Academy"))
        if {d.variant for d in self.decks} != {"without_academy", "with_academy"}:
            errors.append(("$.decks", "one deck each: without_academy, with_academy"))
        for i, deck in enumerate(self.decks):
            academy = deck.variant == "with_academy"
            present = self.cards_for(academy)
            if academy and not present:
                continue  # the Academy's plan cards are not in the seeds
            for kind, n in deck.cards.items():
                count = sum(1 for c in present if c.kind == kind)
                if count != n:
                    at = f"$.decks[{i}].cards.{kind}"
                    errors.append((at, f"{n} {kind} cards, but the pack has {count}"))
                used = sum(layer.take.get(kind, 0) for layer in deck.layers)
                if used != n:
                    errors.append(
                        (f"$.decks[{i}].layers", f"the layers take {used} {kind} cards of {n}")
                    )
        return errors


# ---------------------------------------------------------------------------------------------
# dice.json: round-preparation dice
# ---------------------------------------------------------------------------------------------


class PrepDie(_Provisional, kw_only=True, frozen=True):
    """A round-preparation die. Each face lists the slots (or Theater days) it blocks."""

    id: str
    colour: DieColour
    location: DieLocation
    academy: bool = False
    faces: tuple[tuple[str, ...], ...]
    source: str


class RerollRule(_Data, kw_only=True, frozen=True):
    """How the prep dice are rolled in ``rounds``: ``all`` or exactly ``count`` chosen by the
    player; marked dice may not be chosen when ``skip_marked``; ``must_include`` (a die id)
    must be among the chosen when it is unmarked; the chosen dice get the tokens."""

    rounds: tuple[int, ...]
    roll: Literal["all", "choose"]
    count: int = 0
    skip_marked: bool = False
    must_include: str | None = None
    mark_chosen: bool = False
    source: str


class DicePack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    blocks_per_location: int
    tokens: int
    dice: tuple[PrepDie, ...]
    rules: tuple[RerollRule, ...]

    def dice_for(self, academy: bool) -> tuple[PrepDie, ...]:
        return tuple(d for d in self.dice if academy or not d.academy)

    def check(self) -> list[tuple[str, str]]:
        """Faces name real slots (days), at most ``blocks_per_location`` each; one rule per
        round (a box owner's dice go through this)."""
        errors: list[tuple[str, str]] = []
        base = load_packs().board
        slot_ids = {slot.id for loc in base.locations for slot in loc.slots}
        day_ids = {d.id for d in base.theater_days}
        for i, die in enumerate(self.dice):
            if die.location == "academy":
                continue  # neither its faces nor the Academy's slot ids are in the seeds
            if not die.faces:
                errors.append((f"$.dice[{i}].faces", "a die has at least one face"))
            valid = (
                day_ids
                if die.location == "theater"
                else {x for x in slot_ids if x.startswith(die.location + "_")}
            )
            for j, face in enumerate(die.faces):
                at = f"$.dice[{i}].faces[{j}]"
                unknown = [x for x in face if x not in valid]
                if unknown:
                    errors.append((at, f"not a {die.location} slot or day: {unknown}"))
                if len(face) > self.blocks_per_location or len(set(face)) != len(face):
                    errors.append((at, "too many or repeated blocks"))
        die_ids = {d.id for d in self.dice}
        for i, rule in enumerate(self.rules):
            if rule.must_include and rule.must_include not in die_ids:
                errors.append((f"$.rules[{i}].must_include", f"unknown die {rule.must_include!r}"))
        # The solo game always plays with the Dark Alley.
        for round_no in range(1, base.rounds.with_dark_alley + 1):
            n = sum(round_no in rule.rounds for rule in self.rules)
            if n != 1:
                errors.append(("$.rules", f"{n} rules for round {round_no}, not one"))
        return errors

    def rule_for(self, round_no: int) -> RerollRule:
        for rule in self.rules:
            if round_no in rule.rounds:
                return rule
        raise UnknownId("trickerion.solo.data.unknown_id", kind="reroll_round", id=round_no)


# ---------------------------------------------------------------------------------------------
# performances.json: solo performance cards (with neutral grey markers)
# ---------------------------------------------------------------------------------------------


class NeutralMarker(_Data, kw_only=True, frozen=True):
    """A grey trick marker printed on the card: ``school``'s symbol points to ``facing``; the
    other sides follow the base pack's marker geometry. Links may be made with it; no marker may
    be placed on its cell."""

    cell: Cell
    school: School
    facing: Direction


class SoloPerformanceCard(_Provisional, kw_only=True, frozen=True):
    """A solo performance card: base-card geometry (same field names as the base
    ``PerformanceCard``) plus printed neutral markers. ``based_on``: the base card whose
    geometry a provisional card borrows."""

    id: str
    theater: Literal["riverside_theater", "grand_magorian", "magnus_pantheon"]
    cells: tuple[Cell, ...]
    links: tuple[Link, ...]
    performer_bonus: Reward
    neutral: tuple[NeutralMarker, ...]
    based_on: str | None = None

    def free_cells(self) -> tuple[Cell, ...]:
        taken = {tuple(n.cell) for n in self.neutral}
        return tuple(c for c in self.cells if tuple(c) not in taken)


class SoloPerformancesPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    deck: dict[str, int]
    active_at_start: int
    cards: tuple[SoloPerformanceCard, ...]

    def check(self) -> list[tuple[str, str]]:
        """Every theater's deck fed by its cards, the row's first cards left over from the
        Riverside Theater's (setup.1; a box owner's cards go through this)."""
        errors: list[tuple[str, str]] = []
        for theater, n in self.deck.items():
            have = sum(1 for c in self.cards if c.theater == theater)
            need = n + (self.active_at_start if theater == "riverside_theater" else 0)
            if have < need:
                at = f"$.deck.{theater}"
                errors.append((at, f"{need} {theater} cards needed, but the pack has {have}"))
        return errors


# ---------------------------------------------------------------------------------------------
# magicians.json: solo abilities
# ---------------------------------------------------------------------------------------------

SoloEffect = Literal[
    "first_apprentice_ap",  # The Mechaniker
    "smaller_tricks_bigger_yield",  # Electra
    "renovate_top_with_shard",  # Geert van Augustin (Academy)
    "free_facing_first_set_up",  # Master of Chains
    "fame_per_your_marker",  # The Red Lotus
    "classroom_coins",  # Professor Bernard (Academy)
    "specialist_ap_per_your_special",  # The Great Optico
    "magician_fame_per_trick",  # The Gentleman
    "link_fame",  # Lumenia the Radiant (Academy)
    "redraw_next_prophecy",  # Priestess of Mysticism
    "performs_first",  # Yoruba Spiritmaster
    "mystery_coins",  # Anjali (Academy)
]


class SoloAbility(_Data, kw_only=True, frozen=True):
    """A magician's ability when the Successor plays it (the card side with the solo symbol).

    The numbers the effect uses: ``ap`` (extra action points), ``reward`` (a gain per unit),
    ``locations`` (where it applies), ``capacity_delta`` (Electra's marker change) and
    ``capacity_from`` (marker counts it applies to).
    """

    magician: str
    name: Names
    school: School
    academy: bool = False
    effect: SoloEffect
    ap: int = 0
    reward: Reward | None = None
    reward_per_level: bool = False
    locations: tuple[SoloLocation, ...] = ()
    capacity_delta: int = 0
    capacity_from: tuple[int, ...] = ()
    text: str

    def gain(self) -> Reward:
        """``reward``, for an effect that pays one per unit (its ability in the pack has it)."""
        if self.reward is None:
            raise ValueError(f"the solo ability of {self.magician} has no reward")
        return self.reward


class SoloMagiciansPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    abilities: tuple[SoloAbility, ...]


# ---------------------------------------------------------------------------------------------
# prophecies.json: prophecies left out / affecting only the human
# ---------------------------------------------------------------------------------------------


class ProphecyRule(_Provisional, kw_only=True, frozen=True):
    prophecy: str
    reason: str


class SoloPropheciesPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    removed: tuple[ProphecyRule, ...]
    human_only: tuple[ProphecyRule, ...]
    ignores_in_performance: bool
    ignores_in_performance_source: str


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------

PACK_TYPES: dict[str, type[Pack]] = {
    "board": BoardPack,
    "tables": TablesPack,
    "plans": PlansPack,
    "dice": DicePack,
    "performances": SoloPerformancesPack,
    "magicians": SoloMagiciansPack,
    "prophecies": SoloPropheciesPack,
}


class SoloPacks(msgspec.Struct, frozen=True, kw_only=True):
    """Every solo pack; dicts keep file order."""

    board: BoardPack
    tables: TablesPack
    plans: dict[str, PlanCard]
    plans_pack: PlansPack
    dice: DicePack
    performances: dict[str, SoloPerformanceCard]
    performances_pack: SoloPerformancesPack
    abilities: dict[str, SoloAbility]  # by magician id
    prophecies: SoloPropheciesPack
    magicians_pack: SoloMagiciansPack
    sources: dict[str, str]

    def ability(self, magician_id: str) -> SoloAbility:
        try:
            return self.abilities[magician_id]
        except KeyError:
            raise UnknownId(
                "trickerion.solo.data.unknown_id", kind="ability", id=magician_id
            ) from None

    def plan(self, plan_id: str) -> PlanCard:
        try:
            return self.plans[plan_id]
        except KeyError:
            raise UnknownId("trickerion.solo.data.unknown_id", kind="plan", id=plan_id) from None

    @property
    def removed_prophecies(self) -> frozenset[str]:
        return frozenset(r.prophecy for r in self.prophecies.removed)

    @property
    def human_only_prophecies(self) -> frozenset[str]:
        return frozenset(r.prophecy for r in self.prophecies.human_only)


def pack_id(name: str) -> str:
    return f"{GAME}.{name}"


def decode_pack(name: str, data: bytes | str) -> Any:
    """Read one solo pack through the core gate (``engine.core.packs.read_pack``)."""
    raw = data.encode() if isinstance(data, str) else data
    return read_pack(raw, PACK_TYPES[name], pack_id(name), GAME)[0]


for _name, _schema in PACK_TYPES.items():
    register_schema(GAME, pack_id(_name), _schema)


def read_pack_bytes(name: str) -> bytes:
    return resources.files(__package__).joinpath("data", f"{name}.json").read_bytes()


R = TypeVar("R")


def _unique(records: Iterable[R], key: Callable[[R], str], kind: str, path: str) -> dict[str, R]:
    table: dict[str, R] = {}
    for i, record in enumerate(records):
        k = key(record)
        if k in table:
            raise PackError(GAME, [(f"{path}[{i}]", f"duplicate {kind} {k!r}")])
        table[k] = record
    return table


def build_solo_packs(raw: Mapping[str, bytes | str]) -> SoloPacks:
    missing = sorted(set(PACK_TYPES) - set(raw))
    if missing:
        raise PackError(GAME, [(pack_id(name), "pack missing") for name in missing])
    p = {name: decode_pack(name, raw[name]) for name in PACK_TYPES}
    result = SoloPacks(
        board=p["board"],
        tables=p["tables"],
        plans=_unique(p["plans"].cards, lambda c: c.id, "plan", "$.cards"),
        plans_pack=p["plans"],
        dice=p["dice"],
        performances=_unique(p["performances"].cards, lambda c: c.id, "performance", "$.cards"),
        performances_pack=p["performances"],
        abilities=_unique(
            p["magicians"].abilities,
            lambda a: a.magician,
            "ability",
            "trickerion-solo.magicians:$.abilities",
        ),
        prophecies=p["prophecies"],
        magicians_pack=p["magicians"],
        sources={name: pack.source for name, pack in p.items()},
    )
    errors = _check(result)
    if errors:
        raise PackError(GAME, errors)
    return result


def _check(s: SoloPacks) -> list[tuple[str, str]]:
    """Consistency across the solo files and with the base packs: (path, reason) per problem,
    the path prefixed with the pack id holding the record."""
    errors: list[tuple[str, str]] = []

    def need(ok: object, pack: str, path: str, reason: str) -> None:
        if not ok:
            errors.append((f"{pack_id(pack)}:{path}", reason))

    base = load_packs()
    board = s.board
    need(
        {d.id for d in board.difficulties} == set(DIFFICULTIES),
        "board",
        "$.difficulties",
        "one difficulty each: low, medium, high",
    )
    location_ids = {loc.id for loc in base.board.locations} | {"academy"}
    for i, entry in enumerate(board.placement.location_order):
        need(
            entry.location in location_ids,
            "board",
            f"$.placement.location_order[{i}].location",
            f"unknown location {entry.location!r}",
        )
    for field in ("assignment_deck", "assignment_deck_academy"):
        for i, loc in enumerate(getattr(board.setup, field)):
            need(loc in location_ids, "board", f"$.setup.{field}[{i}]", f"unknown location {loc!r}")
    # Solo performance cards: geometry and neutral markers.
    for i, perf in enumerate(s.performances.values()):
        at = f"$.cards[{i}]"
        cells = {tuple(c) for c in perf.cells}
        need(len(cells) == len(perf.cells), "performances", f"{at}.cells", "a cell repeats")
        for j, link in enumerate(perf.links):
            need(
                tuple(link.a) in cells and tuple(link.b) in cells,
                "performances",
                f"{at}.links[{j}]",
                "link outside the card",
            )
        for j, marker in enumerate(perf.neutral):
            need(
                tuple(marker.cell) in cells,
                "performances",
                f"{at}.neutral[{j}].cell",
                "neutral marker outside the card",
            )
            need(
                marker.school in SCHOOLS and marker.facing in DIRECTIONS,
                "performances",
                f"{at}.neutral[{j}]",
                "unknown school or facing",
            )
        need(
            not perf.based_on or perf.based_on in base.performances,
            "performances",
            f"{at}.based_on",
            f"unknown base performance card {perf.based_on!r}",
        )
    # Magicians and prophecies exist in the base packs (Academy magicians are not there).
    for i, ability in enumerate(s.abilities.values()):
        if not ability.academy:
            magician = base.magicians.get(ability.magician)
            need(
                magician is not None,
                "magicians",
                f"$.abilities[{i}].magician",
                f"unknown magician {ability.magician!r}",
            )
            need(
                magician is None or magician.school == ability.school,
                "magicians",
                f"$.abilities[{i}].school",
                "differs from the magician's school",
            )
    for field in ("removed", "human_only"):
        for i, rule in enumerate(getattr(s.prophecies, field)):
            need(
                rule.prophecy in base.prophecies,
                "prophecies",
                f"$.{field}[{i}].prophecy",
                f"unknown prophecy {rule.prophecy!r}",
            )
    twice = sorted(s.removed_prophecies & s.human_only_prophecies)
    need(not twice, "prophecies", "$.human_only", f"also removed: {twice}")
    return errors


def provisional_records(s: SoloPacks) -> list[tuple[str, str]]:
    """Every provisional record as (pack path, reason), in pack order."""
    found: list[tuple[str, str]] = []

    def walk(obj: Any, path: str) -> None:
        if isinstance(obj, _Provisional) and obj.provisional:
            found.append((path, obj.provisional_reason or ""))
        if isinstance(obj, msgspec.Struct):
            for field in obj.__struct_fields__:
                walk(getattr(obj, field), f"{path}.{field}")
        elif isinstance(obj, (tuple, list)):
            for i, item in enumerate(obj):
                key = getattr(item, "id", None) or getattr(item, "prophecy", None) or i
                walk(item, f"{path}[{key}]")
        elif isinstance(obj, dict):
            for k, v in obj.items():
                walk(v, f"{path}.{k}")

    packs = {
        "board": s.board,
        "tables": s.tables,
        "plans": s.plans_pack,
        "dice": s.dice,
        "performances": s.performances_pack,
        "magicians": s.magicians_pack,
        "prophecies": s.prophecies,
    }
    for name, pack in packs.items():
        walk(pack, name)
    return found


def load_solo_packs() -> SoloPacks:
    """The shipped solo packs, loaded and checked once (cached for the process)."""
    return solo_packs_with(())[0]


# The parts a box owner may type in from the printed components, each its own file and each
# provisional in the shipped packs: the difficulty tables, the plan-card faces and the
# round-preparation dice, the solo performance cards. ``TrickerionSolo(packs={PLANS: bytes, ...})``;
# docs/trickerion-data.md.
REPLACEABLE = ("tables", "plans", "dice", "performances")
TABLES, PLANS, DICE, PERFORMANCES = (pack_id(name) for name in REPLACEABLE)


@functools.lru_cache(maxsize=8)
def solo_packs_with(own: tuple[tuple[str, bytes], ...]) -> tuple[SoloPacks, dict[str, str]]:
    """The shipped solo packs with a box owner's files (pack id, bytes) in place of the shipped
    ones, checked together; also each replaceable pack's sha256 (what a save records)."""
    raw = {name: read_pack_bytes(name) for name in PACK_TYPES}
    for pid, data in own:
        raw[pid.removeprefix(f"{GAME}.")] = data
    return build_solo_packs(raw), {pack_id(n): pack_sha256(raw[n]) for n in REPLACEABLE}
