"""Trickerion component data: msgspec schemas for the data packs and their loader.

Every pack is a JSON file in ``engine/games/trickerion/data/`` (shipped as package data) and is
decoded straight into the frozen Structs below; unknown fields, wrong types and broken
cross-references are errors. Use :func:`load_packs` (cached) to get a :class:`Packs` with dicts by
id and lookups such as ``packs.trick("t01_enchanted_butterflies")``.

Ids follow ``shared/data/glossary.csv`` (``t01_…`` tricks, ``a06_…`` special assignments,
``m01_…`` magicians, ``ab_m01_…`` abilities, prop / location / action ids). Cards the glossary
does not name individually get ``pf01``-``pf28`` (performance cards) and ``pr01``-``pr27``
(prophecies); every card also keeps the BGA port's number in ``bga_id`` for traceability.

Card effects (special assignments, prophecies, magician abilities) carry a stable ``effect`` id
that the rules engine dispatches on, a tuple of typed parameters from the small vocabulary below
(``Gain``, ``ActionCost``, ``ExtraMarkers`` …) where the effect has numbers that fit it, and a
short paraphrase in ``text`` (a :class:`Text`: English, Russian and French) for tooltips. Effects that no parameter describes well have
an empty ``params``: their id alone names the bespoke behaviour.

Provisional values (numbers the rulebook seed does not state and that come from one secondary
source, or that are inferred) carry ``provisional=True`` and a ``provisional_reason``.

Every file carries the common pack header (``engine.core.packs``: ``pack`` = ``trickerion.<file
stem>``, ``game``, ``source``, ``provisional``, ``provisional_parts``) and loads through
``read_pack``; checks inside one file are its schema's ``check()``, references between files are
checked by :func:`cross_check` once all are read. Every problem is one ``pack.invalid`` error.
"""

# No `from __future__ import annotations` here: msgspec reads a schema's annotations at its
# first decode, and strings it must compile and evaluate one by one (a new tab's first `load`
# in the page pays it: docs/speed.md "Issue #32, session 26").

import functools
from collections.abc import Mapping
from importlib import resources
from typing import Any, Literal, TypeVar

import msgspec

from engine.core.errors import MarqueeError
from engine.core.packs import Pack, PackError, read_pack, register_schema

GAME = "trickerion"

# ---------------------------------------------------------------------------------------------
# Vocabulary
# ---------------------------------------------------------------------------------------------

School = Literal["optical", "spiritual", "escape", "mechanical"]
SCHOOLS: tuple[School, ...] = ("optical", "spiritual", "escape", "mechanical")

Tier = Literal["basic", "advanced", "superior"]
TIERS: tuple[Tier, ...] = ("basic", "advanced", "superior")

LocationId = Literal["downtown", "market_row", "workshop", "theater", "dark_alley"]
# Locations that have a Special Assignment deck in the Dark Alley.
AssignmentLocation = Literal["downtown", "market_row", "workshop", "theater"]

CharacterId = Literal["magician", "assistant", "engineer", "manager", "apprentice"]
SpecialistId = Literal["assistant", "engineer", "manager"]
Day = Literal["thursday", "friday", "saturday", "sunday"]
TheaterId = Literal["riverside_theater", "grand_magorian", "magnus_pantheon"]

# Sides of a performance-card slot / of a trick marker, listed clockwise from the top.
Direction = Literal["up", "right", "down", "left"]
DIRECTIONS: tuple[Direction, ...] = ("up", "right", "down", "left")
STEP: dict[str, tuple[int, int]] = {"up": (0, -1), "right": (1, 0), "down": (0, 1), "left": (-1, 0)}
OPPOSITE: dict[str, Direction] = {"up": "down", "down": "up", "left": "right", "right": "left"}

Cell = tuple[int, int]  # (x, y): x = column from the left, y = row from the top, both from 0


class UnknownId(MarqueeError):
    """A rule asked the loaded packs for an id they do not hold."""


class _Data(
    msgspec.Struct, frozen=True, forbid_unknown_fields=True, kw_only=True, omit_defaults=True
):
    """Base of every pack Struct: immutable, strict about unknown fields, keyword-only."""


class Unofficial(_Data, kw_only=True, frozen=True):
    """The project's own translations of a name that an edition never printed: kept apart from
    the official ones so that nothing reads them as the publisher's, and the page marks them."""

    ru: str | None = None
    fr: str | None = None


class Names(_Data, kw_only=True, frozen=True):
    """Official names from the glossary: ``en`` always, ``ru``/``fr`` where the glossary has them;
    ``unofficial`` our own translation for a language the glossary has none in."""

    en: str
    ru: str | None = None
    fr: str | None = None
    unofficial: Unofficial | None = None

    def __post_init__(self) -> None:
        ours = self.unofficial
        if ours is None:
            return
        for lang in ("ru", "fr"):
            mine = getattr(ours, lang)
            if mine is not None and getattr(self, lang) is not None:
                raise ValueError(f"name {self.en!r}: {lang} has an official name and our own")
            if mine is not None and not mine.strip():
                raise ValueError(f"name {self.en!r}: empty unofficial {lang} name")
        if ours.ru is None and ours.fr is None:
            raise ValueError(f"name {self.en!r}: unofficial holds no name")

    def get(self, lang: str) -> str:
        """The name in ``lang``: the official one, else ours, else the English."""
        official = getattr(self, lang, None) if lang in ("ru", "fr") else None
        return official or self.ours(lang) or self.en

    def ours(self, lang: str) -> str | None:
        """Our own translation in ``lang``, where that language has no official name."""
        if self.unofficial is None or lang not in ("ru", "fr"):
            return None
        name: str | None = getattr(self.unofficial, lang)
        return name


