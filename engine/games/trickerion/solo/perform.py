"""The Successor in the Performance phase ("ФАЗА ПРЕДСТАВЛЕНИЙ").

``perform.1``: the card (holding at least one of its markers) with the greatest card bonus +
link bonus, by fame, then coins, then shards; leftmost on a full tie. ``perform.2``: as
performer, the link and card bonuses, and instead of specialist bonuses one bonus per character
of its backstage that day, by difficulty (Red Lotus: +1 fame per your marker on the card).
``perform.3``: its yields ignore day and prophecy modifiers. ``perform.4``: its performed markers
go straight back onto its trick cards.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.games.trickerion.catalog import SLOT_THEATER, Catalog
from engine.games.trickerion.common import change_trick, held_trick_sym, set_cell
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.state import SoloState
from engine.games.trickerion.state import PerfCard, State


def performs_first(s: State, solo: SoloState) -> bool:
    """Yoruba Spiritmaster's solo ability: its performance comes before every other day's."""
    return R.ability(s, solo) == "performs_first"


def card_value(cat: Catalog, s: State, pc: PerfCard) -> tuple[int, int, int]:
    """Card bonus + link bonus of a performance card now."""
    links = len(R.formed_links(cat, s, pc)) * cat.perf_rules.link_bonus_fame
    f, c, sh = R.geo(cat, pc.id).bonus
    return f + links, c, sh


def choose_card(cat: Catalog, s: State, solo: SoloState) -> SuccessorStep | None:
    seat = solo.seat
    cards = [ci for ci, pc in enumerate(s.row) if any(m >= 0 and m // 4 == seat for m in pc.m)]
    if not cards:
        return None
    best = max(cards, key=lambda ci: (card_value(cat, s, s.row[ci]), -ci))
    return SuccessorStep(step="perform.1", do="perform", card=best)


def backstage(s: State, solo: SoloState, day: int) -> list[str]:
    """Kinds of its characters backstage on ``day`` (the magician is on the stage)."""
    out = []
    for k in range(2):
        v = s.slots[SLOT_THEATER + 3 * day + k]
        if v >= 0 and v // 16 == solo.seat:
            out.append(s.players[solo.seat].chars[v % 16].kind)
    return out


def performer_bonus(
    cat: Catalog, s: State, solo: SoloState, pc: PerfCard, day: int
) -> tuple[int, int, int]:
    """``perform.2``: links + card bonus + per-character bonus (+ Red Lotus)."""
    fame, coins, shards = card_value(cat, s, pc)
    reward = R.tables(cat).backstage_bonus.per_character[solo.difficulty]
    n = len(backstage(s, solo, day))
    fame, coins, shards = (
        fame + reward.fame * n,
        coins + reward.coins * n,
        shards + reward.shards * n,
    )
    if R.ability(s, solo) == "fame_per_your_marker":
        yours = sum(1 for m in pc.m if m >= 0 and m // 4 != solo.seat)
        fame += R.packs().ability("m05_red_lotus").gain().fame * yours
    return fame, coins, shards


def yields(
    cat: Catalog, s: State, solo: SoloState, pc: PerfCard, penalty: tuple[int, int] = (0, 0)
) -> tuple[int, int, int]:
    """``perform.3``: its yield for every marker of its on ``pc``, minus ``penalty`` (fame,
    coins) per marker (``end.discard``, ``final.1``), never below 0."""
    fame = coins = shards = 0
    p = s.players[solo.seat]
    for m in pc.m:
        if m >= 0 and m // 4 == solo.seat:
            t = held_trick_sym(p, m % 4)
            f, c, sh = R.trick_yield(cat, s, solo, t.id)
            fame += max(0, f - penalty[0])
            coins += max(0, c - penalty[1])
            shards += sh
    return fame, coins, shards


def return_markers(s: State, solo: SoloState, card: int, ev: list[Event], step: str) -> int:
    """``perform.4``: its performed markers leave the row's card ``card``, back onto its
    tricks."""
    n = 0
    pc = s.row[card]
    for i, m in enumerate(pc.m):
        if m >= 0 and m // 4 == solo.seat:
            t = held_trick_sym(s.players[solo.seat], m % 4)
            change_trick(s, solo.seat, t, markers=t.markers + 1)
            pc = set_cell(s, card, i)
            n += 1
    if n:
        R.emit(ev, "markers_back", step, card=pc.id, markers=n)
    return n
