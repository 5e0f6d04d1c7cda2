"""Pending decisions (``OracleState.pending``, a stack: the top is answered first): for each
kind, what answers it (``legal``) and what the answer does (``apply``, after
the core refused any answer ``available.refusal`` words). The table's order is the order of the sheet's steps that
raise them: an action's lines and horoscope values, its rewards and circles, the staff it
activates, a prediction's draw order, the companion's townsfolk symbols."""

from __future__ import annotations

from typing import Any

from engine.core.decisions import Decision, Decisions
from engine.core.events import Event
from engine.games.oracle import actions as A
from engine.games.oracle import horoscope as H
from engine.games.oracle import predictions, rewards
from engine.games.oracle.rules import Rules
from engine.games.oracle.stargazing import line_terms
from engine.games.oracle.state import (
    OracleState,
    PendingCircles,
    PendingDrawOrder,
    PendingHoroscope,
    PendingLines,
    PendingMarket,
    PendingPrediction,
    PendingReward,
    PendingStaff,
    PendingTalisman,
    PendingTome,
    PendingTownsfolk,
    PendingX,
)


def _lines_legal(r: Rules, s: OracleState, p: PendingLines) -> list[A.Action]:
    geo = r.geo
    # «Нарисуйте количество линий, равное значению на кубике»: no stopping early; flow.py
    # ends the decision when no line is left to draw.
    return [
        A.DrawLine(*geo.edge_key(e))
        for e in geo.free_lines(set(s.lines), geo.filled_cells(s.regions))
    ]


def _lines_apply(r: Rules, s: OracleState, p: PendingLines, a: A.DrawLine, ev: list[Event]) -> None:
    p.remaining -= 1
    draw_line(r, s, r.geo.edge_id(a.r, a.c, a.dir), ev, p)
    if p.remaining <= 0:
        s.pending.pop()  # draw_line pushes nothing: p is still on top


def _horoscope_legal(r: Rules, s: OracleState, p: PendingHoroscope) -> list[A.Action]:
    return [
        A.WriteHoroscope(v, row)
        for v in dict.fromkeys(p.values)
        for row in H.rows_for(r.rows, s.horoscope, v)
    ]


def _horoscope_apply(
    r: Rules, s: OracleState, p: PendingHoroscope, a: A.WriteHoroscope, ev: list[Event]
) -> None:
    p.values.remove(a.value)
    if not p.values:
        s.pending.pop()
    rewards.fill_horoscope(r, s, ev, a.row, str(a.value))


def _reward_apply(r: Rules, s: OracleState, p: PendingReward, a: Any, ev: list[Event]) -> None:
    rewards.answer_reward(r, s, ev, p, a)


def _circles_legal(r: Rules, s: OracleState, p: PendingCircles) -> list[A.Action]:
    return [A.FillCircle(k) for k in rewards.circle_room(r, s)]


def _circles_apply(
    r: Rules, s: OracleState, p: PendingCircles, a: A.FillCircle, ev: list[Event]
) -> None:
    p.remaining -= 1
    if p.remaining <= 0:
        s.pending.pop()
    rewards.fill_circle(r, s, ev, a.kind)


def _staff_legal(r: Rules, s: OracleState, p: PendingStaff) -> list[A.Action]:
    return [A.ActivateSlot(i) for i in p.slots]


def _staff_apply(
    r: Rules, s: OracleState, p: PendingStaff, a: A.ActivateSlot, ev: list[Event]
) -> None:
    p.slots.remove(a.slot)
    if not p.slots:
        s.pending.pop()
    activate(r, s, a.slot, ev)


def _draw_order_legal(r: Rules, s: OracleState, p: PendingDrawOrder) -> list[A.Action]:
    return [A.ResolveDraw(c) for c in dict.fromkeys(p.colours)]


def _draw_order_apply(
    r: Rules, s: OracleState, p: PendingDrawOrder, a: A.ResolveDraw, ev: list[Event]
) -> None:
    predictions.choose_first(r, s, ev, a.colour)


def _townsfolk_legal(r: Rules, s: OracleState, p: PendingTownsfolk) -> list[A.Action]:
    out: list[A.Action] = [A.TownsfolkSymbol(g) for g in r.guild_ids]
    return [*out, A.TownsfolkDone()]


