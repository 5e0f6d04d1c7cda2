"""Jobs matched to action points: the set-ups this round's markers want, what a Theater day's
modifiers are worth to the seat, and whether an apprentice has a job backstage or Downtown.

The Workshop's character is chosen by the trick's prepare AP (``bots.GreedyBot._assign``);
what it prepares then waits for set-ups, one AP a marker, on cards holding none of that trick's
markers, and a marker left on its trick card blocks the next prepare. The Magician's day sets
the backstage AP (Thursday +1, Sunday -1) and the yield of every marker of the seat performed
this round (Thursday -1 fame -1 coin, Sunday +1 +1): the bot used to take the earliest free day
whatever it held (docs/bots.md, "Issue #30, session 19").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.games.trickerion import actions as A
from engine.games.trickerion.common import FREE, day_yield, has_components, markers_in_theater
from engine.games.trickerion.placement import base_ap, board_index, free_slots, slot_modifier
from engine.games.trickerion.state import State
from engine.games.trickerion.theater import on_card

if TYPE_CHECKING:
    from engine.games.trickerion.table import Table


def set_ups_wanted(g: Table, s: State, seat: int) -> int:
    """Set-ups this round's markers can use: those lying on the trick cards, and those the
    Workshop can prepare this round (an empty card, its props held, two tricks at most), each
    trick's capped by the cards with a free cell and none of its markers."""
    cat = g.cat
    p = s.players[seat]
    fresh = sorted(
        (
            cat.tricks[t.id].markers + (1 if t.eng else 0)
            for t in p.tricks
            if t.markers == 0
            and has_components(cat, p, t.id)
            and markers_in_theater(s, seat * 4 + t.sym) < 4
        ),
        reverse=True,
    )[:2]
    waiting = [t.markers for t in p.tricks if t.markers] + fresh
    codes = [seat * 4 + t.sym for t in p.tricks if t.markers] + [-1] * len(fresh)
    total = 0
    for markers, code in zip(waiting, codes):
        room = sum(1 for pc in s.row if FREE in pc.m and (code < 0 or not on_card(pc, code)))
        total += min(markers, room)
    return total


def backstage_ap(g: Table, s: State, seat: int) -> int:
    """The base AP of the seat's characters assigned to the Theater this round, less the
    Magician's (it takes the stage)."""
    cat = g.cat
    p = s.players[seat]
    ap = 0
    magician = False
    for c in p.chars:
        loc = cat.card_location(c.card)
        if loc != "theater" or c.idle:
            continue
        if c.kind == "magician" and not magician:
            magician = True
            continue
        ap += cat.base_ap[c.kind]
    return ap


def can_set_up(g: Table, s: State, seat: int, place: A.PlaceCharacter) -> bool:
    """Whether a character placed backstage there has a set-up to make (the rules' own legal
    moves after the placement). A specialist backstage also earns its bonus when the seat
    performs, so only an apprentice needs a set-up to be worth its wage."""
    p = s.players[seat]
    if place.slot % 3 == 2 or p.chars[place.character].kind != "apprentice":
        return True
    new, _ = g.apply(s, seat, place)
    if new.act is None or new.pending or seat not in g.to_act(new).seats:
        return True
    return any(isinstance(a, A.SetUpTrick) for a in g.legal_actions(new, seat))


# A coin at half a fame, as ``bots.preparable`` prices a prepare; a marker set up this round is
# performed later, if at all, so a set-up is worth that share of its trick's yield.
COIN = 0.5
SET_UP = 0.7


def day_worth(g: Table, s: State, seat: int, day: int) -> float:
    """What a Theater day's modifiers are worth to the seat this round: the yield modifier on
    each of its markers a show can pay this round (the card holding most of them, and this
    round's set-ups), and the backstage AP modifier on each set-up still wanted."""
    cat = g.cat
    p = s.players[seat]
    fame, coins = day_yield(cat, s, day)
    on_best = max(
        (sum(1 for code in pc.m if code >= 0 and code // 4 == seat) for pc in s.row), default=0
    )
    wanted = set_ups_wanted(g, s, seat)
    ap = backstage_ap(g, s, seat)
    mod = slot_modifier(g.rules, seat, board_index(seat, "theater", 3 * day))
    made = min(wanted, max(0, ap + mod))
    marker = max(
        (
            f + COIN * c + sh
            for t in p.tricks
            for f, c, sh in [cat.trick_yield[t.id]]
            if t.markers or has_components(cat, p, t.id)
        ),
        default=0.0,
    )
    return (fame + COIN * coins) * (on_best + made) + SET_UP * marker * (made - min(wanted, ap))


def downtown_ap(g: Table, s: State) -> int:
    """The AP Take Coins costs this round, the Downtown action an apprentice can count on (a
    bank die): the board's 3, or 1 under prophecy pr24. A Learn Trick or Hire Character made
    cheap (pr12, pr25) is work only for a seat that wants the trick or the character, so it
    does not count (counted, the solo margin measured -0.62, -1.51 to +0.27, where Take Coins
    alone measured -0.16: docs/bots.md, "session 21")."""
    return g.rules.action_ap(s, "take_coins")


def downtown_job(g: Table, s: State, seat: int) -> bool:
    """Whether an apprentice sent Downtown reaches Take Coins' AP (``downtown_ap``) on the slot
    left to it: the open slots (a solo round closes some) taken best first, one by each body
    of the seat already sent there and, behind the first of them, one by the other side.
    Downtown apprentices went idle 1.75 times a game (docs/bots.md, "Issue #30, session 20"):
    on a +1 or +0 slot behind another body, or with the +2 slot closed. A second body of the
    seat places after the other side's next turn, and the Successor places first where both
    sides have a character left to place (its contested locations): 0.6 of 1.7 idle Downtown
    apprentices a game found the slot they counted on taken by it ("session 21")."""
    cat = g.cat
    p = s.players[seat]
    ahead = sum(1 for c in p.chars if c.card and cat.card_location(c.card) == "downtown")
    if ahead:
        ahead += 1
    mods = sorted(
        (
            slot_modifier(g.rules, seat, board_index(seat, "downtown", i))
            for i in free_slots(g.rules, s, seat, "apprentice", "downtown")
        ),
        reverse=True,
    )
    if len(mods) <= ahead:
        return False
    ap = (
        base_ap(g.rules, s, seat, "apprentice")
        + mods[ahead]
        + g.rules.enhance_ap(s) * bool(p.shards)
    )
    return ap >= downtown_ap(g, s)
