"""Helpers every Successor module shares: mood, ability, action points, card geometry.

Functions read the base Trickerion ``State`` (``s``), the base ``Catalog`` (``cat``) and the
:class:`SoloState` (``solo``); none of them changes anything unless its name says so
(``update_mood``, ``emit``).
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.games.trickerion.catalog import (
    BOARD_SLOTS,
    SLOT_THEATER,
    SLOT_WORKSHOP,
    CardGeo,
    Catalog,
)
from engine.games.trickerion.common import trick_by_sym
from engine.games.trickerion.solo.components import (
    SoloPacks,
    TablesPack,
    load_solo_packs,
    provisional_records,
)
from engine.games.trickerion.solo.state import SoloState
from engine.games.trickerion.state import HOME, NEUTRAL, PerfCard, Player, State

SPECIALISTS = ("assistant", "engineer", "manager")
# Return Characters order on its board ("ВОЗВРАЩЕНИЕ ПЕРСОНАЖЕЙ"): magician, protégé,
# specialists, apprentices.
BOARD_RANK = {
    "magician": 0,
    "protege": 1,
    "assistant": 2,
    "engineer": 2,
    "manager": 2,
    "apprentice": 3,
}


def packs() -> SoloPacks:
    return load_solo_packs()


class SoloCatalog(Catalog):
    """The base catalogue with the solo performance cards (and their neutral markers) among
    ``cards``, and the solo packs this table plays with (shipped, or with a box owner's
    tables, plan cards or dice)."""

    def __init__(self, base: Catalog, solo: SoloPacks) -> None:
        self.__dict__.update(base.__dict__)
        self.kept = ({}, {}, {}, {})  # its own: lists worked out from its packs
        self.cards = {**base.cards, **{c.id: CardGeo(c) for c in solo.performances_pack.cards}}
        self.solo_packs = solo
        # What the page marks provisional: a box owner's tables may have none left.
        self.solo_provisional = [
            {"path": path, "reason": reason} for path, reason in provisional_records(solo)
        ]


def table_packs(cat: Catalog) -> SoloPacks:
    """The solo packs of this table (the shipped ones for a plain base catalogue): read the
    replaceable parts (tables, plans, dice, performances) through it, never ``packs()``."""
    return cat.solo_packs if isinstance(cat, SoloCatalog) else load_solo_packs()


def tables(cat: Catalog) -> TablesPack:
    """The difficulty tables of this table."""
    return table_packs(cat).tables


def emit(ev: list[Event], what: str, step: str, **params: Any) -> None:
    """A Successor event: code ``trickerion.solo.<what>``, always naming its digest step."""
    ev.append(Event(f"trickerion.solo.{what}", {"step": step, **params}))


# --- levels and mood ("НАСТРОЕНИЕ ПРЕЕМНИКА") -------------------------------------------------


def highest_level(fame: int) -> int:
    """The highest trick level open to it: fame thresholds 16 and 36 (board pack)."""
    level = 1
    for threshold in packs().board.placement.mood_fame_thresholds:
        if fame >= threshold:
            level += 1
    return level


def tricks_of_level(cat: Catalog, p: Player, level: int) -> int:
    return sum(1 for t in p.tricks if cat.trick_level[t.id] == level)


def mood(cat: Catalog, s: State, solo: SoloState) -> str:
    """``mood.1``: ready with a performance plan and a trick of the highest open level."""
    p = s.players[solo.seat]
    plan = table_packs(cat).plans.get(solo.plan)
    if plan is None or plan.kind != "performance":
        return "busy"
    return "ready" if tricks_of_level(cat, p, highest_level(p.fame)) else "busy"


def update_mood(
    cat: Catalog, s: State, solo: SoloState, ev: list[Event], step: str = "mood.2"
) -> None:
    new = mood(cat, s, solo)
    if new != solo.mood:
        solo.mood = new
        emit(ev, "mood", step, mood=new, plan_slot="upper" if new == "ready" else "lower")


# --- its magician's solo ability ----------------------------------------------------------------


def ability(s: State, solo: SoloState) -> str:
    """Effect id of its magician's solo ability, or "" when the easier adjustment is on."""
    if solo.ignore_successor_ability:
        return ""
    a = packs().abilities.get(s.players[solo.seat].magician)
    return a.effect if a else ""


def printed_markers(cat: Catalog, s: State, solo: SoloState, trick_id: str) -> int:
    """Markers a trick takes when it prepares it (Electra: 2 or 3 become one fewer)."""
    n = cat.tricks[trick_id].markers
    if ability(s, solo) == "smaller_tricks_bigger_yield":
        a = packs().ability("m08_electra")
        if n in a.capacity_from:
            n += a.capacity_delta
    return n


def trick_yield(cat: Catalog, s: State, solo: SoloState, trick_id: str) -> tuple[int, int, int]:
    """Its yield for one performed marker (``perform.3``): no day or prophecy modifier; Electra
    adds her reward per trick level."""
    fame, coins, shards = cat.trick_yield[trick_id]
    if ability(s, solo) == "smaller_tricks_bigger_yield":
        r = packs().ability("m08_electra").gain()
        level = cat.trick_level[trick_id]
        fame, coins, shards = (
            fame + r.fame * level,
            coins + r.coins * level,
            shards + r.shards * level,
        )
    return fame, coins, shards


