"""Trickerion actions: one tagged msgspec Struct per official action (EN glossary names).

Conventions: ``character`` is an index into the player's characters; ``die`` an index into
``State.dice`` (0–1 Dahlgaard's Residence, 2–3 Inn, 4–5 Bank); ``card`` an index into the
Theater's row of performance cards (0 = leftmost); ``cell`` an index into that card's slots;
``facing`` the side ("up", "right", "down", "left") the marker's own-school symbol points to.
"""

from __future__ import annotations

import msgspec


class _A(msgspec.Struct, frozen=True, tag_field="type"):
    pass


# --- setup -------------------------------------------------------------------------------


class ChooseMagician(_A, tag="choose_magician", frozen=True):
    magician: str


class ChooseTrick(_A, tag="choose_trick", frozen=True):
    trick: str


class ChooseProps(_A, tag="choose_props", frozen=True):
    props: tuple[str, ...] = ()


class ChooseSpecialist(_A, tag="choose_specialist", frozen=True):
    specialist: str


class ChooseSpecialAssignment(_A, tag="choose_special_assignment", frozen=True):
    """Fast game: take the top card of one Special Assignment deck."""

    location: str


class Chance(_A, tag="chance", omit_defaults=True, frozen=True):
    """A step nobody chooses, carrying what it drew so the draw is part of the record (a test
    can force one and the log shows it): the setup's initiative order (``order``, seats from
    slot 1), the Dice roll phase's faces (``dice``, one per die in ``Catalog.die_faces``
    order), or the face of the one die a step stopped at (``face``: Reroll Die, Interest).
    Bare where a variant's setup draws itself (the Successor's)."""

    dice: tuple[str, ...] = ()
    order: tuple[int, ...] = ()
    face: str = ""


# --- advertise and assignments -----------------------------------------------------------


class Advertise(_A, tag="advertise", frozen=True):
    advertise: bool


class Assign(_A, tag="assign", frozen=True):
    character: int
    card: str  # a location id (permanent card) or a special assignment id


class EndAssignments(_A, tag="end_assignments", frozen=True):
    pass


# --- Place Characters --------------------------------------------------------------------


class PlaceCharacter(_A, tag="place_character", frozen=True):
    character: int
    location: str
    slot: int  # index within the location (Theater: 3 * day + 0/1 backstage, + 2 stage)


class MakeIdle(_A, tag="make_idle", frozen=True):
    character: int


class EnhanceCharacter(_A, tag="enhance_character", frozen=True):
    pass


class ForgoEffect(_A, tag="forgo_effect", frozen=True):
    """Take +1 AP instead of the placed special assignment's effect."""


class Mimesis(_A, tag="mimesis", frozen=True):
    """The Great Optico: copy an opponent's revealed special assignment at this location."""

    special: str


class EndTurn(_A, tag="end_turn", frozen=True):
    pass


class DiscardProps(_A, tag="discard_props", frozen=True):
    prop: str
    count: int = 1


class ReturnTrick(_A, tag="return_trick", frozen=True):
    trick: str


# --- Downtown ------------------------------------------------------------------------------


class LearnTrick(_A, tag="learn_trick", frozen=True):
    trick: str
    die: int
    replace: str = ""  # Trick Overhaul: the trick returned, whose markers move to the new one


class HireCharacter(_A, tag="hire_character", frozen=True):
    character: str
    die: int


class TakeCoins(_A, tag="take_coins", frozen=True):
    die: int


class RerollDie(_A, tag="reroll_die", frozen=True):
    die: int


class SetDie(_A, tag="set_die", frozen=True):
    die: int
    face: str


# --- Market Row ----------------------------------------------------------------------------


class Buy(_A, tag="buy", frozen=True):
    """Buy up to 3 identical props (Component Sale: up to 4 of any types) and Bargain."""

    props: tuple[str, ...]
    bargain: int = 0
    # Special assignment variants: "smuggle" (pay fame), "barter" (1 shard), "shoplift"
    # (the first prop taken from the stock slot, refilled with ``refill``), "delivery".
    mode: str = ""
    refill: str = ""


class Order(_A, tag="order", frozen=True):
    """``slot``: the free Order area slot (-1 with Logistics: next to the Buy area at once).
    ``now``: Traveling Merchants, pay price + 1 to receive one of the prop at once."""

    prop: str
    slot: int
    now: bool = False


class QuickOrder(_A, tag="quick_order", frozen=True):
    prop: str


# --- Workshop ------------------------------------------------------------------------------


