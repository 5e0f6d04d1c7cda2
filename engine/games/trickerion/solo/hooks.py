"""The solo game's rules (docs/solo.md): the base rules' hook points answered by the solo book
against Dahlgaard's Successor, and the Successor's own steps. The base rules modules never
import this package."""

from __future__ import annotations

from functools import partial
from typing import Any, ClassVar

from engine.core import chance
from engine.core.decisions import Decision
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import AUTOMATON
from engine.core.rng import Rng
from engine.core.tuples import change_at
from engine.games.trickerion import flow, performance, placement, setup
from engine.games.trickerion.common import gain, raise_decision, theater_day_of
from engine.games.trickerion.decisions import answer
from engine.games.trickerion.rules import Options, TrickerionRules
from engine.games.trickerion.solo import automaton, draws, endround, legacy, perform
from engine.games.trickerion.solo import dice as prep_dice
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo import setup as SU
from engine.games.trickerion.solo.actions import (
    RerollPrepDice,
    SuccessorDraw,
    SuccessorSetup,
    SuccessorStep,
)
from engine.games.trickerion.solo.state import PendingPrepDice, SoloGameState, solo_of, successor
from engine.games.trickerion.solo.view import solo_view
from engine.games.trickerion.state import PerfCard, State


class SoloOptions(Options, frozen=True, kw_only=True):
    """The solo lobby's switches (``SOLO_OPTIONS`` in ``solo.game``): always the Dark Alley,
    never the fast game, plus the solo book's difficulty and adjustments."""

    difficulty: str = "medium"
    easier: bool = False
    harder_no_ability: bool = False
    harder_coins: bool = False


