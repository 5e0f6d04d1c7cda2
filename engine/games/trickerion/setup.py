"""Setup in the rulebook's order ("ПОДГОТОВКА К ИГРЕ").

General setup happens in :func:`initial_state` (Residence, Market Row stock, performance deck
and row, special assignment decks, the prophecy stack shuffled but not yet laid out). Player
setup is a queue of pending decisions, seat 0 first ("the last to wear a top hat"): magician
(distinct schools), starting level-1 trick of the favourite school, props worth 2 coins, one
specialist and its bonus (Manager: props worth 2 more on its board; Assistant: an extra
apprentice; Engineer: another level-1 trick once every starting trick is chosen). Then a
chance step draws the initiative order, pays the starting coins by initiative slot, prepares
starting tricks whose props are owned, applies the fast-game extras and lays out the
prophecies. With the first-game option the rulebook's kits replace the trick/props/specialist
choices.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.core import chance
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import change_at, with_key
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import ASSIGN_DECKS, SLOT_WORKSHOP, Catalog
from engine.games.trickerion.common import (
    add_props,
    can_take,
    change_trick,
    free_symbol,
    has_components,
    raise_decision,
    residence,
    with_cell,
)
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import (
    NEUTRAL,
    Char,
    Market,
    PendingBase,
    PendingEngineerTrick,
    PendingFastProps,
    PendingFastSpecial,
    PendingMagician,
    PendingManagerProps,
    PendingSpecialist,
    PendingStartProps,
    PendingStartTrick,
    PerfCard,
    Player,
    State,
    Trick,
)


def initial_state(r: TrickerionRules, seed: int, base_deal: bool = False) -> State:
    """The table dealt before play: the hidden decks shuffled from the seed (a variant deals its
    own through ``TrickerionRules.variant_performances``, ``prophecy_pool`` and ``deal_variant``).
    ``base_deal``: the base game's deal whatever the variant (how a solo game was dealt before
    save format 7, ``solo/legacy.py``)."""
    cat: Catalog = r.cat
    rng = Rng.from_seed(seed)
    da = r.options.dark_alley
    own = None if base_deal else r.variant_performances(rng)
    deck, row = own if own is not None else deal_performances(r, rng)
    decks: dict[str, tuple[int, ...]] = {}
    stack: list[str] = []
    if da:
        for loc in ASSIGN_DECKS:
            decks[loc] = tuple(
                rng.shuffled(
                    [cat.special_index[c.id] for c in cat.packs.special_assignments_at(loc)]
                )
            )
    if r.options.prophecies:
        stack = rng.shuffled(TrickerionRules.prophecy_pool(r) if base_deal else r.prophecy_pool())
    hand: dict[str, int] = {
        p.location: (p.start_with_dark_alley if da else p.start_without_dark_alley)
        for p in cat.perm.values()
    }
    hand = {k: v for k, v in hand.items() if v}
    players = [
        Player(
            fame=cat.setup.start_fame,
            shards=cat.setup.start_shards,
            chars=(Char("magician"),) + (Char("apprentice"),) * cat.characters["apprentice"].start,
            hand=dict(hand),
        )
        for _ in range(r.players)
    ]
    slots = [-1] * (SLOT_WORKSHOP + 2 * r.players)
    for index, blocked in cat.slot_blocked.items():
        if r.players in blocked:
            slots[index] = -2
    s = r.state_type(
        rng=rng,
        phase="setup",
        round=1,
        players=players,
        order=tuple(range(r.players)),
        slots=tuple(slots),
        dice=("x",) * 6,
        market=Market(
            buy=tuple(cat.setup.initial_buy_area), order=("",) * cat.market.order_area_slots
        ),
        row=tuple(row),
        perf_deck=tuple(deck),
        decks=decks,
        prophecy_stack=tuple(stack),
        pending=[PendingMagician(seat) for seat in range(r.setup_seats())],
    )
    if not base_deal:
        r.deal_variant(s)
    return s


def deal_performances(r: TrickerionRules, rng: Rng) -> tuple[list[str], list[PerfCard]]:
    """The performance deck (top to bottom: 2 Riverside, 2 Grand Magorian, 2 Magnus Pantheon)
    and the face-up row, one card fewer than the players, from the Riverside leftovers."""
    cat: Catalog = r.cat
    deck: list[str] = []
    leftovers: dict[str, list[str]] = {}
    for theater in cat.packs.theaters.values():
        if theater.dark_alley_only and not r.options.dark_alley:
            continue
        cards = rng.shuffled([c.id for c in cat.packs.performances_of(theater.id)])
        deck.extend(cards[: theater.deck_count])
        leftovers[theater.id] = cards[theater.deck_count :]
    row_ids = leftovers["riverside_theater"][: r.players - 1]
    return deck, [_perf_card(cat, cid) for cid in row_ids]


def _perf_card(cat: Catalog, card_id: str) -> PerfCard:
    """A performance card entering the row (a solo card with its printed neutral markers)."""
    geo = cat.cards[card_id]
    n = len(geo.cells)
    pc = PerfCard(card_id, (-1,) * n, (0,) * n)
    for cell, (_school, facing) in geo.neutral.items():
        pc = with_cell(pc, cell, NEUTRAL, facing)
    return pc


# --- the setup choices: what each offers, what the answer does ------------------------------


def choice(kind: Any) -> Decision:
    """A setup choice as a ``decisions.TABLE`` entry: the choice (checked by the core) leaves
    the queue and applies; once no choice is left, setup goes on."""

    def apply(
        r: TrickerionRules, s: State, pend: PendingBase, action: Any, ev: list[Event]
    ) -> None:
        s.pending.pop(0)
        kind.apply(r, s, pend, action, ev)
        if not s.pending:
            _after_choices(r, s, ev)

    return Decision(kind.legal, apply, refusal=_not_allowed)


def _not_allowed(
    r: TrickerionRules, s: State, pend: Any, action: Any
) -> tuple[str, dict[str, Any]]:
    return "trickerion.setup.not_allowed", {"step": pend.kind, "seat": pend.seat}


class Magician:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingMagician) -> list[Any]:
        taken = {q.school for q in s.players if q.magician}
        out = []
        for m in r.cat.magicians.values():
            if m.school in taken:
                continue
            if m.requires_prophecies and r.options.dark_alley and not r.options.prophecies:
                continue
            out.append(A.ChooseMagician(m.id))
        return out

    @staticmethod
    def apply(
        r: TrickerionRules,
        s: State,
        pend: PendingMagician,
        action: A.ChooseMagician,
        ev: list[Event],
    ) -> None:
        cat: Catalog = r.cat
        seat = pend.seat
        m = cat.magicians[action.magician]
        change_at(s.players, seat, magician=m.id, school=m.school)
        ev.append(Event("trickerion.magician_chosen", {"seat": seat, "magician": m.id}))
        if r.options.first_game:
            _apply_kit(r, s, seat, ev)
        else:
            raise_decision(r, s, PendingStartTrick(seat))
            raise_decision(r, s, PendingStartProps(seat, value=cat.setup.start_props_value))
            raise_decision(r, s, PendingSpecialist(seat))


class StartTrick:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingStartTrick) -> list[Any]:
        free = set(residence(r, s))
        return [A.ChooseTrick(t) for t in r.cat.level1[s.players[pend.seat].school] if t in free]

    @staticmethod
    def apply(
        r: TrickerionRules,
        s: State,
        pend: PendingStartTrick,
        action: A.ChooseTrick,
        ev: list[Event],
    ) -> None:
        learn(r.cat, s, pend.seat, action.trick)
        ev.append(Event("trickerion.trick_learned", {"seat": pend.seat, "trick": action.trick}))


class EngineerTrick:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingEngineerTrick) -> list[Any]:
        return [A.ChooseTrick(t) for t in residence(r, s) if r.cat.trick_level[t] == 1]

    @staticmethod
    def apply(
        r: TrickerionRules,
        s: State,
        pend: PendingEngineerTrick,
        action: A.ChooseTrick,
        ev: list[Event],
    ) -> None:
        learn(r.cat, s, pend.seat, action.trick, eng=True)
        ev.append(Event("trickerion.trick_learned", {"seat": pend.seat, "trick": action.trick}))


# The decisions that take props from the supply (the setup's and the fast game's).
_PropsPending = PendingStartProps | PendingManagerProps | PendingFastProps


def _take_props(
    s: State, pend: _PropsPending, action: A.ChooseProps, ev: list[Event], to_manager: bool
) -> None:
    for prop in action.props:
        p = add_props(s, pend.seat, prop, 1)
        if to_manager and prop not in p.mgr:
            change_at(s.players, pend.seat, mgr=(*p.mgr, prop))
    ev.append(Event("trickerion.props_taken", {"seat": pend.seat, "props": list(action.props)}))


# Prop bundle lists kept (``TrickerionRules.bundle_lists``) before starting afresh.
BUNDLE_LISTS = 1024


class _BundleProps:
    """A bundle of props worth ``pend.value``: the starting props, or the Manager's (kept on
    the Manager's list too)."""

    to_manager = False

    @classmethod
    def legal(
        cls, r: TrickerionRules, s: State, pend: PendingStartProps | PendingManagerProps
    ) -> list[Any]:
        p = s.players[pend.seat]
        key = (pend.value, cls.to_manager, tuple(p.props.items()), p.mgr)
        got = r.bundle_lists.get(key)
        if got is None:
            if len(r.bundle_lists) >= BUNDLE_LISTS:
                r.bundle_lists.clear()  # kept by the catalogue for every game: bounded
            bundles = r.cat.prop_bundles[pend.value]
            got = r.bundle_lists[key] = tuple(
                A.ChooseProps(b) for b in bundles if can_take(p, b, cls.to_manager)
            )
        return list(got)

    @classmethod
    def apply(
        cls,
        r: TrickerionRules,
        s: State,
        pend: PendingStartProps | PendingManagerProps,
        action: A.ChooseProps,
        ev: list[Event],
    ) -> None:
        _take_props(s, pend, action, ev, to_manager=cls.to_manager)


