"""Building Successor scenarios on a two-player Trickerion state, and running its steps.

The base engine's solo hooks (docs/solo.md part 4) are not there yet, so scenarios are built on
a base ``State`` directly: the human is seat 0 with a magician and nothing placed, the Successor
is seat 1 set up by ``solo.setup.setup_successor`` with picks drawn as the setup's chance step; the tests then shape what the example needs.
"""

from __future__ import annotations

from engine.core.tuples import change_at
from engine.games.trickerion.catalog import BOARD_SLOTS, SLOT_THEATER
from engine.games.trickerion.common import change_char
from engine.games.trickerion.solo import automaton as AU
from engine.games.trickerion.solo import draws
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo import setup as SU
from engine.games.trickerion.solo.game import TrickerionSolo
from engine.games.trickerion.state import Char, PerfCard, Trick

from ..helpers import set_slot

HUMAN, SUCC = 0, 1


def make(
    difficulty: str = "low",
    seed: int = 1,
    human_school: str = "optical",
    magician: str | None = None,
    **adjust,
):
    """A fresh state in the Place Characters phase of round 1, nothing assigned yet."""
    g = TrickerionSolo(2, {"difficulty": difficulty})
    s = g.initial_state(seed)
    s.pending = []
    magician_id = next(m.id for m in g.cat.magicians.values() if m.school == human_school)
    change_at(s.players, HUMAN, magician=magician_id, school=human_school)
    ev: list = []
    # The setup's chance step as the engine draws it (its picks from the state's RNG).
    picks = SU.draw_picks(g.cat, s, difficulty, True, s.rng)
    solo = SU.setup_successor(g.cat, s, difficulty, picks, s.plans, ev, **adjust)
    s.plans = []
    if magician:
        change_at(s.players, SUCC, magician=magician, school=g.cat.magicians[magician].school)
    s.phase = "place"
    s.dice = ("x",) * 6
    return g, s, solo


def set_tricks(g, s, seat: int, tricks: list[tuple[str, int]]) -> None:
    """Give ``seat`` these tricks (id, markers on the card), in board order."""
    change_at(
        s.players, seat, tricks=tuple(Trick(t, sym, markers=n) for sym, (t, n) in enumerate(tricks))
    )


def assign(s, seat: int, cards: dict[int, str]) -> None:
    """Assignment cards under characters (character index -> card)."""
    for i, card in cards.items():
        while len(s.players[seat].chars) <= i:
            change_at(s.players, seat, chars=(*s.players[seat].chars, Char("apprentice")))
        change_char(s, seat, i, card=card, shown=True)


def occupy(s, loc: str, slot: int, seat: int = HUMAN, char: int = 9) -> None:
    set_slot(s, (SLOT_THEATER if loc == "theater" else BOARD_SLOTS[loc]) + slot, seat * 16 + char)


def set_row(g, s, *cards: str) -> list[PerfCard]:
    s.row = tuple(R.new_perf_card(g.cat, c) for c in cards)
    return s.row


def marker(g, s, seat: int, trick: str) -> int:
    p = s.players[seat]
    t = next(t for t in p.tricks if t.id == trick)
    return seat * 4 + t.sym


def run_turn(g, s, solo, limit: int = 40) -> list[tuple[str, object, list]]:
    """Apply Successor steps until its turn is over: [(step id, step, events)]; a step that
    stops at its draw is finished by its chance step (the engine's own outcome, from the
    seed), whose events are the step's."""
    out = []
    for _ in range(limit):
        st = AU.next_action(g.cat, s, solo)
        if st is None:
            break
        ev: list = []
        done = AU.apply_step(g.cat, s, solo, st, ev)
        if solo.draw is not None:
            draws.finish(g.cat, s, solo, draws.chance_action(g.cat, s, solo), ev)
        out.append((st.step, st, ev))
        if done:
            break
    return out


def steps(log) -> list[str]:
    return [x[0] for x in log]


def events(log, what: str) -> list[dict]:
    return [e.params for _, _, ev in log for e in ev if e.code.endswith(what)]
