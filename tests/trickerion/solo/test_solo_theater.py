"""The Successor in the Theater: seed 003, the paragraphs opening «Когда преемник выставляет в
театр» (theater.1–3, theater.card.1–4, theater.cell.1–4, theater.order, theater.skip) and the
worked example with the neutral marker."""

from seated import Seated

from engine.games.trickerion.common import change_char, put, set_cell
from engine.games.trickerion.solo import theater as TH
from engine.games.trickerion.solo.state import NEUTRAL

from ..helpers import change_card
from .scenario import (
    HUMAN,
    SUCC,
    assign,
    events,
    make,
    marker,
    run_turn,
    set_row,
    set_tricks,
    steps,
)

GHOST_TRAP, WINDOW = "t20_ghost_trap", "t16_window_to_the_otherworld"


def theater_turn(
    difficulty="medium",
    tricks=((GHOST_TRAP, 2), (WINDOW, 2)),
    cards=("spf09",),
    round_no=2,
    char=1,
    magician="m07_yoruba_spiritmaster",
):
    g, s, solo = make(difficulty, magician=magician)
    s.round = round_no
    set_tricks(g, s, SUCC, list(tricks))
    set_row(g, s, *cards)
    assign(s, SUCC, {char: "theater"})
    return g, s, solo


def test_book_example_theater_with_the_neutral_marker():
    """Theater example (medium, a specialist, 2 markers): Ghost Trap fits only the left card
    (the other already holds one); its second marker fits nowhere, so Window to the Otherworld
    follows onto the left card (its own marker and yours there). Paid as if placed in reverse:
    2 fame for the link with the neutral marker + 2 fame for the link with Window, and a shard."""
    g, s, solo = theater_turn(cards=("spf09", "spf01"))
    # the neutral marker turned so its Spiritual side faces the shard link
    change_card(s, 0, o=put(s.row[0].o, 1, 0))
    set_tricks(g, s, HUMAN, [("t01_enchanted_butterflies", 0)])
    set_cell(s, 0, 5, HUMAN * 4 + 0, 3)  # your marker at (1, 2), facing left
    set_cell(s, 1, 0, marker(g, s, SUCC, GHOST_TRAP), 2)
    p = Seated(s, SUCC)
    fame, shards = p.fame, p.shards
    log = run_turn(g, s, solo)
    assert events(log, "count")[0]["n"] == 2
    ups = [st for _, st, _ in log if st.do == "set_up"]
    assert [(u.trick, u.card, u.cell, u.facing) for u in ups] == [
        (GHOST_TRAP, 0, 3, "up"),
        (WINDOW, 0, 2, "down"),
    ]
    assert ups[1].step.startswith("theater.card.3")  # both cards hold its marker; yours decides
    assert "theater.order" in steps(log) and events(log, "favour")[0]["fame"] == 1
    assert p.fame - fame == 4 and p.shards - shards == 1


def test_magician_takes_the_stage_and_nothing_else():
    """theater.1."""
    g, s, solo = theater_turn(char=0)
    log = run_turn(g, s, solo)
    assert steps(log) == ["order.2"] and log[0][1].slot % 3 == 2
    assert events(log, "on_stage")


def test_markers_by_ap_and_difficulty_ignoring_day_modifiers():
    """theater.2: an apprentice (1 AP) places 1 at low, 2 at high; Thursday's +1 ignored."""
    for difficulty, n in (("low", 1), ("medium", 1), ("high", 2)):
        g, s, solo = theater_turn(difficulty, char=2 if difficulty != "high" else 3)
        solo.mood = "ready"  # earliest day: Thursday (+1 AP) if open
        log = run_turn(g, s, solo)
        assert events(log, "count")[0]["n"] == n, difficulty