class StartProps(_BundleProps):
    to_manager = False


class ManagerProps(_BundleProps):
    to_manager = True


class FastProps:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingFastProps) -> list[Any]:
        p = s.players[pend.seat]
        out = [A.ChooseProps(())]
        for value in range(1, pend.value + 1):
            out.extend(A.ChooseProps(b) for b in r.cat.prop_bundles[value] if can_take(p, b))
        return out

    @staticmethod
    def apply(
        r: TrickerionRules, s: State, pend: PendingFastProps, action: A.ChooseProps, ev: list[Event]
    ) -> None:
        _take_props(s, pend, action, ev, to_manager=False)


class Specialist:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingSpecialist) -> list[Any]:
        return [A.ChooseSpecialist(sp.specialist) for sp in r.cat.setup.specialist_choices]

    @staticmethod
    def apply(
        r: TrickerionRules,
        s: State,
        pend: PendingSpecialist,
        action: A.ChooseSpecialist,
        ev: list[Event],
    ) -> None:
        _add_specialist(r, s, pend.seat, action.specialist, ev)


class FastSpecial:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingFastSpecial) -> list[Any]:
        return [A.ChooseSpecialAssignment(loc) for loc in ASSIGN_DECKS if s.decks.get(loc)]

    @staticmethod
    def apply(
        r: TrickerionRules,
        s: State,
        pend: PendingFastSpecial,
        action: A.ChooseSpecialAssignment,
        ev: list[Event],
    ) -> None:
        cat: Catalog = r.cat
        deck = s.decks[action.location]
        card = cat.special_ids[deck[0]]
        s.decks = with_key(s.decks, action.location, deck[1:])
        change_at(s.players, pend.seat, specials=(*s.players[pend.seat].specials, card))
        ev.append(
            Event("trickerion.special_taken_fast", {"seat": pend.seat, "location": action.location})
        )
        ev.append(
            Event(
                "trickerion.special_drawn",
                {"seat": pend.seat, "card": card},
                to=pend.seat,
                reveal=True,
            )
        )