class Prepare(_A, tag="prepare", frozen=True):
    """``special``: apply the placed special assignment's Prepare effect to this Prepare;
    ``target`` (Replacable Parts: the other trick) and ``props`` (Unstable Prototype: the
    props returned) carry its choices."""

    trick: str
    special: bool = False
    target: str = ""
    props: tuple[str, ...] = ()


class MoveTrick(_A, tag="move_trick", frozen=True):
    trick: str


class MoveProps(_A, tag="move_components", frozen=True):
    prop: str
    swap: str = ""  # the Manager-board stack it changes places with


class MoveApprentice(_A, tag="move_apprentice", frozen=True):
    character: int


# --- Theater -------------------------------------------------------------------------------


class SetUpTrick(_A, tag="set_up_trick", frozen=True):
    trick: str
    card: int
    cell: int
    facing: str
    coins: int = 0  # how many of the links created pay coins (the others pay fame)
    double: bool = False  # Electra: a second marker of the trick on the same slot


class Reschedule(_A, tag="reschedule", frozen=True):
    card: int
    cell: int
    to_card: int
    to_cell: int
    facing: str
    coins: int = 0  # Break Free (Master of Chains) pays links


class StreetPerformance(_A, tag="street_performance", frozen=True):
    """Street Performance (a14): remove one own marker and take its yield at once."""

    card: int
    cell: int


# --- Dark Alley ----------------------------------------------------------------------------


class DrawCards(_A, tag="draw_cards", frozen=True):
    location: str


class KeepCard(_A, tag="keep_card", frozen=True):
    card: str


class FortuneTelling(_A, tag="fortune_telling", frozen=True):
    pass


class FateWeaving(_A, tag="fate_weaving", frozen=True):
    """Priestess of Mysticism: discard the active prophecy, promote a pending one."""

    prophecy: str


# --- Performance and decisions -------------------------------------------------------------


class Perform(_A, tag="perform", frozen=True):
    card: int


# --- answers to pending decisions (``state.Pending*``) --------------------------------------


class TakeLinkCoins(_A, tag="link_coins", frozen=True):
    """Link rewards: ``coins`` of the units as coins, the rest as fame."""

    coins: int


class StealYield(_A, tag="steal_yield", frozen=True):
    """Red Lotus (Trick Steal): your marker in cell ``mine`` yields as the one in ``theirs``."""

    mine: int
    theirs: int


class PremiereYield(_A, tag="premiere_yield", frozen=True):
    """Grand Premiere: double the ``what`` (fame / coins / shards) yield of cell ``cell``."""

    cell: int
    what: str


class DurableMarker(_A, tag="durable_marker", frozen=True):
    """Durable Components: the marker of cell ``cell`` goes back to its trick card."""

    cell: int


class HireSecondApprentice(_A, tag="hire_second_apprentice", frozen=True):
    """Mass Recruitment: a second apprentice for 3 coins."""


class SwapCards(_A, tag="swap_cards", frozen=True):
    """Buying Time: swap performance cards ``a`` and ``b`` (row indices, a < b)."""

    a: int
    b: int


class BecomeSpecialist(_A, tag="become_specialist", frozen=True):
    """Hidden Talent: the apprentice becomes this specialist."""

    specialist: str


class MechanicalEnhancement(_A, tag="mechanical_enhancement", frozen=True):
    """The Mechaniker's ability at the Workshop: +1 action point."""


# The per-performance options a performer chose (``State.perf_opts``).
PerformanceOption = StealYield | PremiereYield | DurableMarker


class Pass(_A, tag="pass", frozen=True):
    pass


Action = (
    ChooseMagician
    | ChooseTrick
    | ChooseProps
    | ChooseSpecialist
    | ChooseSpecialAssignment
    | Chance
    | Advertise
    | Assign
    | EndAssignments
    | PlaceCharacter
    | MakeIdle
    | EnhanceCharacter
    | ForgoEffect
    | Mimesis
    | EndTurn
    | DiscardProps
    | ReturnTrick
    | LearnTrick
    | HireCharacter
    | TakeCoins
    | RerollDie
    | SetDie
    | Buy
    | Order
    | QuickOrder
    | Prepare
    | MoveTrick
    | MoveProps
    | MoveApprentice
    | SetUpTrick
    | Reschedule
    | StreetPerformance
    | DrawCards
    | KeepCard
    | FortuneTelling
    | FateWeaving
    | Perform
    | TakeLinkCoins
    | StealYield
    | PremiereYield
    | DurableMarker
    | HireSecondApprentice
    | SwapCards
    | BecomeSpecialist
    | MechanicalEnhancement
    | Pass
)