class Text(_Data, kw_only=True, frozen=True):
    """A card text (effect, end bonus) in our own words, in every page language: all three required."""

    en: str
    ru: str
    fr: str

    def __post_init__(self) -> None:
        for lang in ("en", "ru", "fr"):
            if not getattr(self, lang).strip():
                raise ValueError(f"Text: empty {lang!r} text")

    def get(self, lang: str) -> str:
        """The text in ``lang`` (English for a language it does not have)."""
        return getattr(self, lang) if lang in ("en", "ru", "fr") else self.en


class Reward(_Data, kw_only=True, frozen=True):
    """An amount of the three resources (a trick's yield, a card bonus, a link reward…)."""

    fame: int = 0
    coins: int = 0
    shards: int = 0


class _Provisional(_Data, kw_only=True, frozen=True):
    """Mixin for records whose value is not stated by the rulebook seed (see module docstring)."""

    provisional: bool = False
    provisional_reason: str | None = None

    def __post_init__(self) -> None:
        if self.provisional and not self.provisional_reason:
            raise ValueError(f"{type(self).__name__}: provisional=true needs a provisional_reason")
        if self.provisional_reason and not self.provisional:
            raise ValueError(
                f"{type(self).__name__}: provisional_reason given but provisional=false"
            )


# ---------------------------------------------------------------------------------------------
# Effect vocabulary (special assignments, prophecies, magician abilities)
# ---------------------------------------------------------------------------------------------


class _Effect(_Data, tag_field="kind", kw_only=True, frozen=True):
    """Base of the typed effect parameters; JSON objects carry ``"kind": "<tag>"``."""


class Gain(_Effect, tag="gain", kw_only=True, frozen=True):
    """Gain (or, with negative numbers, lose) resources."""

    fame: int = 0
    coins: int = 0
    shards: int = 0


class Pay(_Effect, tag="pay", kw_only=True, frozen=True):
    """A price paid to use the effect."""

    fame: int = 0
    coins: int = 0
    shards: int = 0


class ActionCost(_Effect, tag="action_cost", kw_only=True, frozen=True):
    """The action ``action`` (an ``ActionSpec.id``) costs ``ap`` action points instead."""

    action: str
    ap: int


class ActionCostDelta(_Effect, tag="action_cost_delta", kw_only=True, frozen=True):
    """The action ``action`` costs ``delta`` more action points (negative: fewer)."""

    action: str
    delta: int


class ExtraMarkers(_Effect, tag="extra_markers", kw_only=True, frozen=True):
    """A Prepare action places ``count`` more trick markers (negative: fewer)."""

    count: int


class EnhanceAP(_Effect, tag="enhance_ap", kw_only=True, frozen=True):
    """Enhance Character (1 shard) gives ``ap`` action points instead of 1."""

    ap: int


class BaseAP(_Effect, tag="base_ap", kw_only=True, frozen=True):
    """Base action points of ``character`` ("all" = every type) become ``ap``."""

    character: CharacterId | Literal["all"]
    ap: int


class APBonus(_Effect, tag="ap_bonus", kw_only=True, frozen=True):
    """``character`` gets ``ap`` more action points when placed, except at ``except_locations``.

    ``condition`` names a bespoke precondition (e.g. ``"advertised_this_round"``);
    ``per_round`` limits how many placements a round may get the bonus (None: every one).
    """

    character: CharacterId | Literal["all"]
    ap: int
    except_locations: tuple[LocationId, ...] = ()
    condition: str | None = None
    per_round: int | None = None


class DayYield(_Effect, tag="day_yield", kw_only=True, frozen=True):
    """The yield modifier of a Theater day becomes ``fame``/``coins`` per performed trick."""

    day: Day
    fame: int
    coins: int


class OnSetUp(_Effect, tag="on_set_up", kw_only=True, frozen=True):
    """Whoever sets up a trick of ``school`` gains ``gain``."""

    school: School
    gain: Gain


class OnShardGain(_Effect, tag="on_shard_gain", kw_only=True, frozen=True):
    """Each time a player gains shards (one or more at once), they also gain ``gain``."""

    gain: Gain


class Multiplier(_Effect, tag="multiplier", kw_only=True, frozen=True):
    """Multiply a quantity by ``factor``.

    ``target`` is one of: ``take_coins`` (coins from a bank die), ``performer_bonus`` (every
    performer bonus: link, specialist and card bonus), ``link_reward`` (fame/coins and shards of
    links created by a set-up), ``trick_yield`` (one trick's yield, the player picks which part).
    """

    target: Literal["take_coins", "performer_bonus", "link_reward", "trick_yield"]
    factor: int


class PropPrice(_Effect, tag="prop_price", kw_only=True, frozen=True):
    """Every prop costs ``coins`` at Market Row (before Bargain and Quick Order surcharges)."""

    coins: int


class IgnoreDie(_Effect, tag="ignore_die", kw_only=True, frozen=True):
    """The action may ignore what the chosen ``die`` shows (it still cannot use an X face)."""

    die: Literal["trick_die", "character_die", "bank_die"]


