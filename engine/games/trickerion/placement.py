"""Place Characters phase ("ФАЗА ДЕЙСТВИЙ", "СИСТЕМА ОЧКОВ ДЕЙСТВИЯ").

In initiative order each player places one character with a face-up assignment card on a free
slot of that card's location (or makes it idle), then spends its action points there. AP =
base (apprentice 1, specialist 2, magician 3) + slot modifier, + 1 for a shard once per
placement (never in the Theater), + a special assignment's +1 if its effect is forgone.
A Magician on a stage slot loses its AP and performs in the Performance phase.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from msgspec.structs import replace

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.tuples import change_at, put
from engine.games.trickerion import actions as A
from engine.games.trickerion import alley, downtown, market, performance, theater, workshop
from engine.games.trickerion.catalog import (
    BOARD_SLOTS,
    SLOT_THEATER,
    SLOT_WORKSHOP,
    Catalog,
    is_stage,
)
from engine.games.trickerion.common import (
    BOARD_PROP_SLOTS,
    change_char,
    gain,
    remove_props,
    return_trick,
    trick_by_id,
)
from engine.games.trickerion.components import EnhanceAP
from engine.games.trickerion.labels import char_params
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import HOME, Placement, State

LOCATION_MODULES = {
    "downtown": downtown,
    "market_row": market,
    "workshop": workshop,
    "theater": theater,
    "dark_alley": alley,
}


def seat_has_work(s: State, seat: int) -> bool:
    # a loop, not any() over a generator: asked after every placement step
    for c in s.players[seat].chars:
        if c.card and c.slot == HOME and not c.idle:
            return True
    return False


def per_turn(r: TrickerionRules, s: State) -> int:
    return 2 if r.active_effect(s) == "double_placement" else 1


def next_turn(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    """Pass the turn to the next seat in initiative order that still has a character to place;
    when nobody has, the Performance phase begins."""
    n = len(s.order)
    for k in range(1, n + 1):
        idx = (s.turn + k) % n
        if seat_has_work(s, s.order[idx]):
            s.turn = idx
            s.turn_left = per_turn(r, s)
            return
    performance.start(r, s, ev)


def end_turn(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    seat = s.order[s.turn]
    act = s.act
    if act is not None and act.effect == "ready" and r.effect_of(act) == "business_share":
        # Business Share (a44): from now on this round, the coins the others spend at Market
        # Row go to this player (taken when the placement ends, unless forgone for +1 AP).
        s.market = replace(s.market, share=seat)
        ev.append(Event("trickerion.special_effect", {"seat": seat, "effect": "business_share"}))
    s.act = None
    s.turn_left -= 1
    if s.turn_left > 0 and seat_has_work(s, seat):
        return
    next_turn(r, s, ev)


# --- where a character may go -------------------------------------------------------------------


_EVERYWHERE = ("workshop", "downtown", "market_row", "theater", "dark_alley")


def locations(r: TrickerionRules, card: str) -> tuple[str, ...]:
    """Where a character with assignment ``card`` may go: the card's location, or any for the
    Freelancer."""
    special = r.cat.specials.get(card)
    if special is None:
        return (card,)  # a permanent card is named by its location
    return _EVERYWHERE if special.effect == "freelancer" else (special.location,)


def destinations(r: TrickerionRules, s: State, seat: int, char: int) -> list[tuple[str, int]]:
    """(location, slot index within the location) pairs where the character may be placed."""
    c = s.players[seat].chars[char]
    return [
        (where, i) for where in locations(r, c.card) for i in free_slots(r, s, seat, c.kind, where)
    ]


def free_slots(r: TrickerionRules, s: State, seat: int, kind: str, loc: str) -> list[int]:
    cat: Catalog = r.cat
    slots = s.slots
    if loc == "workshop":
        base = SLOT_WORKSHOP + 2 * seat
        return [i for i in range(2) if slots[base + i] == -1]
    if loc == "theater":
        return list(_theater_slots(slots[SLOT_THEATER:SLOT_WORKSHOP], seat, kind == "magician"))
    if loc == "dark_alley" and not r.options.dark_alley:
        return []
    base = BOARD_SLOTS[loc]
    free = list(_free_of(slots[base : base + 4]))
    if not s.prophecy:
        return free  # the two prophecies below are the only ones that close a slot
    effect = r.active_effect(s)
    if effect == "costly_best_slots" and s.players[seat].coins < 3:
        free = [i for i in free if cat.slot_mod[base + i] != 2]
    if effect == "lowest_slot_first" and free:
        low = min(cat.slot_mod[base + i] for i in free)
        free = [i for i in free if cat.slot_mod[base + i] == low]
    return free


# Free slots worked out from a location's slots alone, by those slots (and for the Theater
# the seat and whether a Magician goes): the same few dozen answers asked for at every
# placement turn's start, each character at each of its locations. At most FREE_SLOT_LISTS
# kept of each before starting afresh.
FREE_SLOT_LISTS = 4096
_FREE: dict[tuple[int, ...], tuple[int, ...]] = {}
_THEATER: dict[tuple[tuple[int, ...], int, bool], tuple[int, ...]] = {}


def _free_of(quad: tuple[int, ...]) -> tuple[int, ...]:
    got = _FREE.get(quad)
    if got is None:
        if len(_FREE) >= FREE_SLOT_LISTS:
            _FREE.clear()
        got = _FREE[quad] = tuple(i for i, v in enumerate(quad) if v == -1)
    return got


def _theater_slots(days: tuple[int, ...], seat: int, magician: bool) -> tuple[int, ...]:
    """The free Theater slots (3 * day + place) of ``days`` (its 12 slots): on the seat's day
    this round if it has one, else on the days no one else has; the stage (place 2) for a
    Magician only."""
    key = (days, seat, magician)
    got = _THEATER.get(key)
    if got is None:
        if len(_THEATER) >= FREE_SLOT_LISTS:
            _THEATER.clear()
        owners = [{v // 16 for v in days[3 * d : 3 * d + 3] if v >= 0} for d in range(4)]
        mine = next((d for d in range(4) if seat in owners[d]), -1)
        got = _THEATER[key] = tuple(
            3 * d + k
            for d in ((mine,) if mine >= 0 else range(4))
            if not owners[d] - {seat}
            for k in range(3 if magician else 2)
            if days[3 * d + k] == -1
        )
    return got


def board_index(seat: int, loc: str, slot: int) -> int:
    if loc == "workshop":
        return SLOT_WORKSHOP + 2 * seat + slot
    if loc == "theater":
        return SLOT_THEATER + slot
    return BOARD_SLOTS[loc] + slot


def slot_modifier(r: TrickerionRules, seat: int, index: int) -> int:
    if index >= SLOT_WORKSHOP:
        return r.cat.workshop_mods[(index - SLOT_WORKSHOP) % 2]
    return r.cat.slot_mod[index]


def base_ap(r: TrickerionRules, s: State, seat: int, kind: str) -> int:
    effect = r.active_effect(s)
    ap = 1 if effect == "base_ap_one" else r.cat.base_ap[kind]
    if effect == "advertised_apprentices" and kind == "apprentice" and s.players[seat].poster:
        ap += 1
    return ap


# --- legal actions ----------------------------------------------------------------------------------


_END_TURN = A.EndTurn()  # listed at every step of a placement: made once (frozen)


def legal(r: TrickerionRules, s: State, seat: int) -> list[Any]:
    p = s.players[seat]
    act = s.act
    if act is not None:
        here: list[Any] = LOCATION_MODULES[act.loc].legal(r, s, seat, act)
        here.extend(extras(r, s, seat, act))
        here.append(_END_TURN)
        return here
    out: list[Any] = []
    for i, c in enumerate(p.chars):
        if c.card and c.slot == HOME and not c.idle:
            # ``destinations`` without its pairs: asked at the start of every placement turn
            for loc in locations(r, c.card):
                row = _places(i, loc)
                out += [row[k] for k in free_slots(r, s, seat, c.kind, loc)]
            out.append(_IDLE[i])
    out.extend(anytime(r, s, seat))
    return out


def anytime(r: TrickerionRules, s: State, seat: int) -> list[Any]:
    """Returning props or tricks to the supply "at any time" (offered at the start of a turn)."""
    p = s.players[seat]
    out: list[Any] = [
        _DISCARD.get(prop) or _made(_DISCARD, prop, _discard_one)
        for prop, n in p.props.items()
        if n > 0
    ]
    out += [_RETURN.get(t.id) or _made(_RETURN, t.id, A.ReturnTrick) for t in p.tricks]
    return out


# The moves of a placement turn's start, each made once (frozen) and listed again at every
# such turn (about 90 a random 4-player game): a character's placements at a location, by
# slot (a Theater slot is 3 * day + place, hence 12), making it idle, returning a prop token
# or a trick.
_SLOTS = 12
_PLACES: dict[tuple[int, str], tuple[Any, ...]] = {}
_IDLE = tuple(A.MakeIdle(char) for char in range(16))  # a seat's characters: under 16
_DISCARD: dict[str, Any] = {}
_RETURN: dict[str, Any] = {}


def _places(char: int, loc: str) -> tuple[Any, ...]:
    row = _PLACES.get((char, loc))
    if row is None:
        row = _PLACES[char, loc] = tuple(A.PlaceCharacter(char, loc, k) for k in range(_SLOTS))
    return row


def _made(made: dict[Any, Any], key: Any, make: Callable[[Any], Any]) -> Any:
    got = made.get(key)
    if got is None:
        got = made[key] = make(key)
    return got


def _discard_one(prop: str) -> Any:
    return A.DiscardProps(prop, 1)


def extras(r: TrickerionRules, s: State, seat: int, act: Placement) -> list[Any]:
    out: list[Any] = []
    p = s.players[seat]
    if (
        not act.enhanced
        and p.shards > 0
        and (act.loc != "theater" or r.active_effect(s) == "enhance_in_theater")
    ):
        out.append(A.EnhanceCharacter())
    if act.effect == "ready" and (act.card or act.mimic):
        out.append(A.ForgoEffect())
    if (
        r.has_ability(s, seat, "m02_great_optico")
        and not act.card
        and not act.mimic
        and "mimesis" not in p.used
    ):
        for special in revealed_specials(r, s, seat, act.loc):
            out.append(A.Mimesis(special))
    # "At any time" during a placement, where it opens a new option: making room on a full
    # prop board at Market Row, freeing a symbol marker Downtown.
    if act.loc == "market_row" and len(p.props) - len(p.mgr) >= BOARD_PROP_SLOTS:
        out.extend(A.DiscardProps(prop, 1) for prop in p.props if prop not in p.mgr)
    if act.loc == "downtown" and len(p.tricks) >= 4:
        out.extend(A.ReturnTrick(t.id) for t in p.tricks)
    if (
        r.has_ability(s, seat, "m04_mechaniker")
        and act.loc != "theater"
        and p.chars[act.char].kind == "apprentice"
        and "mechanical_enhancement" not in p.used
    ):
        out.append(A.MechanicalEnhancement())
    return out


def revealed_specials(r: TrickerionRules, s: State, seat: int, loc: str) -> list[str]:
    out = []
    for other, q in enumerate(s.players):
        if other == seat:
            continue
        for c in q.chars:
            if (
                c.shown
                and c.card in r.cat.specials
                and r.cat.specials[c.card].location == loc
                and c.card not in out
            ):
                out.append(c.card)
    return out


# --- applying -------------------------------------------------------------------------------------


def apply(r: TrickerionRules, s: State, seat: int, action: Any, ev: list[Event]) -> None:
    """A placement turn's action: anytime ones first (Discard Props, Return Trick), then the
    character's placement, then what the placed character does (its own moves, else its
    location's, ``LOCATION_MODULES``)."""
    act = s.act
    anytime = _ANYTIME.get(type(action))
    if anytime is not None:
        if act is not None and action not in extras(r, s, seat, act):
            raise IllegalAction("trickerion.anytime.not_now", action=type(action).__name__)
        anytime(r, s, seat, action, ev)
        return
    if act is None:
        placing = _PLACING.get(type(action))
        if placing is None:
            raise IllegalAction("trickerion.place.place_first", action=type(action).__name__)
        placing(r, s, seat, action, ev)
        return
    own = _PLACED.get(type(action))
    if own is not None:
        own(r, s, seat, act, action, ev)
    else:
        _at_location(r, s, seat, act, action, ev)


