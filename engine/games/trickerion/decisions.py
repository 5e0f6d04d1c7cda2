"""Pending decisions (``State.pending``): for each kind, what answers it and what the answer does.

``TABLE`` maps each ``state.Pending*`` Struct to its ``Decision(legal, apply)``; its order is
the declared order of decisions raised at the same time (``common.raise_decision``): the
decisions a player's own action raises come first (answered at once, before anything queued),
then the setup choices, then those of the round in the order of the rules. A variant adds its
own kinds after these (``TrickerionRules.extra_decisions``). A test checks every member of the
``Pending`` union has an entry.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.decisions import Decision, refuse
from engine.core.events import Event
from engine.core.tuples import change_at, with_key
from engine.games.trickerion import actions as A
from engine.games.trickerion import performance, setup
from engine.games.trickerion.catalog import SPECIALISTS
from engine.games.trickerion.common import (
    add_props,
    change_char,
    gain,
    hand_cards,
    owns_or_hired,
    pay,
    raise_decision,
    room_for,
    take_card,
)
from engine.games.trickerion.downtown import can_hire
from engine.games.trickerion.market import stock, unit_price
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import (
    PendingBreakFree,
    PendingBuyingTime,
    PendingDurable,
    PendingEngineerTrick,
    PendingFastProps,
    PendingFastSpecial,
    PendingHiddenTalent,
    PendingHypnotic,
    PendingInvestments,
    PendingKeepCard,
    PendingLinkReward,
    PendingMagician,
    PendingManagerProps,
    PendingMassRecruitment,
    PendingOnStage,
    PendingPerform,
    PendingPremiere,
    PendingSoulPossession,
    PendingSpecialist,
    PendingStartProps,
    PendingStartTrick,
    PendingSteal,
    State,
)
from engine.games.trickerion.theater import reschedule, reschedule_options, set_up, set_up_options


def _not_listed(r: TrickerionRules, s: State, pend: Any, action: Any) -> tuple[str, dict[str, Any]]:
    return refuse("trickerion", pend, action)


def answer(body: Any, passable: bool = False) -> Decision:
    """A decision of play: ``body(r, s, pend)`` lists its answers (and Pass when
    ``passable``); the decision leaves the queue, then the answer (checked by the core)
    applies. A refused answer names the decision (``trickerion.decision.<kind>``)."""

    def legal(r: TrickerionRules, s: State, pend: Any) -> list[Any]:
        out: list[Any] = body.legal(r, s, pend)
        return out + [A.Pass()] if passable else out

    def apply(r: TrickerionRules, s: State, pend: Any, action: Any, ev: list[Event]) -> None:
        s.pending.pop(0)
        if isinstance(action, A.Pass):
            ev.append(Event("trickerion.passed", {"seat": pend.seat, "decision": pend.kind}))
            return
        body.apply(r, s, pend, action, ev)

    return Decision(legal, apply, refusal=_not_listed)


# --- each kind --------------------------------------------------------------------------------


class LinkReward:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingLinkReward) -> list[Any]:
        return [A.TakeLinkCoins(k) for k in range(pend.units + 1)]

    @staticmethod
    def apply(
        r: TrickerionRules,
        s: State,
        pend: PendingLinkReward,
        action: A.TakeLinkCoins,
        ev: list[Event],
    ) -> None:
        gain(
            r.cat,
            s,
            pend.seat,
            ev,
            "link_reward",
            fame=pend.value * (pend.units - action.coins),
            coins=pend.value * action.coins,
        )


class KeepCard:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingKeepCard) -> list[Any]:
        return [A.KeepCard(c) for c in dict.fromkeys(pend.cards)]

    @staticmethod
    def apply(
        r: TrickerionRules, s: State, pend: PendingKeepCard, action: A.KeepCard, ev: list[Event]
    ) -> None:
        cat = r.cat
        rest = list(pend.cards)
        rest.remove(action.card)
        change_at(s.players, pend.seat, specials=(*s.players[pend.seat].specials, action.card))
        for card in rest:
            loc = cat.specials[card].location
            s.decks = with_key(s.decks, loc, (*s.decks[loc], cat.special_index[card]))
        ev.append(Event("trickerion.card_kept", {"seat": pend.seat}))
        ev.append(
            Event(
                "trickerion.card_kept_private",
                {"seat": pend.seat, "card": action.card},
                to=pend.seat,
            )
        )


def _perform_decision(performer_of: Callable[[Any], int]) -> Decision:
    """Choose today's card: the performer, or Yoruba Spiritmaster for them."""

    class Perform:
        @staticmethod
        def legal(r: TrickerionRules, s: State, pend: Any) -> list[Any]:
            return [A.Perform(ci) for ci in performance.candidates(s, performer_of(pend))]

        @staticmethod
        def apply(
            r: TrickerionRules, s: State, pend: Any, action: A.Perform, ev: list[Event]
        ) -> None:
            performance.perform_action(r, s, pend.seat, performer_of(pend), action.card, ev)

    def refusal(r: TrickerionRules, s: State, pend: Any, action: Any) -> tuple[str, dict[str, Any]]:
        # A card without the performer's marker is refused by its own rule, not as "not listed".
        if isinstance(action, A.Perform) and action.card not in performance.candidates(
            s, performer_of(pend)
        ):
            return "trickerion.perform.needs_own_marker", {"card": action.card}
        return _not_listed(r, s, pend, action)

    return answer(Perform, performer_of is not _own)._replace(refusal=refusal)


