"""Stargazing: seed «Гадание по звездам (2 часа)». Cells are found from the pack's geometry, so
the tests hold for any replacement layout."""

from __future__ import annotations

from engine.games.oracle import actions as A
from engine.games.oracle.state import PendingLines

from .helpers import L, R, act, codes, refused, started

BONE_WITH_DIE = (L, R, R, L, R)  # d4_a and bone together on the left


def sides(geo, cell):
    r, c = geo.cell_rc(cell)
    return [
        A.DrawLine(r, c, "h"),
        A.DrawLine(r + 1, c, "h"),
        A.DrawLine(r, c, "v"),
        A.DrawLine(r, c + 1, "v"),
    ]


def outline(geo, cells):
    """Lines around a set of cells (not already printed)."""
    inside = set(cells)
    out = []
    for cell in cells:
        for e in geo.cell_edges[cell]:
            a, b = geo.sides[e]
            if (a in inside) != (b in inside) and e not in geo.cross:
                out.append(A.DrawLine(*geo.edge_key(e)))
    return list(dict.fromkeys(out))


def touches_cross(geo, cells):
    return any(e in geo.cross for c in cells for e in geo.cell_edges[c])


def with_lines(n=40):
    g, s = started(halves=BONE_WITH_DIE, dice=(3, 1))
    s.pending.append(PendingLines(remaining=n, source="stargazing"))
    return g, s


def pair(geo, same: bool):
    for cell in range(geo.n_cells):
        r, c = geo.cell_rc(cell)
        if c + 1 < geo.cols:
            other = cell + 1
            if (
                (geo.colour[cell] == geo.colour[other]) == same
                and geo.colour[cell]
                and geo.colour[other]
                and not touches_cross(geo, (cell, other))
            ):
                return cell, other
    raise AssertionError("layout has no such pair")


def test_needs_the_bone_with_a_die_and_draws_that_many_lines():
    """«нужно, чтобы кость и хотя бы 1 кубик лежали в одной половине»; lines = the die."""
    g, s = started(halves=BONE_WITH_DIE, dice=(3, 1))
    assert A.Stargazing() in g.legal_actions(s, 0)
    s2, ev = act(g, s, A.Stargazing())
    assert s2.pending[-1] == PendingLines(remaining=3, source="stargazing")
    assert ev[0].params == {"action": "stargazing", "hours": 2}
    g, s = started(halves=(L, L, R, R, L), dice=(3, 1))  # bone with the coin only
    assert refused(g, s, A.Stargazing()) == "oracle.stargazing.bone_needs_die"


def test_both_dice_with_the_bone_use_the_larger():
    """«Если оба кубика находятся в одной половине с костью, используйте больший результат»."""
    g, s = started(halves=(L, L, R, L, R), dice=(2, 4))
    s, _ = act(g, s, A.Stargazing())
    assert s.pending[-1].remaining == 4


def test_lines_join_orthogonally_adjacent_dots_once():
    """«Каждая линия должна соединять 2 соседние точки по вертикали или по горизонтали»."""
    g, s = with_lines()
    geo = g.rules.geo
    assert refused(g, s, A.DrawLine(0, geo.cols, "h")) == "oracle.stargazing.not_adjacent_dots"
    assert refused(g, s, A.DrawLine(geo.rows, 0, "v")) == "oracle.stargazing.not_adjacent_dots"
    s, _ = act(g, s, A.DrawLine(0, 0, "h"))
    assert refused(g, s, A.DrawLine(0, 0, "h")) == "oracle.stargazing.line_exists"
    cross = next(iter(geo.cross))
    assert refused(g, s, A.DrawLine(*geo.edge_key(cross))) == "oracle.stargazing.line_exists"
    lines = [a for a in g.legal_actions(s, 0) if isinstance(a, A.DrawLine)]
    assert len(lines) == geo.n_edges - len(geo.cross) - 1


def test_enclosing_a_one_by_one_area_gives_a_talisman_of_its_colour():
    """«Когда вы обводите область размером 1×1, … талисман … соответствующего цвета»."""
    g, s = with_lines()
    geo = g.rules.geo
    cell = next(c for c in range(geo.n_cells) if geo.colour[c] and not touches_cross(geo, (c,)))
    s, ev = act(g, s, *sides(geo, cell))
    colour = geo.colour[cell]
    assert "oracle.stargazing.enclosed" in codes(ev)
    assert s.made.talisman[colour] == 1 and s.stall.talisman[colour] == 1
    assert s.regions[0].cells == [cell] and s.regions[0].kind == "talisman"
    assert s.corruption == 0
    # the filled area cannot be drawn through again
    assert refused(g, s, sides(geo, cell)[0]) == "oracle.stargazing.line_exists"


