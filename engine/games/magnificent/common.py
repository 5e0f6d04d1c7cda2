"""Gains shared by every source of them: gems with the storage cap (R44), markers from the
supply (R111), posters as pending choices (R46), VP and coins, and the bonus resolver (§17)."""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import change_at, pop, with_key
from engine.games.magnificent import components as C
from engine.games.magnificent.rules import MARKERS, Rules
from engine.games.magnificent.state import MagState, PendingGem, PendingPoster, Player


def ev(events: list[Event], code: str, reveal: bool = False, **params: Any) -> None:
    events.append(Event("mag." + code, params, reveal=reveal))


def vp(s: MagState, seat: int, n: int, why: str, events: list[Event]) -> None:
    if n:
        change_at(s.players, seat, vp=s.players[seat].vp + n)
        ev(events, "vp", seat=seat, n=n, why=why)


def coins(s: MagState, seat: int, n: int, why: str, events: list[Event]) -> None:
    if n:
        change_at(s.players, seat, coins=s.players[seat].coins + n)
        ev(events, "coins", seat=seat, n=n, why=why)


def gem(r: Rules, s: MagState, seat: int, g: str, events: list[Event]) -> None:
    """R44: a gem with no room in storage becomes 1 coin."""
    p = s.players[seat]
    cap = r.boards[p.board].storage_per_type
    if p.gems[g] < cap:
        change_at(s.players, seat, gems=with_key(p.gems, g, p.gems[g] + 1))
        ev(events, "gem", seat=seat, gem=g)
    else:
        change_at(s.players, seat, coins=p.coins + 1)
        ev(events, "gem_to_coin", seat=seat, gem=g)


def markers(s: MagState, seat: int, n: int, events: list[Event]) -> None:
    """R111: at most 8 markers per seat; gains beyond the supply are void."""
    p = s.players[seat]
    got = min(n, MARKERS - p.markers_out)
    if got:
        change_at(s.players, seat, markers=p.markers + got, markers_out=p.markers_out + got)
        ev(events, "markers", seat=seat, n=got)


def posters(s: MagState, n: int, source: str) -> None:
    for _ in range(n):
        s.pending.append(PendingPoster(source=source))


def bonus(
    r: Rules, s: MagState, seat: int, b: C.Bonus, events: list[Event], source: str, times: int = 1
) -> None:
    """Resolve a printed bonus (camp cell, tent slot, master-card top). ``times`` = 2 under T6
    (cells) or T8 (tent slots). The gains are told by type, not isinstance (no subclasses;
    see ``scoring.value``)."""
    for _ in range(times):
        if type(b) is C.Coins:
            coins(s, seat, b.n, source, events)
        elif type(b) is C.Vp:
            vp(s, seat, b.n, source, events)
        elif type(b) is C.Posters:
            posters(s, b.n, source)
        elif type(b) is C.Markers:
            markers(s, seat, b.n, events)
        elif type(b) is C.Gem:
            for _ in range(b.n):
                gem(r, s, seat, b.colour, events)
        elif type(b) is C.GemChoice:
            for _ in range(b.n):
                s.pending.append(PendingGem(source=source, colours=tuple(b.colours)))
        else:  # master-card-only kinds are resolved by the turn module
            raise ValueError(f"not a printed gain: {b}")


def dice_sums(p: Player) -> dict[str, int]:
    """The pips of the dice on the cards per die colour (clear dice apart)."""
    sums = dict.fromkeys((*C.COLOURS, "clear"), 0)
    for card in p.cards:
        if card.die is not None:
            sums[card.die.colour] += card.die.face
    return sums


def owes(p: Player) -> tuple[int, int]:
    """R70: (largest single-colour dice sum, clear dice sum) of the dice on the cards."""
    sums = dice_sums(p)
    return max(sums[c] for c in C.COLOURS), sums["clear"]


def occupied(s: MagState) -> set[int]:
    out = set(s.dummy_hats)
    for p in s.players:
        for h in p.hats:  # a loop, not update(genexpr): two hats, asked at every action choice
            if h >= 0:
                out.add(h)
    return out


def turn_order(s: MagState) -> list[int]:
    n = len(s.players)
    return [(s.first + i) % n for i in range(n)]


def draw_poster(s: MagState, rng: Rng) -> str | None:
    """A9: the deck top; an empty deck is refilled from the shuffled discard pile."""
    if not s.poster_deck and s.poster_discard:
        s.poster_deck = tuple(rng.shuffled(s.poster_discard))
        s.poster_discard = ()
    if not s.poster_deck:
        return None
    s.poster_deck, (top,) = pop(s.poster_deck)
    return top