# The Theater asks for an AP before it asks which move (each of its moves costs one or more).
_LEAST_AP = {"theater": 1}


def _at_location(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: Any, ev: list[Event]
) -> None:
    need = _LEAST_AP.get(act.loc, 0)
    if act.ap < need:
        raise IllegalAction("trickerion.ap.not_enough", need=need, have=act.ap)
    handler = LOCATION_MODULES[act.loc].ACTIONS.get(type(action))
    if handler is None:
        raise IllegalAction(
            "trickerion.location.wrong_action", location=act.loc, action=type(action).__name__
        )
    handler(r, s, seat, act, action, ev)
    if act.ap < 0:
        raise AssertionError("AP went negative")


def _return_trick(
    r: TrickerionRules, s: State, seat: int, action: A.ReturnTrick, ev: list[Event]
) -> None:
    if trick_by_id(s.players[seat], action.trick) is None:
        raise IllegalAction("trickerion.trick.not_owned", trick=action.trick)
    return_trick(r.cat, s, seat, action.trick, ev)


def _end_turn(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: Any, ev: list[Event]
) -> None:
    ev.append(Event("trickerion.turn_ended", {"seat": seat, "ap_left": act.ap}))
    end_turn(r, s, ev)


def _forgo(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: Any, ev: list[Event]
) -> None:
    if act.effect != "ready":
        raise IllegalAction("trickerion.special.no_effect_to_forgo")
    act.effect = "forgone"
    act.ap += r.cat.packs.forgo_effect_ap
    ev.append(
        Event(
            "trickerion.effect_forgone",
            {"seat": seat, "card": act.card or act.mimic, "ap": r.cat.packs.forgo_effect_ap},
        )
    )


