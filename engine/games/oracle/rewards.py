"""What the sheet pays out, and the marks rewards make: goods on the stall, corruption cards,
X and market symbols (horoscope rows, guild area), threads-of-fate circles.

Seed passages: «Гороскоп» (rewards printed above/below cells, «X» in a horoscope row's leftmost
cell), «Область Гильдий» (X = one-time funding, market symbol = funding each Market phase),
«Нити судьбы» (circles), the prediction reward tiers.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Literal

from engine.core.events import Event
from engine.games.oracle import actions as A
from engine.games.oracle import horoscope as H
from engine.games.oracle.packs import CIRCLE_KINDS
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import (
    OracleState,
    PendingMarket,
    PendingPrediction,
    PendingReward,
    PendingTalisman,
    PendingTome,
    PendingX,
)

# --- corruption ----------------------------------------------------------------------------


def take_corruption(s: OracleState, ev: list[Event], reason: str) -> None:
    s.corruption += 1
    s.corruption_taken += 1
    ev.append(Event("oracle.corruption.take", {"reason": reason}))


def discard_corruption(r: Rules, s: OracleState, ev: list[Event], reason: str) -> None:
    if s.corruption > 0:
        s.corruption -= 1
        ev.append(Event("oracle.corruption.discard", {"reason": reason}))
    elif r.practice_mode:
        ev.append(Event("oracle.corruption.nothing_to_discard", {"reason": reason}))
    else:  # the table may hold cards the sheet never gave
        ev.append(Event("oracle.corruption.discard", {"reason": reason}))


# --- goods ---------------------------------------------------------------------------------


def stock_left(r: Rules, s: OracleState, size: str, colour: str) -> bool:
    """Practice keeps the Oracle's 3 talismans / 2 tomes per colour; companion trusts the table."""
    if not r.practice_mode:
        return True
    limit: int = getattr(r.sheet.goods_stock, size)
    have: int = getattr(s.stall, size)[colour]
    return have < limit


def gain_good(
    r: Rules, s: OracleState, ev: list[Event], size: str, colour: str, source: str
) -> None:
    if not stock_left(r, s, size, colour):
        ev.append(Event("oracle.goods.none_left", {"size": size, "colour": colour}))
        return
    getattr(s.stall, size)[colour] += 1
    getattr(s.made, size)[colour] += 1
    ev.append(Event("oracle.goods.take", {"size": size, "colour": colour, "source": source}))


# --- circles -------------------------------------------------------------------------------


def fill_circle(r: Rules, s: OracleState, ev: list[Event], kind: str) -> None:
    c = s.circles[kind]
    if c.filled < r.circle_count[kind]:
        c.filled += 1
        ev.append(Event("oracle.threads.circle_filled", {"kind": kind}))
    else:
        ev.append(Event("oracle.threads.no_empty_circle", {"kind": kind}))


def circle_room(r: Rules, s: OracleState) -> list[Literal["plus_minus", "move"]]:
    return [k for k in CIRCLE_KINDS if s.circles[k].filled < r.circle_count[k]]


# --- marks: horoscope X and the guild area -------------------------------------------------


def fill_horoscope(r: Rules, s: OracleState, ev: list[Event], row_id: str, mark: str) -> None:
    """Write a mark in the leftmost empty cell of a row and pay what is printed by it."""
    cells = s.horoscope[row_id]
    index = len(cells)
    cells.append(mark)
    ev.append(Event("oracle.horoscope.written", {"row": row_id, "mark": mark, "cell": index}))
    reward = r.row_by_id[row_id].cells[index]
    if reward is not None:
        grant(r, s, ev, reward.kind, list(reward.colours), "horoscope")


def guild_room(r: Rules, s: OracleState) -> list[str]:
    return [g for g in r.guild_ids if len(s.guilds[g]) < r.guild_symbols[g]]


def mark_guild(s: OracleState, ev: list[Event], guild: str, mark: str) -> None:
    s.guilds[guild].append(mark)
    if mark == "x":
        s.funding_once += 1
        ev.append(Event("oracle.guild.funding_now", {"guild": guild}))
    else:
        ev.append(Event("oracle.guild.market_symbol", {"guild": guild}))


def market_phase(s: OracleState, ev: list[Event]) -> None:
    """Every market symbol drawn pays its guild's funding at each Market phase."""
    s.market_phases += 1
    paying = [g for g, marks in s.guilds.items() for m in marks if m == "market"]
    s.funding_market += len(paying)
    ev.append(Event("oracle.guild.market_phase", {"phase": s.market_phases}))
    if paying:
        ev.append(Event("oracle.guild.market_funding", {"guilds": paying, "count": len(paying)}))


# --- granting and choosing ------------------------------------------------------------------


def grant(
    r: Rules, s: OracleState, ev: list[Event], kind: str, colours: list[str], source: str
) -> None:
    """A reward icon: paid now when there is nothing to choose, else a pending decision."""
    match kind:
        case "discard":
            discard_corruption(r, s, ev, source)
        case "talisman":
            s.pending.append(PendingTalisman(source=source, colours=colours))
        case "tome":
            s.pending.append(PendingTome(source=source, colours=colours))
        case "x":
            s.pending.append(PendingX(source=source))
        case "market":
            s.pending.append(PendingMarket(source=source))
        case _:
            raise ValueError(f"unknown reward {kind!r}")  # packs.py checks the sheet's icons


def offers(r: Rules, s: OracleState, kinds: Iterable[str], colours: list[str]) -> list[A.Action]:
    """The answers to a reward of ``kinds`` (a prediction tier's options, or one icon's): goods
    of ``colours`` (any colour when empty), horoscope X, guild X, guild market symbol."""
    out: list[A.Action] = []
    for kind in kinds:
        match kind:
            case "talisman" | "tome":
                out += [
                    A.TakeGood(kind, c) for c in colours or r.colours if stock_left(r, s, kind, c)
                ]
            case "horoscope_x":
                out += [A.MarkHoroscope(row) for row in H.rows_with_room(r.rows, s.horoscope)]
            case "guild_x":
                out += [A.MarkGuild(g, "x") for g in guild_room(r, s)]
            case "guild_market":
                out += [A.MarkGuild(g, "market") for g in guild_room(r, s)]
    return out


def talisman_options(r: Rules, s: OracleState, p: PendingTalisman) -> list[A.Action]:
    return offers(r, s, ("talisman",), p.colours)


def tome_options(r: Rules, s: OracleState, p: PendingTome) -> list[A.Action]:
    return offers(r, s, ("tome",), p.colours)


def x_options(r: Rules, s: OracleState, p: PendingX) -> list[A.Action]:
    return offers(r, s, ("horoscope_x", "guild_x"), [])


def market_options(r: Rules, s: OracleState, p: PendingMarket) -> list[A.Action]:
    return offers(r, s, ("guild_market",), [])


def prediction_options(r: Rules, s: OracleState, p: PendingPrediction) -> list[A.Action]:
    # a tier's goods come in any colour
    return offers(r, s, next(t.options for t in r.sheet.prediction.tiers if p.tier >= t.min), [])


def answer_reward(r: Rules, s: OracleState, ev: list[Event], p: PendingReward, action: Any) -> None:
    """Apply a chosen answer to the reward ``p`` on top of the stack (already checked against
    its options)."""
    s.pending.pop()
    if isinstance(action, A.TakeGood):
        gain_good(r, s, ev, action.size, action.colour, p.source)
    elif isinstance(action, A.MarkHoroscope):
        fill_horoscope(r, s, ev, action.row, H.X)
    else:
        mark_guild(s, ev, action.guild, action.mark)
