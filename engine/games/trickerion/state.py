"""The Trickerion game state: compact msgspec Structs (``array_like`` for fast msgpack copies).

Every state Struct is also ``gc=False``: a state is a tree of plain values (nothing refers back
up, nothing refers to code), so it can never be part of a reference cycle and the cyclic GC
need not track it. ``apply`` decodes a fresh copy at every step and a match keeps every state
for undo, so the GC took about a fifth of a random game's time; untracked Structs cut its
collections by a quarter. (Lists and dicts inside stay tracked: they are Python's own.) Keep it
so: never store a state, or a part of one, inside itself.

Everything a saved game needs is here, including the RNG, the decks in their hidden order and
every pending decision; nothing refers to code. Index conventions (see ``catalog``):

- board slots: one flat tuple, ``catalog.SLOT_*`` give the ranges (Downtown, Market Row,
  Dark Alley, Theater days, then two Workshop slots per seat); a slot holds ``-1`` (free),
  ``-2`` (blocked with 2–3 players) or ``seat * 16 + character index``;
- a trick marker on a performance card is ``seat * 4 + symbol``; ``-1`` is an empty slot;
- dice: six faces as strings, in the order of ``catalog.DICE`` (Residence, Inn, Bank).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal

import msgspec

from engine.core.rng import Rng
from engine.games.trickerion.actions import PerformanceOption

HOME = -1  # Char.slot of a character not on a location
NEUTRAL = -3
# PerfCard.m: a free slot is -1; NEUTRAL (-3) is a neutral grey marker printed on a solo
# performance card (it links like a marker of its printed school, yields nothing, is no one's).


class Char(msgspec.Struct, array_like=True, gc=False, frozen=True):
    """One character disc of a player.

    ``card``: the assignment card under it this round (a location id for a permanent card, a
    special assignment id, or "" for none). ``slot``: board slot while placed, else HOME.
    ``idle``: idle this round (no card, or made idle in the Place Characters phase).
    ``assist``: an apprentice on the Assistant board (no wage). ``shown``: its card is face up.
    Frozen, like ``Trick``: a state's copies share it until ``common.change_char`` replaces it.
    """

    kind: str
    card: str = ""
    slot: int = HOME
    idle: bool = False
    assist: bool = False
    shown: bool = False
    # Hidden Talent (a24): this apprentice prepared a trick with the card this round.
    talent: bool = False


class Trick(msgspec.Struct, array_like=True, gc=False, frozen=True):
    """A trick card in a Workshop. ``sym``: its symbol marker (0–3); ``markers``: trick markers
    lying on the card; ``eng``: on the Engineer board; ``enhanced``: a shard lies on it (a22);
    ``premiered``: performed at least once (a13). Replaced through ``common.change_trick``."""

    id: str
    sym: int
    markers: int = 0
    eng: bool = False
    enhanced: bool = False
    premiered: bool = False


class Player(msgspec.Struct, array_like=True, gc=False, frozen=True):
    magician: str = ""
    school: str = ""
    fame: int = 0
    coins: int = 0
    shards: int = 0
    # Tuples, replaced when they change (common.change_char, change_trick): shared by copies.
    chars: tuple[Char, ...] = ()
    # Characters hired this round, waiting in the Inn until Return Characters.
    hired: tuple[str, ...] = ()
    tricks: tuple[Trick, ...] = ()
    # Prop id -> tokens; ``mgr`` lists the prop types whose stack lies on the Manager board.
    props: Mapping[str, int] = {}
    mgr: tuple[str, ...] = ()
    # Permanent assignment cards in hand, by location id.
    hand: Mapping[str, int] = {}
    # Special assignment cards in hand (hidden from the others; the count is public).
    specials: tuple[str, ...] = ()
    poster: bool = False
    # This seat has finished the current simultaneous step (advertise / assignments).
    done: bool = False
    # Once-per-round ability uses (Mimesis, Mechanical Enhancement, Soul Possession).
    used: tuple[str, ...] = ()
    # Special assignment cards played this round that stay in effect (Business Share, …).
    active: tuple[str, ...] = ()


class PerfCard(msgspec.Struct, array_like=True, gc=False, frozen=True):
    """A performance card in the Theater: its id, a marker per cell (-1: empty) and the facing
    (direction index 0–3, clockwise from up) of each marker. ``dbl``: cells holding two
    markers of one trick (Electra's Supercharge). ``guest``: markers set up by Guest Performer
    (a06) off the slots: they perform but take part in no link. Frozen, replaced in the row
    through ``common.set_cell`` / ``put_card`` when a marker comes or goes (a few times a
    round): a state's copies share the cards."""

    id: str
    m: tuple[int, ...]
    o: tuple[int, ...]
    dbl: tuple[int, ...] = ()
    guest: tuple[int, ...] = ()


class Placement(msgspec.Struct, array_like=True, gc=False):
    """The character being placed now and what it has done at its location."""

    seat: int
    char: int
    slot: int
    loc: str
    ap: int
    card: str = ""  # the special assignment under it ("" for a permanent card)
    # "" no special effect; "ready" may still apply; "used"; "forgone" (+1 AP instead).
    effect: str = ""
    enhanced: bool = False
    drew: bool = False  # Draw Assignment Cards (the 1-AP first draw) done
    mimic: str = ""  # Mimesis: the copied special assignment


# --- pending decisions: one Struct per kind (the tag, ``kind``), typed fields -----------------
# What answers each, and in which order decisions raised together are taken, is the table in
# ``decisions.TABLE`` (a variant adds its own kinds through ``TrickerionRules.extra_decisions``).


class PendingBase(msgspec.Struct, array_like=True, gc=False, frozen=True, tag_field="kind"):
    """A decision ``seat`` must take before the flow goes on. Frozen (a decision is raised
    and taken, never changed), so a state's copies share its pending list's items."""

    seat: int

    @property
    def kind(self) -> str:
        return str(self.__struct_config__.tag)


# Setup («ПОДГОТОВКА К ИГРЕ»; the fast game's extras).
class PendingMagician(PendingBase, tag="magician", frozen=True):
    pass


class PendingStartTrick(PendingBase, tag="start_trick", frozen=True):
    pass


class PendingStartProps(PendingBase, tag="start_props", frozen=True):
    value: int  # total value of the props to take


class PendingSpecialist(PendingBase, tag="specialist", frozen=True):
    pass


class PendingManagerProps(PendingBase, tag="manager_props", frozen=True):
    value: int


class PendingEngineerTrick(PendingBase, tag="engineer_trick", frozen=True):
    pass


class PendingFastProps(PendingBase, tag="fast_props", frozen=True):
    value: int  # up to this value


class PendingFastSpecial(PendingBase, tag="fast_special", frozen=True):
    pass


# During play.
class PendingLinkReward(PendingBase, tag="link_reward", frozen=True):
    units: int  # link rewards to split between fame and coins
    value: int  # fame or coins per unit (by the trick's level)


class PendingKeepCard(PendingBase, tag="keep_card", frozen=True):
    cards: tuple[str, ...]  # drawn, to keep one


class PendingPerform(PendingBase, tag="perform", frozen=True):
    pass


class PendingSoulPossession(PendingBase, tag="soul_possession", frozen=True):
    performer: int  # the seat whose card Yoruba Spiritmaster may choose


class PendingSteal(PendingBase, tag="steal", frozen=True):
    pass


class PendingPremiere(PendingBase, tag="premiere", frozen=True):
    pass


class PendingDurable(PendingBase, tag="durable", frozen=True):
    pass


class PendingBreakFree(PendingBase, tag="break_free", frozen=True):
    pass


class PendingHypnotic(PendingBase, tag="hypnotic", frozen=True):
    character: int  # the character that just arrived


class PendingMassRecruitment(PendingBase, tag="mass_recruitment", frozen=True):
    pass


class PendingInvestments(PendingBase, tag="investments", frozen=True):
    left: int  # props still buyable


class PendingBuyingTime(PendingBase, tag="buying_time", frozen=True):
    pass


class PendingOnStage(PendingBase, tag="on_stage", frozen=True):
    trick: str  # the trick just prepared


class PendingHiddenTalent(PendingBase, tag="hidden_talent", frozen=True):
    character: int  # the apprentice that may become a specialist


Pending = (
    PendingMagician
    | PendingStartTrick
    | PendingStartProps
    | PendingSpecialist
    | PendingManagerProps
    | PendingEngineerTrick
    | PendingFastProps
    | PendingFastSpecial
    | PendingLinkReward
    | PendingKeepCard
    | PendingPerform
    | PendingSoulPossession
    | PendingSteal
    | PendingPremiere
    | PendingDurable
    | PendingBreakFree
    | PendingHypnotic
    | PendingMassRecruitment
    | PendingInvestments
    | PendingBuyingTime
    | PendingOnStage
    | PendingHiddenTalent
)


class Market(msgspec.Struct, array_like=True, gc=False, frozen=True):
    """Frozen, replaced (``msgspec.structs.replace``) when an order, a purchase or a special
    assignment changes it, a few times a round: a state's copies share it."""

    buy: tuple[str, ...]
    order: tuple[str, ...]
    quick: str = ""
    # Logistics (a41): ordered props buyable this round, returned at Orders Arrive.
    extra: tuple[str, ...] = ()
    # Business Share (a44): seat collecting coins spent at Market Row, -1 for none.
    share: int = -1
    # Dubious Sources (a43): seat that gets the quick-ordered prop at round end, -1 for none.
    quick_seat: int = -1


# The game's phases: the setup's (the fast game's own among them), each round's, and over.
Phase = Literal[
    "setup",
    "setup_fast",
    "setup_initiative",
    "advertise",
    "assign",
    "place",
    "roll",
    "perform",
    "end_round",
    "over",
]


class Draw(msgspec.Struct, frozen=True, gc=False):
    """A player's step stopped at a public draw (a die rerolled Downtown, the Interest die):
    the chance step that follows carries the face and finishes the step."""

    kind: Literal["reroll", "interest"]
    seat: int
    die: int


class State(msgspec.Struct, gc=False):
    rng: Rng
    phase: Phase
    round: int
    players: list[Player]
    # Initiative order: seats from slot 1 onward (a tuple: it changes once a round).
    order: tuple[int, ...]
    # Tuples, replaced (``tuples.put``) when a character takes or leaves a slot, a die or a
    # prophecy changes, a card of the row is revealed or marked: a state's copies share them.
    slots: tuple[int, ...]
    dice: tuple[str, ...]
    market: Market
    row: tuple[PerfCard, ...]
    # A tuple, replaced when a card is revealed: shared by a state's copies.
    perf_deck: tuple[str, ...]
    # Special assignment decks by location (top first), hidden order; cards as indices into
    # ``Catalog.special_ids`` (small ints keep state copies fast). Tuples in a read-only
    # mapping, replaced (``with_key``) when a deck changes, a few times a round: a state's
    # copies share them. The tricks in Dahlgaard's Residence are not stored: they are the
    # game's tricks nobody owns (``common.residence``).
    decks: Mapping[str, tuple[int, ...]] = {}
    prophecy: str = ""
    pending_prophecies: tuple[str, ...] = ()
    prophecy_stack: tuple[str, ...] = ()
    pending: list[Pending] = []
    # Place Characters: index into ``order`` of the seat to place; placements left this turn.
    turn: int = 0
    turn_left: int = 0
    act: Placement | None = None
    # Performance phase: the day (0 Thursday … 3 Sunday) about to perform; the card chosen
    # for it (-1: not yet), whether Soul Possession was offered, and the performer's answers
    # to the per-performance options (Trick Steal, Grand Premiere, Durable Components: a
    # tuple, replaced, shared by a state's copies).
    day: int = 0
    perf_card: int = -1
    perf_asked: bool = False
    perf_opts: tuple[PerformanceOption, ...] = ()
    # Special assignments used this round (to the bottoms of their decks at round end).
    used_specials: tuple[str, ...] = ()
    # End of game: per seat, the scoring breakdown (read-only, shared by a state's copies).
    final: tuple[Mapping[str, int], ...] = ()
    winner: int = -1
    # A draw the step before stopped at (last: a format-4 save hashed the state without it).
    draw: Draw | None = None
