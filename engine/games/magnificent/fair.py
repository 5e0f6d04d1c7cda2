"""What the hat's height gains at the round's end: the Main Display's pairs it keeps to pick
from (R72; solo, R93: the top pair is discarded for each dummy hat above the seat's highest)
and a held card that scores the hat's space (C19). A Perform that can reward no poster is
worth a turn only for those (``hat_pays``) or the rearranging after it (``plan``).
"""

from __future__ import annotations

from engine.games.magnificent import perform
from engine.games.magnificent.components import HatSpaceCond
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState
from engine.games.magnificent.turn import ap


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
