"""Round flow ("ФАЗЫ РАУНДА"): who acts now, and the automatic steps between decisions.

Phases, in order: ``roll`` (chance: the six dice; the initiative phase from the second round)
→ ``advertise`` (simultaneous, each seat that can pay) → ``assign`` (simultaneous and hidden)
→ ``place`` (one character at a time in initiative order) → ``perform`` (Thursday to Sunday)
→ end of round (automatic) → next ``roll``, or ``over`` after the last round.

A non-empty ``State.pending`` always comes first: its head names the seat that decides.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import AUTOMATON, CHANCE_NODE, TERMINAL, ToAct
from engine.games.trickerion import actions as A
from engine.games.trickerion import decisions, endround, performance, placement, setup
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import gain
from engine.games.trickerion.solo import automaton
from engine.games.trickerion.solo import dice as prep_dice
from engine.games.trickerion.solo import endround as solo_endround
from engine.games.trickerion.solo import perform as solo_perform
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.rules import emit
from engine.games.trickerion.state import HOME, Pending, State

SIMULTANEOUS = ("advertise", "assign")


def to_act(g, s: State) -> ToAct:
    solo = s.solo
    if s.pending:
        seat = s.pending[0].seat
        return ToAct(AUTOMATON if solo and seat == solo.seat else "players", (seat,))
    phase = s.phase
    if phase in ("roll", "setup_initiative"):
        return CHANCE_NODE
    if phase in SIMULTANEOUS:
        waiting = tuple(i for i, p in enumerate(s.players) if not p.done)
        if solo and solo.seat in waiting:
            # Solo: you assign first, face up; then the Successor deals its plan («ФАЗА ПОРУЧЕНИЙ»).
            if len(waiting) > 1:
                return ToAct("players", tuple(i for i in waiting if i != solo.seat))
            return ToAct(AUTOMATON, (solo.seat,))
        return ToAct("players", waiting)
    if phase == "place":
        seat = s.order[s.turn]
        return ToAct(AUTOMATON if solo and seat == solo.seat else "players", (seat,))
    if phase == "over":
        return TERMINAL
    raise AssertionError(f"no one to act in phase {phase}")


def automaton_action(g, s: State, seat: int) -> SuccessorStep:
    """The Successor's next step: one decision of the solo book, named by its step id."""
    solo = s.solo
    if solo is None or seat != solo.seat or to_act(g, s).kind != AUTOMATON:
        raise IllegalAction("trickerion.solo.not_its_turn", seat=seat)
    if s.pending:
        pend = s.pending[0]
        if pend.kind != "perform":
            raise AssertionError(f"no Successor rule for the decision {pend.kind}")
        step = solo_perform.choose_card(g.cat, s, solo)
        if step is None:  # perform.1 needs a card with its marker; advance() checked there is one
            raise AssertionError("Successor has no card to perform")
        return step
    if s.phase == "assign":
        return automaton.next_assignment(g.cat, s, solo)
    step = automaton.next_action(g.cat, s, solo)
    if step is None:
        raise AssertionError("Successor has nothing to place")
    return step


def apply_successor(g, s: State, action, ev: list[Event]) -> None:
    solo = s.solo
    if not isinstance(action, SuccessorStep):
        raise IllegalAction("trickerion.solo.successor_steps_only", action=type(action).__name__)
    if s.pending:
        pend = s.pending[0]
        if pend.kind != "perform" or action.do != "perform":
            raise IllegalAction("trickerion.solo.step_out_of_turn", step=action.step, do=action.do)
        if action.card not in performance.candidates(s, pend.seat):
            raise IllegalAction("trickerion.perform.needs_own_marker", card=action.card)
        s.pending.pop(0)
        emit(ev, "perform", action.step, card=action.card, day=s.day)
        performance.choose(g, s, pend.seat, action.card, ev)
        return
    if s.phase == "assign":
        if action.do not in ("plan", "assign"):
            raise IllegalAction("trickerion.solo.step_out_of_turn", step=action.step, do=action.do)
        automaton.apply_step(g.cat, s, solo, action, ev)
        return
    if s.phase != "place" or action.do in ("plan", "assign", "perform"):
        raise IllegalAction("trickerion.solo.step_out_of_turn", step=action.step, do=action.do)
    if automaton.apply_step(g.cat, s, solo, action, ev):
        placement.end_turn(g, s, ev)


