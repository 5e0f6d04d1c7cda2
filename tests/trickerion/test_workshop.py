"""Workshop ("МАСТЕРСКАЯ"): Prepare, Move Trick, Move Components, Move Apprentice, returning a
trick ("ВАЖНО: в любой момент ... вернуть карты номеров")."""

import pytest
from seated import Seated

from engine.core.errors import IllegalAction
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion.common import change_trick

from .helpers import add_char, clear_tricks, give_trick, placing, put_marker, set_row, started


def workshop(ap=3, seat=0):
    g, s = started(4, seed=12)
    s = placing(g, s, seat, 0, "workshop", ap)
    clear_tricks(s, seat)
    change_at(s.players, seat, props={}, mgr=())
    return g, s


def test_prepare_example_water_tank():
    """ "ПРИМЕР ПОДГОТОВКИ НОМЕРА": with 2 glass, 2 metal and 1 rope, Water Tank Escape (1 AP)
    gets 2 markers of its symbol; props are not spent."""
    g, s = workshop()
    p = Seated(s, 0)
    p.props = {"glass": 2, "metal": 2, "rope": 1}
    t = give_trick(s, 0, "t28_water_tank_escape")
    s, _ = g.apply(s, 0, A.Prepare(t.id))
    p = s.players[0]
    assert p.tricks[0].markers == 2 and s.act.ap == 2
    assert p.props == {"glass": 2, "metal": 2, "rope": 1}


def test_prepare_needs_props_and_an_empty_card():
    """ "ВАЖНО": the props are needed and no marker may lie on the card (markers in the Theater
    are fine)."""
    g, s = workshop()
    t = give_trick(s, 0, "t28_water_tank_escape")
    change_at(s.players, 0, props={"glass": 2, "metal": 2})
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.Prepare)]
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Prepare(t.id))
    assert err.value.code == "trickerion.prepare.missing_props"
    change_at(s.players, 0, props={**s.players[0].props, "rope": 1})
    change_trick(s, 0, s.players[0].tricks[0], markers=1)
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Prepare(t.id))
    assert err.value.code == "trickerion.prepare.markers_on_card"


def test_prepare_engineer_board_plus_one_and_four_marker_cap():
    """Engineer board: one marker more; never more than 4 markers of one symbol."""
    g, s = workshop()
    change_at(s.players, 0, props={"wood": 3, "metal": 3, "padlock": 1})
    t = give_trick(s, 0, "t31_walled", eng=True)  # 2 markers printed
    s, _ = g.apply(s, 0, A.Prepare(t.id))
    assert s.players[0].tricks[0].markers == 3
    g, s = workshop()
    change_at(s.players, 0, props={"glass": 2})
    t = give_trick(s, 0, "t13_mind_reading", eng=True)  # 3 printed, +1 = 4
    set_row(g, s, ["pf01", "pf02"])
    put_marker(g, s, 0, t.id, 0, 0, "down")
    put_marker(g, s, 0, t.id, 1, 0, "down")
    s, _ = g.apply(s, 0, A.Prepare(t.id))
    assert s.players[0].tricks[0].markers == 2  # 4 − 2 in the Theater


def test_prepare_costs_printed_ap():
    g, s = workshop(ap=1)
    change_at(s.players, 0, props={"wood": 3, "fabric": 3, "rope": 3, "petroleum": 1})
    give_trick(s, 0, "t17_floating_table")  # 2 AP
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.Prepare)]


def test_move_actions_need_the_specialist():
    """Move Trick / Move Components / Move Apprentice (1 AP each) need the Engineer / Manager /
    Assistant hired; any character may do them."""
    g, s = workshop(ap=3)
    p = Seated(s, 0)
    p.chars = tuple(c for c in p.chars if c.kind in ("magician", "apprentice"))
    give_trick(s, 0, "t01_enchanted_butterflies")
    p.props = {"wood": 2}
    legal = g.legal_actions(s, 0)
    assert not [a for a in legal if isinstance(a, (A.MoveTrick, A.MoveProps, A.MoveApprentice))]
    add_char(s, 0, "engineer")
    add_char(s, 0, "manager")
    add_char(s, 0, "assistant")
    legal = g.legal_actions(s, 0)
    assert A.MoveTrick("t01_enchanted_butterflies") in legal
    assert A.MoveProps("wood") in legal
    assert A.MoveApprentice(1) in legal
    s, _ = g.apply(s, 0, A.MoveTrick("t01_enchanted_butterflies"))
    s, _ = g.apply(s, 0, A.MoveProps("wood"))
    s, _ = g.apply(s, 0, A.MoveApprentice(1))
    p = s.players[0]
    assert p.tricks[0].eng and p.mgr == ("wood",) and p.chars[1].assist
    assert s.act.ap == 0
    from engine.games.trickerion.common import effective

    assert effective(p, "wood") == 3


def test_move_trick_swaps_with_the_engineer_board():
    g, s = workshop(ap=2)
    add_char(s, 0, "engineer")
    give_trick(s, 0, "t01_enchanted_butterflies", eng=True)
    give_trick(s, 0, "t02_rabbit_from_the_top_hat")
    s, _ = g.apply(s, 0, A.MoveTrick("t02_rabbit_from_the_top_hat"))
    assert [t.eng for t in s.players[0].tricks] == [False, True]


def test_move_components_swaps_with_the_manager_board():
    g, s = workshop(ap=2)
    add_char(s, 0, "manager")
    p = Seated(s, 0)
    p.props = {"wood": 1, "glass": 1, "rope": 1}
    p.mgr = ("glass", "rope")
    legal = [a for a in g.legal_actions(s, 0) if isinstance(a, A.MoveProps)]
    assert legal == [A.MoveProps("wood", "glass"), A.MoveProps("wood", "rope")]
    s, _ = g.apply(s, 0, A.MoveProps("wood", "glass"))
    assert sorted(s.players[0].mgr) == ["rope", "wood"]


def test_return_trick_removes_markers_everywhere():
    """Returning a trick to the Residence takes all its markers back, also from performance
    cards."""
    g, s = started(4, seed=12)
    from .helpers import to_placement

    s = to_placement(g, s, {seat: [(0, "workshop")] for seat in range(4)})
    seat = s.order[0]
    clear_tricks(s, seat)
    t = give_trick(s, seat, "t02_rabbit_from_the_top_hat", markers=1)
    set_row(g, s, ["pf01", "pf02", "pf03"])
    put_marker(g, s, seat, t.id, 1, 0, "down")
    s, _ = g.apply(s, seat, A.ReturnTrick(t.id))
    from engine.games.trickerion.common import residence

    assert s.players[seat].tricks == () and "t02_rabbit_from_the_top_hat" in residence(g.rules, s)
    assert all(m == -1 for pc in s.row for m in pc.m)
