"""Dark Alley ("КРИВАЯ УЛОЧКА"): Draw Assignment Cards, Fortune Telling, Fate Weaving.

Draw: take the top 2 cards of any special assignment deck, keep one, the other goes to the
bottom; the first draw of a placement costs 1 AP (once per placement), each further draw 2 AP.
Fortune Telling (1 AP): the pending prophecies move one space clockwise. The Priestess of
Mysticism's Fate Weaving (1 AP): discard the active prophecy, promote a pending one of her
choice, and refill the pending row from the stack.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.tuples import drop, put, with_key
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import ASSIGN_DECKS
from engine.games.trickerion.common import raise_decision
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import PendingKeepCard, Placement, State


def draw_cost(r: TrickerionRules, s: State, act: Placement) -> int:
    if not act.drew:
        return r.action_ap(s, "draw_first_card")
    return r.action_ap(s, "draw_further_card")


def legal(r: TrickerionRules, s: State, seat: int, act: Placement) -> list[Any]:
    out: list[Any] = []
    if act.ap >= draw_cost(r, s, act):
        out.extend(A.DrawCards(loc) for loc in ASSIGN_DECKS if s.decks.get(loc))
    if (
        r.options.prophecies
        and act.ap >= r.action_ap(s, "fortune_telling")
        and len(s.pending_prophecies) > 1
    ):
        out.append(A.FortuneTelling())
    if (
        r.options.prophecies
        and r.has_ability(s, seat, "m03_priestess_of_mysticism")
        and act.ap >= 1
    ):
        out.extend(A.FateWeaving(x) for x in s.pending_prophecies)
    return out


def draw_cards(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.DrawCards, ev: list[Event]
) -> None:
    if not s.decks.get(action.location):
        raise IllegalAction("trickerion.dark_alley.empty_deck", location=action.location)
    ap = draw_cost(r, s, act)
    if act.ap < ap:
        raise IllegalAction("trickerion.ap.not_enough", need=ap, have=act.ap)
    act.ap -= ap
    act.drew = True
    deck = s.decks[action.location]
    drawn = [r.cat.special_ids[i] for i in deck[:2]]
    s.decks = with_key(s.decks, action.location, deck[2:])
    ev.append(
        Event(
            "trickerion.cards_drawn",
            {"seat": seat, "location": action.location, "count": len(drawn)},
        )
    )
    ev.append(
        Event("trickerion.cards_seen", {"seat": seat, "cards": list(drawn)}, to=seat, reveal=True)
    )
    raise_decision(r, s, PendingKeepCard(seat, cards=tuple(drawn)))


def fortune_telling(
    r: TrickerionRules,
    s: State,
    seat: int,
    act: Placement,
    action: A.FortuneTelling,
    ev: list[Event],
) -> None:
    if action not in legal(r, s, seat, act):
        raise IllegalAction("trickerion.fortune_telling.not_allowed")
    act.ap -= r.action_ap(s, "fortune_telling")
    pend = s.pending_prophecies
    s.pending_prophecies = pend[1:] + pend[:1]
    ev.append(
        Event("trickerion.fortune_told", {"seat": seat, "pending": list(s.pending_prophecies)})
    )


def fate_weaving(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.FateWeaving, ev: list[Event]
) -> None:
    if action not in legal(r, s, seat, act):
        raise IllegalAction("trickerion.fate_weaving.not_allowed")
    act.ap -= 1
    index = s.pending_prophecies.index(action.prophecy)
    old = s.prophecy
    s.prophecy = action.prophecy
    if s.prophecy_stack:
        s.pending_prophecies = put(s.pending_prophecies, index, s.prophecy_stack[0])
        s.prophecy_stack = s.prophecy_stack[1:]
    else:
        s.pending_prophecies = drop(s.pending_prophecies, index)
    ev.append(
        Event(
            "trickerion.fate_woven",
            {
                "seat": seat,
                "discarded": old,
                "active": s.prophecy,
                "pending": list(s.pending_prophecies),
            },
            reveal=True,
        )
    )


# What a character placed here may do, by action type (``placement.apply`` refuses any other).
ACTIONS: dict[type, Callable[..., None]] = {
    A.DrawCards: draw_cards,
    A.FortuneTelling: fortune_telling,
    A.FateWeaving: fate_weaving,
}
