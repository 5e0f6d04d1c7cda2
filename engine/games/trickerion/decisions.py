"""Pending decisions raised during play (``State.pending``), each a small step of its own.

Kinds: ``link_reward`` (split link rewards between fame and coins), ``keep_card`` (Dark Alley:
keep one of the cards drawn), ``perform`` / ``soul_possession`` (choose a performance card),
``steal`` / ``premiere`` / ``durable`` (per-performance options), ``break_free`` (Master of
Chains), ``hypnotic`` (give the arrived character a card), ``mass_recruitment``,
``investments``, ``buying_time``, ``on_stage``, ``hidden_talent``; a variant adds its own
(``Trickerion.extra_decisions``).
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.games.trickerion import actions as A
from engine.games.trickerion import performance
from engine.games.trickerion.catalog import SPECIALISTS, Catalog
from engine.games.trickerion.common import (add_props, gain, hand_cards, owns_or_hired, pay,
                                            room_for, take_card)
from engine.games.trickerion.state import Pending, State

PASSABLE = ("soul_possession", "steal", "premiere", "durable", "break_free", "hypnotic",
            "mass_recruitment", "investments", "buying_time", "on_stage", "hidden_talent")


def legal(g, s: State, pend: Pending) -> list:
    cat: Catalog = g.cat
    kind = pend.kind
    p = s.players[pend.seat]
    out: list = []
    if kind == "link_reward":
        return [A.Decide(f"coins:{k}") for k in range(pend.n + 1)]
    if kind == "keep_card":
        return [A.KeepCard(c) for c in dict.fromkeys(pend.cards)]
    if kind == "perform":
        return [A.Perform(ci) for ci in performance.candidates(s, pend.seat)]
    extra = g.extra_decisions().get(kind)
    if extra is not None:
        return extra[0](g, s, pend)
    if kind == "soul_possession":
        out = [A.Perform(ci) for ci in performance.candidates(s, pend.n)]
    elif kind in ("steal", "premiere", "durable"):
        out = [A.Decide(c) for c in performance.option_choices(g, s, pend.seat, kind)]
    elif kind == "break_free":
        from engine.games.trickerion.theater import reschedule_options
        out = reschedule_options(g, s, pend.seat, None)
    elif kind == "hypnotic":
        out = [A.Assign(pend.n, card) for card in hand_cards(p)]
    elif kind == "mass_recruitment":
        from engine.games.trickerion.downtown import can_hire
        if p.coins >= 3 and can_hire(cat, p, "apprentice"):
            out = [A.Decide("hire")]
    elif kind == "investments":
        from engine.games.trickerion.market import stock, unit_price
        for prop, extra in stock(g, s).items():
            if p.coins >= unit_price(g, s, prop, extra) and room_for(p, prop):
                out.append(A.Buy((prop,)))
    elif kind == "buying_time":
        n = len(s.row)
        out = [A.Decide(f"swap:{i}:{j}") for i in range(n) for j in range(i + 1, n)]
    elif kind == "on_stage":
        from engine.games.trickerion.theater import set_up_options
        out = [a for a in set_up_options(g, s, pend.seat, None)
               if a.trick == pend.cards[0] and not a.double and a.cell >= 0]
    elif kind == "hidden_talent":
        out = [A.Decide(k) for k in SPECIALISTS if owns_or_hired(p, k) == 0]
    out.append(A.Pass())
    return out


def apply(g, s: State, pend: Pending, action, ev: list[Event]) -> None:
    cat: Catalog = g.cat
    if isinstance(action, A.Perform) and pend.kind in ("perform", "soul_possession"):
        performer = pend.n if pend.kind == "soul_possession" else pend.seat
        if action.card not in performance.candidates(s, performer):
            raise IllegalAction("trickerion.perform.needs_own_marker", card=action.card)
    if action not in legal(g, s, pend):
        raise IllegalAction(f"trickerion.decision.{pend.kind}", action=type(action).__name__)
    s.pending.pop(0)
    seat = pend.seat
    p = s.players[seat]
    kind = pend.kind
    if isinstance(action, A.Pass):
        ev.append(Event("trickerion.passed", {"seat": seat, "decision": kind}))
        return
    if kind == "link_reward":
        coins_units = int(action.choice.split(":")[1])
        value = int(pend.cards[0])
        gain(cat, s, seat, ev, "link_reward", fame=value * (pend.n - coins_units),
             coins=value * coins_units)
    elif kind == "keep_card":
        kept = action.card
        rest = list(pend.cards)
        rest.remove(kept)
        p.specials.append(kept)
        for card in rest:
            s.decks[cat.specials[card].location].append(cat.special_index[card])
        ev.append(Event("trickerion.card_kept", {"seat": seat}))
        ev.append(Event("trickerion.card_kept_private", {"seat": seat, "card": kept}, to=seat))
    elif kind in ("perform", "soul_possession"):
        performance.perform_action(g, s, pend, action, ev)
    elif kind in g.extra_decisions():
        g.extra_decisions()[kind][1](g, s, pend, action, ev)
    elif kind in ("steal", "premiere", "durable"):
        s.perf_opts.append(action.choice)
        ev.append(Event("trickerion.performance_option", {"seat": seat, "choice": action.choice}))
    elif kind == "break_free":
        from engine.games.trickerion.theater import reschedule
        ev.append(Event("trickerion.ability_used", {"seat": seat, "ability": "break_free"}))
        reschedule(g, s, action, ev, pay_links=True)
    elif kind == "hypnotic":
        take_card(p, action.card)
        c = p.chars[pend.n]
        c.card = action.card
        c.shown = True
        c.idle = False
        ev.append(Event("trickerion.assignment_revealed", {"seat": seat, "character": pend.n,
                                                           "card": action.card}, reveal=True))
    elif kind == "mass_recruitment":
        pay(s, seat, ev, "mass_recruitment", coins=3)
        p.hired.append("apprentice")
        ev.append(Event("trickerion.hired", {"seat": seat, "character": "apprentice"}))
    elif kind == "investments":
        from engine.games.trickerion.market import stock, unit_price
        prop = action.props[0]
        price = unit_price(g, s, prop, stock(g, s)[prop])
        pay(s, seat, ev, "investments", coins=price)
        add_props(p, prop, 1)
        ev.append(Event("trickerion.bought", {"seat": seat, "props": [prop], "coins": price,
                                              "bargain": 0}))
        if pend.n > 1:
            s.pending.insert(0, Pending("investments", seat, n=pend.n - 1))
    elif kind == "buying_time":
        _, i, j = action.choice.split(":")
        i, j = int(i), int(j)
        s.row[i], s.row[j] = s.row[j], s.row[i]
        ev.append(Event("trickerion.cards_swapped", {"seat": seat, "a": i, "b": j}))
    elif kind == "on_stage":
        from engine.games.trickerion.theater import set_up
        set_up(g, s, seat, action, ev, pay_links=False)
    elif kind == "hidden_talent":
        c = p.chars[pend.n]
        c.kind = action.choice
        c.talent = False
        ev.append(Event("trickerion.hidden_talent", {"seat": seat, "specialist": action.choice}))
    else:
        raise AssertionError(kind)
