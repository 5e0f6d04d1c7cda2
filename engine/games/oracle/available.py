"""What may be done now, and why not: the legal options of every moment and the refusals
(the rule an action breaks). ``resolve.py`` does what this module allows; a test checks that
``apply`` accepts exactly what ``options`` lists.
"""

from __future__ import annotations

from itertools import product
from typing import Any

from engine.core.errors import IllegalAction
from engine.games.oracle import actions as A
from engine.games.oracle import bowl as B
from engine.games.oracle import horoscope as H
from engine.games.oracle import predictions, rewards
from engine.games.oracle.decisions import TABLE
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import (
    OracleState,
    pending_name,
)

ROLL_PHASE = (
    A.RollInApp,
    A.EnterRoll,
    A.AdventurerDrawn,
    A.RecordCorruption,
    A.MarketPhase,
    A.EndGame,
)
MANIPULATIONS = (A.AdjustDie, A.MoveRune)
TURN_ACTIONS = tuple(A.SHEET_ACTIONS) + (A.Pass,)


Refusal = tuple[
    str, dict[str, Any]
]  # (code, params): cheap to build while enumerating; raised as IllegalAction


def _no(code: str, **params: Any) -> Refusal:
    return (code, params)


def illegal(refused: Refusal) -> IllegalAction:
    return IllegalAction(refused[0], **refused[1])


# --- what may be done now ----------------------------------------------------------------------


def options(r: Rules, s: OracleState) -> list[A.Action]:
    if s.phase == "over":
        return []
    if s.pending:
        return pending_options(r, s)
    if s.phase == "roll":
        return roll_options(r, s) if not r.practice_mode and not s.rolling else []
    if s.phase == "act":
        return act_options(r, s)
    return []


def pending_options(r: Rules, s: OracleState) -> list[A.Action]:
    return TABLE.legal(r, s, s.pending[-1])


def all_entries(setup: bool) -> list[A.EnterRoll]:
    out: list[A.EnterRoll] = []
    half = (0, 1)
    for halves in product(half, half, half, half, half):  # one per rune (B.RUNES)
        if setup and len(set(halves)) == 1:
            continue
        for d0, d1 in product(range(1, B.FACES + 1), repeat=2):
            for coin in B.COIN_FACES:
                out.append(A.EnterRoll(halves, (d0, d1), coin))
    return out


_ENTRIES = {True: all_entries(True), False: all_entries(False)}


def roll_options(r: Rules, s: OracleState) -> list[A.Action]:
    out: list[A.Action] = [A.RollInApp()]
    out += _ENTRIES[s.turn == 0]
    colours = r.sheet.adventurers
    out += [A.AdventurerDrawn((c,)) for c in colours]
    out += [A.AdventurerDrawn((a, b)) for i, a in enumerate(colours) for b in colours[i:]]
    out.append(A.RecordCorruption(1))
    if s.corruption > 0:
        out.append(A.RecordCorruption(-1))
    out += [A.MarketPhase(), A.EndGame()]
    return out


def act_options(r: Rules, s: OracleState) -> list[A.Action]:
    out: list[A.Action] = []
    b = s.bowl
    if _circles_ready(s, "plus_minus"):
        out += [A.AdjustDie(d, delta) for d in B.DICE for delta in (1, -1)]
    if _circles_ready(s, "move"):
        out += [A.MoveRune(rune) for rune in B.RUNES]
    candidates: list[A.Action] = [A.ThreadsOfFate(p) for p in B.coin_partners(b)]
    candidates.append(A.Stargazing())
    candidates += [A.Prediction(d, c) for d in B.dice_with(b, B.DOLL) for c in r.colours]
    candidates += [A.Horoscope(h) for h in (0, 1)]
    candidates += [A.HireTownsfolk(i) for i in range(len(s.staff))]
    candidates.append(A.ActivateStaff())
    out += [a for a in candidates if action_refusal(r, s, a) is None]
    out.append(A.Pass())
    return out