def legal(g, s: State, seat: int) -> list:
    if s.solo and seat == s.solo.seat:
        return []  # an automaton: its action comes from automaton_action
    if s.pending:
        pend = s.pending[0]
        if pend.seat != seat:
            return []
        if pend.kind in setup.SETUP_KINDS:
            return setup.legal(g, s, pend)
        return decisions.legal(g, s, pend)
    phase = s.phase
    if phase == "advertise":
        return [A.Advertise(True), A.Advertise(False)] if not s.players[seat].done else []
    if phase == "assign":
        return assign_legal(g, s, seat)
    if phase == "place":
        if s.order[s.turn] != seat:
            return []
        return placement.legal(g, s, seat)
    return []


def apply(g, s: State, seat: int, action) -> list[Event]:
    ev: list[Event] = []
    if s.solo and seat == s.solo.seat:
        apply_successor(g, s, action, ev)
    elif s.pending:
        pend = s.pending[0]
        if pend.kind in setup.SETUP_KINDS:
            setup.apply(g, s, pend, action, ev)
        else:
            decisions.apply(g, s, pend, action, ev)
    elif isinstance(action, A.Chance):
        if s.phase == "setup_initiative":
            setup.draw_initiative(g, s, ev)
        elif s.phase == "roll":
            roll(g, s, ev)
        else:
            raise IllegalAction("trickerion.flow.not_chance", phase=s.phase)
    elif s.phase == "advertise":
        advertise(g, s, seat, action, ev)
    elif s.phase == "assign":
        assign(g, s, seat, action, ev)
    elif s.phase == "place":
        placement.apply(g, s, seat, action, ev)
    else:
        raise IllegalAction("trickerion.flow.unexpected", phase=s.phase)
    advance(g, s, ev)
    return ev


def advance(g, s: State, ev: list[Event]) -> None:
    """Run the automatic steps until someone must decide (or the game is over)."""
    while not s.pending:
        if s.phase == "advertise" and all(p.done for p in s.players):
            start_assignments(g, s, ev)
        elif s.phase == "assign" and all(p.done for p in s.players):
            reveal(g, s, ev)
        elif s.phase == "place" and s.act is None and not (s.solo and s.solo.turn) \
                and not placement.seat_has_work(s, s.order[s.turn]):
            placement.next_turn(g, s, ev)
        elif s.phase == "perform":
            if not performance.advance(g, s, ev):
                endround.end_of_round(g, s, ev)
        elif s.phase == "end_round":
            endround.end_of_round(g, s, ev)
        else:
            return


# --- dice and initiative ----------------------------------------------------------------------

def roll(g, s: State, ev: list[Event]) -> None:
    """Dice roll phase; then the initiative phase (skipped in the first round played)."""
    cat: Catalog = g.cat
    s.dice = [s.rng.choice(faces) for faces in cat.die_faces]
    ev.append(Event("trickerion.dice_rolled", {"dice": list(s.dice)}))
    first_round = cat.fast.start_round if g.options["fast_game"] else 1
    if s.round > first_round:
        determine_initiative(s)
        ev.append(Event("trickerion.initiative", {"order": list(s.order)}))
    if s.solo:
        solo_endround.new_round(s.solo)
        options = prep_dice.reroll_options(s.solo, s.round)
        if len(options) == 1:  # round I: every die (dice.2)
            prep_dice.roll(cat, s, s.solo, options[0], ev)
        else:  # you choose which two to reroll (dice.3, dice.4)
            s.pending.append(Pending("prep_dice", 1 - s.solo.seat))
    start_advertise(g, s, ev)


def determine_initiative(s: State) -> None:
    """Fame ascending; players tied on fame swap (reverse) their previous relative order."""
    previous = {seat: i for i, seat in enumerate(s.order)}
    s.order = sorted(s.order, key=lambda seat: (s.players[seat].fame, -previous[seat]))


def initiative_slot(g, s: State, seat: int) -> int:
    """The printed initiative slot number (1–4) of ``seat``; 2 players use slots 1 and 3."""
    i = s.order.index(seat)
    if g.players == 2:
        return g.cat.setup.two_player_initiative_slots[i]
    return i + 1


def advertise_cost(g, s: State, seat: int) -> int:
    return g.cat.advertise.cost_by_initiative[initiative_slot(g, s, seat) - 1]


