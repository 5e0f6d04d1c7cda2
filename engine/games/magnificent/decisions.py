"""Pending decisions (``MagState.pending``, answered by the seat to act, first raised first):
for each kind, what answers it and what the answer does. ``TABLE`` lists the kinds in the order
a turn raises them: posters and gems from symbols and cells (A9, R38), the tent a travel or the
setup offers (R41, S5), the gems a performance reward costs (R49). The legality of an answer
is checked before (the core's ``Game.apply``); an entry's ``apply`` takes the decision off the
queue and does it."""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision, Decisions
from engine.core.events import Event
from engine.games.magnificent import actions as A
from engine.games.magnificent import common, perform, posters, travel
from engine.games.magnificent.common import ev
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import (
    MagState,
    PendingGem,
    PendingPay,
    PendingPoster,
    PendingTent,
)


class Poster:
    @staticmethod
    def legal(r: Rules, s: MagState, pend: PendingPoster) -> list[A.Action]:
        seat = s.seat
        slots = posters.slots(s, seat)  # once, not again for each source
        out: list[A.Action] = [
            A.GainPoster(src, slot) for src in posters.sources(s) for slot in slots
        ]
        if None not in s.players[seat].posters:
            out.append(A.DeclinePoster())
        return out

    @staticmethod
    def apply(
        r: Rules, s: MagState, pend: PendingPoster, action: A.Action, events: list[Event]
    ) -> None:
        if isinstance(action, A.GainPoster):
            posters.gain(s, s.seat, action.source, action.slot, events)
        else:
            ev(events, "poster_declined", seat=s.seat)


class Gem:
    @staticmethod
    def legal(r: Rules, s: MagState, pend: PendingGem) -> list[A.Action]:
        return [A.PickGem(g) for g in pend.colours]

    @staticmethod
    def apply(
        r: Rules, s: MagState, pend: PendingGem, action: A.PickGem, events: list[Event]
    ) -> None:
        common.gem(r, s, s.seat, action.gem, events)


class Tent:
    @staticmethod
    def legal(r: Rules, s: MagState, pend: PendingTent) -> list[A.Action]:
        tents = s.players[s.seat].tents
        out: list[A.Action] = [A.TakeTent(i) for i in range(1, len(tents)) if tents[i] is None]
        if pend.source == "travel":
            out.append(A.TakeTent(-1))  # a tent met on the track may be left there
        return out

    @staticmethod
    def apply(
        r: Rules, s: MagState, pend: PendingTent, action: A.TakeTent, events: list[Event]
    ) -> None:
        travel.take_tent(r, s, s.seat, pend, action.slot, events)


class Pay:
    @staticmethod
    def legal(r: Rules, s: MagState, pend: PendingPay) -> list[A.Action]:
        return [A.PayGems(w) for w in perform.pay_options(r, s, s.seat, pend)]

    @staticmethod
    def apply(
        r: Rules, s: MagState, pend: PendingPay, action: A.PayGems, events: list[Event]
    ) -> None:
        perform.pay_and_reward(r, s, s.seat, tuple(pend.slots), pend.fragment, action.wild, events)


def answer(
    body: type[Poster] | type[Gem] | type[Tent] | type[Pay], answers: dict[type, str]
) -> Decision:
    """The decision leaves the queue before its answer applies (which may raise more);
    ``answers``: each answer's action type with the rule (rules-digest id) its refusal names."""

    def apply(r: Rules, s: MagState, pend: Any, action: Any, events: list[Event]) -> None:
        s.pending.pop(0)
        body.apply(r, s, pend, action, events)

    return Decision(body.legal, apply, answers)


TABLE = Decisions(
    {
        PendingPoster: answer(Poster, {A.GainPoster: "R46", A.DeclinePoster: "R47"}),
        PendingGem: answer(Gem, {A.PickGem: "R40"}),
        PendingTent: answer(Tent, {A.TakeTent: "R40"}),
        PendingPay: answer(Pay, {A.PayGems: "R52"}),
    }
)