# --- Residence and special assignment decks -------------------------------------------------------


def residence(cat: Catalog, s: State) -> list[str]:
    """Tricks in Dahlgaard's Residence, card order: every trick nobody owns (the solo game is
    always played with the Dark Alley, so level 3 included)."""
    owned = {t.id for p in s.players for t in p.tricks}
    return [t for t in cat.tricks if t not in owned]


def deck_card(cat: Catalog, entry: int | str) -> str:
    """A special assignment deck entry as a card id (decks may hold catalogue indices)."""
    return cat.special_ids[entry] if isinstance(entry, int) else entry


# --- characters and locations ---------------------------------------------------------------------


def unplaced(cat: Catalog, p: Player) -> list[tuple[int, str]]:
    """(character index, location) of assigned characters not yet placed, board order."""
    return [
        (i, cat.card_location(c.card))
        for i, c in enumerate(p.chars)
        if c.card and c.slot == HOME and not c.idle
    ]


def character_count(p: Player) -> int:
    return len(p.chars) + len(p.hired)


def apprentice_count(p: Player) -> int:
    return sum(c.kind == "apprentice" for c in p.chars) + p.hired.count("apprentice")


def has_kind(p: Player, kind: str) -> bool:
    return any(c.kind == kind for c in p.chars) or kind in p.hired


# --- slots and Theater days ------------------------------------------------------------------------


def theater_day(s: State, seat: int) -> int:
    for d in range(4):
        for k in range(3):
            v = s.slots[SLOT_THEATER + 3 * d + k]
            if v >= 0 and v // 16 == seat:
                return d
    return -1


def day_open(s: State, seat: int, d: int) -> bool:
    """Day ``d`` is open to ``seat``: not closed by a prep die, no other player there."""
    base = SLOT_THEATER + 3 * d
    values = s.slots[base : base + 3]
    if all(v == -2 for v in values):
        return False
    return not any(v >= 0 and v // 16 != seat for v in values)


def first_free_slot(cat: Catalog, s: State, seat: int, loc: str) -> int:
    """``ap.2``: the free slot with the highest modifier (leftmost of equals), as an index
    within the location; -1 if none. Workshop: its own two slots."""
    if loc == "workshop":
        base = SLOT_WORKSHOP + 2 * seat
        return next((i for i in range(2) if s.slots[base + i] == -1), -1)
    base = BOARD_SLOTS[loc]
    free = [i for i in range(4) if s.slots[base + i] == -1]
    if not free:
        return -1
    return min(free, key=lambda i: (-cat.slot_mod[base + i], i))


# --- performance-card geometry, neutral markers ---------------------------------------------------


def geo(cat: Catalog, card_id: str) -> CardGeo:
    """Geometry of a performance card (the solo game's catalogue holds the solo cards)."""
    return cat.cards[card_id]


def new_perf_card(cat: Catalog, card_id: str) -> PerfCard:
    """A performance card entering the row, with its printed neutral markers."""
    from engine.games.trickerion.setup import _perf_card

    return _perf_card(cat, card_id)


def school_at(cat: Catalog, s: State, pc: PerfCard, cell: int) -> str:
    """School of the marker on ``cell`` (a neutral marker's printed school), or ""."""
    m = pc.m[cell]
    if m == NEUTRAL:
        return cat.cards[pc.id].neutral[cell][0]
    if m >= 0:
        t = trick_by_sym(s.players[m // 4], m % 4)
        return cat.trick_school[t.id] if t else ""
    return ""


def symbol(cat: Catalog, school: str, facing: int, side: int) -> str:
    return cat.side_school[school][facing][side]


def links_if_placed(
    cat: Catalog, s: State, pc: PerfCard, cell: int, school: str, facing: int
) -> list[int]:
    """Links (indices into the card's geometry) a marker of ``school`` placed on ``cell``
    with ``facing`` would form with the markers already there (neutral ones included)."""
    g = geo(cat, pc.id)
    out = []
    for li in g.cell_links[cell]:
        ia, ib, _shard, da, db = g.links[li]
        other, mine_side, other_side = (ib, da, db) if ia == cell else (ia, db, da)
        other_school = school_at(cat, s, pc, other)
        if not other_school:
            continue
        if symbol(cat, school, facing, mine_side) == symbol(
            cat, other_school, pc.o[other], other_side
        ):
            out.append(li)
    return out


def formed_links(cat: Catalog, s: State, pc: PerfCard) -> list[int]:
    """Links formed on a card now (neutral markers included)."""
    g = geo(cat, pc.id)
    out = []
    for li, (ia, ib, _shard, da, db) in enumerate(g.links):
        sa, sb = school_at(cat, s, pc, ia), school_at(cat, s, pc, ib)
        if sa and sb and symbol(cat, sa, pc.o[ia], da) == symbol(cat, sb, pc.o[ib], db):
            out.append(li)
    return out
