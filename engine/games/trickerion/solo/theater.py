"""The Successor in the Theater (the paragraphs opening «Когда преемник выставляет в театр»).

The magician takes the stage and does nothing else (``theater.1``). Any other character sets up
as many markers as the Theater table gives for its AP and the difficulty (``theater.2``), taken
from its trick cards leftmost first (``theater.3``). Each marker's card is chosen by
``theater.card.1``–``4`` and its slot and turn by ``theater.cell.1``–``4``; links pay it the
trick's level in fame (and a shard on a shard link). When several of its markers land on one
card in one turn, the links between them are paid in the order most favourable to it
(``theater.order``): the difference is paid when the turn ends.
"""

from __future__ import annotations

from itertools import permutations

from engine.core.events import Event
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import (
    change_trick,
    gain,
    held_trick,
    held_trick_sym,
    set_cell,
)
from engine.games.trickerion.components import DIRECTIONS, OnSetUp
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.state import SoloState, placing
from engine.games.trickerion.state import PerfCard, State


def leaving_card(cat: Catalog, s: State) -> int:
    """Index of the card that leaves the game at the end of this round, or -1 (none, or the
    last round, when ``theater.card.1`` does not apply)."""
    last = cat.rounds.with_dark_alley
    if s.round >= last or s.round < cat.perf_rules.discard_from_round or not s.row:
        return -1
    return len(s.row) - 1


def free_cells(s: State, ci: int) -> list[int]:
    return [i for i, m in enumerate(s.row[ci].m) if m == -1]


def legal_cards(cat: Catalog, s: State, solo: SoloState, trick_id: str) -> list[int]:
    """Cards where a marker of ``trick_id`` may go: none of its markers there yet (one marker
    per trick per card), and a free slot (neutral markers are never covered)."""
    p = s.players[solo.seat]
    t = held_trick(p, trick_id)
    code = solo.seat * 4 + t.sym
    return [ci for ci, pc in enumerate(s.row) if code not in pc.m and free_cells(s, ci)]


def can_set_up_any(cat: Catalog, s: State, solo: SoloState) -> bool:
    p = s.players[solo.seat]
    return any(t.markers > 0 and legal_cards(cat, s, solo, t.id) for t in p.tricks)