def _circles_ready(s: OracleState, kind: str) -> bool:
    c = s.circles[kind]
    return c.filled > c.crossed


# --- refusals: the rule an action breaks -----------------------------------------------------


def refusal(r: Rules, s: OracleState, a: Any) -> Refusal | None:
    """Why the player (seat 0) may not take ``a`` now (the rule it breaks), or None."""
    if s.pending:
        p = s.pending[-1]
        if not isinstance(a, tuple(TABLE.answers(p))):
            return _no("oracle.pending.answer_first", pending=pending_name(p))
        return pending_refusal(r, s, p, a)
    if s.phase == "roll":
        if not isinstance(a, ROLL_PHASE) or r.practice_mode:
            return _no("oracle.turn.runes_first")
        return roll_refusal(r, s, a)
    if s.phase == "act":
        if isinstance(a, MANIPULATIONS):
            return manipulation_refusal(r, s, a)
        if isinstance(a, TURN_ACTIONS):
            return action_refusal(r, s, a)
        return _no("oracle.turn.choose_action")
    return _no("oracle.turn.not_now")


def pending_refusal(r: Rules, s: OracleState, p: Any, a: Any) -> Refusal | None:
    if isinstance(a, A.DrawLine):
        geo = r.geo
        code = geo.line_refusal(
            geo.edge_id(a.r, a.c, a.dir), set(s.lines), geo.filled_cells(s.regions)
        )
        return _no(code, r=a.r, c=a.c, dir=a.dir) if code else None
    if isinstance(a, A.WriteHoroscope):
        if a.value not in p.values:
            return _no("oracle.horoscope.not_in_half", value=a.value)
        row = r.row_by_id.get(a.row)
        if row is None:
            return _no("oracle.horoscope.no_such_row", row=a.row)
        code = H.write_refusal(row, s.horoscope[a.row], a.value)
        return _no(code, value=a.value, row=a.row) if code else None
    if a in pending_options(r, s):
        return None
    if isinstance(a, A.FillCircle):
        return _no("oracle.threads.no_empty_circle", kind=a.kind)
    if isinstance(a, A.ActivateSlot):
        return _no("oracle.staff.slot_not_waiting", slot=a.slot)
    if isinstance(a, A.ResolveDraw):
        return _no("oracle.adventurer.not_drawn", colour=a.colour)
    if isinstance(a, A.TownsfolkSymbol):
        return _no("oracle.townsfolk.unknown_guild", guild=a.guild)
    if isinstance(a, A.TakeGood):
        if a.colour in r.colours and not rewards.stock_left(r, s, a.size, a.colour):
            return _no("oracle.goods.none_left", size=a.size, colour=a.colour)
        return _no("oracle.reward.not_offered", choice=a.__struct_config__.tag)
    if isinstance(a, A.MarkHoroscope) and a.row in r.row_by_id:
        return _no("oracle.horoscope.row_full", row=a.row)
    if isinstance(a, A.MarkGuild) and a.guild in r.guild_symbols:
        if len(s.guilds[a.guild]) >= r.guild_symbols[a.guild]:
            return _no("oracle.guild.symbols_full", guild=a.guild)
    return _no("oracle.reward.not_offered", choice=a.__struct_config__.tag)


def roll_refusal(r: Rules, s: OracleState, a: Any) -> Refusal | None:
    if isinstance(a, A.EnterRoll):
        return entry_refusal(s, a)
    if isinstance(a, A.AdventurerDrawn):
        if not 1 <= len(a.colours) <= 2:
            return _no("oracle.adventurer.one_or_two")
        if any(c not in r.sheet.adventurers for c in a.colours):
            return _no("oracle.adventurer.unknown_colour", colours=list(a.colours))
    if isinstance(a, A.RecordCorruption):
        if a.delta not in (1, -1):
            return _no("oracle.corruption.one_card_at_a_time", delta=a.delta)
        if a.delta < 0 and s.corruption == 0:
            return _no("oracle.corruption.none_held")
    return None


