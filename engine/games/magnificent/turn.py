"""A turn (§5-§8, §12, §17): take a die, action points, gems, master-card bonuses, assistant
markers, choosing the action, ending the turn. The three actions live in build/travel/perform."""

from __future__ import annotations

from typing import cast

from engine.core.events import Event
from engine.core.tuples import change_at, put, with_key, without
from engine.games.magnificent import common
from engine.games.magnificent import components as C
from engine.games.magnificent.common import ev
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import Die, HeldCard, MagState, OwedFragment, Stage, Turn

AP_OPEN = ("act", "build", "travel", "perform")  # stages before the AP is spent


def ap(s: MagState) -> int:
    return s.turn.ap + s.turn.plus


def dice_ap(s: MagState, seat: int, colour: str, face: int, card: int) -> int:
    """R26-R28: the die taken + your dice of that colour already on cards; clear dice on
    cards never count."""
    total = face
    for i, c in enumerate(s.players[seat].cards):
        if i != card and c.die is not None and c.die.colour == colour:
            total += c.die.face
    return total


def take_die(
    r: Rules,
    s: MagState,
    seat: int,
    die_id: int,
    card: int,
    colour: str,
    flip: bool,
    face: int,
    events: list[Event],
) -> None:
    p = s.players[seat]
    die = next(d for d in s.tent_dice if d.id == die_id)
    s.tent_dice = without(s.tent_dice, die)
    t = s.turn
    t.die = die
    t.card = card
    t.colour = colour if die.colour == "clear" else die.colour
    if flip:  # B1: the opposite face, decided when the die is taken
        die = Die(id=die.id, colour=die.colour, face=7 - die.face)
        place_markers(r, s, seat, r.by_effect["flip_die"], 1)
    if face:  # K11 (or K3 copying it): any face, at die take (R24 exception, A20)
        die = Die(id=die.id, colour=die.colour, face=face)
        t.bonus_used = True
    t.die = die
    as_colour = t.colour if die.colour == "clear" else None
    p = s.players[seat]  # place_markers may have replaced it
    held = HeldCard(id=p.cards[card].id, die=die, as_colour=as_colour)
    p = change_at(s.players, seat, cards=put(p.cards, card, held))
    t.ap = dice_ap(s, seat, t.colour, die.face, card)
    t.stage = "act"
    ev(
        events,
        "take",
        seat=seat,
        colour=die.colour,
        face=die.face,
        as_colour=t.colour,
        card=p.cards[card].id,
        ap=t.ap,
    )


def spend_gem(s: MagState, seat: int, gem: str, events: list[Event]) -> None:
    p = s.players[seat]
    change_at(s.players, seat, gems=with_key(p.gems, gem, p.gems[gem] - 1))
    s.turn.plus += 2
    ev(events, "gem_ap", seat=seat, gem=gem, ap=ap(s))


def effective_bonus(r: Rules, s: MagState, seat: int, card: int) -> C.Bonus:
    return r.cards[s.players[seat].cards[card].id].bonus


def card_bonus(
    r: Rules, s: MagState, seat: int, card: int, gems: tuple[str, ...], events: list[Event]
) -> None:
    p = s.players[seat]
    t = s.turn
    b = effective_bonus(r, s, seat, card)
    t.bonus_used = True
    ev(events, "card_bonus", seat=seat, card=p.cards[card].id, copied=card != t.card)
    if type(b) is C.DiePlus:
        t.plus += b.n
    elif type(b) is C.PayCoinsForMarker:
        change_at(s.players, seat, coins=p.coins - b.coins)
        common.markers(s, seat, 1, events)
    elif type(b) is C.MarkerToFragment:
        # the marker goes back to the supply (K6)
        change_at(s.players, seat, markers=p.markers - 1, markers_out=p.markers_out - 1)
        t.frags = (*t.frags, OwedFragment(source="bonus", fragment=b.fragment))
    elif type(b) is C.GemsToFragment:
        left = dict(p.gems)
        for g in gems:
            left[g] -= 1
        change_at(s.players, seat, gems=left)
        t.frags = (*t.frags, OwedFragment(source="bonus", fragment=b.fragment))
    else:
        common.bonus(r, s, seat, b, events, "card")


def place_markers(r: Rules, s: MagState, seat: int, space: str, k: int) -> None:
    change_at(s.players, seat, markers=s.players[seat].markers - k)
    s.turn.markers = with_key(s.turn.markers, space, s.turn.markers.get(space, 0) + k)


def marker(r: Rules, s: MagState, seat: int, space_id: str, events: list[Event]) -> None:
    sp = r.spaces[space_id]
    k = 2 if sp.capacity == "two" else 1
    place_markers(r, s, seat, space_id, k)
    p = s.players[seat]
    t = s.turn
    e = sp.effect
    ev(events, "marker", seat=seat, space=space_id)
    if e == "coins":
        common.coins(s, seat, sp.n, "tile", events)
    elif e == "clear_gem":
        common.gem(r, s, seat, "clear", events)
    elif e in ("die_plus", "build_plus", "travel_plus", "perform_plus"):
        t.plus += sp.n
    elif e == "extra_large":
        t.frags = (*t.frags, OwedFragment(source="t5", size="large"))
    elif e == "double_cells":
        t.double_next += 1
    elif e == "double_tent_slot":
        t.double_tent = True
    elif e == "vp_per_poster":
        t.vp_per_poster += sp.n
    elif e == "ignore_fragment":
        t.ignore += 1
    elif e == "extra_poster":
        t.extra_posters += sp.n
    elif e == "buy_poster":
        change_at(s.players, seat, coins=p.coins - sp.cost_coins)
        common.posters(s, 1, "b2")
    elif e == "recolour":
        t.recolours += 1
    elif e == "counter_clockwise":
        t.ccw = True
    elif e == "rearrange":
        t.rearrange = True


def choose(s: MagState, seat: int, action: str, events: list[Event]) -> None:
    s.turn.action = action
    s.turn.stage = cast(Stage, action)  # build / travel / perform, checked by legal (R31)
    ev(events, "action", seat=seat, action=action)


def end_turn(r: Rules, s: MagState, seat: int, events: list[Event]) -> bool:
    """R60: the markers used go to the Main Tent. Returns True when the round's turns are done."""
    p = s.players[seat]
    used = sum(s.turn.markers.values())
    change_at(s.players, seat, markers_tent=p.markers_tent + used, turns=p.turns + 1)
    s.turn_no += 1
    ev(events, "end_turn", seat=seat, markers=used)
    n = len(s.players)
    s.turn = Turn()
    if s.turn_no >= 4 * n:
        return True
    s.seat = (seat + 1) % n
    return False
