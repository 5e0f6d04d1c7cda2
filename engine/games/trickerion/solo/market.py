"""The Successor at Market Row (the list opening «Когда преемник выставляет персонажа на рынок»).

``market.1``: every prop of its shopping list that the market has in stock (the quick-order
slot included) leaves the list. ``market.2``: a random prop of the list that is neither in stock
nor already on order goes into the first free order slot. Repeated until ``market.3``: (a) the
order area is full, (b) nothing on the list is left to order, (c) it ordered one prop per AP.
It never buys.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import put
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.state import SoloState, placing
from engine.games.trickerion.state import State


def in_stock(s: State) -> set[str]:
    m = s.market
    return {x for x in (*m.buy, m.quick, *m.extra) if x}


def orderable(s: State, solo: SoloState) -> list[str]:
    stock = in_stock(s)
    return [x for x in solo.shopping if x not in stock and x not in s.market.order]


def free_order_slot(s: State) -> int:
    return next((i for i, x in enumerate(s.market.order) if not x), -1)


def next_step(cat: Catalog, s: State, solo: SoloState) -> SuccessorStep:
    turn = placing(solo)
    if turn.step == 1:
        gone = [x for x in solo.shopping if x in in_stock(s)]
        if gone:
            return SuccessorStep(step="market.1", do="unlist", n=len(gone))
    if free_order_slot(s) < 0:
        return SuccessorStep(step="market.3a", do="end", n=turn.done)
    if not orderable(s, solo):
        return SuccessorStep(step="market.3b", do="end", n=turn.done)
    if turn.left <= 0:
        return SuccessorStep(step="market.3c", do="end", n=turn.done)
    return SuccessorStep(step="market.2", do="order", slot=free_order_slot(s))


def pick(s: State, solo: SoloState, rng: Rng) -> str:
    """``market.2``'s random prop of the list."""
    return rng.choice(orderable(s, solo))


def apply(
    cat: Catalog, s: State, solo: SoloState, st: SuccessorStep, ev: list[Event], prop: str = ""
) -> None:
    """``st``; an ``order`` with the ``prop`` its chance step drew (:func:`pick`)."""
    turn = placing(solo)
    turn.step = 2
    if st.do == "unlist":
        stock = in_stock(s)
        gone = [x for x in solo.shopping if x in stock]
        solo.shopping = [x for x in solo.shopping if x not in stock]
        R.emit(ev, "unlisted", st.step, props=gone)
    elif st.do == "order":
        s.market = replace(s.market, order=put(s.market.order, st.slot, prop))
        turn.left -= 1
        turn.done += 1
        R.emit(ev, "ordered", st.step, prop=prop, slot=st.slot)