def _mimesis(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.Mimesis, ev: list[Event]
) -> None:
    if action not in extras(r, s, seat, act):
        raise IllegalAction("trickerion.mimesis.not_allowed", special=action.special)
    change_at(s.players, seat, used=(*s.players[seat].used, "mimesis"))
    act.mimic = action.special
    act.effect = "ready"
    ev.append(Event("trickerion.mimesis", {"seat": seat, "special": action.special}))


def _mechanical(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: Any, ev: list[Event]
) -> None:
    if action not in extras(r, s, seat, act):
        raise IllegalAction("trickerion.mechanical_enhancement.not_allowed")
    change_at(s.players, seat, used=(*s.players[seat].used, "mechanical_enhancement"))
    act.ap += 1
    ev.append(
        Event(
            "trickerion.ability_used",
            {"seat": seat, "ability": "mechanical_enhancement", "ap": 1},
        )
    )


def place(
    r: TrickerionRules, s: State, seat: int, action: A.PlaceCharacter, ev: list[Event]
) -> None:
    cat: Catalog = r.cat
    p = s.players[seat]
    if not 0 <= action.character < len(p.chars):
        raise IllegalAction("trickerion.place.bad_character", character=action.character)
    c = p.chars[action.character]
    if not c.card or c.slot != HOME or c.idle:
        raise IllegalAction("trickerion.place.no_assignment", character=action.character)
    if (action.location, action.slot) not in destinations(r, s, seat, action.character):
        code = (
            "trickerion.theater.day_taken"
            if action.location == "theater"
            else "trickerion.place.slot_unavailable"
        )
        raise IllegalAction(code, location=action.location, slot=action.slot)
    index = board_index(seat, action.location, action.slot)
    if not c.shown:
        ev.append(
            Event(
                "trickerion.assignment_revealed",
                {"seat": seat, "character": action.character, "card": c.card},
                reveal=True,
            )
        )
    s.slots = put(s.slots, index, seat * 16 + action.character)
    c = change_char(s, seat, action.character, slot=index, shown=True)
    p = s.players[seat]
    mod = slot_modifier(r, seat, index)
    if r.active_effect(s) == "costly_best_slots" and action.location in BOARD_SLOTS and mod == 2:
        p = change_at(s.players, seat, coins=p.coins - 3)
        ev.append(
            Event(
                "trickerion.pay",
                {"seat": seat, "why": "prophecy_slot_fee", "coins": 3, "shards": 0},
            )
        )
    ev.append(
        Event(
            "trickerion.placed",
            {
                "seat": seat,
                "character": action.character,
                "kind": c.kind,
                "location": action.location,
                "slot": action.slot,
            },
        )
    )
    if (
        r.has_ability(s, seat, "m06_gentleman")
        and c.kind == "magician"
        and action.location in BOARD_SLOTS
    ):
        gain(cat, s, seat, ev, "magic_for_the_masses", fame=len(p.tricks))
    if is_stage(index):
        ev.append(Event("trickerion.on_stage", {"seat": seat, "day": (index - SLOT_THEATER) // 3}))
        s.act = None
        end_turn(r, s, ev)
        return
    special = c.card if c.card in cat.specials else ""
    ap = max(0, base_ap(r, s, seat, c.kind) + mod)
    s.act = Placement(
        seat=seat,
        char=action.character,
        slot=index,
        loc=action.location,
        ap=ap,
        card=special,
        effect="ready" if special else "",
    )
    if special and cat.specials[special].effect == "freelancer":
        # Freelancer: going elsewhere than the Workshop is its effect.
        s.act.effect = "used" if action.location != "workshop" else "ready"
    ev.append(Event("trickerion.action_points", {"seat": seat, "ap": ap}))


def make_idle(r: TrickerionRules, s: State, seat: int, char: int, ev: list[Event]) -> None:
    p = s.players[seat]
    if not 0 <= char < len(p.chars):
        raise IllegalAction("trickerion.place.bad_character", character=char)
    c = p.chars[char]
    if not c.card or c.slot != HOME or c.idle:
        raise IllegalAction("trickerion.place.no_assignment", character=char)
    change_char(s, seat, char, idle=True)
    ev.append(
        Event(
            "trickerion.made_idle",
            {"seat": seat, "character": char} | char_params(s.players[seat], char),
        )
    )
    end_turn(r, s, ev)


def enhance(r: TrickerionRules, s: State, seat: int, act: Placement, ev: list[Event]) -> None:
    p = s.players[seat]
    if act.enhanced:
        raise IllegalAction("trickerion.enhance.once_per_placement")
    if act.loc == "theater" and r.active_effect(s) != "enhance_in_theater":
        raise IllegalAction("trickerion.enhance.not_in_theater")
    if p.shards < 1:
        raise IllegalAction("trickerion.enhance.no_shard")
    change_at(s.players, seat, shards=p.shards - 1)
    act.enhanced = True
    ap = r.enhance_ap(s)
    if act.effect == "ready" and r.effect_of(act) == "empower":
        # Empower (A35) replaces the shard's usual AP with its own, read from the card's pack
        ap = next(x.ap for x in r.effect_params(act) if isinstance(x, EnhanceAP))
        act.effect = "used"
    act.ap += ap
    ev.append(Event("trickerion.enhanced", {"seat": seat, "ap": ap}))


def discard_props(
    r: TrickerionRules, s: State, seat: int, action: A.DiscardProps, ev: list[Event]
) -> None:
    p = s.players[seat]
    if action.count < 1 or p.props.get(action.prop, 0) < action.count:
        raise IllegalAction("trickerion.props.not_owned", prop=action.prop)
    remove_props(s, seat, action.prop, action.count)
    ev.append(
        Event(
            "trickerion.props_discarded", {"seat": seat, "prop": action.prop, "count": action.count}
        )
    )


# The handlers of a placement turn by action type (``apply``): anytime, before the placement,
# and of the placed character beside its location's.
_ANYTIME: dict[type, Callable[..., None]] = {
    A.DiscardProps: discard_props,
    A.ReturnTrick: _return_trick,
}
_PLACING: dict[type, Callable[..., None]] = {
    A.PlaceCharacter: place,
    A.MakeIdle: lambda r, s, seat, a, ev: make_idle(r, s, seat, a.character, ev),
}
_PLACED: dict[type, Callable[..., None]] = {
    A.EndTurn: _end_turn,
    A.EnhanceCharacter: lambda r, s, seat, act, a, ev: enhance(r, s, seat, act, ev),
    A.ForgoEffect: _forgo,
    A.Mimesis: _mimesis,
    A.MechanicalEnhancement: _mechanical,
}