def _townsfolk_apply(
    r: Rules, s: OracleState, p: PendingTownsfolk, a: Any, ev: list[Event]
) -> None:
    if isinstance(a, A.TownsfolkDone):
        s.pending.pop()
        return
    s.staff[p.slot][-1].append(a.guild)
    ev.append(Event("oracle.townsfolk.symbol", {"guild": a.guild, "slot": p.slot}))


def draw_line(r: Rules, s: OracleState, e: int, ev: list[Event], p: PendingLines) -> None:
    geo = r.geo
    s.lines.append(e)
    (r1, c1), (r2, c2) = geo.edge_dots(e)
    # the log names the line as its label does (stargazing.line_terms)
    terms = line_terms(geo, r1, c1, "h" if r1 == r2 else "v")
    ev.append(Event("oracle.stargazing.line", {"from": [r1, c1], "to": [r2, c2], **terms}))
    s.regions, new = geo.after_line(s.regions, set(s.lines))
    for region in new:
        cells = [list(geo.cell_rc(c)) for c in region.cells]
        if region.kind == "unfit":
            ev.append(Event("oracle.stargazing.unfit_area", {"cells": cells}))
            continue
        # a paid area is of one colour (Geometry.judge makes it unfit otherwise)
        assert region.colour is not None
        ev.append(
            Event(
                "oracle.stargazing.enclosed",
                {"cells": cells, "size": region.kind, "colour": region.colour},
            )
        )
        rewards.gain_good(r, s, ev, region.kind, region.colour, "stargazing")
        # «Если вы использовали линии креста Порчи, вы должны взять 1 карту Порчи»: one card
        # for the action, however many of its paid areas use the cross (docs/oracle.md).
        if region.cross and not p.cross_charged:
            p.cross_charged = True
            rewards.take_corruption(s, ev, "corruption_cross")


def activate(r: Rules, s: OracleState, slot: int, ev: list[Event]) -> None:
    ability = r.sheet.staff[slot].ability
    effect = r.sheet.staff_effects[ability]
    ev.append(Event("oracle.staff.activated", {"slot": slot, "ability": ability}))
    for _ in range(effect.discard):
        rewards.discard_corruption(r, s, ev, ability)
    if effect.circles:
        s.pending.append(PendingCircles(remaining=effect.circles))
    if effect.lines:
        s.pending.append(PendingLines(remaining=effect.lines, source=ability))
    for _ in range(effect.x):
        s.pending.append(PendingX(source=ability))


def _by(*answers: type) -> dict[type, str]:
    """The action types answering a decision. Their rule is left empty: the sheet's steps have
    no rule numbers, and ``available.refusal`` words each refusal from the position."""
    return dict.fromkeys(answers, "")


_REWARD = _by(A.TakeGood, A.MarkHoroscope, A.MarkGuild)

TABLE = Decisions(
    {
        PendingLines: Decision(_lines_legal, _lines_apply, _by(A.DrawLine)),
        PendingHoroscope: Decision(_horoscope_legal, _horoscope_apply, _by(A.WriteHoroscope)),
        PendingTalisman: Decision(rewards.talisman_options, _reward_apply, _REWARD),
        PendingTome: Decision(rewards.tome_options, _reward_apply, _REWARD),
        PendingX: Decision(rewards.x_options, _reward_apply, _REWARD),
        PendingMarket: Decision(rewards.market_options, _reward_apply, _REWARD),
        PendingPrediction: Decision(rewards.prediction_options, _reward_apply, _REWARD),
        PendingCircles: Decision(_circles_legal, _circles_apply, _by(A.FillCircle)),
        PendingStaff: Decision(_staff_legal, _staff_apply, _by(A.ActivateSlot)),
        PendingDrawOrder: Decision(_draw_order_legal, _draw_order_apply, _by(A.ResolveDraw)),
        PendingTownsfolk: Decision(
            _townsfolk_legal, _townsfolk_apply, _by(A.TownsfolkSymbol, A.TownsfolkDone)
        ),
    }
)
