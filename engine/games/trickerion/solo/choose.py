"""Which character the Successor places next, where and on which slot
("СПОРНЫЕ ЛОКАЦИИ", "ОЧКИ ДЕЙСТВИЯ ПЕРСОНАЖЕЙ").

``contested.*``: a location where both seats still have an assigned, unplaced character (the
Theater not when either side has only its magician left there; never the Workshop).
``order.*``: contested locations first, then the rest, ranked by the location order of its mood;
Downtown from the left, the Theater from the left with the magician last; the first free slot.
``theater.skip``: a non-magician that could not set up a single marker is passed over.
"""

from __future__ import annotations

from engine.games.trickerion.catalog import SLOT_THEATER, Catalog
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo import theater as T
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.state import SoloState
from engine.games.trickerion.state import State


def human_seat(s: State, solo: SoloState) -> int:
    return (
        1 - solo.seat
        if len(s.players) == 2
        else next(i for i in range(len(s.players)) if i != solo.seat)
    )


def theater_only_magician(cat: Catalog, s: State, seat: int) -> bool:
    p = s.players[seat]
    left = [i for i, loc in R.unplaced(cat, p) if loc == "theater"]
    return len(left) == 1 and p.chars[left[0]].kind == "magician"


def contested(cat: Catalog, s: State, solo: SoloState) -> list[str]:
    """``contested.1``/``contested.2``: the contested locations, in no particular order."""
    mine = {loc for _, loc in R.unplaced(cat, s.players[solo.seat])}
    human = human_seat(s, solo)
    theirs = {loc for _, loc in R.unplaced(cat, s.players[human])}
    out = []
    for loc in sorted(mine & theirs):
        if loc == "workshop" and R.packs().board.placement.workshop_never_contested:
            continue
        if loc == "theater" and (
            theater_only_magician(cat, s, solo.seat) or theater_only_magician(cat, s, human)
        ):
            continue
        out.append(loc)
    return out


def location_ranks(solo: SoloState) -> list[tuple[int, str, str | None]]:
    """``order.2``: (book rank 1–7, location, Theater day rule) for its current mood."""
    out: list[tuple[int, str, str | None]] = []
    for rank, e in enumerate(R.packs().board.placement.location_order, start=1):
        if e.academy and not solo.academy:
            continue
        if e.mood is not None and e.mood != solo.mood:
            continue
        out.append((rank, e.location, e.day))
    return out


def theater_slot(cat: Catalog, s: State, solo: SoloState, kind: str, day_rule: str | None) -> int:
    """Theater slot (3 * day + k) for a character of ``kind``, or -1 (``theater.day``)."""
    seat = solo.seat
    mine = R.theater_day(s, seat)
    days = [mine] if mine >= 0 else [d for d in range(4) if R.day_open(s, seat, d)]
    if day_rule == "latest":
        days = list(reversed(days))
    wanted = (2,) if kind == "magician" else (0, 1)
    for d in days:
        for k in wanted:
            if s.slots[SLOT_THEATER + 3 * d + k] == -1:
                return 3 * d + k
    return -1


def placeable_slot(
    cat: Catalog, s: State, solo: SoloState, char: int, loc: str, day_rule: str | None
) -> int:
    """Slot index within ``loc`` where ``char`` would go now, or -1."""
    if loc == "dark_alley" and not s.decks:
        return -1
    if loc == "theater":
        kind = s.players[solo.seat].chars[char].kind
        slot = theater_slot(cat, s, solo, kind, day_rule)
        if slot >= 0 and kind != "magician" and not T.can_set_up_any(cat, s, solo):
            return -1  # theater.skip
        return slot
    return R.first_free_slot(cat, s, solo.seat, loc)


def characters_for(
    cat: Catalog,
    s: State,
    solo: SoloState,
    loc: str,
    left: list[tuple[int, str]] | None = None,
) -> list[int]:
    """``order.3``: its unplaced characters for ``loc`` in the order it places them.
    ``left``: ``R.unplaced`` of the Successor, if the caller has it."""
    p = s.players[solo.seat]
    chars = [i for i, where in (left or R.unplaced(cat, p)) if where == loc]
    if loc == "theater":
        chars.sort(key=lambda i: (p.chars[i].kind == "magician", i))
    return chars


def next_placement(cat: Catalog, s: State, solo: SoloState) -> SuccessorStep | None:
    """The placement the book prescribes now, or an ``idle`` step when nothing it holds can be
    placed; None when it has no unplaced character."""
    p = s.players[solo.seat]
    left = R.unplaced(cat, p)
    if not left:
        return None
    fights = set(contested(cat, s, solo))
    ranks = location_ranks(solo)
    for only_contested in (True, False):
        for rank, loc, day_rule in ranks:
            if only_contested and loc not in fights:
                continue
            for char in characters_for(cat, s, solo, loc, left):
                slot = placeable_slot(cat, s, solo, char, loc, day_rule)
                if slot < 0:
                    continue
                step = "order.1" if only_contested else "order.2"
                return SuccessorStep(
                    step=step, do="place", char=char, location=loc, slot=slot, n=rank
                )
    # Nothing can be placed: the rest stay home (a Theater character that cannot set up a
    # marker is the book's case; a full location is the base rule's).
    char, loc = left[0]
    return SuccessorStep(
        step="theater.skip" if loc == "theater" else "order.none",
        do="idle",
        char=char,
        location=loc,
    )
