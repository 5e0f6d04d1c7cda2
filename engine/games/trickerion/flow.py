"""Round flow ("ФАЗЫ РАУНДА"): who acts now, and the automatic steps between decisions.

Phases, in order: ``roll`` (chance: the six dice; the initiative phase from the second round)
→ ``advertise`` (simultaneous, each seat that can pay) → ``assign`` (simultaneous and hidden)
→ ``place`` (one character at a time in initiative order) → ``perform`` (Thursday to Sunday)
→ end of round (automatic) → next ``roll``, or ``over`` after the last round.

A non-empty ``State.pending`` always comes first: its head names the seat that decides.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from engine.core import chance
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import AUTOMATON, CHANCE_NODE, TERMINAL, ToAct
from engine.core.rng import Rng
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion import downtown, endround, performance, placement, setup
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import advertise_cost, change_char, hand_cards, take_card
from engine.games.trickerion.labels import char_params
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import HOME, State

SIMULTANEOUS = ("advertise", "assign")

# One seat to act is the common answer, asked several times per step: built once (frozen).
_SEAT = tuple(ToAct("players", (seat,)) for seat in range(4))
_AUTOMATON = tuple(ToAct(AUTOMATON, (seat,)) for seat in range(4))
# Moves without a changing field, listed at every advertise or assignment step (frozen).
_ADVERTISE = (A.Advertise(True), A.Advertise(False))
_END_ASSIGNMENTS = A.EndAssignments()


def to_act(r: TrickerionRules, s: State) -> ToAct:
    automaton = r.automaton
    if s.draw is not None or (automaton and r.variant_drawing(s)):
        return CHANCE_NODE  # a step stopped at its draw (the chance step finishes it)
    auto = r.automaton_seat(s) if automaton else None
    if s.pending:
        seat = s.pending[0].seat
        return _AUTOMATON[seat] if seat == auto else _SEAT[seat]
    phase = s.phase
    if phase in ("roll", "setup_initiative"):
        return CHANCE_NODE
    if phase in SIMULTANEOUS:
        waiting = tuple(i for i, p in enumerate(s.players) if not p.done)
        if auto in waiting:
            # An automaton acts once the players have (solo «ФАЗА ПОРУЧЕНИЙ»: you assign
            # first, face up; then the Successor deals its plan).
            if len(waiting) > 1:
                return ToAct("players", tuple(i for i in waiting if i != auto))
            return ToAct(AUTOMATON, (auto,))
        return ToAct("players", waiting)
    if phase == "place":
        seat = s.order[s.turn]
        return _AUTOMATON[seat] if seat == auto else _SEAT[seat]
    if phase == "over":
        return TERMINAL
    raise AssertionError(f"no one to act in phase {phase}")


def legal(r: TrickerionRules, s: State, seat: int) -> list[Any]:
    if s.draw is not None or (
        r.automaton and (seat == r.automaton_seat(s) or r.variant_drawing(s))
    ):
        return []  # an automaton's action comes from automaton_action, a draw's from chance
    if s.pending:
        pend = s.pending[0]
        if pend.seat != seat:
            return []
        return r.decisions.legal(r, s, pend)
    phase = s.phase
    if phase == "advertise":
        return list(_ADVERTISE) if not s.players[seat].done else []
    if phase == "assign":
        return assign_legal(r, s, seat)
    if phase == "place":
        if s.order[s.turn] != seat:
            return []
        return placement.legal(r, s, seat)
    return []


def apply(r: TrickerionRules, s: State, seat: int, action: Any) -> list[Event]:
    ev: list[Event] = []
    automaton = r.automaton
    if automaton and seat == r.automaton_seat(s):
        r.apply_automaton(s, seat, action, ev)
    elif automaton and r.variant_drawing(s):
        r.variant_chance_step(s, action, ev)
    elif type(action) is A.Chance:  # isinstance would call the metaclass at every step
        chance_step(r, s, action, ev)
    elif s.pending:
        pend = s.pending[0]
        r.decisions.apply(r, s, pend, action, ev)
    else:
        handler = _PHASES.get(s.phase)
        if handler is None:
            raise IllegalAction("trickerion.flow.unexpected", phase=s.phase)
        handler(r, s, seat, action, ev)
    advance(r, s, ev)
    return ev


def refusal(r: TrickerionRules, s: State, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
    """Why ``action``, not among ``legal``, is refused: a pending decision's entry words it;
    otherwise the phase's handler, run on ``s`` (the caller's private copy), names the first
    rule the action breaks."""
    if s.pending:
        return r.decisions.refusal(r, s, s.pending[0], action)
    try:
        apply(r, s, seat, action)
    except IllegalAction as exc:
        return exc.code, exc.params
    # listed nowhere yet taken by its phase's handler: the listing and the handler disagree
    raise AssertionError(f"{type(action).__name__} is not listed but its handler takes it")


def advance(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    """Run the automatic steps until someone must decide (or the game is over)."""
    automaton = r.automaton
    while not s.pending and s.draw is None and not (automaton and r.variant_drawing(s)):
        if s.phase == "advertise" and all(p.done for p in s.players):
            start_assignments(r, s, ev)
        elif s.phase == "assign" and all(p.done for p in s.players):
            reveal(r, s, ev)
        elif (
            s.phase == "place"
            and s.act is None
            and not (automaton and r.automaton_busy(s))
            and not placement.seat_has_work(s, s.order[s.turn])
        ):
            placement.next_turn(r, s, ev)
        elif s.phase == "perform":
            if not performance.advance(r, s, ev):
                endround.end_of_round(r, s, ev)
        elif s.phase == "end_round":
            endround.end_of_round(r, s, ev)
        else:
            return


# --- chance steps: dice and initiative ----------------------------------------------------------


def chance_action(r: TrickerionRules, s: State) -> Any:
    """The chance step at ``s``, its outcome drawn on a copy of the state's RNG (the step's
    apply moves the state's own on by the same draws)."""
    if r.variant_drawing(s):
        return r.variant_chance_action(s)
    if s.draw is not None:
        return A.Chance(face=chance.outcome(s.rng, partial(downtown.throw_die, r, s.draw.die)))
    if s.phase == "roll":
        return A.Chance(dice=chance.outcome(s.rng, partial(throw, r)))
    if s.phase == "setup_initiative" and r.draws_initiative:
        return A.Chance(order=chance.outcome(s.rng, partial(setup.shuffle_order, r)))
    # Only a solo game dealt the way of save format 6 or older comes here: its Successor's
    # setup draws inside this step, as those saves recorded it (solo/legacy.py). A game dealt
    # today sets the Successor up with the variant's SuccessorSetup step above.
    return A.Chance()


