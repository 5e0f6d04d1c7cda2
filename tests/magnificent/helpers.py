"""Scenario helpers: a table past setup, dice and cards put where an example needs them, and
actions applied through the public ``Game.apply`` after checking they are offered."""

from __future__ import annotations

from seated import Seated

from engine.core import CHANCE
from engine.games.magnificent import Magnificent
from engine.games.magnificent import actions as A
from engine.games.magnificent.solo import MagnificentSolo
from engine.games.magnificent.state import Built, Die, HeldCard


def table(players: int = 4, seed: int = 1, **options):
    """The deal and its first step, the throw of the first round's dice (a chance step)."""
    g = MagnificentSolo() if players == 1 else Magnificent(players, options)
    s = g.initial_state(seed)
    while g.to_act(s).kind == "chance":
        s, _ = g.apply(s, CHANCE, g.chance_action(s))
    return g, s


def ready(players: int = 4, seed: int = 1, **options):
    """Past every setup decision (first legal choice each time)."""
    g, s = table(players, seed, **options)
    while s.phase != "turn" or s.pending:
        seat = g.to_act(s).seats[0]
        s, _ = g.apply(s, seat, g.legal_actions(s, seat)[0])
    return g, s


def act(g, s, action, seat=None):
    seat = s.seat if seat is None else seat
    legal = g.legal_actions(s, seat)
    if not isinstance(action, A.Place):
        assert action in legal, f"{action} not offered; offered: {legal[:40]}"
    return g.apply(s, seat, action)


def put_die(s, colour: str, face: int) -> int:
    d = Die(id=1000 + len(s.tent_dice) + s.next_die, colour=colour, face=face)
    s.next_die += 1
    s.tent_dice = (d, *s.tent_dice)  # first of its colour and face: identical dice are one choice
    return d.id


def cards(s, seat: int, ids: list[str], dice: list[tuple[str, int] | None] | None = None):
    p = Seated(s, seat)
    held = [HeldCard(id=i) for i in ids]
    for i, d in enumerate(dice or []):
        if d is not None:
            held[i] = HeldCard(id=ids[i], die=Die(id=900 + i, colour=d[0], face=d[1]))
    p.cards = tuple(held)


def build_fragments(g, s, seat: int, fragments: list[str]) -> None:
    """Fragments counted as built (perform requirements), without touching the camp grid."""
    p = Seated(s, seat)
    for f in fragments:
        p.built = (*p.built, Built(fragment=f, mask=0))


def card_with(g, kind: str, **fields) -> str:
    for m in g.rules.pack.master_cards:
        b = m.bonus
        if b.__struct_config__.tag == kind and all(getattr(b, k) == v for k, v in fields.items()):
            return m.id
    raise LookupError(kind)


def cond_card(g, kind: str, **fields) -> str:
    for m in g.rules.pack.master_cards:
        c = m.condition
        if c.__struct_config__.tag == kind and all(getattr(c, k) == v for k, v in fields.items()):
            return m.id
    raise LookupError(kind)


def plain_cards(g, n: int = 4, exclude=()) -> list[str]:
    """Cards whose bonus is a plain coin (no timing effects on the test)."""
    out = [
        m.id
        for m in g.rules.pack.master_cards
        if m.bonus.__struct_config__.tag == "coins" and m.id not in exclude
    ]
    return out[:n]


def space_index(g, ap) -> int:
    return next(i for i, sp in enumerate(g.rules.track) if sp.ap == ap)
