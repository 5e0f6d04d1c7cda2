"""The Successor's turn, step by step: what it does next (:func:`next_action`, reads only) and
doing it (:func:`apply_step`, changes the state copy the core hands to ``apply``).

Assignment phase (after yours): ``assign.1``/``assign.2`` draw the plan and settle the mood
(``mood.1``), then ``assign.3``–``assign.6`` deal its cards. Place Characters: a placement
(``order.*``/``contested``), then the location's list until its ``end`` step. Every step is one
:class:`SuccessorStep`; :func:`apply_step` returns True when the Successor's placement turn (or
its assignment phase) is over, so the base flow can pass the turn on.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.tuples import change_at, put
from engine.games.trickerion.catalog import SLOT_THEATER, Catalog
from engine.games.trickerion.common import change_char, gain, take_card
from engine.games.trickerion.labels import char_params
from engine.games.trickerion.placement import board_index
from engine.games.trickerion.solo import alley, choose, downtown, market, theater
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.state import SoloState, SoloTurn
from engine.games.trickerion.state import State

LISTS = {"downtown": downtown, "market_row": market, "dark_alley": alley, "theater": theater}
# The steps that draw at random: each stops at its draw (``solo/draws.py``).
DRAWS = ("reroll", "learn", "order", "flip")
LOCATION_DO = {
    "downtown": ("reroll", "learn", "hire", "bank"),
    "market_row": ("unlist", "order"),
    "dark_alley": ("flip", "draw"),
    "theater": ("set_up",),
}


# --- assignment phase ("ФАЗА ПОРУЧЕНИЙ") -----------------------------------------------------------


def next_assignment(cat: Catalog, s: State, solo: SoloState) -> SuccessorStep:
    """``plan`` first, then ``assign`` (one step deals every card)."""
    if not _planned(s, solo):
        return SuccessorStep(step="assign.2", do="plan")
    return SuccessorStep(step="assign.3", do="assign")


def _planned(s: State, solo: SoloState) -> bool:
    """This round's plan is drawn (the plan discard pile holds one card per earlier round)."""
    return bool(solo.plan) and len(solo.plan_discard) == s.round - 1


def apply_plan(cat: Catalog, s: State, solo: SoloState, ev: list[Event]) -> None:
    """``assign.1`` discard last round's plan; ``assign.2`` draw the next; ``mood.1``."""
    if solo.plan:
        solo.plan_discard.append(solo.plan)
        R.emit(ev, "plan_discarded", "assign.1", plan=solo.plan)
    solo.plan = solo.plan_deck.pop(0)
    kind = R.table_packs(cat).plan(solo.plan).kind
    R.emit(
        ev,
        "plan_drawn",
        "assign.2",
        plan=solo.plan,
        kind=kind,
        plan_slot="upper" if kind == "performance" else "lower",
    )
    solo.mood = R.mood(cat, s, solo)
    R.emit(
        ev, "mood", "mood.1", mood=solo.mood, plan_slot="upper" if solo.mood == "ready" else "lower"
    )


def deal(cat: Catalog, s: State, solo: SoloState) -> list[tuple[str, int, str]]:
    """(step, character, card) for every entry of the plan, in order; character -1 for a
    skipped entry (``assign.5``) or one beyond its characters (``assign.6``)."""
    p = s.players[solo.seat]
    slots = R.packs().board.side(solo.academy).character_slots
    chars = list(range(min(len(p.chars), slots)))
    hand = dict(p.hand)
    specials = list(p.specials)
    out: list[tuple[str, int, str]] = []
    for entry in R.table_packs(cat).plan(solo.plan).entries:
        if not chars:
            out.append(("assign.6", -1, entry.location))
            continue
        if entry.special:
            card = next((c for c in specials if cat.specials[c].location == entry.location), "")
            if not card:
                out.append(("assign.5", -1, entry.location))
                continue
            specials.remove(card)
            out.append(("assign.4", chars.pop(0), card))
        elif hand.get(entry.location, 0) > 0:
            hand[entry.location] -= 1
            out.append(("assign.3", chars.pop(0), entry.location))
        else:
            out.append(("assign.none", -1, entry.location))
    return out


def apply_deal(cat: Catalog, s: State, solo: SoloState, ev: list[Event]) -> None:
    seat = solo.seat
    for step, char, card in deal(cat, s, solo):
        if char < 0:
            R.emit(ev, "entry_skipped", step, location=card)
            continue
        take_card(s, seat, card)
        change_char(s, seat, char, card=card, shown=True)
        R.emit(ev, "assigned", step, char=char, card=card, **char_params(s.players[seat], char))
    change_at(s.players, seat, done=True)


# --- Place Characters ---------------------------------------------------------------------------


def next_action(cat: Catalog, s: State, solo: SoloState) -> SuccessorStep | None:
    """Its next step in the Place Characters phase; None when it has nothing left to place."""
    if solo.turn is None:
        return choose.next_placement(cat, s, solo)
    step: SuccessorStep | None = LISTS[solo.turn.loc].next_step(cat, s, solo)
    return step