def learn(cat: Catalog, s: State, seat: int, trick_id: str, eng: bool = False) -> Trick:
    p = s.players[seat]
    t = Trick(trick_id, free_symbol(p), eng=eng)
    change_at(s.players, seat, tricks=(*p.tricks, t))
    return t


def _add_specialist(r: TrickerionRules, s: State, seat: int, kind: str, ev: list[Event]) -> None:
    cat: Catalog = r.cat
    p = s.players[seat]
    more = (Char("apprentice", assist=kind == "assistant"),)
    ev.append(Event("trickerion.specialist_chosen", {"seat": seat, "specialist": kind}))
    bonus = next(sp for sp in cat.setup.specialist_choices if sp.specialist == kind)
    change_at(s.players, seat, chars=(*p.chars, Char(kind), *more * bonus.bonus_apprentices))
    if bonus.bonus_props_value:
        raise_decision(r, s, PendingManagerProps(seat, value=bonus.bonus_props_value))
    if bonus.bonus_level1_trick:
        raise_decision(r, s, PendingEngineerTrick(seat))


def _apply_kit(r: TrickerionRules, s: State, seat: int, ev: list[Event]) -> None:
    cat: Catalog = r.cat
    school = s.players[seat].school
    kit = next(k for k in cat.setup.first_game_kits if k.school == school)
    learn(cat, s, seat, kit.trick)
    for prop, n in kit.props.items():
        add_props(s, seat, prop, n)
    p = s.players[seat]
    change_at(s.players, seat, chars=(*p.chars, Char(kit.specialist)))
    for prop, n in kit.manager_props.items():
        p = add_props(s, seat, prop, n)
        change_at(s.players, seat, mgr=(*p.mgr, prop))
    if kit.engineer_trick:
        learn(cat, s, seat, kit.engineer_trick, eng=True)
    p = s.players[seat]
    more = (Char("apprentice", assist=kit.specialist == "assistant"),) * kit.extra_apprentices
    change_at(s.players, seat, chars=(*p.chars, *more))
    ev.append(Event("trickerion.first_game_kit", {"seat": seat, "school": school}))


