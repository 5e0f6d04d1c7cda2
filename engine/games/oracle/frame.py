"""The practice frame: a simulated table around the sheet (NOT a rule of the published game).

Days of ``hours_per_day`` hours; adventurers drawn from a bag with the public colour counts at
the day's start and when the Oracle's clock passes the pack's draw hours; at the day's end a
Market phase (market symbols pay, goods on the stall are sold and their pieces return); after
the pack's number of days the game ends. Every number comes from ``data/practice.json``.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.rng import Rng
from engine.games.oracle import rewards
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import OracleState


def draws_passed(r: Rules, before: int, after: int) -> list[int]:
    """Batches drawn when the clock moves from ``before`` to ``after`` hours into the day."""
    return [d.count for d in r.practice.clock_draws if before < d.hour <= after]


def draw_from_bag(rng: Rng, bag: dict[str, int], n: int) -> list[str]:
    out = []
    for _ in range(n):
        total = sum(bag.values())
        if total == 0:
            break
        pick = rng.below(total)
        for colour, count in bag.items():
            if pick < count:
                bag[colour] -= 1
                out.append(colour)
                break
            pick -= count
    return out


def day_over(r: Rules, s: OracleState) -> bool:
    return s.hours_today >= r.practice.hours_per_day


def end_day(r: Rules, s: OracleState, ev: list[Event]) -> None:
    rewards.market_phase(s, ev)
    if r.practice.goods_sold_each_day:
        sold = {"talisman": sum(s.stall.talisman.values()), "tome": sum(s.stall.tome.values())}
        for table in (s.stall.talisman, s.stall.tome):
            for colour in table:
                table[colour] = 0
        ev.append(Event("oracle.practice.goods_sold", sold))
    ev.append(Event("oracle.practice.day_end", {"day": s.day}))
    if s.day >= r.practice.days:
        s.phase = "over"
        ev.append(Event("oracle.practice.game_end", {"score": breakdown(r, s)["total"]}))
        return
    s.day += 1
    s.hours_today = 0
    if r.practice.refill_bag_each_day:
        s.bag = dict(r.practice.bag)
    s.draw_queue = [r.practice.day_start_draws] if r.practice.day_start_draws else []
    ev.append(Event("oracle.practice.day_start", {"day": s.day}))


def breakdown(r: Rules, s: OracleState) -> dict[str, int]:
    """The practice score: goods made by size and colour, guild funding, corruption."""
    sc = r.practice.score
    out: dict[str, int] = {}
    for size, table in (("talisman", sc.talisman), ("tome", sc.tome)):
        made = getattr(s.made, size)
        for colour in r.colours:
            out[f"{size}_{colour}"] = made[colour] * table[colour]
    out["guild_x"] = s.funding_once * sc.guild_x
    out["guild_market"] = s.funding_market * sc.market_symbol_per_market
    out["corruption"] = s.corruption * sc.corruption
    out["total"] = sum(out.values())
    return out
