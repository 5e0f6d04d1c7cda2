"""A cheap greedy bot: tries every legal move one step ahead and keeps the best-looking sheet;
an action is looked at where its own decisions end, each of them the best one step ahead.

The value is the practice score plus what the sheet is still worth: market symbols by the Market
phases left, active predictions by their chance of coming true before their symbols or the
game's draws run out, and small rewards for progress that pays later (circles ready, staff
hired, horoscope cells written, cells nearly enclosed). Ties go to the bot's own seeded stream,
never the game's.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.games.oracle import frame, predictions, rewards
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import OracleState, PendingLines, PendingTownsfolk, PredictionMark


def value(game: Any, s: Any) -> float:
    return sum(terms(game, s).values())


def terms(game: Any, s: Any) -> dict[str, float]:
    """The value by term, in its units (ten a point of score): what a hint names as a move's
    purpose (``engine.core.reasons``)."""
    r = game.rules
    geo = r.geo
    closed = geo.cross_mask
    for e in s.lines:
        closed |= 1 << e
    filled = geo.filled_cells(s.regions)
    enclosing = 0.0
    for cell in range(geo.n_cells):
        if cell in filled or geo.colour[cell] is None:
            continue
        sides = (geo.cell_edge_mask[cell] & closed).bit_count()
        enclosing += (0.0, 0.1, 0.6, 2.5, 0.0)[sides]
    return {
        "score": frame.breakdown(r, s)["total"] * 10.0,
        "circles": sum(c.filled - c.crossed for c in s.circles.values()) * 1.5,
        "staff": sum(1 for cards in s.staff if cards) * 4.0
        # Another card under a staffed slot adds no ability (and a practice hire has no card
        # of its own): hours spent for nothing.
        - sum(max(0, len(cards) - 1) for cards in s.staff) * 3.0,
        "horoscope": sum(len(cells) for cells in s.horoscope.values()) * 1.0,
        "market": market_worth(r, s) * 10.0,
        "prediction": sum(prediction_worth(r, s, p) for p in predictions.active(s)) * 10.0,
        "enclosing": enclosing,
    }


def phases_left(r: Rules, s: OracleState) -> int:
    """Market phases still to come; a companion's table ends when it says, so none are known."""
    return r.practice.days - s.market_phases if r.practice_mode else 0


def market_worth(r: Rules, s: OracleState) -> float:
    """Points the market symbols drawn will still pay (the score counts only phases past)."""
    symbols = sum(1 for marks in s.guilds.values() for m in marks if m == "market")
    return symbols * phases_left(r, s) * r.practice.score.market_symbol_per_market


def draws_left(r: Rules, s: OracleState) -> int | None:
    """Adventurers the practice frame will still draw this game (None: a companion's table)."""
    if not r.practice_mode:
        return None
    f = r.practice
    today = sum(s.draw_queue) + sum(d.count for d in f.clock_draws if d.hour > s.hours_today)
    per_day = f.day_start_draws + sum(d.count for d in f.clock_draws)
    return today + (f.days - s.day) * per_day


def reward_worth(r: Rules, s: OracleState, symbols: int) -> float:
    """The best option of the prediction tier ``symbols`` reaches, in points."""
    sc = r.practice.score
    room = bool(rewards.guild_room(r, s))
    worth = {
        "tome": max(sc.tome.values()),
        "talisman": max(sc.talisman.values()),
        "guild_x": sc.guild_x if room else 0.0,
        # Drawn when the prediction comes true, at a later draw: often after today's Market.
        "guild_market": sc.market_symbol_per_market * max(phases_left(r, s) - 1, 0)
        if room
        else 0.0,
    }
    for tier in r.sheet.prediction.tiers:
        if symbols >= tier.min:
            return max((worth.get(o, 0.0) for o in tier.options), default=0.0)
    return 0.0


def prediction_worth(r: Rules, s: OracleState, p: PredictionMark) -> float:
    """Expected points of an active prediction: its colour drawn before the symbols left are
    crossed out (every other adventurer crosses one) and before the game's draws end, each
    draw taken at the bag's present odds."""
    bag = sum(s.bag.values())
    if bag == 0:
        return 0.0
    hit = s.bag.get(p.colour, 0) / bag
    left = p.size - p.crossed
    draws = draws_left(r, s)
    tries = left if draws is None else min(left, draws)
    return sum((1 - hit) ** j * hit * reward_worth(r, s, left - j) for j in range(tries))


# The lines the bot tries: those beside the most closed sides. A line elsewhere closes nothing
# this turn (the first 40 practice sessions from 40000 scored 32.73 with every line, 32.70 with
# 12) and each one tried is a copy of the sheet and an enclosure check.
NEAR_LINES = 12


def choices(game: Any, s: OracleState, legal: list[Any]) -> list[Any]:
    """The moves the bot weighs: all of them, but among lines only the ``NEAR_LINES`` beside
    the most closed sides (ties in the legal order)."""
    if not (s.pending and isinstance(s.pending[-1], PendingLines)) or len(legal) <= NEAR_LINES:
        return legal
    geo = game.rules.geo
    closed = geo.cross_mask
    for e in s.lines:
        closed |= 1 << e

    def near(a: Any) -> int:
        cells = geo.sides[geo.edge_id(a.r, a.c, a.dir)]
        return sum((geo.cell_edge_mask[c] & closed).bit_count() for c in cells if c != geo.outside)

    return sorted(legal, key=near, reverse=True)[:NEAR_LINES]


def played_out(game: Any, s: OracleState, seat: int) -> OracleState:
    """``s`` once the decisions it has open (an action's lines, horoscope cells, staff, a
    reward) are taken, each the best one step ahead: what the action is worth. Valued as it is
    chosen, a Stargazing, a Horoscope or Activate Staff is worth nothing until its lines or
    cells are drawn, and lost to any small gain or to a Pass (session 18: 3.4 Passes a
    session). A companion's townsfolk card is left open: its guild symbols are the table's to
    enter, as many as the card shows, and no value tells them."""
    while s.pending and not isinstance(s.pending[-1], PendingTownsfolk):
        best, top = None, float("-inf")
        for action in choices(game, s, game.legal_actions(s, seat)):
            after, _ = game.apply(s, seat, action)
            v = value(game, after)
            if v > top + 1e-9:
                best, top = after, v
        assert best is not None
        s = best
    return s


class GreedyBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        best: list[Any] = []
        top = float("-inf")
        # An action (not a decision inside one, not a manipulation) is judged where its
        # decisions end.
        turn = state.phase == "act" and not state.pending
        for action in choices(game, state, legal):
            after, _ = game.apply(state, seat, action)
            if turn:
                after = played_out(game, after, seat)
            v = value(game, after)
            if v > top + 1e-9:
                top, best = v, [action]
            elif abs(v - top) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)
