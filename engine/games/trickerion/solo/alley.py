"""The Successor in the Dark Alley (the list opening «Когда преемник выставляет персонажа в
кривую улочку»).

``alley.1``: a coin flip decides whether the upcoming prophecies move one space clockwise
(the Priestess of Mysticism then swaps the next round's prophecy for a random new one).
``alley.2``: special assignment cards by AP and difficulty, one at a time, each the top card of
the deck of the location where it holds the fewest special cards (cards under its characters
not counted); ties Theater → Downtown → (Academy) → Market Row → Workshop.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import change_at, put, with_key, without
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.state import SoloState, placing
from engine.games.trickerion.state import State

TIE_ORDER = ("theater", "downtown", "academy", "market_row", "workshop")


def card_count(cat: Catalog, solo: SoloState, ap: int) -> int:
    return R.tables(cat).dark_alley_cards.count(solo.difficulty, ap)


def deck_choice(cat: Catalog, s: State, solo: SoloState) -> str:
    """The deck ``alley.2`` takes from, or "" when every deck is empty."""
    p = s.players[solo.seat]
    held = dict.fromkeys(TIE_ORDER, 0)
    for card in p.specials:
        held[cat.specials[card].location] += 1
    decks = [loc for loc in TIE_ORDER if s.decks.get(loc)]
    if not decks:
        return ""
    return min(decks, key=lambda loc: (held[loc], TIE_ORDER.index(loc)))


def next_step(cat: Catalog, s: State, solo: SoloState) -> SuccessorStep:
    turn = placing(solo)
    if turn.step == 1 and s.pending_prophecies:
        return SuccessorStep(step="alley.1", do="flip")
    if turn.left > 0:
        loc = deck_choice(cat, s, solo)
        if loc:
            return SuccessorStep(step="alley.2", do="draw", location=loc)
    return SuccessorStep(step="alley.2", do="end", n=turn.done)


def flip(s: State, solo: SoloState, rng: Rng) -> tuple[str, str]:
    """``alley.1``'s coin, and on heads the prophecy the Priestess of Mysticism's ability draws
    from the stack ("" when none)."""
    heads = rng.below(2) == 1
    if heads and R.ability(s, solo) == "redraw_next_prophecy" and s.prophecy_stack:
        return "heads", s.prophecy_stack[rng.below(len(s.prophecy_stack))]
    return ("heads" if heads else "tails"), ""


def apply(
    cat: Catalog,
    s: State,
    solo: SoloState,
    st: SuccessorStep,
    ev: list[Event],
    coin: str = "",
    prophecy: str = "",
) -> None:
    """``st``; a ``flip`` with the ``coin`` and ``prophecy`` its chance step drew (:func:`flip`)."""
    turn = placing(solo)
    turn.step = 2
    if st.do == "flip":
        heads = coin == "heads"
        if heads:
            pend = s.pending_prophecies
            s.pending_prophecies = pend[1:] + pend[:1]
        R.emit(
            ev,
            "coin",
            st.step,
            outcome="moved" if heads else "stayed",
            pending=list(s.pending_prophecies),
        )
        if prophecy:
            old = s.pending_prophecies[0]
            s.prophecy_stack = without(s.prophecy_stack, prophecy)
            s.pending_prophecies = put(s.pending_prophecies, 0, prophecy)
            R.emit(
                ev,
                "prophecy_redrawn",
                "ability.redraw_next_prophecy",
                old=old,
                new=s.pending_prophecies[0],
            )
    elif st.do == "draw":
        deck = s.decks[st.location]
        card = R.deck_card(cat, deck[0])
        s.decks = with_key(s.decks, st.location, deck[1:])
        change_at(s.players, solo.seat, specials=(*s.players[solo.seat].specials, card))
        turn.left -= 1
        turn.done += 1
        R.emit(ev, "drew", st.step, location=st.location, card=card)