class SlotFee(_Effect, tag="slot_fee", kw_only=True, frozen=True):
    """Placing a character on a slot with modifier ``ap_modifier`` at ``locations`` costs coins."""

    ap_modifier: int
    locations: tuple[LocationId, ...]
    coins: int


class PlacementsPerTurn(_Effect, tag="placements_per_turn", kw_only=True, frozen=True):
    """In Place Characters each player places ``count`` characters per turn instead of 1."""

    count: int


class BuyLimit(_Effect, tag="buy_limit", kw_only=True, frozen=True):
    """One Buy action may take up to ``count`` props; ``mixed``: of different types."""

    count: int
    mixed: bool = False


class PerMarkerFame(_Effect, tag="per_marker_fame", kw_only=True, frozen=True):
    """Per trick marker on the performed card: the owner gains ``own`` / the others ``others``."""

    own: int
    others: int


class PerLevelReward(_Effect, tag="per_level_reward", kw_only=True, frozen=True):
    """Extra reward per level of the trick concerned (level 2 → twice ``reward``)."""

    reward: Gain


Effect = (
    Gain
    | Pay
    | ActionCost
    | ActionCostDelta
    | ExtraMarkers
    | EnhanceAP
    | BaseAP
    | APBonus
    | DayYield
    | OnSetUp
    | OnShardGain
    | Multiplier
    | PropPrice
    | IgnoreDie
    | SlotFee
    | PlacementsPerTurn
    | BuyLimit
    | PerMarkerFame
    | PerLevelReward
)


# ---------------------------------------------------------------------------------------------
# Level-3 end-of-game bonuses (rulebook appendix "БОНУСЫ КАРТ НОМЕРОВ 3-ГО УРОВНЯ В КОНЦЕ ИГРЫ")
# ---------------------------------------------------------------------------------------------


class _EndBonus(_Data, tag_field="kind", kw_only=True, frozen=True):
    """Base of the typed level-3 end bonuses; each is capped by ``Board.end_scoring.cap``."""


class PerPropToken(_EndBonus, tag="per_prop_token", kw_only=True, frozen=True):
    """``fame_each`` per prop token of ``tier`` in your Workshop (Manager's +1 tokens count)."""

    tier: Tier
    fame_each: int


class PerOwnedTrick(_EndBonus, tag="per_owned_trick", kw_only=True, frozen=True):
    """``fame_each`` per trick of ``level`` you own (this card included when its level matches).

    The other tricks' props are not needed.
    """

    level: int
    fame_each: int


class HasSpecialists(_EndBonus, tag="has_specialists", kw_only=True, frozen=True):
    """``fame`` if you have hired every specialist listed."""

    specialists: tuple[SpecialistId, ...]
    fame: int


class OwnsTricks(_EndBonus, tag="owns_tricks", kw_only=True, frozen=True):
    """``fame`` if you own at least ``count`` tricks of any level."""

    count: int
    fame: int


class PerCharacter(_EndBonus, tag="per_character", kw_only=True, frozen=True):
    """``fame_each`` per character of type ``character`` you have."""

    character: CharacterId
    fame_each: int


class PerUnspent(_EndBonus, tag="per_unspent", kw_only=True, frozen=True):
    """``fame`` per ``per`` unspent ``resource`` (rounded down), on top of normal scoring."""

    resource: Literal["coins", "shards"]
    per: int
    fame: int


class PerSpecialAssignmentInHand(
    _EndBonus, tag="per_special_assignment_in_hand", kw_only=True, frozen=True
):
    """``fame_each`` per unused Special Assignment card in hand, on top of normal scoring."""

    fame_each: int


class PerMarkerInWorkshop(_EndBonus, tag="per_marker_in_workshop", kw_only=True, frozen=True):
    """``fame_each`` per trick marker lying on trick cards in your Workshop (not in the Theater)."""

    fame_each: int


EndBonus = (
    PerPropToken
    | PerOwnedTrick
    | HasSpecialists
    | OwnsTricks
    | PerCharacter
    | PerUnspent
    | PerSpecialAssignmentInHand
    | PerMarkerInWorkshop
)


# ---------------------------------------------------------------------------------------------
# Tricks and props
# ---------------------------------------------------------------------------------------------


class Conflict(_Data, kw_only=True, frozen=True):
    """Sources disagree on one field of a record; ``chosen`` is the value the record uses."""

    field: str
    chosen: int | dict[str, int]
    chosen_by: tuple[str, ...]
    alternative: int | dict[str, int]
    alternative_by: tuple[str, ...]
    note: str


class Trick(_Data, kw_only=True, frozen=True):
    """One trick card.

    - ``components``: prop id → number of tokens needed to Prepare (props are not spent).
    - ``prepare_ap``: action points the Prepare action costs for this trick.
    - ``markers``: trick markers placed on the card by one Prepare (Engineer board: +1).
    - ``yield_`` (JSON ``"yield"``): what the owner gets per marker of this trick performed.
    - ``end_bonus``: level-3 tricks only; scored with the Dark Alley module if the owner holds
      the props or has at least 1 marker on the card (``Board.end_scoring``).
    """

    id: str
    bga_id: str
    name: Names
    school: School
    level: int
    fame_threshold: int
    components: dict[str, int]
    prepare_ap: int
    markers: int
    yield_: Reward = msgspec.field(name="yield")
    end_bonus: EndBonus | None = None
    end_bonus_text: Text | None = None
    note: str | None = None
    conflicts: tuple[Conflict, ...] = ()

    def __post_init__(self) -> None:
        if (self.level == 3) != (self.end_bonus is not None):
            raise ValueError(f"trick {self.id}: exactly the level-3 tricks have an end_bonus")
        if self.end_bonus is not None and not self.end_bonus_text:
            raise ValueError(f"trick {self.id}: an end_bonus needs its end_bonus_text")
        if not self.components or any(n < 1 for n in self.components.values()):
            raise ValueError(f"trick {self.id}: components must be a non-empty map of counts >= 1")
        if self.markers < 1 or self.prepare_ap < 1:
            raise ValueError(f"trick {self.id}: markers and prepare_ap must be >= 1")


class TricksPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    tricks: tuple[Trick, ...]


class PropTier(_Data, kw_only=True, frozen=True):
    """A prop tier: its Market Row price and the number of tokens of that tier in the box."""

    id: Tier
    name: Names
    cost: int
    tokens_in_box: int


class Prop(_Data, kw_only=True, frozen=True):
    """A prop (component) type. ``starts_in_buy_area``: in the initial Market Row stock."""

    id: str
    name: Names
    tier: Tier
    cost: int
    starts_in_buy_area: bool = False


class PropsPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    tiers: tuple[PropTier, ...]
    props: tuple[Prop, ...]


# ---------------------------------------------------------------------------------------------
# Performance cards
# ---------------------------------------------------------------------------------------------


class Link(_Data, kw_only=True, frozen=True):
    """A link circle printed on the border between two orthogonally adjacent slots.

    ``a`` is the upper (same column) or left (same row) cell, ``b`` the other one.
    ``shard``: the circle shows a shard, so every player with a marker in the link gets 1 shard
    (a player linked to themself gets 1, not 2).
    """

    a: Cell
    b: Cell
    shard: bool = False

    def other(self, cell: Cell) -> Cell:
        return self.b if tuple(cell) == self.a else self.a


class PerformanceCard(_Data, kw_only=True, frozen=True):
    """One performance card and its slot geometry.

    Geometry (orientation as on the BGA card images; a physical card may look rotated or
    mirrored, the topology is the same):

    - ``cells`` are the trick slots, as ``(x, y)`` with x = column (0 = left) and y = row
      (0 = top). Cards are at most 2 columns × 3 rows.
    - ``links`` are the link circles. Each sits on the shared border of two orthogonally
      adjacent slots; not every adjacent pair has one. Every card has exactly one shard link.
    - A slot's link circles are on its sides ``up`` (y-1), ``right`` (x+1), ``down`` (y+1) and
      ``left`` (x-1); :meth:`link_toward` gives the circle on one side, if any.

    Placing a marker (Set Up Trick / Reschedule): the marker's own-school symbol must point into
    one of the slot's link circles, so the legal facings are :meth:`link_directions`. The symbols
    on the marker's other sides follow from ``MarkerGeometry.school_on_side``. A link exists on a
    circle when both of its slots hold markers whose symbols facing each other are of the same
    school (any school, not only the placed trick's).
    """

    id: str
    bga_id: str
    theater: TheaterId
    cells: tuple[Cell, ...]
    links: tuple[Link, ...]
    performer_bonus: Reward

    def has_cell(self, cell: Cell) -> bool:
        return tuple(cell) in self.cells

    def neighbour(self, cell: Cell, direction: Direction) -> Cell | None:
        """The slot next to ``cell`` on side ``direction``, or None."""
        dx, dy = STEP[direction]
        other = (cell[0] + dx, cell[1] + dy)
        return other if other in self.cells else None

    def link_toward(self, cell: Cell, direction: Direction) -> Link | None:
        """The link circle on side ``direction`` of ``cell``, or None."""
        other = self.neighbour(cell, direction)
        if other is None:
            return None
        return self.link_between(cell, other)

    def link_between(self, p: Cell, q: Cell) -> Link | None:
        """The link circle joining slots ``p`` and ``q``, or None."""
        pair = {tuple(p), tuple(q)}
        for link in self.links:
            if {link.a, link.b} == pair:
                return link
        return None

    def link_directions(self, cell: Cell) -> tuple[Direction, ...]:
        """Sides of ``cell`` with a link circle, clockwise from ``up``: the legal facings."""
        return tuple(d for d in DIRECTIONS if self.link_toward(cell, d) is not None)

    @property
    def shard_links(self) -> tuple[Link, ...]:
        return tuple(link for link in self.links if link.shard)


class Theater(_Data, kw_only=True, frozen=True):
    """A theatre (performance-card back).

    ``deck_count``: cards of this theatre shuffled into the performance deck at setup.
    ``dark_alley_only``: used only with the Dark Alley module.
    """

    id: TheaterId
    name: Names
    cards: int
    deck_count: int
    dark_alley_only: bool = False


class MarkerGeometry(_Provisional, kw_only=True, frozen=True):
    """How the four school symbols sit around a trick marker.

    ``clockwise`` lists the schools clockwise around the marker. A marker is placed with a
    ``facing``: the side its own trick's school symbol points to. Turning clockwise from that
    side, the next sides show the next schools of ``clockwise``.
    """

    clockwise: tuple[School, School, School, School]
    source: str

    def school_on_side(self, trick_school: School, facing: Direction, side: Direction) -> School:
        """The school symbol on ``side`` of a marker of ``trick_school`` placed with ``facing``."""
        steps = (DIRECTIONS.index(side) - DIRECTIONS.index(facing)) % 4
        return self.clockwise[(self.clockwise.index(trick_school) + steps) % 4]


class PerformancesPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    marker_geometry: MarkerGeometry
    theaters: tuple[Theater, ...]
    cards: tuple[PerformanceCard, ...]

    def check(self) -> list[tuple[str, str]]:
        return check_cards(self.cards)


# ---------------------------------------------------------------------------------------------
# Assignments, prophecies, magicians
# ---------------------------------------------------------------------------------------------


class SpecialAssignment(_Data, kw_only=True, frozen=True):
    """A Special Assignment card (Dark Alley decks, one per location).

    ``trigger``: the location action whose use the card improves (an ``ActionSpec.id``), or
    ``"any"`` when it applies to any one action there or changes the placement itself. Instead
    of the effect the card may give +1 action point (``AssignmentsPack.forgo_effect_ap``).
    """

    id: str
    bga_id: str
    name: Names
    location: AssignmentLocation
    trigger: str
    effect: str
    params: tuple[Effect, ...] = ()
    text: Text


class PermanentAssignment(_Data, kw_only=True, frozen=True):
    """Permanent Assignment cards of one location in each player's set.

    ``start_with_dark_alley`` / ``start_without_dark_alley``: how many of them are in the
    starting hand when playing with / without the Dark Alley module.
    """

    location: LocationId
    per_player: int
    start_with_dark_alley: int
    start_without_dark_alley: int


class AssignmentsPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    forgo_effect_ap: int
    permanent: tuple[PermanentAssignment, ...]
    permanent_source: str
    special: tuple[SpecialAssignment, ...]


class Prophecy(_Data, kw_only=True, frozen=True):
    """A prophecy token. It has no printed name; ``id`` is ours, ``bga_id`` the BGA number."""

    id: str
    bga_id: str
    effect: str
    params: tuple[Effect, ...] = ()
    text: Text


class PropheciesPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    pending: int
    prophecies: tuple[Prophecy, ...]


class Ability(_Data, kw_only=True, frozen=True):
    """A magician's Dark Alley ability (used only with the Dark Alley module)."""

    id: str
    name: Names
    effect: str
    params: tuple[Effect, ...] = ()
    text: Text


class Magician(_Data, kw_only=True, frozen=True):
    """A magician card. ``requires_prophecies``: leave it out when prophecies are not used."""

    id: str
    bga_id: str
    name: Names
    school: School
    ability: Ability
    requires_prophecies: bool = False


class MagiciansPack(Pack, frozen=True, kw_only=True):
    source: str
    notes: tuple[str, ...] = ()
    magicians: tuple[Magician, ...]


# ---------------------------------------------------------------------------------------------
# Board, setup and scoring
# ---------------------------------------------------------------------------------------------


class SchoolInfo(_Data, kw_only=True, frozen=True):
    id: School
    glossary_id: str
    name: Names


class CharacterSlot(_Provisional, kw_only=True, frozen=True):
    """A character slot. ``unused_with_players``: player counts for which it is blocked."""

    id: str
    ap_modifier: int
    unused_with_players: tuple[int, ...] = ()


class Location(_Provisional, kw_only=True, frozen=True):
    """A location. ``on_player_board``: each player has their own (the Workshop).

    ``slots`` is empty for the Theater, whose slots are per day (``Board.theater_days``).
    """

    id: LocationId
    name: Names
    on_player_board: bool = False
    dark_alley_module: bool = False
    slots: tuple[CharacterSlot, ...] = ()
    source: str


class TheaterDay(_Provisional, kw_only=True, frozen=True):
    """A Theater day: ``backstage`` slots (any character) + ``stage`` slots (Magician only).

    ``ap_modifier`` applies to every slot of the day. ``yield_fame``/``yield_coins``: the yield
    modifier per performed trick of a player with a character on that day.
    """

    id: Day
    name: Names
    order: int
    backstage: int
    stage: int
    ap_modifier: int
    yield_fame: int
    yield_coins: int
    source: str


class CharacterType(_Data, kw_only=True, frozen=True):
    """A character type. ``supply``: discs per player; ``start``: on the player board at setup."""

    id: CharacterId
    name: Names
    base_ap: int
    wage: int
    supply: int
    start: int
    specialist: bool = False


class ActionSpec(_Data, kw_only=True, frozen=True):
    """A location action.

    ``ap`` is its action-point cost (None: printed on the trick card, i.e. Prepare). ``limit``
    is the most uses per placement (None: any). ``requires`` names a specialist that must have
    been hired. ``coins`` and ``shards`` are extra costs besides AP.
    """

    id: str
    name: Names
    location: LocationId | Literal["any"]
    ap: int | None
    limit: int | None = None
    requires: SpecialistId | None = None
    coins: int = 0
    shards: int = 0
    text: str
    source: str


class DieSpec(_Provisional, kw_only=True, frozen=True):
    """A Downtown die: ``count`` identical dice at ``area``; ``family`` is the glossary die kind.

    Faces: a school id, ``any`` (any school), a character id, a number of coins, or ``x``
    (nothing: the die is used up).
    """

    id: str
    family: Literal["trick_die", "character_die", "bank_die"]
    name: Names
    area: Literal["dahlgaard_residence", "inn", "bank"]
    count: int
    faces: tuple[str | int, ...]
    source: str