def _own(pend: PendingPerform) -> int:
    return pend.seat


def _possessed(pend: PendingSoulPossession) -> int:
    return pend.performer


def _performance_option(kind: str) -> type[Any]:
    class Option:
        @staticmethod
        def legal(r: TrickerionRules, s: State, pend: Any) -> list[Any]:
            return list(performance.option_choices(r, s, pend.seat, kind))

        @staticmethod
        def apply(r: TrickerionRules, s: State, pend: Any, action: Any, ev: list[Event]) -> None:
            s.perf_opts = (*s.perf_opts, action)
            # The log names the choice as before: "steal:mine:theirs", "premiere:cell:what",
            # "durable:cell".
            ev.append(
                Event(
                    "trickerion.performance_option",
                    {"seat": pend.seat, "choice": performance.option_code(action)},
                )
            )

    return Option


class BreakFree:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingBreakFree) -> list[Any]:
        return reschedule_options(r, s, pend.seat, None)

    @staticmethod
    def apply(
        r: TrickerionRules, s: State, pend: PendingBreakFree, action: A.Reschedule, ev: list[Event]
    ) -> None:
        ev.append(Event("trickerion.ability_used", {"seat": pend.seat, "ability": "break_free"}))
        reschedule(r, s, action, ev, pay_links=True)


class Hypnotic:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingHypnotic) -> list[Any]:
        return [A.Assign(pend.character, card) for card in hand_cards(s.players[pend.seat])]

    @staticmethod
    def apply(
        r: TrickerionRules, s: State, pend: PendingHypnotic, action: A.Assign, ev: list[Event]
    ) -> None:
        take_card(s, pend.seat, action.card)
        change_char(s, pend.seat, pend.character, card=action.card, shown=True, idle=False)
        ev.append(
            Event(
                "trickerion.assignment_revealed",
                {"seat": pend.seat, "character": pend.character, "card": action.card},
                reveal=True,
            )
        )


class MassRecruitment:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingMassRecruitment) -> list[Any]:
        p = s.players[pend.seat]
        return (
            [A.HireSecondApprentice()] if p.coins >= 3 and can_hire(r.cat, p, "apprentice") else []
        )

    @staticmethod
    def apply(
        r: TrickerionRules, s: State, pend: PendingMassRecruitment, action: Any, ev: list[Event]
    ) -> None:
        pay(s, pend.seat, ev, "mass_recruitment", coins=3)
        change_at(s.players, pend.seat, hired=(*s.players[pend.seat].hired, "apprentice"))
        ev.append(Event("trickerion.hired", {"seat": pend.seat, "character": "apprentice"}))


