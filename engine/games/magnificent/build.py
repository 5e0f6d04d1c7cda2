"""Build (§9, R33-R36): a level within AP, fragments of the die's colour placed with rotation
and reflection, touching earlier fragments, covered bonus cells resolved fragment by fragment.
Also places the fragments of T5 (extra large) and of the master-card bonuses K6/K9 (R112)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

from engine.core.events import Event
from engine.core.tuples import change_at, drop, with_key
from engine.games.magnificent import actions as A
from engine.games.magnificent import common
from engine.games.magnificent.common import ev
from engine.games.magnificent.rules import Rules, set_bits
from engine.games.magnificent.state import Built, MagState, OwedFragment, Player

T = TypeVar("T")


def occupancy(p: Player) -> int:
    occ = 0
    for b in p.built:
        occ |= b.mask
    return occ


def level(r: Rules, s: MagState, seat: int, index: int, events: list[Event]) -> None:
    lv = r.boards[s.players[seat].board].build_levels[index]
    t = s.turn
    t.frags = (
        t.frags
        + (OwedFragment(source="build", size="small"),) * lv.small
        + (OwedFragment(source="build", size="large"),) * lv.large
    )
    t.stage = "place"
    t.acted = True
    ev(events, "level", seat=seat, ap=lv.ap, small=lv.small, large=lv.large)


def colours_allowed(r: Rules, s: MagState, pend: OwedFragment) -> list[str]:
    """Fragment ids a pending fragment may be: the printed one for bonuses (R112); for Build/T5
    the die's colour (R33), any colour while a B3 marker is unspent (EX-7, A12)."""
    if pend.source == "bonus":
        return [pend.fragment] if s.supply.get(pend.fragment, 0) > 0 else []
    t = s.turn
    out = []
    for colour in ("orange", "green", "purple"):
        if colour != t.colour and t.recolours <= 0:
            continue
        fid = r.frag_by[(colour, pend.size)]
        if s.supply[fid] > 0:
            out.append(fid)
    return out


def place(
    r: Rules,
    s: MagState,
    seat: int,
    index: int,
    fid: str,
    orient: int,
    x: int,
    y: int,
    events: list[Event],
) -> None:
    p = s.players[seat]
    t = s.turn
    pend = t.frags[index]
    t.frags = drop(t.frags, index)
    geo = r.geo(p.board)
    mask = geo.mask_of[(fid, orient, x, y)]
    cells = geo.cells(mask)
    if pend.source != "bonus" and r.fragments[fid].colour != t.colour:
        t.recolours -= 1
    s.supply = with_key(s.supply, fid, s.supply[fid] - 1)
    built = (*p.built, Built(fragment=fid, mask=mask))
    camp = bytearray(p.camp)
    for c in cells:
        camp[c] = len(built)
    change_at(s.players, seat, built=built, camp=bytes(camp))
    # T6 doubles one Build/T5 fragment's cells, never a bonus fragment's (T6 text).
    double = pend.source != "bonus" and t.double_next > 0
    if double:
        t.double_next -= 1
    ev(events, "place", seat=seat, fragment=fid, cells=cells, double=double)
    bonus_cells = r.bonus_cells(p.board)
    for c in cells:  # R35: the bonuses of this fragment, at once, before the next fragment
        b = bonus_cells.get(c)
        if b is not None:
            common.bonus(r, s, seat, b, events, "cell", 2 if double else 1)


def skip(s: MagState, seat: int, index: int, events: list[Event]) -> None:
    pend = s.turn.frags[index]
    s.turn.frags = drop(s.turn.frags, index)
    ev(events, "skip_fragment", seat=seat, size=pend.size or pend.fragment)


def placements(r: Rules, s: MagState, seat: int, index: int) -> list[tuple[str, int, int, int]]:
    """Every legal (fragment id, orient, x, y) for pending fragment ``index`` (R34: no
    overlap, and touching an earlier fragment by an edge unless it is the first)."""
    p = s.players[seat]
    geo = r.geo(p.board)
    occ = occupancy(p)
    out: list[tuple[str, int, int, int]] = []
    for fid in colours_allowed(r, s, s.turn.frags[index]):
        spots = geo.placements[fid]
        out += [
            (fid, o, x, y) for o, x, y, _ in _picked(spots, geo.touching(fid, occ) if occ else -1)
        ]
    return out


def place_moves(r: Rules, s: MagState, seat: int, index: int) -> list[A.Place]:
    """``placements`` as the Place moves of pending fragment ``index``, made once per camp
    grid, fragment and pending index (``_PLACES``)."""
    p = s.players[seat]
    geo = r.geo(p.board)
    occ = occupancy(p)
    out: list[A.Place] = []
    for fid in colours_allowed(r, s, s.turn.frags[index]):
        key = (r.sha, p.board, fid, index)
        row = _PLACES.get(key)
        if row is None:
            row = _PLACES[key] = tuple(
                A.Place(index, fid, o, x, y) for o, x, y, _ in geo.placements[fid]
            )
        out += _picked(row, geo.touching(fid, occ)) if occ else row
    return out


# The Place moves of a camp grid's placements of a fragment (in ``Geometry.placements``'
# order), by pack, board, fragment and pending index: listed again at every placement.
_PLACES: dict[tuple[str, str, str, int], tuple[A.Place, ...]] = {}


def _picked(row: Sequence[T], bits: int) -> list[T]:
    """The items of ``row`` at the indices set in ``bits`` (-1: all), in order."""
    if bits == -1:
        return list(row)
    return [row[i] for i in set_bits(bits, (len(row) + 7) // 8)]
