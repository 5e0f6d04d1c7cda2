"""End of round ("ФАЗА КОНЦА РАУНДА"), its eight steps in the book's order.

Wages (apprentice 1 except on the Assistant board, specialist 2, idle characters free; pay
while you have coins, lose 2 fame per unpaid coin, fame floors at 0) → Return Characters (hired
ones join, new specialist boards attach) → Orders Arrive → performance cards shift (from round 3
the rightmost is discarded first, its markers back to the supply) → posters back → round marker
→ prophecies move → used special assignments to the bottoms of their decks, unused back to hand.
After the last round (5 without the Dark Alley, 7 with it) the final scoring follows.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.core.events import Event
from engine.core.tuples import change_at, put, with_key
from engine.games.trickerion import scoring
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import add_props, gain, raise_decision, room_for
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.setup import _perf_card
from engine.games.trickerion.state import HOME, Char, PendingHiddenTalent, State


def end_of_round(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    if s.phase != "end_round":
        s.phase = "end_round"
        # Hidden Talent (a24): decided before wages, so the new specialist's wage is paid.
        for seat, p in enumerate(s.players):
            for i, c in enumerate(p.chars):
                if c.talent and any(
                    p.hired.count(k) == 0 and not any(x.kind == k for x in p.chars)
                    for k in ("assistant", "engineer", "manager")
                ):
                    raise_decision(r, s, PendingHiddenTalent(seat, character=i))
        if s.pending:
            return
    ev.append(Event("trickerion.end_of_round", {"round": s.round}))
    pay_wages(r, s, ev)
    return_characters(r, s, ev)
    orders_arrive(r, s, ev)
    shift_performances(r, s, ev)
    for seat in range(len(s.players)):
        change_at(s.players, seat, poster=False)
    s.round += 1
    move_prophecies(r, s, ev)
    if s.round > r.last_round:
        scoring.final_scoring(r, s, ev)
        s.phase = "over"
        return
    s.phase = "roll"


def pay_wages(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    cat: Catalog = r.cat
    automaton = r.automaton_seat(s)
    for seat, p in enumerate(s.players):
        if seat == automaton:
            r.automaton_wages(s, ev)
            continue
        due = 0
        for c in p.chars:
            if c.slot == HOME:
                continue
            if c.kind == "apprentice" and c.assist:
                due += cat.wages.apprentice_on_assistant_board
            else:
                due += cat.wage[c.kind]
        if not due:
            continue
        paid = min(due, p.coins)
        change_at(s.players, seat, coins=p.coins - paid)
        unpaid = due - paid
        ev.append(Event("trickerion.wages", {"seat": seat, "due": due, "paid": paid}))
        if unpaid:
            gain(cat, s, seat, ev, "unpaid_wages", fame=-cat.wages.fame_per_unpaid_coin * unpaid)


def return_characters(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    cat: Catalog = r.cat
    s.slots = tuple(-1 if v >= 0 else v for v in s.slots)
    for seat, p in enumerate(s.players):
        specials, hand = p.specials, dict(p.hand)
        for c in p.chars:
            if c.card:
                if c.card in cat.specials:
                    if c.slot != HOME:
                        s.used_specials += (c.card,)
                    else:
                        specials += (c.card,)
                else:
                    hand[c.card] = hand.get(c.card, 0) + 1
        home = [
            replace(c, card="", slot=HOME, idle=False, shown=False, talent=False) for c in p.chars
        ]
        if p.hired:
            ev.append(Event("trickerion.characters_joined", {"seat": seat, "kinds": list(p.hired)}))
        change_at(
            s.players,
            seat,
            specials=specials,
            hand=hand,
            chars=(*home, *(Char(kind) for kind in p.hired)),
            hired=(),
            used=(),
            active=(),
            done=False,
        )
    r.on_characters_returned(s, ev)
    # Used special assignments go to the bottoms of their decks.
    for card in s.used_specials:
        loc = cat.specials[card].location
        s.decks = with_key(s.decks, loc, (*s.decks[loc], cat.special_index[card]))
    s.used_specials = ()


def orders_arrive(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    m = s.market
    buy = m.buy
    for i, prop in enumerate(m.order):
        if prop:
            buy = put(buy, i, prop)
    if m.quick and m.quick_seat >= 0:
        if room_for(s.players[m.quick_seat], m.quick):
            add_props(s, m.quick_seat, m.quick, 1)
            ev.append(Event("trickerion.received", {"seat": m.quick_seat, "prop": m.quick}))
    s.market = replace(
        m, buy=buy, order=("",) * len(m.order), quick="", quick_seat=-1, extra=(), share=-1
    )
    ev.append(Event("trickerion.orders_arrived", {"buy": list(buy)}))


def shift_performances(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    cat: Catalog = r.cat
    if s.round >= cat.perf_rules.discard_from_round and s.row:
        r.before_discard(s, s.row[-1], ev)
        gone, s.row = s.row[-1], s.row[:-1]
        ev.append(Event("trickerion.performance_discarded", {"card": gone.id}))
    if s.perf_deck:
        card, s.perf_deck = s.perf_deck[0], s.perf_deck[1:]
        s.row = (_perf_card(cat, card), *s.row)
        ev.append(Event("trickerion.performance_revealed", {"card": card}, reveal=True))


def move_prophecies(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    if not r.options.prophecies or not s.pending_prophecies:
        return
    s.prophecy, s.pending_prophecies = s.pending_prophecies[0], s.pending_prophecies[1:]
    if s.prophecy_stack:
        s.pending_prophecies += s.prophecy_stack[:1]
        s.prophecy_stack = s.prophecy_stack[1:]
    ev.append(
        Event(
            "trickerion.prophecies",
            {"active": s.prophecy, "pending": list(s.pending_prophecies)},
            reveal=True,
        )
    )
