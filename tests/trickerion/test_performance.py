"""Performance phase ("ФАЗА ПРЕДСТАВЛЕНИЙ") and "ПРИМЕР Б: ФАЗА ПРЕДСТАВЛЕНИЙ" with the book's
numbers."""

import pytest

from engine.core.copier import copy_state
from engine.core.errors import IllegalAction
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion.common import change_char, formed_links
from engine.games.trickerion.performance import start

from .helpers import (
    add_char,
    change_card,
    clear_tricks,
    give_trick,
    put_marker,
    set_row,
    set_slot,
    stage,
    started,
)

GREEN, YELLOW, BLUE, RED = 0, 1, 2, 3


def example_b():
    """The Theater before the Performance phase of Example B.

    Card 1 (pf06, bonus 1 coin): Green ×2 linked, Red–Yellow linked (2 links, Green and Yellow
    not linked). Card 2 (pf04, bonus 1 fame): Yellow ×2, Blue, Red, 3 links. Card 3 (pf10,
    bonus 2 fame): Blue ×2 and Red, 2 links. Blue: Magician on Thursday's stage and Assistant
    backstage; Yellow: Magician on Friday's stage and Manager backstage; Red: a character on
    Saturday; Green: Magician on Sunday's stage."""
    g, s = started(4, seed=41, dark_alley=False)
    for seat in range(4):
        clear_tricks(s, seat)
        p = s.players[seat]
        chars = tuple(c for c in p.chars if c.kind in ("magician", "apprentice"))
        change_at(s.players, seat, chars=chars, fame=10, coins=10, shards=0)
    add_char(s, BLUE, "assistant")
    add_char(s, YELLOW, "manager")
    set_row(g, s, ["pf06", "pf04", "pf10"])
    for seat, trick in (
        (GREEN, "t37_linking_rings"),
        (GREEN, "t38_living_piano"),
        (YELLOW, "t25_barricaded_barrels"),
        (YELLOW, "t27_burning_mummy"),
        (BLUE, "t13_mind_reading"),
        (BLUE, "t19_peppers_ghost"),
        (RED, "t28_water_tank_escape"),
        (RED, "t14_breath_of_life"),
    ):
        give_trick(s, seat, trick)
    # Card 1
    put_marker(g, s, GREEN, "t37_linking_rings", 0, 0, "down")
    put_marker(g, s, GREEN, "t38_living_piano", 0, 1, "up")
    put_marker(g, s, RED, "t28_water_tank_escape", 0, 2, "right")
    put_marker(g, s, YELLOW, "t25_barricaded_barrels", 0, 3, "left")
    # Card 2
    put_marker(g, s, YELLOW, "t25_barricaded_barrels", 1, 0, "right")
    put_marker(g, s, YELLOW, "t27_burning_mummy", 1, 1, "left")
    put_marker(g, s, BLUE, "t19_peppers_ghost", 1, 2, "down")
    put_marker(g, s, RED, "t14_breath_of_life", 1, 3, "up")
    # Card 3
    put_marker(g, s, BLUE, "t13_mind_reading", 2, 0, "right")
    put_marker(g, s, BLUE, "t19_peppers_ghost", 2, 1, "left")
    put_marker(g, s, RED, "t28_water_tank_escape", 2, 2, "up")
    stage(s, BLUE, 0)
    stage(s, BLUE, 0, "assistant", backstage=True)
    stage(s, YELLOW, 1)
    stage(s, YELLOW, 1, "manager", backstage=True)
    stage(s, RED, 2, "apprentice", backstage=True)
    stage(s, GREEN, 3)
    s.phase = "place"
    ev = []
    start(g.rules, s, ev)
    from engine.games.trickerion.flow import advance

    advance(g.rules, s, ev)
    return g, s


def gains(ev):
    """Per seat, the performance gains (yields, then the performer bonus) in the events."""
    out = {}
    for e in ev:
        if e.code == "trickerion.gain" and e.params["why"] in (
            "performance_yield",
            "performer_bonus",
        ):
            out.setdefault(e.params["seat"], []).append(
                (e.params["fame"], e.params["coins"], e.params["shards"])
            )
    return out


def resources(s):
    return [(p.fame, p.coins, p.shards) for p in s.players]


def test_example_b_cards_have_the_books_links():
    g, s = example_b()
    assert [len(formed_links(g.cat, s, pc)) for pc in s.row] == [2, 3, 2]