def test_enclosing_a_single_colour_two_by_one_area_gives_a_tome():
    """«Когда вы обводите область 2×1, … фолиант»."""
    g, s = with_lines()
    geo = g.rules.geo
    a, b = pair(geo, same=True)
    s, ev = act(g, s, *outline(geo, (a, b)))
    assert s.made.tome[geo.colour[a]] == 1
    assert s.regions == [s.regions[0]] and s.regions[0].kind == "tome"
    # the line between the two cells lies inside a filled area
    between = next(e for e in geo.cell_edges[a] if set(geo.sides[e]) == {a, b})
    assert (
        refused(g, s, A.DrawLine(*geo.edge_key(between))) == "oracle.stargazing.inside_filled_area"
    )


def test_other_areas_pay_nothing_until_split():
    """«Вы не получаете товары за … область 2×1, содержащую 2 разных цвета. Но позже вы сможете
    разделить неподходящую область»."""
    g, s = with_lines()
    geo = g.rules.geo
    a, b = pair(geo, same=False)
    s, ev = act(g, s, *outline(geo, (a, b)))
    assert "oracle.stargazing.unfit_area" in codes(ev)
    assert s.regions[0].kind == "unfit" and sum(s.made.talisman.values()) == 0
    between = next(e for e in geo.cell_edges[a] if set(geo.sides[e]) == {a, b})
    s, ev = act(g, s, A.DrawLine(*geo.edge_key(between)))
    assert codes(ev).count("oracle.stargazing.enclosed") == 2
    assert s.made.talisman[geo.colour[a]] + s.made.talisman[geo.colour[b]] == 2
    assert sorted(r.kind for r in s.regions) == ["talisman", "talisman"]


def test_a_larger_area_pays_nothing():
    g, s = with_lines()
    geo = g.rules.geo
    cells = (0, 1, geo.cols, geo.cols + 1)
    s, ev = act(g, s, *outline(geo, cells))
    assert s.regions[0].kind == "unfit" and sum(s.made.tome.values()) == 0


def test_using_the_corruption_cross_costs_a_corruption_card():
    """«Если вы использовали линии креста Порчи, вы должны взять 1 карту Порчи»."""
    g, s = with_lines()
    geo = g.rules.geo
    cell = next(c for c in range(geo.n_cells) if touches_cross(geo, (c,)))
    lines = outline(geo, (cell,))
    assert len(lines) < 4  # the cross supplies the rest
    s, ev = act(g, s, *lines)
    assert s.regions[0].cross and s.corruption == 1
    assert codes(ev).count("oracle.corruption.take") == 1


def test_every_line_the_die_shows_must_be_drawn():
    """«Нарисуйте количество линий, равное значению на кубике» (the action's summary): no
    stopping early while a line can still be drawn."""
    g, s = started(halves=BONE_WITH_DIE, dice=(3, 1))
    s, _ = act(g, s, A.Stargazing(), A.DrawLine(0, 0, "h"))
    assert s.pending[-1].remaining == 2
    assert {type(a) for a in g.legal_actions(s, 0)} == {A.DrawLine}
    s, _ = act(g, s, A.DrawLine(0, 1, "h"), A.DrawLine(0, 2, "h"))
    assert not s.pending and len(s.lines) == 3


def test_drawing_stops_early_only_when_no_line_is_left():
    """The one way to draw fewer lines than the die: none can be drawn any more."""
    g, s = with_lines(40)
    geo = g.rules.geo
    free = [A.DrawLine(*geo.edge_key(e)) for e in geo.free_lines(set(), set())]
    s.lines = [geo.edge_id(a.r, a.c, a.dir) for a in free[:-1]]
    s.regions, _ = geo.after_line([], set(s.lines))
    left = g.legal_actions(s, 0)
    assert len(left) == 1
    s, ev = act(g, s, left[0])
    assert not s.pending and "oracle.stargazing.no_free_line" in codes(ev)


def test_one_corruption_card_per_action_however_many_areas_use_the_cross():
    """«Если вы использовали линии креста Порчи, вы должны взять 1 карту Порчи» — read as one
    card for the action that used the cross (docs/oracle.md, Stargazing)."""
    g, s = started(halves=BONE_WITH_DIE, dice=(4, 1))
    geo = g.rules.geo
    crossed = [c for c in range(geo.n_cells) if sum(e in geo.cross for e in geo.cell_edges[c]) == 2]
    a, b = crossed[:2]
    lines = outline(geo, (a,)) + outline(geo, (b,))
    assert len(lines) == 4
    s, ev = act(g, s, A.Stargazing(), *lines)
    assert sum(1 for reg in s.regions if reg.cross and reg.kind == "talisman") == 2
    assert s.corruption == 1 and codes(ev).count("oracle.corruption.take") == 1
    # A later action using the cross costs its own card.
    s.acted, s.phase = False, "act"
    s, ev = act(g, s, A.Stargazing(), *outline(geo, crossed[2:3]))
    assert s.corruption == 2


def test_only_lines_are_offered_while_drawing():
    g, s = with_lines(2)
    assert refused(g, s, A.Pass()) == "oracle.pending.answer_first"
    assert {type(a) for a in g.legal_actions(s, 0)} == {A.DrawLine}
