"""Hire Townsfolk (seed «Найм Горожан»), Activate Staff (seed «Активировать персонал (2 часа)»)
and the Oracle figure (seed «ПОДГОТОВКА К ИГРЕ» step 4; decisions in docs/oracle.md)."""

from __future__ import annotations

from engine.games.oracle import actions as A
from engine.games.oracle.state import (
    PendingCircles,
    PendingLines,
    PendingStaff,
    PendingTownsfolk,
    PendingX,
)

from .helpers import L, R, act, codes, refused, started


def slot_of(g, ability):
    return next(i for i, s in enumerate(g.rules.sheet.staff) if s.ability == ability)


def hire(g, s, slot, *guilds):
    """Companion: hire into ``slot`` and enter the card's guild symbols."""
    s, ev = act(g, s, A.HireTownsfolk(slot))
    assert s.pending[-1] == PendingTownsfolk(slot=slot)
    s, more = act(g, s, *[A.TownsfolkSymbol(x) for x in guilds], A.TownsfolkDone())
    return s, ev + more


def next_turn(s):
    s.acted, s.phase = False, "act"
    return s


def test_hire_puts_a_card_under_the_chosen_staff_slot():
    """«Наймите Горожанина … сразу примените его способность. Затем положите карту под выбранную ячейку»."""
    g, s = started("companion")
    n = len(g.rules.sheet.staff)
    assert [a for a in g.legal_actions(s, 0) if isinstance(a, A.HireTownsfolk)] == [
        A.HireTownsfolk(i) for i in range(n)
    ]
    s, ev = hire(g, s, 2)
    assert s.staff[2] == [[]] and ev[1].code == "oracle.hire.hired"
    assert ev[0].params == {"action": "hire_townsfolk", "hours": 0}  # cost paid at the table
    assert refused(g, next_turn(s), A.HireTownsfolk(n)) == "oracle.hire.no_such_slot"


def test_companion_records_a_fifth_hire_under_a_staffed_slot():
    """«положите карту под выбранную ячейку»: the text sets no one-card-per-slot limit, so a
    companion records every hire the table makes (docs/oracle.md, Hire Townsfolk)."""
    g, s = started("companion")
    n = len(g.rules.sheet.staff)
    for slot in range(n):
        s, _ = hire(g, next_turn(s), slot)
    assert A.HireTownsfolk(1) in g.legal_actions(next_turn(s), 0)
    s, ev = hire(g, s, 1)
    assert sum(len(cards) for cards in s.staff) == n + 1 and len(s.staff[1]) == 2
    assert ev[1].params["cards"] == 2
    # Activation still uses each staffed ability once: «активировать все способности персонала».
    s, _ = act(g, next_turn(s), A.ActivateStaff())
    assert s.pending[-1] == PendingStaff(slots=list(range(n)))


def test_townsfolk_guild_symbols_count_at_final_scoring():
    """«На картах большинства Горожан есть символы Гильдий, которые приносят золото во время
    финального подсчета»: the symbols entered at hiring reach the end of the game."""
    g, s = started("companion")
    s, ev = hire(g, s, 0, "red", "blue")
    assert s.staff[0] == [["red", "blue"]] and codes(ev).count("oracle.townsfolk.symbol") == 2
    s, _ = hire(g, next_turn(s), 0, "red")
    s.acted, s.phase = False, "roll"
    s, ev = act(g, s, A.EndGame())
    scored = {
        e.params["guild"]: e.params["symbols"] for e in ev if e.code == "oracle.townsfolk.score"
    }
    assert scored == {"red": 2, "blue": 1}
    b = g.result(s).breakdown[0]
    assert (b["townsfolk_red"], b["townsfolk_blue"], b["townsfolk_green"]) == (2, 1, 0)
    assert g.view(s, 0)["staff"][0]["cards"] == [["red", "blue"], ["red"]]


def test_practice_hire_costs_the_frames_hours():
    g, s = started("practice")
    s, ev = act(g, s, A.HireTownsfolk(0))
    assert ev[0].params["hours"] == g.rules.practice.hire_hours == s.hours_spent


