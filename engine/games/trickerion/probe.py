"""States that differ from a given one only in what a seat may not see (``Game.hidden_probe``):
the special assignment decks' and the prophecy stack's order, and another player's hand and
face-down assignment cards. ``view`` must not tell them apart (tests/core/test_every_game.py)."""

from __future__ import annotations

from typing import Any

from engine.core.tuples import change_at
from engine.games.trickerion.common import change_char
from engine.games.trickerion.state import State


def hidden_probe(copy: Any, s: State, viewer: int | None) -> list[State]:
    out: list[State] = []
    if any(len(cards) > 1 for cards in s.decks.values()) or len(s.prophecy_stack) > 1:
        t = copy(s)
        t.decks = {loc: cards[::-1] for loc, cards in t.decks.items()}
        t.prophecy_stack = t.prophecy_stack[::-1]
        out.append(t)
    for seat in range(len(s.players)):
        if seat == viewer:
            continue
        t = copy(s)
        q = t.players[seat]
        changed = False
        # The same number of cards in hand, other locations: only the count is public.
        if len(q.hand) > 1 and len(set(q.hand.values())) > 1:
            change_at(t.players, seat, hand=dict(zip(q.hand, _rotate(list(q.hand.values())))))
            changed = True
        if len(set(q.specials)) > 1:
            change_at(t.players, seat, specials=tuple(_rotate(list(q.specials))))
            changed = True
        down = [i for i, c in enumerate(q.chars) if c.card and not c.shown]
        if len({q.chars[i].card for i in down}) > 1:
            for i, card in zip(down, _rotate([q.chars[i].card for i in down])):
                change_char(t, seat, i, card=card)
            changed = True
        if changed:
            out.append(t)
    return out


def _rotate(items: list[Any]) -> list[Any]:
    """Differs from ``items`` whenever not all of them are equal."""
    return items[1:] + items[:1]