def start_advertise(g, s: State, ev: list[Event]) -> None:
    s.phase = "advertise"
    for seat, p in enumerate(s.players):
        p.done = p.coins < advertise_cost(g, s, seat)
    if s.solo:
        # round.2: the Successor advertises every round, pays nothing, gains the fame.
        p = s.players[s.solo.seat]
        p.done = p.poster = True
        gain(g.cat, s, s.solo.seat, ev, "solo_advertise", fame=g.cat.advertise.fame)
        emit(ev, "advertised", "round.2", fame=g.cat.advertise.fame)


def advertise(g, s: State, seat: int, action, ev: list[Event]) -> None:
    p = s.players[seat]
    if not isinstance(action, A.Advertise) or p.done:
        raise IllegalAction("trickerion.advertise.not_now", seat=seat)
    p.done = True
    if action.advertise:
        cost = advertise_cost(g, s, seat)
        p.coins -= cost
        p.poster = True
        p.fame += g.cat.advertise.fame
        ev.append(Event("trickerion.advertised", {"seat": seat, "coins": cost,
                                                  "fame": g.cat.advertise.fame}))


# --- assignments --------------------------------------------------------------------------------

def start_assignments(g, s: State, ev: list[Event]) -> None:
    s.phase = "assign"
    for p in s.players:
        p.done = False
    ev.append(Event("trickerion.assignment_phase", {"round": s.round}))


def hand_cards(p) -> list[str]:
    """Distinct assignment cards in hand: permanent (location ids) then specials."""
    out = [loc for loc, n in p.hand.items() if n > 0]
    for card in p.specials:
        if card not in out:
            out.append(card)
    return out


def assign_legal(g, s: State, seat: int) -> list:
    p = s.players[seat]
    if p.done:
        return []
    cards = hand_cards(p)
    out: list = []
    for i, c in enumerate(p.chars):
        if c.card == "" and c.slot == HOME:
            out.extend(A.Assign(i, card) for card in cards)
    out.append(A.EndAssignments())
    return out


def take_card(p, card: str) -> None:
    if card in p.specials:
        p.specials.remove(card)
    else:
        p.hand[card] -= 1


def give_back(p, card: str) -> None:
    if card.startswith("a") and card[1:3].isdigit():
        p.specials.append(card)
    else:
        p.hand[card] = p.hand.get(card, 0) + 1


def assign(g, s: State, seat: int, action, ev: list[Event]) -> None:
    p = s.players[seat]
    if p.done:
        raise IllegalAction("trickerion.assign.done", seat=seat)
    if isinstance(action, A.EndAssignments):
        p.done = True
        ev.append(Event("trickerion.assignments_done", {"seat": seat}))
        return
    if not isinstance(action, A.Assign):
        raise IllegalAction("trickerion.assign.not_now", seat=seat)
    if not 0 <= action.character < len(p.chars) or p.chars[action.character].card:
        raise IllegalAction("trickerion.assign.bad_character", character=action.character)
    if action.card not in hand_cards(p):
        raise IllegalAction("trickerion.assign.not_in_hand", card=action.card)
    take_card(p, action.card)
    p.chars[action.character].card = action.card
    if s.solo:  # assign.0: your cards lie face up in the solo game
        p.chars[action.character].shown = True
        ev.append(Event("trickerion.assigned", {"seat": seat, "character": action.character,
                                                "card": action.card}))
        return
    ev.append(Event("trickerion.assigned", {"seat": seat, "character": action.character,
                                            "card": action.card}, to=seat))
    ev.append(Event("trickerion.assigned_face_down", {"seat": seat,
                                                      "character": action.character}))


def reveal(g, s: State, ev: list[Event]) -> None:
    """All assignments are in: flip them (Place Characters phase begins)."""
    hidden = g.active_effect(s) == "hidden_assignments"
    shown = []
    for seat, p in enumerate(s.players):
        for i, c in enumerate(p.chars):
            if not c.card:
                c.idle = True
            elif not hidden:
                c.shown = True
                shown.append({"seat": seat, "character": i, "card": c.card})
    ev.append(Event("trickerion.assignments_revealed", {"cards": shown}, reveal=True))
    s.phase = "place"
    s.turn = len(s.order) - 1
    s.act = None
    placement.next_turn(g, s, ev)