def _after_choices(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    """Every queued setup choice is made: go on to what follows it."""
    if s.phase == "setup":
        s.phase = "setup_initiative"  # chance: the random initiative order
    elif s.phase == "setup_fast":
        finish(r, s, ev)


def draw_initiative(r: TrickerionRules, s: State, order: tuple[int, ...], ev: list[Event]) -> None:
    """Chance step after player setup: the initiative ``order`` drawn (or the variant's own
    setup), starting coins by slot, starting tricks prepared, then the fast-game extras and
    the prophecies."""
    cat: Catalog = r.cat
    if sorted(order) != (list(range(r.players)) if r.draws_initiative else []):
        raise IllegalAction("trickerion.setup.not_an_order", order=list(order))
    if r.draws_initiative:
        random_initiative(r, s, order)
    else:
        r.setup_initiative(s, ev)
    ev.append(Event("trickerion.initiative", {"order": list(s.order)}))
    for seat, p in enumerate(s.players):
        if seat == r.automaton_seat(s):
            continue  # its starting trick is prepared by its own setup
        start = next((t for t in p.tricks if not t.eng), None)
        if start and has_components(cat, p, start.id):
            start = change_trick(s, seat, start, markers=cat.tricks[start.id].markers)
            ev.append(
                Event(
                    "trickerion.prepared",
                    {"seat": seat, "trick": start.id, "markers": start.markers},
                )
            )
    if r.options.fast_game:
        fast = cat.fast
        for seat, p in enumerate(s.players):
            assistant = any(c.kind == "assistant" for c in p.chars)
            change_at(
                s.players,
                seat,
                fame=p.fame + fast.extra_fame,
                shards=p.shards + fast.extra_shards,
                coins=p.coins + (fast.extra_coins_if_assistant if assistant else 0),
            )
        s.round = fast.start_round
        if s.perf_deck:
            card, s.perf_deck = s.perf_deck[0], s.perf_deck[1:]
            s.row = (_perf_card(cat, card), *s.row)
        if r.options.prophecies and fast.random_active_prophecy:
            s.prophecy, s.prophecy_stack = s.prophecy_stack[0], s.prophecy_stack[1:]
        s.phase = "setup_fast"
        for seat in range(r.players):
            raise_decision(r, s, PendingFastProps(seat, value=fast.extra_props_value))
        if r.options.dark_alley:
            for seat in reversed(s.order):
                raise_decision(r, s, PendingFastSpecial(seat))
        return
    finish(r, s, ev)


def shuffle_order(r: TrickerionRules, rng: Rng) -> tuple[int, ...]:
    """A random initiative order (``chance.outcome`` draws it on a copy of the state's RNG)."""
    return tuple(rng.shuffled(list(range(r.players))))


def random_initiative(r: TrickerionRules, s: State, order: tuple[int, ...]) -> None:
    """The initiative order drawn; starting coins by initiative slot."""
    cat: Catalog = r.cat
    chance.take(s.rng, partial(shuffle_order, r))
    s.order = tuple(order)
    coins = cat.setup.start_coins_by_initiative
    slots = cat.setup.two_player_initiative_slots if r.players == 2 else range(1, r.players + 1)
    for slot, seat in zip(slots, s.order):
        change_at(s.players, seat, coins=s.players[seat].coins + coins[slot - 1])


def finish(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    if r.options.prophecies:
        n = r.cat.prophecies_pending
        s.pending_prophecies, s.prophecy_stack = s.prophecy_stack[:n], s.prophecy_stack[n:]
        ev.append(
            Event(
                "trickerion.prophecies",
                {"active": s.prophecy, "pending": list(s.pending_prophecies)},
            )
        )
    s.phase = "roll"
