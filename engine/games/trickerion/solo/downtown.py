"""The Successor at Downtown (the list opening «Когда преемник выставляет персонажа в центр»).

``downtown.0``: the dice it uses, by AP and difficulty (the Downtown table, provisional).
``downtown.reroll``: short of usable dice, one X die is rerolled (Residence → specialist → bank
→ apprentice). Then steps 1–6, each at most once, in order, until the dice are used:
learn, specialist, apprentice, bank (both dice), bank (one die), apprentice again.

Dice (``State.dice``): 0–1 Residence, 2 the specialist die, 3 the apprentice die, 4–5 bank.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import change_at, put, without
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import free_symbol, remove_markers_everywhere
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.state import SoloState, placing
from engine.games.trickerion.state import State, Trick

X = "x"
RESIDENCE = (0, 1)
SPECIALIST_DIE = 2
APPRENTICE_DIE = 3
BANK = (4, 5)
REROLL_ORDER = (0, 1, SPECIALIST_DIE, 4, 5, APPRENTICE_DIE)


def dice_count(cat: Catalog, solo: SoloState, ap: int) -> int:
    """``downtown.0``."""
    return R.tables(cat).downtown_dice.count(solo.difficulty, ap)


def usable(s: State, die: int) -> bool:
    return s.dice[die] != X


def candidates(cat: Catalog, s: State, solo: SoloState, die: int) -> list[str]:
    """Residence tricks step 1 may draw with ``die``: the highest open level, the die's school
    (its magician's on "?"), not a level-1 trick needing a single basic prop type."""
    p = s.players[solo.seat]
    face = s.dice[die]
    return pool(cat, s, p.school if face == "any" else face, R.highest_level(p.fame))


def pool(cat: Catalog, s: State, school: str, level: int) -> list[str]:
    return [
        t
        for t in R.residence(cat, s)
        if cat.trick_level[t] == level
        and cat.trick_school[t] == school
        and not single_basic(cat, t)
    ]


def single_basic(cat: Catalog, trick_id: str) -> bool:
    comps = cat.tricks[trick_id].components
    return (
        cat.trick_level[trick_id] == 1
        and len(comps) == 1
        and cat.prop_tier[next(iter(comps))] == "basic"
    )


def wants_trick(cat: Catalog, s: State, solo: SoloState) -> bool:
    p = s.players[solo.seat]
    level = R.highest_level(p.fame)
    return R.tricks_of_level(cat, p, level) < 2 or p.fame >= 36


def _step(cat: Catalog, s: State, solo: SoloState, k: int) -> SuccessorStep | None:
    """Step ``k`` of the list if it applies now, else None."""
    p = s.players[solo.seat]
    if k == 1 and wants_trick(cat, s, solo):
        dice = [d for d in RESIDENCE if usable(s, d) and candidates(cat, s, solo, d)]
        if dice:
            die = dice[0]
            face = s.dice[die]
            return SuccessorStep(
                step="downtown.1",
                do="learn",
                die=die,
                school=p.school if face == "any" else face,
                level=R.highest_level(p.fame),
            )
    if k == 2:
        face = s.dice[SPECIALIST_DIE]
        if face in R.SPECIALISTS and not R.has_kind(p, face):
            return SuccessorStep(step="downtown.2", do="hire", die=SPECIALIST_DIE, trick=face)
    limit = R.packs().board.side(solo.academy).character_slots
    if (
        k == 3
        and usable(s, APPRENTICE_DIE)
        and R.apprentice_count(p) < 4
        and R.character_count(p) <= limit
    ):
        return SuccessorStep(step="downtown.3", do="hire", die=APPRENTICE_DIE, trick="apprentice")
    if k == 4 and all(usable(s, d) for d in BANK):
        die = max(BANK, key=lambda d: (int(s.dice[d]), -d))
        return SuccessorStep(step="downtown.4", do="bank", die=die, n=int(s.dice[die]))
    if k == 5:
        dice = [d for d in BANK if usable(s, d)]
        if len(dice) == 1:
            return SuccessorStep(step="downtown.5", do="bank", die=dice[0], n=int(s.dice[dice[0]]))
    if k == 6 and usable(s, APPRENTICE_DIE) and R.apprentice_count(p) < 4:
        return SuccessorStep(step="downtown.6", do="hire", die=APPRENTICE_DIE, trick="apprentice")
    return None


def next_step(cat: Catalog, s: State, solo: SoloState) -> SuccessorStep:
    """The next step of the list that applies (nothing is changed here)."""
    turn = placing(solo)
    k = turn.step
    if k == 0:  # downtown.reroll, considered once, before the list
        short = turn.left - sum(1 for d in range(6) if usable(s, d))
        dead = [d for d in REROLL_ORDER if not usable(s, d)]
        if short > 0 and dead:
            return SuccessorStep(step="downtown.reroll", do="reroll", die=dead[0], n=short)
        k = 1
    while turn.left > 0 and k <= 6:
        st = _step(cat, s, solo, k)
        if st is not None:
            return st
        k += 1
    return SuccessorStep(step="downtown.end", do="end", n=turn.done)


def throw(cat: Catalog, die: int, rng: Rng) -> str:
    """``downtown.reroll``'s face of ``die``."""
    return rng.choice(cat.die_faces[die])


def draw_trick(cat: Catalog, s: State, st: SuccessorStep, rng: Rng) -> str:
    """``downtown.1``'s random candidate."""
    return rng.choice(pool(cat, s, st.school, st.level))


def apply(
    cat: Catalog, s: State, solo: SoloState, st: SuccessorStep, ev: list[Event], drawn: str = ""
) -> None:
    """``st``; a ``reroll`` or ``learn`` with what its chance step ``drawn`` (the face,
    :func:`throw`, or the trick, :func:`draw_trick`)."""
    turn = placing(solo)
    p = s.players[solo.seat]
    if st.do == "reroll":
        s.dice = put(s.dice, st.die, drawn)
        R.emit(ev, "reroll", st.step, die=st.die, face=s.dice[st.die])
        turn.step = 1
        return
    s.dice = put(s.dice, st.die, X)
    turn.left -= 1
    turn.done += 1
    turn.step = int(st.step.split(".")[1]) + 1  # never back to the top
    if st.do == "learn":
        learn(cat, s, solo, st, drawn, ev)
    elif st.do == "hire":
        change_at(s.players, solo.seat, hired=(*p.hired, st.trick))
        R.emit(ev, "hired", st.step, die=st.die, kind=st.trick)
    elif st.do == "bank":
        change_at(s.players, solo.seat, coins=p.coins + st.n)
        R.emit(ev, "bank", st.step, die=st.die, coins=st.n)


def learn(
    cat: Catalog, s: State, solo: SoloState, st: SuccessorStep, trick_id: str, ev: list[Event]
) -> Trick:
    """``downtown.1``: ``trick_id`` the random candidate drawn (:func:`draw_trick`); the
    rightmost trick returns if the board is full; yields decrease left to right; prepared at
    once; its props onto the shopping list."""
    seat = solo.seat
    p = s.players[seat]
    if len(p.tricks) >= R.packs().board.trick_slots.count:
        old = p.tricks[-1]
        remove_markers_everywhere(s, seat * 4 + old.sym)
        p = change_at(s.players, seat, tricks=without(p.tricks, old))
        R.emit(ev, "returned", st.step, trick=old.id)
    t = Trick(trick_id, free_symbol(p), markers=R.printed_markers(cat, s, solo, trick_id))
    key = cat.trick_yield[trick_id]
    at = next((i for i, old in enumerate(p.tricks) if cat.trick_yield[old.id] < key), len(p.tricks))
    change_at(s.players, seat, tricks=(*p.tricks[:at], t, *p.tricks[at:]))
    added = [prop for prop in cat.tricks[trick_id].components if prop not in solo.shopping]
    solo.shopping.extend(added)
    R.emit(
        ev,
        "learned",
        st.step,
        trick=trick_id,
        die=st.die,
        slot=at,
        markers=t.markers,
        shopping=added,
    )
    R.update_mood(cat, s, solo, ev)
    return t