def test_activate_staff_needs_a_hired_townsfolk_and_costs_two_hours():
    g, s = started()
    s.figure = "horoscope"
    assert refused(g, s, A.ActivateStaff()) == "oracle.staff.none_hired"
    s.staff[slot_of(g, "guard")] = [[]]
    s.corruption = 1
    s, ev = act(g, s, A.ActivateStaff())
    assert ev[0].params == {"action": "activate_staff", "hours": 2}
    assert s.pending == [PendingStaff(slots=[slot_of(g, "guard")])]
    s, ev = act(g, s, A.ActivateSlot(slot_of(g, "guard")))
    assert s.corruption == 0 and "oracle.corruption.discard" in codes(ev)


def test_every_staffed_ability_in_any_order():
    """«Вы можете в любом порядке активировать все способности персонала»."""
    g, s = started()
    s.figure = "horoscope"
    s.staff = [[[]] for _ in s.staff]
    s, _ = act(g, s, A.ActivateStaff())
    all_slots = list(range(len(s.staff)))
    assert g.legal_actions(s, 0) == [A.ActivateSlot(i) for i in all_slots]
    s, _ = act(g, s, A.ActivateSlot(slot_of(g, "astrologer")))
    assert s.pending[-1] == PendingLines(remaining=2, source="astrologer")  # Astrologer: 2 lines
    s, _ = act(g, s, A.DrawLine(0, 0, "h"), A.DrawLine(0, 1, "h"))
    assert (
        isinstance(s.pending[-1], PendingStaff) and len(s.pending[-1].slots) == len(all_slots) - 1
    )
    s, _ = act(g, s, A.ActivateSlot(slot_of(g, "palmist")))
    assert s.pending[-1] == PendingCircles(remaining=2)  # Palmist: 2 circles
    s, _ = act(g, s, A.FillCircle("move"), A.FillCircle("move"))
    assert s.circles["move"].filled == 3
    s, _ = act(g, s, A.ActivateSlot(slot_of(g, "exorcist")))
    assert s.pending[-1] == PendingX(source="exorcist")  # Exorcist: an X
    s, _ = act(g, s, A.MarkGuild("red", "x"))
    s, ev = act(g, s, A.ActivateSlot(slot_of(g, "guard")))  # Guard: discard
    assert "oracle.corruption.nothing_to_discard" in codes(ev)
    assert not s.pending and s.acted is False


def test_palmist_may_fill_any_circles():
    g, s = started()
    s.pending.append(PendingCircles(remaining=2))
    assert g.legal_actions(s, 0) == [A.FillCircle("plus_minus"), A.FillCircle("move")]
    s, _ = act(g, s, A.FillCircle("plus_minus"), A.FillCircle("move"))
    assert s.circles["plus_minus"].filled == 2 and s.circles["move"].filled == 2


def test_figure_starts_on_activate_staff_and_restricts_nothing():
    """«Поставьте фигурку Оракула на ячейку «Активировать персонал»»: the figure's place; no
    passage of the Oracle's book forbids the action under it (docs/oracle.md)."""
    g, s = started()
    assert s.figure == "activate_staff"
    s.staff[0] = [[]]
    assert A.ActivateStaff() in g.legal_actions(s, 0)


def test_the_same_action_may_be_taken_twice_in_a_row():
    """The ban on repeating an action is a base-game inference, not in the Oracle's text: the
    companion never refuses what the table allows, and practice follows the same rules."""
    for mode in ("companion", "practice"):
        g, s = started(mode, halves=(L, L, R, R, L), dice=(2, 2))
        s, _ = act(g, s, A.Horoscope(L), A.WriteHoroscope(2, "top"), A.WriteHoroscope(2, "bottom"))
        assert s.figure == "horoscope"
        s.acted, s.phase, s.pending = False, "act", []
        s.bowl.dice = [3, 1]
        assert A.Horoscope(L) in g.legal_actions(s, 0)
        s, _ = act(g, s, A.Horoscope(L))
        assert s.figure == "horoscope" and s.last_action == "horoscope"
        s.acted, s.phase, s.pending = False, "act", []
        s, _ = act(g, s, A.Pass())
        assert s.figure == "horoscope"  # passing leaves the figure where it stands


def test_practice_actions_must_fit_in_the_day():
    g, s = started("practice", halves=(L, L, R, R, L), dice=(2, 3))
    s.hours_today = g.rules.practice.hours_per_day - 1
    assert refused(g, s, A.Horoscope(L)) == "oracle.clock.not_enough_hours"
    assert A.Pass() in g.legal_actions(s, 0)