class SoloRules(TrickerionRules):
    """Two seats, you (seat 0) and the Successor (seat 1, an automaton whose every step
    ``automaton_action`` computes)."""

    options_type: ClassVar[type[Options]] = SoloOptions
    state_type: ClassVar[type[State]] = SoloGameState
    # The Successor's setup sets the order (you first, setup.11): nothing to draw.
    draws_initiative: ClassVar[bool] = False
    automaton: ClassVar[bool] = True
    options: SoloOptions
    cat: R.SoloCatalog

    def has_ability(self, s: State, seat: int, magician: str) -> bool:
        """Never the Successor (its solo ability lives in this package), nor you with the
        harder adjustment "ignore your ability"."""
        solo = solo_of(s)
        return super().has_ability(s, seat, magician) and (
            solo is None or (seat != solo.seat and not solo.ignore_human_ability)
        )

    # --- the automaton ----------------------------------------------------------------------

    def automaton_action(self, s: State, seat: int) -> SuccessorStep:
        """The Successor's next step: one decision of the solo book, named by its step id."""
        solo = solo_of(s)
        if solo is None or seat != solo.seat or flow.to_act(self, s).kind != AUTOMATON:
            raise IllegalAction("trickerion.solo.not_its_turn", seat=seat)
        if s.pending:
            pend = s.pending[0]
            if pend.kind != "perform":
                raise AssertionError(f"no Successor rule for the decision {pend.kind}")
            step = perform.choose_card(self.cat, s, solo)
            if step is None:  # perform.1 needs a card with its marker; advance() checked
                raise AssertionError("Successor has no card to perform")
            return step
        if s.phase == "assign":
            return automaton.next_assignment(self.cat, s, solo)
        step = automaton.next_action(self.cat, s, solo)
        if step is None:
            raise AssertionError("Successor has nothing to place")
        return step

    def apply_automaton(self, s: State, seat: int, action: Any, ev: list[Event]) -> None:
        solo = successor(s)  # flow calls this for the automaton seat: there is one once set up
        if not isinstance(action, SuccessorStep):
            raise IllegalAction(
                "trickerion.solo.successor_steps_only", action=type(action).__name__
            )
        if s.pending:
            pend = s.pending[0]
            if pend.kind != "perform" or action.do != "perform":
                raise IllegalAction(
                    "trickerion.solo.step_out_of_turn", step=action.step, do=action.do
                )
            if action.card not in performance.candidates(s, pend.seat):
                raise IllegalAction("trickerion.perform.needs_own_marker", card=action.card)
            s.pending.pop(0)
            R.emit(ev, "perform", action.step, card=action.card, day=s.day)
            performance.choose(self, s, pend.seat, action.card, ev)
            return
        if s.phase == "assign":
            if action.do not in ("plan", "assign"):
                raise IllegalAction(
                    "trickerion.solo.step_out_of_turn", step=action.step, do=action.do
                )
            automaton.apply_step(self.cat, s, solo, action, ev)
            return
        if s.phase != "place" or action.do in ("plan", "assign", "perform"):
            raise IllegalAction("trickerion.solo.step_out_of_turn", step=action.step, do=action.do)
        if automaton.apply_step(self.cat, s, solo, action, ev):
            placement.end_turn(self, s, ev)

    # --- hook points of the base rules ------------------------------------------------------

    def automaton_seat(self, s: State) -> int | None:
        solo = solo_of(s)
        return solo.seat if solo is not None else None

    def automaton_worth(self, s: State) -> float | None:
        # its safe turns coins into fame by the difficulty's table; a shard is a fame at the
        # end (final.2)
        solo = solo_of(s)
        if solo is None:
            return None
        table = R.tables(self.cat).safe_fame
        p = s.players[solo.seat]
        return float(p.fame + p.coins * table.fame[solo.difficulty] / table.coins + p.shards)

    def setup_seats(self) -> int:
        return 1  # only you set up by the base rules; the Successor's setup follows yours

    def variant_performances(self, rng: Rng) -> tuple[list[str], list[PerfCard]]:
        return SU.deal_performances(self.cat, rng)  # setup.1: the solo cards

    def prophecy_pool(self) -> list[str]:
        return SU.prophecy_pool(self.cat)  # setup.2

    def deal_variant(self, s: State) -> None:
        assert isinstance(s, SoloGameState)  # the solo game's state_type
        s.plans = SU.deal_plans(self.cat, s.rng)  # setup.12, face down

    def setup_initiative(self, s: State, ev: list[Event]) -> None:
        # The Successor is set up by the setup's chance step (variant_chance_step) before the
        # base step goes on; a game dealt before save format 7 draws its setup here.
        assert isinstance(s, SoloGameState)
        if s.solo is None:
            o = self.options
            picks, plans = legacy.drawn_setup(self.cat, s, o.difficulty, o.prophecies)
            self.set_up_successor(s, picks, plans, ev)

    def _setting_up(self, s: State) -> bool:
        """At the setup's chance step of a game dealt today (its plans dealt before play)."""
        assert isinstance(s, SoloGameState)
        return s.phase == "setup_initiative" and s.solo is None and bool(s.plans)

    def _picks(self, s: State) -> partial[SuccessorSetup]:
        o = self.options
        return partial(SU.draw_picks, self.cat, s, o.difficulty, o.prophecies)

    def on_round_start(self, s: State, ev: list[Event]) -> None:
        solo = successor(s)
        endround.new_round(solo)
        options = prep_dice.reroll_options(self.cat, solo, s.round)
        if len(options) == 1:  # round I: every die (dice.2)
            prep_dice.roll(self.cat, s, solo, options[0])
        else:  # you choose which two to reroll (dice.3, dice.4)
            raise_decision(self, s, PendingPrepDice(1 - solo.seat))

    def on_advertise_start(self, s: State, ev: list[Event]) -> None:
        # round.2: the Successor advertises every round, pays nothing, gains the fame.
        solo = successor(s)
        change_at(s.players, solo.seat, done=True, poster=True)
        gain(self.cat, s, solo.seat, ev, "solo_advertise", fame=self.cat.advertise.fame)
        R.emit(ev, "advertised", "round.2", fame=self.cat.advertise.fame)
        R.update_mood(self.cat, s, solo, ev)

    def assignments_face_up(self, s: State) -> bool:
        return True  # assign.0: your cards lie face up in the solo game

    def automaton_busy(self, s: State) -> bool:
        solo = solo_of(s)
        return bool(solo and solo.turn)

    def variant_drawing(self, s: State) -> bool:
        solo = solo_of(s)
        return (solo is not None and solo.draw is not None) or self._setting_up(s)

    def variant_chance_action(self, s: State) -> SuccessorDraw | SuccessorSetup:
        if self._setting_up(s):
            return chance.outcome(s.rng, self._picks(s))
        return draws.chance_action(self.cat, s, successor(s))

    def variant_chance_step(self, s: State, action: Any, ev: list[Event]) -> None:
        if self._setting_up(s):
            self._set_up(s, action, ev)
            return
        stopped = draws.finish(self.cat, s, successor(s), action, ev)
        if isinstance(stopped, RerollPrepDice) and s.phase == "roll":
            flow.start_advertise(self, s, ev)  # round I's throw came before advertising

    def _set_up(self, s: State, action: Any, ev: list[Event]) -> None:
        """The setup's chance step: the Successor set up with the picks it carries (checked,
        the RNG moved on by their draws), then the base step's initiative and what follows."""
        assert isinstance(s, SoloGameState)
        if not isinstance(action, SuccessorSetup):
            raise IllegalAction("trickerion.solo.draw.not_this_draw", draw="setup")
        o = self.options
        SU.check_picks(self.cat, s, o.difficulty, o.prophecies, action)
        chance.take(s.rng, self._picks(s))
        self.set_up_successor(s, action, s.plans, ev)
        s.plans = []
        setup.draw_initiative(self, s, (), ev)

    def set_up_successor(
        self, s: SoloGameState, picks: SuccessorSetup, plans: list[str], ev: list[Event]
    ) -> None:
        """The Successor on its seat with these picks and plans, by this table's options."""
        o = self.options
        s.solo = SU.setup_successor(
            self.cat,
            s,
            o.difficulty,
            picks,
            plans,
            ev,
            easier=o.easier,
            harder_no_ability=o.harder_no_ability,
            harder_coins=o.harder_coins,
        )

    def first_performance_day(self, s: State) -> int:
        """Yoruba Spiritmaster's solo ability: the Successor's day first."""
        solo = solo_of(s)
        if solo is not None and perform.performs_first(s, solo):
            return theater_day_of(s, solo.seat)
        return -1

    def automaton_takes(self, s: State, seat: int) -> int:
        """With both stages booked and the Successor's day first, from the placements to its
        show: the card it will perform (``perform.1`` on the row as it is; its later set-ups
        may change it). Before the shows Master of Chains' Break Free moves a marker off it."""
        solo = solo_of(s)
        if solo is None or s.phase not in ("place", "perform"):
            return -1
        days = {performance.performer_of(s, d): d for d in range(4)}
        if seat not in days or solo.seat not in days:
            return -1
        order = performance.day_order(self, s)
        its = order.index(days[solo.seat])
        if its > order.index(days[seat]) or (s.phase == "perform" and order.index(s.day) > its):
            return -1
        step = perform.choose_card(self.cat, s, solo)
        return -1 if step is None else step.card

    def automaton_trick_yield(self, s: State, trick: str) -> tuple[int, int, int]:
        # perform.3: its yield ignores day and prophecy modifiers (Electra's solo bonus in).
        return R.trick_yield(self.cat, s, successor(s), trick)

    def automaton_gain(
        self, s: State, seat: int, ev: list[Event], why: str, fame: int, coins: int, shards: int
    ) -> None:
        """Its performance gains, as they are: no prophecy adds to them (perform.3)."""
        if fame or coins or shards:
            p = s.players[seat]
            change_at(
                s.players,
                seat,
                fame=p.fame + fame,
                coins=p.coins + coins,
                shards=p.shards + shards,
            )
            ev.append(
                Event(
                    "trickerion.gain",
                    {"seat": seat, "why": why, "fame": fame, "coins": coins, "shards": shards},
                )
            )
        if why == "performance_yield":
            R.emit(ev, "yield", "perform.3", fame=fame, coins=coins, shards=shards)
        R.update_mood(self.cat, s, successor(s), ev)  # mood.2: its fame may cross 16 or 36

    def automaton_performer_bonus(self, s: State, pc: Any, day: int, ev: list[Event]) -> None:
        # perform.2: links, card bonus and its per-character backstage bonus (never doubled).
        solo = successor(s)
        bonus = perform.performer_bonus(self.cat, s, solo, pc, day)
        self.automaton_gain(s, solo.seat, ev, "performer_bonus", *bonus)
        R.emit(ev, "performer_bonus", "perform.2", fame=bonus[0], coins=bonus[1], shards=bonus[2])

    def after_performance(self, s: State, card: int, ev: list[Event]) -> None:
        perform.return_markers(s, successor(s), card, ev, "perform.4")

    def automaton_wages(self, s: State, ev: list[Event]) -> None:
        # end.wages: no wages; every 10 coins in its safe become fame.
        endround.pay_wages(self.cat, s, successor(s), ev)

    def on_characters_returned(self, s: State, ev: list[Event]) -> None:
        endround.order_characters(s, successor(s), ev)  # end.return

    def before_discard(self, s: State, pc: Any, ev: list[Event]) -> None:
        # end.discard: its markers there still yield, 1 fame and 1 coin less each
        endround.discard(self.cat, s, successor(s), pc, ev)

    def final_breakdown(self, s: State, seat: int) -> dict[str, int] | None:
        solo = successor(s)
        if seat != solo.seat:
            return super().final_breakdown(s, seat)
        # The Successor's end-of-game table (final.1–final.5) instead of the base categories.
        # final.1: the leftover markers' coins go to its safe (called once, at final scoring).
        coins = s.players[seat].coins + endround.leftover_coins(self.cat, s, solo)
        change_at(s.players, seat, coins=coins)
        out = {"fame": s.players[seat].fame, **endround.final_breakdown(self.cat, s, solo)}
        out["total"] = sum(out.values())
        return out

    def extra_decisions(self) -> dict[type, Decision]:
        return {PendingPrepDice: answer(PrepDice)}

    def variant_view(self, s: State, viewer: int | None) -> dict[str, Any]:
        assert isinstance(s, SoloGameState)
        solo = s.solo
        # The plans dealt before its setup lie face down: only their count is public.
        out: dict[str, Any] = {"plans": len(s.plans)}
        if solo is not None:
            out["solo"] = solo_view(self.cat, s, solo, self.options.harder_coins)
        return out


class PrepDice:
    """Your choice of the round-preparation dice to reroll (dice.3, dice.4)."""

    @staticmethod
    def legal(r: SoloRules, s: State, pend: PendingPrepDice) -> list[Any]:
        return [
            RerollPrepDice(pair) for pair in prep_dice.reroll_options(r.cat, successor(s), s.round)
        ]

    @staticmethod
    def apply(
        r: SoloRules, s: State, pend: PendingPrepDice, action: RerollPrepDice, ev: list[Event]
    ) -> None:
        prep_dice.roll(r.cat, s, successor(s), action.dice)
