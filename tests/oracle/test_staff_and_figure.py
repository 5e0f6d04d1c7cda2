"""Hire Townsfolk (seed «Найм Горожан»), Activate Staff (seed «Активировать персонал (2 часа)»)
and the Oracle figure (seed «ПОДГОТОВКА К ИГРЕ» step 4; decision in docs/oracle.md)."""

from __future__ import annotations

from engine.games.oracle import actions as A
from engine.games.oracle.state import PendingCircles, PendingLines, PendingReward, PendingStaff

from .helpers import L, R, act, codes, refused, started


def slot_of(g, ability):
    return next(i for i, s in enumerate(g.rules.sheet.staff) if s.ability == ability)


def test_hire_puts_a_card_under_a_free_staff_slot():
    """«Наймите Горожанина … сразу примените его способность. Затем положите карту под выбранную ячейку»."""
    g, s = started("companion")
    n = len(g.rules.sheet.staff)
    assert [a for a in g.legal_actions(s, 0) if isinstance(a, A.HireTownsfolk)] == [A.HireTownsfolk(i) for i in range(n)]
    s, ev = act(g, s, A.HireTownsfolk(2))
    assert s.staff[2] and ev[1].code == "oracle.hire.hired"
    assert ev[0].params == {"action": "hire_townsfolk", "hours": 0}  # cost paid at the table
    s.acted, s.phase, s.figure = False, "act", "horoscope"
    assert refused(g, s, A.HireTownsfolk(2)) == "oracle.hire.slot_taken"
    assert refused(g, s, A.HireTownsfolk(n)) == "oracle.hire.no_such_slot"


def test_practice_hire_costs_the_frames_hours():
    g, s = started("practice")
    s, ev = act(g, s, A.HireTownsfolk(0))
    assert ev[0].params["hours"] == g.rules.practice.hire_hours == s.hours_spent


def test_activate_staff_needs_a_hired_townsfolk_and_costs_two_hours():
    g, s = started()
    s.figure = "horoscope"
    assert refused(g, s, A.ActivateStaff()) == "oracle.staff.none_hired"
    s.staff[slot_of(g, "guard")] = True
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
    s.staff = [True] * len(s.staff)
    s, _ = act(g, s, A.ActivateStaff())
    all_slots = list(range(len(s.staff)))
    assert g.legal_actions(s, 0) == [A.ActivateSlot(i) for i in all_slots]
    s, _ = act(g, s, A.ActivateSlot(slot_of(g, "astrologer")))
    assert s.pending[-1] == PendingLines(remaining=2, source="astrologer")   # Astrologer: 2 lines
    s, _ = act(g, s, A.DrawLine(0, 0, "h"), A.DrawLine(0, 1, "h"))
    assert isinstance(s.pending[-1], PendingStaff) and len(s.pending[-1].slots) == len(all_slots) - 1
    s, _ = act(g, s, A.ActivateSlot(slot_of(g, "palmist")))
    assert s.pending[-1] == PendingCircles(remaining=2)                       # Palmist: 2 circles
    s, _ = act(g, s, A.FillCircle("move"), A.FillCircle("move"))
    assert s.circles["move"].filled == 3
    s, _ = act(g, s, A.ActivateSlot(slot_of(g, "exorcist")))
    assert s.pending[-1] == PendingReward(kind="x", source="exorcist")        # Exorcist: an X
    s, _ = act(g, s, A.MarkGuild("red", "x"))
    s, ev = act(g, s, A.ActivateSlot(slot_of(g, "guard")))                    # Guard: discard
    assert "oracle.corruption.nothing_to_discard" in codes(ev)
    assert not s.pending and s.acted is False


def test_palmist_may_fill_any_circles():
    g, s = started()
    s.pending.append(PendingCircles(remaining=2))
    assert g.legal_actions(s, 0) == [A.FillCircle("plus_minus"), A.FillCircle("move")]
    s, _ = act(g, s, A.FillCircle("plus_minus"), A.FillCircle("move"))
    assert s.circles["plus_minus"].filled == 2 and s.circles["move"].filled == 2


def test_figure_starts_on_activate_staff():
    """«Поставьте фигурку Оракула на ячейку «Активировать персонал»»."""
    g, s = started()
    assert s.figure == "activate_staff"
    s.staff[0] = True
    assert refused(g, s, A.ActivateStaff()) == "oracle.figure.same_space"


def test_the_same_action_cannot_be_taken_twice_in_a_row():
    """Decision (docs/oracle.md): the figure moves to the action taken, and the action under it
    cannot be chosen next turn."""
    g, s = started("companion", halves=(L, L, R, R, L), dice=(2, 2))
    s, _ = act(g, s, A.Horoscope(L), A.WriteHoroscope(2, "top"), A.WriteHoroscope(2, "bottom"))
    assert s.figure == "horoscope"
    s, _ = act(g, s, A.EnterRoll((L, L, R, R, L), (3, 1), "tree"))
    assert refused(g, s, A.Horoscope(L)) == "oracle.figure.same_space"
    assert not any(isinstance(a, A.Horoscope) for a in g.legal_actions(s, 0))
    s, _ = act(g, s, A.Pass())
    assert s.figure == "horoscope"  # passing leaves the figure where it stands


def test_practice_actions_must_fit_in_the_day():
    g, s = started("practice", halves=(L, L, R, R, L), dice=(2, 3))
    s.hours_today = g.rules.practice.hours_per_day - 1
    assert refused(g, s, A.Horoscope(L)) == "oracle.clock.not_enough_hours"
    assert A.Pass() in g.legal_actions(s, 0)