def chance_step(r: TrickerionRules, s: State, action: A.Chance, ev: list[Event]) -> None:
    if s.draw is not None:
        downtown.drawn(r, s, action.face, ev)
    elif s.phase == "setup_initiative":
        setup.draw_initiative(r, s, action.order, ev)
    elif s.phase == "roll":
        roll(r, s, action.dice, ev)
    else:
        raise IllegalAction("trickerion.flow.not_chance", phase=s.phase)


def throw(r: TrickerionRules, rng: Rng) -> tuple[str, ...]:
    """One face per die, drawn from ``rng`` (``chance_action`` draws from a copy of the
    state's; ``roll`` advances the state's own by the same draws)."""
    return tuple(rng.choice(faces) for faces in r.cat.die_faces)


def roll(r: TrickerionRules, s: State, dice: tuple[str, ...], ev: list[Event]) -> None:
    """Dice roll phase with the faces thrown; then the initiative phase (skipped in the first
    round played)."""
    cat: Catalog = r.cat
    if len(dice) != len(cat.die_faces) or any(
        face not in faces for face, faces in zip(dice, cat.die_faces)
    ):
        raise IllegalAction("trickerion.roll.not_the_dice", dice=list(dice))
    chance.take(s.rng, partial(throw, r))
    s.dice = tuple(dice)
    ev.append(Event("trickerion.dice_rolled", {"dice": list(dice)}))
    first_round = cat.fast.start_round if r.options.fast_game else 1
    if s.round > first_round:
        determine_initiative(s)
        ev.append(Event("trickerion.initiative", {"order": list(s.order)}))
    r.on_round_start(s, ev)
    if not r.variant_drawing(s):  # else the variant's chance step starts it, after its draw
        start_advertise(r, s, ev)


def determine_initiative(s: State) -> None:
    """Fame ascending; players tied on fame swap (reverse) their previous relative order."""
    previous = {seat: i for i, seat in enumerate(s.order)}
    s.order = tuple(sorted(s.order, key=lambda seat: (s.players[seat].fame, -previous[seat])))