def placement_ap(
    cat: Catalog, s: State, solo: SoloState, char: int, loc: str, index: int
) -> tuple[int, list[str]]:
    """AP of a placed character (``ap.1``–``ap.5``, before ``ap.6``) and the steps that added."""
    p = s.players[solo.seat]
    c = p.chars[char]
    notes = ["ap.1"]
    ap = cat.base_ap[c.kind]
    if loc == "theater":
        notes.append("ap.3")
    elif loc != "workshop":
        ap += cat.slot_mod[index]
    if c.card in cat.specials:
        ap += R.packs().board.placement.special_assignment_ap
        notes.append("ap.5")
    effect = R.ability(s, solo)
    if effect == "first_apprentice_ap" and c.kind == "apprentice" and solo.apprentices_placed == 0:
        ap += R.packs().ability("m04_mechaniker").ap
        notes.append("ability.first_apprentice_ap")
    if effect == "specialist_ap_per_your_special" and c.kind in R.SPECIALISTS:
        human = s.players[choose.human_seat(s, solo)]
        x = sum(1 for h in human.chars if h.card in cat.specials)
        if solo.specialists_placed < x:
            ap += R.packs().ability("m02_great_optico").ap
            notes.append("ability.specialist_ap_per_your_special")
    return ap, notes


def apply_place(
    cat: Catalog, s: State, solo: SoloState, st: SuccessorStep, ev: list[Event]
) -> bool:
    seat = solo.seat
    index = board_index(seat, st.location, st.slot)
    s.slots = put(s.slots, index, seat * 16 + st.char)
    c = change_char(s, seat, st.char, slot=index, shown=True)
    R.emit(
        ev,
        "placed",
        st.step,
        char=st.char,
        kind=c.kind,
        location=st.location,
        slot=st.slot,
        rank=st.n,
        mood=solo.mood,
    )
    if st.location == "theater" and (index - SLOT_THEATER) % 3 == 2:
        R.emit(ev, "on_stage", "theater.1", day=(index - SLOT_THEATER) // 3)
        return True
    ap, notes = placement_ap(cat, s, solo, st.char, st.location, index)
    if c.kind == "apprentice":
        solo.apprentices_placed += 1
    elif c.kind in R.SPECIALISTS:
        solo.specialists_placed += 1
    rules = R.packs().board.placement
    if ap > rules.max_ap:
        gain(cat, s, seat, ev, "solo_six_ap", fame=rules.fame_when_over_max)
        notes.append("ap.6")
        ap = rules.max_ap
    R.emit(ev, "action_points", notes[-1], ap=ap, steps=notes)
    if (
        c.kind == "magician"
        and R.ability(s, solo) == "magician_fame_per_trick"
        and st.location in R.packs().ability("m06_gentleman").locations
    ):
        gain(cat, s, seat, ev, "solo_gentleman", fame=len(s.players[seat].tricks))
    if st.location == "workshop":
        R.emit(ev, "workshop", "workshop.1")
        return True
    turn = SoloTurn(char=st.char, loc=st.location, ap=ap)
    tables = R.tables(cat)
    if st.location == "downtown":
        turn.step, turn.left, count_step = 0, downtown.dice_count(cat, solo, ap), "downtown.0"
    elif st.location == "market_row":
        turn.left, count_step = ap, "market.3c"
    elif st.location == "dark_alley":
        turn.left, count_step = alley.card_count(cat, solo, ap), "alley.2"
    else:
        turn.left, count_step = tables.theater_markers.count(solo.difficulty, ap), "theater.2"
    solo.turn = turn
    R.emit(ev, "count", count_step, n=turn.left)
    return False


def apply_step(cat: Catalog, s: State, solo: SoloState, st: SuccessorStep, ev: list[Event]) -> bool:
    """Apply one Successor step; True when its turn (placement or assignments) is over."""
    if st.do == "plan":
        apply_plan(cat, s, solo, ev)
        return False
    if st.do == "assign":
        apply_deal(cat, s, solo, ev)
        return True
    over = _apply_placement_step(cat, s, solo, st, ev)
    if solo.draw is not None:
        return over  # stopped at its draw: the chance step finishes it (``solo/draws.py``)
    # mood.2: fame gained by any step (the 6-AP bonus, an ability, a link order, a trick)
    # may cross 16 or 36; the mood is settled before its next placement is chosen.
    R.update_mood(cat, s, solo, ev)
    return over


def _apply_placement_step(
    cat: Catalog, s: State, solo: SoloState, st: SuccessorStep, ev: list[Event]
) -> bool:
    if st.do == "place":
        return apply_place(cat, s, solo, st, ev)
    if st.do == "idle":
        change_char(s, solo.seat, st.char, idle=True)
        named = char_params(s.players[solo.seat], st.char)
        R.emit(ev, "idle", st.step, char=st.char, location=st.location, **named)
        return True
    turn = solo.turn
    if turn is None:  # every other step comes within a placement turn
        raise IllegalAction("trickerion.solo.step_out_of_turn", step=st.step, do=st.do)
    if st.do == "end":
        R.emit(ev, "turn_end", st.step, location=turn.loc, done=st.n)
        solo.turn = None
        return True
    if st.do == "favour":
        gain(cat, s, solo.seat, ev, "solo_link_order", fame=st.n)
        R.emit(ev, "favour", st.step, fame=st.n)
        turn.step = 2
        return False
    if st.do not in LOCATION_DO.get(turn.loc, ()):
        raise IllegalAction("trickerion.solo.step_out_of_turn", step=st.step, do=st.do)
    if st.do in DRAWS:
        solo.draw = st  # the chance step that follows carries what it draws
        return False
    loc = turn.loc
    if loc == "downtown":
        downtown.apply(cat, s, solo, st, ev)
    elif loc == "market_row":
        market.apply(cat, s, solo, st, ev)
    elif loc == "dark_alley":
        alley.apply(cat, s, solo, st, ev)
    elif loc == "theater":
        theater.apply_set_up(cat, s, solo, st, ev)
    return False