def test_card_not_leaving_this_round_unless_last_round():
    """theater.card.1: the rightmost card leaves at the end of rounds III-VI."""
    g, s, solo = theater_turn(round_no=3, cards=("spf01", "spf02"), tricks=((WINDOW, 2),))
    st = [x for _, x, _ in run_turn(g, s, solo) if x.do == "set_up"][0]
    assert st.card == 0
    g, s, solo = theater_turn(round_no=3, cards=("spf01", "spf02"), tricks=((WINDOW, 2),))
    assert TH.leaving_card(g.cat, s) == 1
    s.round = 7
    assert TH.leaving_card(g.cat, s) == -1


def test_card_priority_own_marker_then_yours_then_leftmost():
    """theater.card.2-4."""
    g, s, solo = theater_turn(
        cards=("spf01", "spf02", "spf03"), tricks=((WINDOW, 2), (GHOST_TRAP, 2))
    )
    s.round = 1
    change_card(s, 2, m=put(s.row[2].m, 0, marker(g, s, SUCC, GHOST_TRAP)))
    st = [x for _, x, _ in run_turn(g, s, solo) if x.do == "set_up"][0]
    assert (st.card, st.step.split("+")[0]) == (2, "theater.card.2")
    g, s, solo = theater_turn(cards=("spf01", "spf02"), tricks=((WINDOW, 2),), round_no=1)
    set_tricks(g, s, HUMAN, [("t01_enchanted_butterflies", 0)])
    change_card(s, 1, m=put(s.row[1].m, 0, HUMAN * 4))
    st = [x for _, x, _ in run_turn(g, s, solo) if x.do == "set_up"][0]
    assert (st.card, st.step.split("+")[0]) == (1, "theater.card.3")


def test_one_marker_per_trick_per_card_and_next_trick():
    """theater.3: a trick whose marker fits no card passes to the next trick."""
    g, s, solo = theater_turn(cards=("spf01",), tricks=((GHOST_TRAP, 2), (WINDOW, 2)))
    change_card(s, 0, m=put(s.row[0].m, 0, marker(g, s, SUCC, GHOST_TRAP)))
    ups = [x for _, x, _ in run_turn(g, s, solo) if x.do == "set_up"]
    assert [u.trick for u in ups] == [WINDOW]


def test_no_link_first_free_slot():
    """theater.cell.4: no link possible -> first free slot, left to right, top to bottom."""
    g, s, solo = theater_turn(cards=("spf04",), tricks=((WINDOW, 2),))
    change_card(s, 0, m=(-1,) * len(s.row[0].m))  # no neutral marker either
    st = [x for _, x, _ in run_turn(g, s, solo) if x.do == "set_up"][0]
    assert st.step.endswith("theater.cell.4") and st.cell == 0


def test_neutral_marker_is_never_covered():
    g, s, solo = theater_turn(cards=("spf01",), tricks=((WINDOW, 2), (GHOST_TRAP, 2)), char=3)
    change_char(s, SUCC, 3, kind="assistant")
    log = run_turn(g, s, solo)
    assert s.row[0].m.count(NEUTRAL) == 1
    assert all(st.cell != 1 for _, st, _ in log if st.do == "set_up")


def test_master_of_chains_first_set_up_turns_freely():
    """ability.free_facing_first_set_up: any turn on its first set-up of the round."""
    g, s, solo = theater_turn(
        cards=("spf01",), tricks=((WINDOW, 2),), magician="m01_master_of_chains"
    )
    options = TH.cell_options(g.cat, s, solo, 0, WINDOW, TH.free_facing_now(s, solo))
    assert len({o[2] for o in options}) == 4


def test_theater_skip_when_no_marker_fits():
    """theater.skip: a non-magician that cannot set up a marker is passed over."""
    g, s, solo = theater_turn(tricks=((WINDOW, 0),))
    assign(s, SUCC, {1: "theater", 2: "market_row"})
    log = run_turn(g, s, solo)
    assert log[0][1].location == "market_row"
    g, s, solo = theater_turn(tricks=((WINDOW, 0),))
    log = run_turn(g, s, solo)
    assert steps(log) == ["theater.skip"] and s.players[SUCC].chars[1].idle