def choose_card(cat: Catalog, s: State, solo: SoloState, cards: list[int]) -> tuple[int, str]:
    """``theater.card.1``–``4``: the card for one marker, and the step that decided it."""
    seat = solo.seat
    step = "theater.card.4"
    leaving = leaving_card(cat, s)
    if leaving in cards and len(cards) > 1:
        cards = [c for c in cards if c != leaving]
        step = "theater.card.1"
    mine = [c for c in cards if any(m >= 0 and m // 4 == seat for m in s.row[c].m)]
    if mine:
        cards, step = mine, "theater.card.2"
    yours = [c for c in cards if any(m >= 0 and m // 4 != seat for m in s.row[c].m)]
    if yours:
        cards, step = yours, "theater.card.3"
    if len(cards) > 1:
        step = "theater.card.4"
    return min(cards), step


def cell_options(
    cat: Catalog, s: State, solo: SoloState, ci: int, trick_id: str, free_facing: bool
) -> list[tuple[tuple[int, ...], int, int, int, int]]:
    """(sort key, cell, facing, fame, shards) for every slot and turn of a marker on card
    ``ci``; the key orders ``theater.cell.1``–``3`` (more fame, then a shard, then top-left,
    then the first turn clockwise from up)."""
    pc = s.row[ci]
    g = R.geo(cat, pc.id)
    school = cat.trick_school[trick_id]
    level = cat.link_reward[cat.trick_level[trick_id]]
    out: list[tuple[tuple[int, ...], int, int, int, int]] = []
    for cell in free_cells(s, ci):
        facings = range(4) if free_facing else g.facings[cell]
        x, y = g.cells[cell]
        for f in facings:
            links = R.links_if_placed(cat, s, pc, cell, school, f)
            fame = level * len(links)
            shards = 1 if any(g.links[li][2] for li in links) else 0
            out.append(((-fame, -shards, y, x, f), cell, f, fame, shards))
    out.sort()
    return out


def choose_cell(
    cat: Catalog, s: State, solo: SoloState, ci: int, trick_id: str, free_facing: bool
) -> tuple[int, int, str]:
    """(cell, facing, step): ``theater.cell.1``–``3`` when a link can be made, else
    ``theater.cell.4`` (first free slot left to right, top to bottom)."""
    options = cell_options(cat, s, solo, ci, trick_id, free_facing)
    best = options[0]
    if best[3] > 0:
        top_fame = [o for o in options if o[3] == best[3]]
        top = [o for o in top_fame if o[4] == best[4]]
        if len({o[1] for o in top_fame}) == 1:
            step = "theater.cell.1"
        elif len({o[1] for o in top}) == 1:
            step = "theater.cell.2"
        else:
            step = "theater.cell.3"
        return best[1], best[2], step
    g = R.geo(cat, s.row[ci].id)
    cell = min(free_cells(s, ci), key=lambda c: (g.cells[c][1], g.cells[c][0]))
    facings = range(4) if free_facing else g.facings[cell]
    return cell, min(facings), "theater.cell.4"


def free_facing_now(s: State, solo: SoloState) -> bool:
    """Master of Chains: its first set-up of the round may turn any way."""
    return R.ability(s, solo) == "free_facing_first_set_up" and solo.set_ups == 0


def next_step(cat: Catalog, s: State, solo: SoloState) -> SuccessorStep:
    turn = placing(solo)
    p = s.players[solo.seat]
    if turn.left > 0:
        for t in p.tricks:  # theater.3: leftmost trick first
            if t.markers < 1:
                continue
            cards = legal_cards(cat, s, solo, t.id)
            if not cards:
                continue
            ci, card_step = choose_card(cat, s, solo, cards)
            cell, facing, cell_step = choose_cell(cat, s, solo, ci, t.id, free_facing_now(s, solo))
            return SuccessorStep(
                step=f"{card_step}+{cell_step}",
                do="set_up",
                trick=t.id,
                card=ci,
                cell=cell,
                facing=DIRECTIONS[facing],
            )
    bonus = favour_bonus(cat, s, solo) if turn.step < 2 else 0
    if bonus > 0:
        return SuccessorStep(step="theater.order", do="favour", n=bonus)
    return SuccessorStep(step="theater.3", do="end", n=turn.done)


def apply_set_up(
    cat: Catalog, s: State, solo: SoloState, st: SuccessorStep, ev: list[Event]
) -> None:
    seat = solo.seat
    p = s.players[seat]
    t = held_trick(p, st.trick)
    pc = s.row[st.card]
    g = R.geo(cat, pc.id)
    facing = DIRECTIONS.index(st.facing)
    school = cat.trick_school[t.id]
    links = R.links_if_placed(cat, s, pc, st.cell, school, facing)
    t = change_trick(s, seat, t, markers=t.markers - 1)
    pc = set_cell(s, st.card, st.cell, seat * 4 + t.sym, facing)
    solo.set_ups += 1
    turn = placing(solo)
    turn.left -= 1
    turn.done += 1
    turn.placed.append([st.card, st.cell])
    R.emit(
        ev,
        "set_up",
        st.step,
        trick=t.id,
        card=st.card,
        cell=st.cell,
        facing=st.facing,
        links=len(links),
    )
    if s.prophecy:  # set-up prophecies (pr10, pr13, pr17, pr23) also pay it
        for param in cat.prophecies[s.prophecy].params:
            if isinstance(param, OnSetUp) and param.school == school:
                gain(cat, s, seat, ev, "prophecy_set_up", fame=param.gain.fame)
    if not links:
        return
    fame = cat.link_reward[cat.trick_level[t.id]] * len(links)
    if R.ability(s, solo) == "link_fame":
        fame += R.packs().ability("m_acad_lumenia_the_radiant").gain().fame * len(links)
    gain(cat, s, seat, ev, "solo_link", fame=fame)
    for li in links:
        ia, ib, shard, _da, _db = g.links[li]
        if not shard:
            continue
        other = pc.m[ib if ia == st.cell else ia]
        for who in dict.fromkeys((seat, other // 4 if other >= 0 else -1)):
            if who >= 0:
                gain(cat, s, who, ev, "shard_link", shards=1)


def _level_at(cat: Catalog, s: State, pc: PerfCard, cell: int) -> int:
    m = pc.m[cell]
    t = held_trick_sym(s.players[m // 4], m % 4)
    return cat.link_reward[cat.trick_level[t.id]]


def favour_bonus(cat: Catalog, s: State, solo: SoloState) -> int:
    """``theater.order``: extra fame from counting the links between markers it set up on one
    card this turn in the most favourable order instead of the order it placed them."""
    by_card: dict[int, list[int]] = {}
    for ci, cell in placing(solo).placed:
        by_card.setdefault(ci, []).append(cell)
    extra = 0
    for ci, cells in by_card.items():
        if len(cells) < 2:
            continue
        pc = s.row[ci]
        g = R.geo(cat, pc.id)
        formed = set(R.formed_links(cat, s, pc))
        pairs = [
            (g.links[li][0], g.links[li][1])
            for li in formed
            if g.links[li][0] in cells and g.links[li][1] in cells
        ]
        if not pairs:
            continue

        def paid(order: tuple[int, ...]) -> int:
            pos = {c: i for i, c in enumerate(order)}
            return sum(_level_at(cat, s, pc, a if pos[a] > pos[b] else b) for a, b in pairs)

        actual = paid(tuple(cells))
        best = max(paid(order) for order in permutations(cells))
        extra += best - actual
    return extra