class SpecialistStart(_Data, kw_only=True, frozen=True):
    """A starting-specialist choice and its setup bonus."""

    specialist: SpecialistId
    bonus_props_value: int = 0
    bonus_level1_trick: bool = False
    bonus_apprentices: int = 0
    text: str


class FirstGameKit(_Data, kw_only=True, frozen=True):
    """The rulebook's recommended first-game setup for a magician of ``school``.

    ``props`` go to the Workshop, ``manager_props`` onto the Manager board.
    """

    school: School
    trick: str
    markers: int
    props: dict[str, int]
    specialist: SpecialistId
    manager_props: dict[str, int] = {}
    engineer_trick: str | None = None
    extra_apprentices: int = 0


class Setup(_Data, kw_only=True, frozen=True):
    """Game setup ("ПОДГОТОВКА К ИГРЕ").

    ``start_coins_by_initiative[i]``: coins of the player in initiative slot i+1; with 2 players
    only the slots in ``two_player_initiative_slots`` (1-based) are used. Each player starts with
    props worth ``start_props_value`` coins, one trick of ``start_trick_level`` of their
    magician's school, and one specialist from ``specialist_choices``. The starting hand of
    Permanent Assignments is in ``assignments.json``; the performance deck in ``Theater``.
    """

    start_coins_by_initiative: tuple[int, ...]
    two_player_initiative_slots: tuple[int, ...]
    start_fame: int
    start_shards: int
    start_props_value: int
    start_trick_level: int
    specialist_choices: tuple[SpecialistStart, ...]
    initial_buy_area: tuple[str, ...]
    first_round_initiative: Literal["random"]
    first_game_kits: tuple[FirstGameKit, ...]
    source: str


class Market(_Data, kw_only=True, frozen=True):
    """Market Row, and the prop stacks a player may keep (``board_prop_slots`` on the player
    board, ``manager_slots`` on the Manager's board)."""

    buy_area_slots: int
    order_area_slots: int
    quick_order_slots: int
    quick_order_surcharge: int
    buy_max_same_type: int
    stack_limit: int
    manager_slots: int
    manager_bonus_tokens: int
    bargain_min_total: int
    board_prop_slots: int
    board_prop_slots_provisional_reason: str
    source: str


class TrickLevel(_Data, kw_only=True, frozen=True):
    """A trick level: fame threshold and the link reward (fame OR coins) its set-up earns."""

    level: int
    fame_threshold: int
    link_reward: int


class PerformanceRules(_Data, kw_only=True, frozen=True):
    """Performance phase numbers.

    ``specialist_bonus``: per specialist of the performer backstage on that day.
    ``initial_active_riverside``: player count (as a string key) → Riverside cards dealt face up
    at setup (from the cards left after building the deck).
    ``max_active``: player count → active performance cards once the oldest card starts being
    discarded (from round ``discard_from_round`` on).
    """

    link_bonus_fame: int
    specialist_bonus: dict[str, Reward]
    shard_link_shards: int
    initial_active_riverside: dict[str, int]
    discard_from_round: int
    max_active: dict[str, int]
    yield_floor: int
    source: str


class Advertise(_Data, kw_only=True, frozen=True):
    """Advertise phase: pay the initiative slot number in coins for ``fame``."""

    cost_by_initiative: tuple[int, ...]
    fame: int
    source: str


class Wages(_Data, kw_only=True, frozen=True):
    """End-of-round wages: ``CharacterType.wage`` per placed (non-idle) character, except an
    Apprentice on the Assistant board; unpaid coins cost fame (fame cannot go below 0)."""

    apprentice_on_assistant_board: int
    fame_per_unpaid_coin: int
    source: str


class Rounds(_Data, kw_only=True, frozen=True):
    with_dark_alley: int
    without_dark_alley: int
    source: str


class EndScoring(_Data, kw_only=True, frozen=True):
    """Final scoring. ``cap``: max fame from each category and from each level-3 trick."""

    fame_per_shard: int
    coins_per_fame: int
    fame_per_apprentice_without_dark_alley: int
    fame_per_specialist_without_dark_alley: int
    fame_per_special_assignment_with_dark_alley: int
    level3_bonus_with_dark_alley_only: bool
    level3_bonus_condition: Literal["props_or_marker"]
    cap: int
    tie_breaker: str
    source: str


class Limits(_Data, kw_only=True, frozen=True):
    """Per-player pieces: trick symbols, markers per symbol, and the box counts."""

    trick_symbols: int
    markers_per_symbol: int
    box: dict[str, int]
    source: str


class FastGame(_Data, kw_only=True, frozen=True):
    """Appendix variant "Быстрая партия" (fast game)."""

    start_round: int
    riverside_cards_equal_players: bool
    random_active_prophecy: bool
    extra_special_assignments: int
    extra_fame: int
    extra_props_value: int
    extra_shards: int
    extra_coins_if_assistant: int
    not_with: tuple[str, ...]
    source: str


