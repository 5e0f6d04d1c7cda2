"""Predictions: marking off customer symbols, and checking them whenever adventurers are drawn.

Seed passage: «Предсказание (1 час)». Count as many customer symbols as the die shows from the
top-left (or from the rightmost line already drawn), close them off, choose a colour. On every
adventurer drawn, each active prediction either comes true (its colour) and pays by the symbols
not crossed out — 3+ a tome or lower, 2+ a talisman or lower, 1+ a market symbol or X in the
guild area or an X in a horoscope row — or loses one symbol; a prediction with every symbol
crossed or circled is no longer active. Two adventurers drawn at once: the player picks which
is checked first. No room left: no more predictions.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import (
    OracleState,
    PendingDrawOrder,
    PendingPrediction,
    PredictionMark,
)


def room(r: Rules, s: OracleState) -> int:
    return r.sheet.prediction.symbols - s.symbols_used


def make(r: Rules, s: OracleState, ev: list[Event], size: int, colour: str) -> None:
    s.predictions.append(PredictionMark(start=s.symbols_used, size=size, colour=colour))
    s.symbols_used += size
    ev.append(Event("oracle.prediction.made", {"size": size, "colour": colour}))


def active(s: OracleState) -> list[PredictionMark]:
    return [p for p in s.predictions if p.status == "active"]


def check(r: Rules, s: OracleState, ev: list[Event], colour: str) -> list[PendingPrediction]:
    """Check every active prediction against one adventurer; returns the rewards won."""
    won: list[PendingPrediction] = []
    for index, p in enumerate(s.predictions):
        if p.status != "active":
            continue
        if p.colour == colour:
            left = p.size - p.crossed
            p.status = "true"
            ev.append(
                Event(
                    "oracle.prediction.true",
                    {"prediction": index, "colour": colour, "symbols": left},
                )
            )
            won.append(PendingPrediction(source="prediction", tier=left))
        else:
            p.crossed += 1
            ev.append(
                Event(
                    "oracle.prediction.symbol_crossed",
                    {"prediction": index, "colour": p.colour, "drawn": colour},
                )
            )
            if p.crossed >= p.size:
                p.status = "failed"
                ev.append(
                    Event("oracle.prediction.failed", {"prediction": index, "colour": p.colour})
                )
    return won


def resolve(r: Rules, s: OracleState, ev: list[Event], colours: list[str]) -> None:
    """Check ``colours`` in this order; rewards become pending (first won, first answered)."""
    won: list[PendingPrediction] = []
    for colour in colours:
        won += check(r, s, ev, colour)
    s.pending.extend(reversed(won))


def drawn(r: Rules, s: OracleState, ev: list[Event], colours: list[str]) -> None:
    """Adventurers came out of the bag (anyone's draw): check the predictions."""
    s.drawn.extend(colours)
    ev.append(Event("oracle.adventurer.drawn", {"colours": list(colours)}))
    if len(set(colours)) > 1 and active(s):
        s.pending.append(PendingDrawOrder(colours=list(colours)))
    else:
        resolve(r, s, ev, list(colours))


def choose_first(r: Rules, s: OracleState, ev: list[Event], colour: str) -> None:
    p = s.pending[-1]
    assert isinstance(p, PendingDrawOrder)
    rest = list(p.colours)
    rest.remove(colour)
    ev.append(Event("oracle.adventurer.checked_first", {"colour": colour}))
    won = check(r, s, ev, colour)
    if len(set(rest)) > 1 and active(s):
        p.colours = rest
    else:
        s.pending.pop()
        for c in rest:
            won += check(r, s, ev, c)
    s.pending.extend(reversed(won))