class Investments:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingInvestments) -> list[Any]:
        p = s.players[pend.seat]
        return [
            A.Buy((prop,))
            for prop, extra in stock(r, s).items()
            if p.coins >= unit_price(r, s, prop, extra) and room_for(p, prop)
        ]

    @staticmethod
    def apply(
        r: TrickerionRules, s: State, pend: PendingInvestments, action: A.Buy, ev: list[Event]
    ) -> None:
        prop = action.props[0]
        price = unit_price(r, s, prop, stock(r, s)[prop])
        pay(s, pend.seat, ev, "investments", coins=price)
        add_props(s, pend.seat, prop, 1)
        ev.append(
            Event(
                "trickerion.bought",
                {"seat": pend.seat, "props": [prop], "coins": price, "bargain": 0},
            )
        )
        if pend.left > 1:
            raise_decision(r, s, PendingInvestments(pend.seat, left=pend.left - 1))


class BuyingTime:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingBuyingTime) -> list[Any]:
        n = len(s.row)
        return [A.SwapCards(i, j) for i in range(n) for j in range(i + 1, n)]

    @staticmethod
    def apply(
        r: TrickerionRules, s: State, pend: PendingBuyingTime, action: A.SwapCards, ev: list[Event]
    ) -> None:
        i, j = action.a, action.b
        row = list(s.row)
        row[i], row[j] = row[j], row[i]
        s.row = tuple(row)
        ev.append(Event("trickerion.cards_swapped", {"seat": pend.seat, "a": i, "b": j}))


class OnStage:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingOnStage) -> list[Any]:
        return [
            a
            for a in set_up_options(r, s, pend.seat, None)
            if a.trick == pend.trick and not a.double and a.cell >= 0
        ]

    @staticmethod
    def apply(
        r: TrickerionRules, s: State, pend: PendingOnStage, action: A.SetUpTrick, ev: list[Event]
    ) -> None:
        set_up(r, s, pend.seat, action, ev, pay_links=False)


class HiddenTalent:
    @staticmethod
    def legal(r: TrickerionRules, s: State, pend: PendingHiddenTalent) -> list[Any]:
        p = s.players[pend.seat]
        return [A.BecomeSpecialist(k) for k in SPECIALISTS if owns_or_hired(p, k) == 0]

    @staticmethod
    def apply(
        r: TrickerionRules,
        s: State,
        pend: PendingHiddenTalent,
        action: A.BecomeSpecialist,
        ev: list[Event],
    ) -> None:
        change_char(s, pend.seat, pend.character, kind=action.specialist, talent=False)
        ev.append(
            Event("trickerion.hidden_talent", {"seat": pend.seat, "specialist": action.specialist})
        )


# --- the table: every kind, in the declared order ---------------------------------------------

TABLE: dict[type, Decision] = {
    # Raised by the action just taken: answered at once, before anything queued (Buying
    # Time's swap comes before the link rewards of the same set-up).
    PendingBuyingTime: answer(BuyingTime, passable=True),
    PendingLinkReward: answer(LinkReward),
    PendingKeepCard: answer(KeepCard),
    PendingInvestments: answer(Investments, passable=True),
    PendingHypnotic: answer(Hypnotic, passable=True),
    PendingMassRecruitment: answer(MassRecruitment, passable=True),
    PendingOnStage: answer(OnStage, passable=True),
    # Setup: each player's trick, props and specialist (with the Manager's props) before the
    # next player's magician; the Engineer's trick once every player has set up.
    PendingStartTrick: setup.choice(setup.StartTrick),
    PendingStartProps: setup.choice(setup.StartProps),
    PendingSpecialist: setup.choice(setup.Specialist),
    PendingManagerProps: setup.choice(setup.ManagerProps),
    PendingMagician: setup.choice(setup.Magician),
    PendingEngineerTrick: setup.choice(setup.EngineerTrick),
    PendingFastProps: setup.choice(setup.FastProps),
    PendingFastSpecial: setup.choice(setup.FastSpecial),
    # The round: Break Free at the start of the Performance phase, then each day's Soul
    # Possession, performance and the performer's options; Hidden Talent at the end of round.
    PendingBreakFree: answer(BreakFree, passable=True),
    PendingSoulPossession: _perform_decision(_possessed),
    PendingPerform: _perform_decision(_own),
    PendingSteal: answer(_performance_option("steal"), passable=True),
    PendingPremiere: answer(_performance_option("premiere"), passable=True),
    PendingDurable: answer(_performance_option("durable"), passable=True),
    PendingHiddenTalent: answer(HiddenTalent, passable=True),
}
