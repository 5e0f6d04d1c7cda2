"""The Successor at the end of a round ("ФАЗА КОНЦА РАУНДА") and of the game ("ПОДСЧЁТ СЛАВЫ В
КОНЦЕ ИГРЫ").

``end.wages``: no wages; every 10 coins in its safe become fame by difficulty. ``end.return``:
its characters line up magician → (protégé) → specialists → apprentices. ``end.discard``: its
markers on a discarded card yield 1 fame and 1 coin less each and go to its supply.
``final.1``–``final.5``: its end-of-game scoring.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.tuples import change_at
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import gain
from engine.games.trickerion.solo import perform
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.state import SoloState
from engine.games.trickerion.state import PerfCard, State


def safe_fame(cat: Catalog, solo: SoloState, coins: int) -> tuple[int, int]:
    """(coins removed, fame gained) for a safe holding ``coins`` (``end.wages``)."""
    table = R.tables(cat).safe_fame
    tens = coins // table.coins
    return tens * table.coins, tens * table.fame[solo.difficulty]


def pay_wages(cat: Catalog, s: State, solo: SoloState, ev: list[Event]) -> None:
    p = s.players[solo.seat]
    removed, fame = safe_fame(cat, solo, p.coins)
    if removed:
        change_at(s.players, solo.seat, coins=p.coins - removed)
        gain(cat, s, solo.seat, ev, "solo_safe", fame=fame)
        R.emit(ev, "safe", "end.wages", coins=removed, fame=fame)
        R.update_mood(cat, s, solo, ev)


def order_characters(s: State, solo: SoloState, ev: list[Event]) -> None:
    """``end.return``: after the base Return Characters step, board order (stable)."""
    p = s.players[solo.seat]
    before = [c.kind for c in p.chars]
    p = change_at(
        s.players, solo.seat, chars=tuple(sorted(p.chars, key=lambda c: R.BOARD_RANK[c.kind]))
    )
    slots = R.packs().board.side(solo.academy).character_slots
    if [c.kind for c in p.chars] != before or len(p.chars) > slots:
        R.emit(
            ev,
            "board",
            "end.return",
            chars=[c.kind for c in p.chars],
            extra=max(0, len(p.chars) - slots),
        )


def discard(cat: Catalog, s: State, solo: SoloState, pc: PerfCard, ev: list[Event]) -> None:
    """``end.discard``: call before the base engine takes the card out of the row. Its markers
    there go to its supply with the card, as the base rule says («в запасы их владельцев (не на
    карты номеров)»): the solo book's «ОБНОВЛЕНИЕ КАРТ ПРЕДСТАВЛЕНИЙ» changes only the yield."""
    pen = R.tables(cat).discard_penalty.per_marker
    fame, coins, shards = perform.yields(cat, s, solo, pc, (pen.fame, pen.coins))
    n = sum(1 for m in pc.m if m >= 0 and m // 4 == solo.seat)
    if n:
        gain(cat, s, solo.seat, ev, "solo_discard_yield", fame=fame, coins=coins, shards=shards)
        R.emit(
            ev,
            "markers_to_supply",
            "end.discard",
            card=pc.id,
            markers=n,
            fame=fame,
            coins=coins,
            shards=shards,
        )
        R.update_mood(cat, s, solo, ev)


def leftover_coins(cat: Catalog, s: State, solo: SoloState) -> int:
    """``final.1``: the coins its markers left on performance cards yield (1 less each); they go
    to its safe, which scores no fame."""
    pen = R.tables(cat).end_scoring.leftover_marker_penalty
    return sum(perform.yields(cat, s, solo, pc, (pen.fame, pen.coins))[1] for pc in s.row)


def new_round(solo: SoloState) -> None:
    solo.turn = None
    solo.apprentices_placed = 0
    solo.specialists_placed = 0
    solo.set_ups = 0


def final_breakdown(cat: Catalog, s: State, solo: SoloState) -> dict[str, int]:
    """``final.1``–``final.5`` (fame added at the end, by category) — call before the
    performance row is cleared; the caller adds the categories to its fame."""
    end = R.tables(cat).end_scoring
    p = s.players[solo.seat]
    pen = end.leftover_marker_penalty
    left = [perform.yields(cat, s, solo, pc, (pen.fame, pen.coins)) for pc in s.row]
    leftover = sum(y[0] for y in left)
    shards = p.shards + sum(y[2] for y in left)  # final.1 yields come before final.2
    level3 = sum(1 for t in p.tricks if cat.trick_level[t.id] == 3)
    extra = max(0, len(p.chars) - end.extra_character_from + 1)
    return {
        "leftover_markers": leftover,
        "shards": min(end.shard_cap, shards * end.fame_per_shard),
        "special_assignments": min(
            end.special_assignment_cap, len(p.specials) * end.fame_per_special_assignment
        ),
        "level3_tricks": level3 * end.level3_trick_fame[solo.difficulty],
        "extra_characters": extra * end.extra_character_fame[solo.difficulty],
    }
