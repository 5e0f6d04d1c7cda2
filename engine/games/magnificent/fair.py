"""What the hat's height is worth at the round's end: the Main Display's pairs it keeps to
pick from (R72; solo, R93: the top pair is discarded for each dummy hat above the seat's
highest) and a held card that scores the hat's space (C19).

The greedy value prices the pairs kept at what the best card among them adds, as the cards
would score now (``worth``), and picks by the same measure (``pick_committed``); a turn may
Perform for the hat alone only when that keeps more pairs or raises such a card
(``hat_pays``).
"""

from __future__ import annotations

from typing import Any

from engine.games.magnificent import actions as A
from engine.games.magnificent import perform, scoring
from engine.games.magnificent.components import ArtistChoiceCond, HatSpaceCond
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState
from engine.games.magnificent.turn import ap


def _card(r: Rules, s: MagState, seat: int, card: str) -> int:
    """What ``card`` would score now for the seat (R74)."""
    cond = r.cards[card].condition
    artist = scoring.best_artist(r, s, seat) if type(cond) is ArtistChoiceCond else ""
    return scoring.value(r, s, seat, cond, artist, 0)


def gain(held: int, card: int) -> float:
    """What a card worth ``card`` now adds when picked, the best held one worth ``held``: the
    round's end scores the better of the two (R74), and the other stays in hand, to score at
    half at the game's end if not sooner (R80a)."""
    return max(card, held) - held + min(card, held) / 2


def worth(r: Rules, s: MagState, seat: int, held: int, hat: int = -1) -> float:
    """The best ``gain`` among the pairs the seat keeps (its hat raised to ``hat`` if
    higher), ``held`` what its best held card scores now."""
    cards = [s.fair[i][0] for i in r.fair_kept(s, hat)]
    return max((gain(held, _card(r, s, seat, c)) for c in cards if c is not None), default=0.0)


def pick_committed(r: Rules, s: MagState, seat: int, legal: list[Any]) -> list[Any]:
    """At the Main Display, the pairs whose card gains most (``gain``): the value one step
    ahead sees only the best card held, so it could not tell a card kept for the halves at
    the game's end from a worse one."""
    if s.phase != "fair":
        return legal
    p = s.players[seat]
    held = max((_card(r, s, seat, c.id) for c in p.cards), default=0)
    by = {
        a: gain(held, _card(r, s, seat, card))
        for a in legal
        if isinstance(a, A.PickPair) and (card := s.fair[a.index][0]) is not None
    }
    top = max(by.values(), default=0.0)
    return [a for a in legal if by.get(a, top) >= top]


def _hat_card(r: Rules, s: MagState, seat: int) -> bool:
    return any(type(r.cards[c.id].condition) is HatSpaceCond for c in s.players[seat].cards)


def hat_pays(r: Rules, s: MagState, seat: int) -> bool:
    """Whether a Perform rewarding nothing gains anything: the highest vacant space this turn's
    power reaches (2 a gem of its colour or clear, R29) keeps more pairs than the hats do now,
    or it is above them and a held card scores the hat's space (C19)."""
    p = s.players[seat]
    colour = s.turn.colour
    gems = p.gems.get("clear", 0) + (p.gems.get(colour, 0) if colour != "clear" else 0)
    spaces = perform.spaces_allowed(r, s, ap(s) + 2 * gems)
    if not spaces or not perform.hats_allowed(s, seat):
        return False
    top = max(spaces)
    if top <= max(p.hats):
        return False
    return len(r.fair_kept(s, top)) > len(r.fair_kept(s)) or _hat_card(r, s, seat)


def levels(r: Rules, s: MagState, seat: int, spaces: list[int]) -> list[int]:
    """The lowest of ``spaces`` for each count of pairs kept (a higher space of the same count
    keeps no more, R93), or all of them when a held card scores the hat's space (C19)."""
    if _hat_card(r, s, seat):
        return spaces
    lowest: dict[int, int] = {}
    for sp in sorted(spaces, key=lambda i: r.track[i].ap or 0):
        lowest.setdefault(len(r.fair_kept(s, sp)), sp)
    return sorted(lowest.values())