def entry_refusal(s: OracleState, a: A.EnterRoll | A.Roll) -> Refusal | None:
    """Why a throw, entered or carried by the chance step, cannot have fallen."""
    code = B.valid_entry(a.halves, a.dice, a.coin)
    if code:
        return _no(code)
    if s.turn == 0 and len(set(a.halves)) == 1:
        return _no("oracle.bowl.setup_all_in_one_half")
    rerolled = a.rerolled if isinstance(a, A.Roll) else ()
    if rerolled and s.turn != 0:
        return _no("oracle.bowl.reroll_not_setup")
    if any(h not in (0, 1) for h in rerolled):
        return _no("oracle.bowl.bad_half")
    return None


def manipulation_refusal(r: Rules, s: OracleState, a: Any) -> Refusal | None:
    if isinstance(a, A.AdjustDie):
        if a.die not in B.DICE:
            return _no("oracle.manipulation.no_such_die", die=a.die)
        if a.delta not in (1, -1):
            return _no("oracle.manipulation.plus_minus_one", delta=a.delta)
        if not _circles_ready(s, "plus_minus"):
            return _no("oracle.manipulation.no_filled_circle", kind="plus_minus")
        return None
    if a.rune not in B.RUNES:
        return _no("oracle.manipulation.no_such_rune", rune=a.rune)
    if not _circles_ready(s, "move"):
        return _no("oracle.manipulation.no_filled_circle", kind="move")
    return None


def action_refusal(r: Rules, s: OracleState, a: Any) -> Refusal | None:
    name = "pass" if isinstance(a, A.Pass) else A.SHEET_ACTIONS[type(a)]
    # No ban on repeating the previous action: the Oracle's book has none (docs/oracle.md, «The
    # Oracle figure»), and a companion must never refuse what the physical table allows.
    cost = r.hours(name)
    if r.practice_mode and cost > r.practice.hours_per_day - s.hours_today:
        return _no(
            "oracle.clock.not_enough_hours",
            action=name,
            hours=cost,
            left=r.practice.hours_per_day - s.hours_today,
        )
    b = s.bowl
    if isinstance(a, A.ThreadsOfFate):
        if a.partner not in B.coin_partners(b):
            return _no("oracle.threads.partner_not_with_coin", partner=a.partner)
    elif isinstance(a, A.Stargazing):
        if not B.dice_with(b, B.BONE):
            return _no("oracle.stargazing.bone_needs_die")
        geo = r.geo
        if not geo.any_free_line(set(s.lines), geo.filled_cells(s.regions)):
            return _no("oracle.stargazing.no_free_line")
    elif isinstance(a, A.Prediction):
        if a.die not in B.DICE or a.die not in B.dice_with(b, B.DOLL):
            return _no("oracle.prediction.doll_needs_die", die=a.die)
        if a.colour not in r.colours:
            return _no("oracle.prediction.unknown_colour", colour=a.colour)
        if b.dice[a.die] > predictions.room(r, s):
            return _no("oracle.prediction.no_room", size=b.dice[a.die], left=predictions.room(r, s))
    elif isinstance(a, A.Horoscope):
        if a.half not in (0, 1):
            return _no("oracle.horoscope.no_such_half", half=a.half)
        dice = B.dice_in_half(b, a.half)
        if not dice:
            return _no("oracle.horoscope.no_die_in_half", half=a.half)
        if not any(H.rows_for(r.rows, s.horoscope, b.dice[d]) for d in dice):
            return _no("oracle.horoscope.nothing_fits", half=a.half)
    elif isinstance(a, A.HireTownsfolk):
        # «положите карту под выбранную ячейку»: any slot, however many cards lie under it.
        if not 0 <= a.slot < len(s.staff):
            return _no("oracle.hire.no_such_slot", slot=a.slot)
    elif isinstance(a, A.ActivateStaff):
        if not any(s.staff):
            return _no("oracle.staff.none_hired")
    return None