def start_advertise(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    s.phase = "advertise"
    for seat, p in enumerate(s.players):
        change_at(s.players, seat, done=p.coins < advertise_cost(r, s, seat))
    r.on_advertise_start(s, ev)


def advertise(r: TrickerionRules, s: State, seat: int, action: Any, ev: list[Event]) -> None:
    p = s.players[seat]
    if type(action) is not A.Advertise or p.done:
        raise IllegalAction("trickerion.advertise.not_now", seat=seat)
    if not action.advertise:
        change_at(s.players, seat, done=True)
    else:
        cost = advertise_cost(r, s, seat)
        fame = p.fame + r.cat.advertise.fame
        change_at(s.players, seat, done=True, coins=p.coins - cost, poster=True, fame=fame)
        ev.append(
            Event(
                "trickerion.advertised", {"seat": seat, "coins": cost, "fame": r.cat.advertise.fame}
            )
        )


# --- assignments --------------------------------------------------------------------------------


def start_assignments(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    s.phase = "assign"
    for seat in range(len(s.players)):
        change_at(s.players, seat, done=False)
    ev.append(Event("trickerion.assignment_phase", {"round": s.round}))


def assign_legal(r: TrickerionRules, s: State, seat: int) -> list[Any]:
    p = s.players[seat]
    if p.done:
        return []
    cards = tuple(hand_cards(p))
    out: list[Any] = []
    for i, c in enumerate(p.chars):
        if c.card == "" and c.slot == HOME:
            row = _ASSIGNS.get((i, cards))
            if row is None:
                if len(_ASSIGNS) >= ASSIGN_ROWS:
                    _ASSIGNS.clear()
                row = _ASSIGNS[i, cards] = tuple(A.Assign(i, card) for card in cards)
            out += row
    out.append(_END_ASSIGNMENTS)
    return out


# A character's Assign moves by the cards in hand: the same rows listed again at each of a
# round's assignment steps (about a hundred a random 4-player game), made once each; at
# most ASSIGN_ROWS kept before starting afresh.
ASSIGN_ROWS = 4096
_ASSIGNS: dict[tuple[int, tuple[str, ...]], tuple[Any, ...]] = {}


def assign(r: TrickerionRules, s: State, seat: int, action: Any, ev: list[Event]) -> None:
    p = s.players[seat]
    if p.done:
        raise IllegalAction("trickerion.assign.done", seat=seat)
    if type(action) is A.EndAssignments:
        change_at(s.players, seat, done=True)
        ev.append(Event("trickerion.assignments_done", {"seat": seat}))
        return
    if type(action) is not A.Assign:
        raise IllegalAction("trickerion.assign.not_now", seat=seat)
    if not 0 <= action.character < len(p.chars) or p.chars[action.character].card:
        raise IllegalAction("trickerion.assign.bad_character", character=action.character)
    if action.card not in hand_cards(p):
        raise IllegalAction("trickerion.assign.not_in_hand", card=action.card)
    take_card(s, seat, action.card)
    change_char(s, seat, action.character, card=action.card)
    p = s.players[seat]
    if r.assignments_face_up(s):
        change_char(s, seat, action.character, shown=True)
        p = s.players[seat]
        ev.append(
            Event(
                "trickerion.assigned",
                {"seat": seat, "character": action.character, "card": action.card}
                | char_params(p, action.character),
            )
        )
        return
    named = char_params(p, action.character)
    ev.append(
        Event(
            "trickerion.assigned",
            {"seat": seat, "character": action.character, "card": action.card, **named},
            to=seat,
        )
    )
    # the others' side of the same event: the assigning seat reads only its own line
    ev.append(
        Event(
            "trickerion.assigned_face_down",
            {"seat": seat, "character": action.character, **named},
            but=seat,
        )
    )


def reveal(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    """All assignments are in: flip them (Place Characters phase begins)."""
    hidden = r.active_effect(s) == "hidden_assignments"
    shown = []
    for seat, p in enumerate(s.players):
        for i, c in enumerate(p.chars):
            if not c.card:
                change_char(s, seat, i, idle=True)
            elif not hidden:
                change_char(s, seat, i, shown=True)
                shown.append({"seat": seat, "character": i, "card": c.card})
    ev.append(Event("trickerion.assignments_revealed", {"cards": shown}, reveal=True))
    s.phase = "place"
    s.turn = len(s.order) - 1
    s.act = None
    placement.next_turn(r, s, ev)


# A player's action outside a pending decision, by phase: (rules, state, seat, action, events).
_PHASES: dict[str, Callable[[TrickerionRules, State, int, Any, list[Event]], None]] = {
    "advertise": advertise,
    "assign": assign,
    "place": placement.apply,
}