class Board(Pack, frozen=True, kw_only=True):
    """Board, setup and scoring numbers. Each section has its own ``source``."""

    source: str
    notes: tuple[str, ...] = ()
    schools: tuple[SchoolInfo, ...]
    locations: tuple[Location, ...]
    theater_days: tuple[TheaterDay, ...]
    characters: tuple[CharacterType, ...]
    actions: tuple[ActionSpec, ...]
    dice: tuple[DieSpec, ...]
    setup: Setup
    market: Market
    trick_levels: tuple[TrickLevel, ...]
    performance: PerformanceRules
    advertise: Advertise
    wages: Wages
    rounds: Rounds
    end_scoring: EndScoring
    limits: Limits
    fast_game: FastGame

    def location(self, location_id: str) -> Location:
        return _lookup({loc.id: loc for loc in self.locations}, location_id, "location")

    def action(self, action_id: str) -> ActionSpec:
        return _lookup({a.id: a for a in self.actions}, action_id, "action")

    def theater_day(self, day: str) -> TheaterDay:
        return _lookup({d.id: d for d in self.theater_days}, day, "theater_day")

    def character(self, character_id: str) -> CharacterType:
        return _lookup({c.id: c for c in self.characters}, character_id, "character")

    def trick_level(self, level: int) -> TrickLevel:
        return _lookup({t.level: t for t in self.trick_levels}, level, "trick_level")


# ---------------------------------------------------------------------------------------------
# Loading
# ---------------------------------------------------------------------------------------------

PACK_TYPES: dict[str, type[Pack]] = {
    "tricks": TricksPack,
    "props": PropsPack,
    "performances": PerformancesPack,
    "assignments": AssignmentsPack,
    "prophecies": PropheciesPack,
    "magicians": MagiciansPack,
    "board": Board,
}


V = TypeVar("V")


# Keyed by a string id (some typed as a Literal of the ids) or a trick level.
def _lookup(table: Mapping[Any, V], key: str | int, kind: str) -> V:
    try:
        return table[key]
    except KeyError:
        raise UnknownId("trickerion.data.unknown_id", kind=kind, id=key) from None


class Packs(msgspec.Struct, frozen=True, kw_only=True):
    """Every Trickerion pack, indexed by id (dicts keep the file order)."""

    tricks: dict[str, Trick]
    props: dict[str, Prop]
    prop_tiers: dict[str, PropTier]
    performances: dict[str, PerformanceCard]
    theaters: dict[str, Theater]
    marker_geometry: MarkerGeometry
    special_assignments: dict[str, SpecialAssignment]
    permanent_assignments: dict[str, PermanentAssignment]
    prophecies: dict[str, Prophecy]
    prophecies_pending: int  # pending prophecies beside the active one
    forgo_effect_ap: int  # AP a special assignment gives instead of its effect
    magicians: dict[str, Magician]
    board: Board
    sources: dict[str, str]  # pack name -> its top-level ``source``

    def trick(self, trick_id: str) -> Trick:
        return _lookup(self.tricks, trick_id, "trick")

    def prop(self, prop_id: str) -> Prop:
        return _lookup(self.props, prop_id, "prop")

    def performance(self, card_id: str) -> PerformanceCard:
        return _lookup(self.performances, card_id, "performance")

    def special_assignment(self, card_id: str) -> SpecialAssignment:
        return _lookup(self.special_assignments, card_id, "special_assignment")

    def prophecy(self, prophecy_id: str) -> Prophecy:
        return _lookup(self.prophecies, prophecy_id, "prophecy")

    def magician(self, magician_id: str) -> Magician:
        return _lookup(self.magicians, magician_id, "magician")

    def tricks_of(self, school: str | None = None, level: int | None = None) -> tuple[Trick, ...]:
        """Tricks filtered by school and/or level, in card order."""
        return tuple(
            t
            for t in self.tricks.values()
            if (school is None or t.school == school) and (level is None or t.level == level)
        )

    def performances_of(self, theater: str) -> tuple[PerformanceCard, ...]:
        return tuple(c for c in self.performances.values() if c.theater == theater)

    def special_assignments_at(self, location: str) -> tuple[SpecialAssignment, ...]:
        return tuple(c for c in self.special_assignments.values() if c.location == location)


def pack_id(name: str) -> str:
    return f"{GAME}.{name}"


def decode_pack(name: str, data: bytes | str) -> Any:
    """Read one pack file through the core gate: header, types, ids and the file's own checks;
    a problem raises PackError (``pack.invalid``) naming its JSON path."""
    raw = data.encode() if isinstance(data, str) else data
    return read_pack(raw, PACK_TYPES[name], pack_id(name), GAME)[0]


def read_pack_bytes(name: str) -> bytes:
    """Raw JSON of a shipped pack, read through importlib.resources (works from a wheel)."""
    return resources.files(__package__).joinpath("data", f"{name}.json").read_bytes()


def build_packs(raw: dict[str, bytes | str]) -> Packs:
    """Read every pack from ``raw`` (pack name → JSON) and check the references between them."""
    missing = sorted(set(PACK_TYPES) - set(raw))
    if missing:
        raise PackError(GAME, [(pack_id(name), "pack missing") for name in missing])
    packs = {name: decode_pack(name, raw[name]) for name in PACK_TYPES}
    board: Board = packs["board"]
    result = Packs(
        tricks={t.id: t for t in packs["tricks"].tricks},
        props={p.id: p for p in packs["props"].props},
        prop_tiers={t.id: t for t in packs["props"].tiers},
        performances={c.id: c for c in packs["performances"].cards},
        theaters={t.id: t for t in packs["performances"].theaters},
        marker_geometry=packs["performances"].marker_geometry,
        special_assignments={c.id: c for c in packs["assignments"].special},
        permanent_assignments={p.location: p for p in packs["assignments"].permanent},
        prophecies={p.id: p for p in packs["prophecies"].prophecies},
        prophecies_pending=packs["prophecies"].pending,
        forgo_effect_ap=packs["assignments"].forgo_effect_ap,
        magicians={m.id: m for m in packs["magicians"].magicians},
        board=board,
        sources={name: pack.source for name, pack in packs.items()},
    )
    errors = cross_check(result)
    if errors:
        raise PackError(GAME, errors)
    return result