def test_example_b_performances():
    """Blue (Thursday) performs the third card: its two tricks with −1 fame −1 coin each (never
    below 0), 2 fame for 2 links, 2 fame for the Assistant, 2 fame for the card; Red's trick
    there yields unmodified (Red is on Saturday). Yellow performs the second card: 3 fame for
    3 links, 3 coins for the Manager, 1 fame for the card; Blue again −1/−1. Green performs the
    first card with +1 fame +1 coin per trick (Sunday), 2 fame for 2 links, 1 coin for the
    card; Yellow and Red unmodified."""
    g, s = example_b()
    assert s.pending[0].kind == "perform" and s.pending[0].seat == BLUE
    assert g.legal_actions(s, BLUE) == [A.Perform(1), A.Perform(2)]
    before = resources(s)
    s, ev = g.apply(s, BLUE, A.Perform(2))
    bonus = [
        e.params for e in ev if e.code == "trickerion.gain" and e.params["why"] == "performer_bonus"
    ]
    assert bonus == [
        {"seat": BLUE, "why": "performer_bonus", "fame": 2 + 2 + 2, "coins": 0, "shards": 0}
    ]
    after = resources(s)
    # Mind Reading 0/0/1 → 0/0/1; Pepper's Ghost 4/5/0 → 3/4/0; + 6 fame.
    assert after[BLUE] == (before[BLUE][0] + 3 + 6, before[BLUE][1] + 4, before[BLUE][2] + 1)
    # Water Tank Escape 1/2/1, no modifier.
    assert after[RED] == (before[RED][0] + 1, before[RED][1] + 2, before[RED][2] + 1)
    assert all(m == -1 for m in s.row[2].m) and s.row[2].id == "pf10"  # the card stays
    assert s.pending[0].seat == YELLOW
    before = resources(s)
    s, ev = g.apply(s, YELLOW, A.Perform(1))
    after = resources(s)
    bonus = [e.params for e in ev if e.params.get("why") == "performer_bonus"][0]
    assert (bonus["fame"], bonus["coins"]) == (3 + 1, 3)
    # Barricaded Barrels 1/1/0 + Burning Mummy 2/2/0 + bonus 4 fame, 3 coins.
    assert after[YELLOW] == (
        before[YELLOW][0] + 3 + 4,
        before[YELLOW][1] + 3 + 3,
        before[YELLOW][2],
    )
    assert after[BLUE] == (before[BLUE][0] + 3, before[BLUE][1] + 4, before[BLUE][2])
    assert after[RED] == (before[RED][0] + 2, before[RED][1] + 3, before[RED][2])
    # Saturday: nobody on stage. Sunday: Green.
    assert s.pending[0].seat == GREEN
    s, ev = g.apply(s, GREEN, A.Perform(0))
    got = gains(ev)
    # Linking Rings 0/2/0 → 1/3/0; Living Piano 1/1/0 → 2/2/0; + 2 fame, 1 coin.
    assert got[GREEN] == [(3, 5, 0), (2, 1, 0)]
    assert got[YELLOW] == [(1, 1, 0)]
    assert got[RED] == [(1, 2, 1)]
    # The round then ends (wages etc.).
    assert s.phase in ("roll", "over")


def test_example_b_alternative_choice():
    """Had Blue chosen the second card (1 own marker, 3 links: 3 fame instead of 2), Yellow
    would have to take the first card, and Green could not perform at all: only its two
    tricks' yields with the Sunday bonus inside Yellow's performance."""
    g, s = example_b()
    s, ev = g.apply(s, BLUE, A.Perform(1))
    bonus = [e.params for e in ev if e.params.get("why") == "performer_bonus"][0]
    assert bonus["fame"] == 3 + 2 + 1
    assert g.legal_actions(s, YELLOW) == [A.Perform(0)]
    before = resources(s)
    s, ev = g.apply(s, YELLOW, A.Perform(0))
    after = resources(s)
    assert after[GREEN] == (before[GREEN][0] + 3, before[GREEN][1] + 5, before[GREEN][2])
    assert any(e.code == "trickerion.no_performance" and e.params["seat"] == GREEN for e in ev)
    third = next(pc for pc in s.row if pc.id == "pf10")
    assert third.m.count(-1) == 0  # nobody performed the third card


def test_performer_must_choose_a_card_with_own_marker():
    g, s = example_b()
    with pytest.raises(IllegalAction) as err:
        g.apply(s, BLUE, A.Perform(0))
    assert err.value.code == "trickerion.perform.needs_own_marker"


def test_owner_without_character_in_theater_takes_the_performers_modifier():
    """ "МОДИФИКАТОРЫ ВОЗНАГРАЖДЕНИЯ": a player with no character in the Theater gets the
    performer's modifier."""
    g, s = example_b()
    # Red leaves the Theater: on Thursday's show Red now takes Blue's −1/−1.
    s = copy_state(s)
    for i, v in enumerate(s.slots):
        if v >= 0 and v // 16 == RED:
            set_slot(s, i, -1)
            change_char(s, RED, v % 16, slot=-1)
    before = resources(s)
    s, _ = g.apply(s, BLUE, A.Perform(2))
    after = resources(s)
    assert after[RED] == (before[RED][0] + 0, before[RED][1] + 1, before[RED][2] + 1)


def test_no_marker_no_performance():
    g, s = example_b()
    s = copy_state(s)
    for ci, pc in enumerate(s.row):
        change_card(s, ci, m=tuple(-1 if m >= 0 and m // 4 == BLUE else m for m in pc.m))
    s.pending = []
    from engine.games.trickerion.flow import advance

    ev = []
    advance(g.rules, s, ev)
    assert any(e.code == "trickerion.no_performance" and e.params["seat"] == BLUE for e in ev)
    assert s.pending[0].seat == YELLOW
