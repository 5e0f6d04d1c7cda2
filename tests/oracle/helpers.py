"""Shared helpers for the Oracle tests: games, forced throws, invariants."""

from __future__ import annotations

from engine.core import CHANCE, IllegalAction
from engine.core.copier import copy_state
from engine.games.oracle import actions as A
from engine.games.oracle import horoscope as H
from engine.games.oracle.game import OracleGame

L, R = 0, 1  # bowl halves


def game(mode: str = "practice") -> OracleGame:
    return OracleGame(1, {"mode": mode})


def throw(halves, dice, coin="tree") -> A.EnterRoll:
    """halves in RUNES order: d4_a, d4_b, coin, bone, doll."""
    return A.EnterRoll(tuple(halves), tuple(dice), coin)


def force(g, s, action, seat: int = CHANCE):
    """Play a chance outcome as given (a scenario's throw or draw). ``Game.apply`` refuses any
    chance step but the engine's own outside companion mode, so tests set scenarios up through
    the rules directly, on a copy as apply does."""
    new = copy_state(s)
    return new, g._apply(new, seat, action)


def started(
    mode: str = "practice", halves=(L, R, R, L, L), dice=(2, 3), coin="tree", draws=("grey", "grey")
):
    """A game at its first turn with a forced setup throw (and forced day-start draws)."""
    g = game(mode)
    s = g.initial_state(7)
    if mode == "practice":
        s, _ = force(g, s, A.AdventurerDrawn(tuple(draws)))
        s, _ = force(g, s, throw(halves, dice, coin))
    else:
        s, _ = g.apply(s, 0, throw(halves, dice, coin))
    assert s.phase == "act" and not s.pending
    return g, s


def act(g, s, *actions):
    """Apply player actions in order; returns (state, all events)."""
    events = []
    for a in actions:
        s, ev = g.apply(s, 0, a)
        events += ev
    return s, events


def codes(events) -> list[str]:
    return [e.code for e in events]


def refused(g, s, action, seat: int = 0) -> str:
    """The code an illegal action raises; checks the state is untouched."""
    before = g.codec.state_hash(s)
    try:
        g.apply(s, seat, action)
    except IllegalAction as exc:
        assert g.codec.state_hash(s) == before
        return exc.code
    raise AssertionError(f"{action} was accepted")


def check_invariants(g: OracleGame, s) -> None:
    r = g.rules
    geo = r.geo
    # stargazing: every line on the grid, drawn once, never over the printed cross
    assert len(set(s.lines)) == len(s.lines)
    assert all(0 <= e < geo.n_edges and e not in geo.cross for e in s.lines)
    seen: set[int] = set()
    for reg in s.regions:
        assert reg.cells and all(0 <= c < geo.n_cells for c in reg.cells)
        assert not seen & set(reg.cells)
        seen |= set(reg.cells)
        assert reg.kind in ("talisman", "tome", "unfit")
    # circles never negative, never more than printed
    for kind, c in s.circles.items():
        assert 0 <= c.crossed <= c.filled <= r.circle_count[kind]
    # predictions inside the customer-symbol row, laid end to end
    start = 0
    for p in s.predictions:
        assert p.start == start and 1 <= p.size <= 4 and 0 <= p.crossed <= p.size
        start += p.size
    assert start == s.symbols_used <= r.sheet.prediction.symbols
    # horoscope rows are valid sequences inside their cells
    for row in r.rows:
        assert H.valid_row(s.horoscope[row.id], row.order, len(row.cells)), s.horoscope
    for gid, marks in s.guilds.items():
        assert len(marks) <= r.guild_symbols[gid] and set(marks) <= {"x", "market"}
    assert len(s.staff) == len(r.sheet.staff)
    assert s.corruption >= 0 and s.corruption_taken >= s.corruption
    assert all(1 <= v <= 4 for v in s.bowl.dice) and set(s.bowl.halves) <= {0, 1}
    for size in ("talisman", "tome"):
        stall, made = getattr(s.stall, size), getattr(s.made, size)
        for colour in r.colours:
            assert 0 <= stall[colour] <= made[colour]
            if r.practice_mode:
                assert stall[colour] <= getattr(r.sheet.goods_stock, size)
    if r.practice_mode:
        assert 0 <= s.hours_today <= r.practice.hours_per_day
        assert 1 <= s.day <= r.practice.days
        assert all(n >= 0 for n in s.bag.values())


def action_hours(g: OracleGame, action) -> int:
    """Hours a turn action costs by the packs (0 for everything else)."""
    if isinstance(action, A.Pass):
        return g.rules.hours("pass")
    name = A.SHEET_ACTIONS.get(type(action))
    return g.rules.hours(name) if name else 0