def cross_check(p: Packs) -> list[tuple[str, str]]:
    """References between packs; each path starts with the pack id holding the reference."""
    errors: list[tuple[str, str]] = []

    def need(ok: object, path: str, reason: str) -> None:
        if not ok:
            errors.append((path, reason))

    board = p.board
    levels = {t.level: t for t in board.trick_levels}
    for i, trick in enumerate(p.tricks.values()):
        at = f"trickerion.tricks:$.tricks[{i}]"
        for j, prop_id in enumerate(trick.components):
            need(prop_id in p.props, f"{at}.components[{j}]", f"unknown prop {prop_id!r}")
        need(
            trick.level in levels and levels[trick.level].fame_threshold == trick.fame_threshold,
            f"{at}.fame_threshold",
            "differs from the board's threshold for its level",
        )
    for i, prop in enumerate(p.props.values()):
        tier = p.prop_tiers.get(prop.tier)
        need(
            tier is not None and tier.cost == prop.cost,
            f"trickerion.props:$.props[{i}].cost",
            "differs from its tier's cost",
        )
    for i, card in enumerate(p.performances.values()):
        need(
            card.theater in p.theaters,
            f"trickerion.performances:$.cards[{i}].theater",
            f"unknown theater {card.theater!r}",
        )
    action_ids = {a.id for a in board.actions}
    for i, special in enumerate(p.special_assignments.values()):
        need(
            special.trigger == "any" or special.trigger in action_ids,
            f"trickerion.assignments:$.special[{i}].trigger",
            f"unknown action {special.trigger!r}",
        )
    effects = [
        (f"trickerion.assignments:$.special[{i}].params", c.params)
        for i, c in enumerate(p.special_assignments.values())
    ]
    effects += [
        (f"trickerion.prophecies:$.prophecies[{i}].params", c.params)
        for i, c in enumerate(p.prophecies.values())
    ]
    effects += [
        (f"trickerion.magicians:$.magicians[{i}].ability.params", m.ability.params)
        for i, m in enumerate(p.magicians.values())
    ]
    for at, params in effects:
        for j, param in enumerate(params):
            if isinstance(param, (ActionCost, ActionCostDelta)):
                need(
                    param.action in action_ids,
                    f"{at}[{j}].action",
                    f"unknown action {param.action!r}",
                )
    location_ids = {loc.id for loc in board.locations}
    for i, perm in enumerate(p.permanent_assignments.values()):
        need(
            perm.location in location_ids,
            f"trickerion.assignments:$.permanent[{i}].location",
            f"unknown location {perm.location!r}",
        )
    for i, kit in enumerate(board.setup.first_game_kits):
        at = f"trickerion.board:$.setup.first_game_kits[{i}]"
        for field in ("trick", "engineer_trick"):
            trick_id = getattr(kit, field)
            need(
                trick_id is None or trick_id in p.tricks,
                f"{at}.{field}",
                f"unknown trick {trick_id!r}",
            )
        for field in ("props", "manager_props"):
            for prop_id in getattr(kit, field):
                need(prop_id in p.props, f"{at}.{field}.{prop_id}", f"unknown prop {prop_id!r}")
    for i, prop_id in enumerate(board.setup.initial_buy_area):
        need(
            prop_id in p.props,
            f"trickerion.board:$.setup.initial_buy_area[{i}]",
            f"unknown prop {prop_id!r}",
        )
    return errors


def check_cards(cards: tuple[PerformanceCard, ...]) -> list[tuple[str, str]]:
    """Slot geometry of each performance card: cells once, links between adjacent slots."""
    errors: list[tuple[str, str]] = []
    for i, card in enumerate(cards):
        at = f"$.cards[{i}]"
        if len(set(card.cells)) != len(card.cells):
            errors.append((f"{at}.cells", "a cell repeats"))
        seen: set[frozenset[tuple[int, int]]] = set()
        for j, link in enumerate(card.links):
            path = f"{at}.links[{j}]"
            if not (card.has_cell(link.a) and card.has_cell(link.b)):
                errors.append((path, "link outside the card"))
            (ax, ay), (bx, by) = link.a, link.b
            below = ax == bx and by == ay + 1
            right = ay == by and bx == ax + 1
            if not (below or right):
                errors.append((path, "a must be the upper/left slot of two adjacent slots"))
            pair = frozenset((link.a, link.b))
            if pair in seen:
                errors.append((path, "duplicate link"))
            seen.add(pair)
    return errors


for _name, _schema in PACK_TYPES.items():
    register_schema(GAME, pack_id(_name), _schema)


@functools.cache
def load_packs() -> Packs:
    """Load and check the shipped packs once (cached for the process)."""
    return build_packs({name: read_pack_bytes(name) for name in PACK_TYPES})
