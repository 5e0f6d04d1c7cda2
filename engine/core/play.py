"""Drive a match to its end: the loop `simulate`, benchmarks, tests and experiment scripts
share."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from engine.core.bots import Bot
from engine.core.match import Match


def decisions(match: Match, max_steps: int = 1_000_000) -> Iterator[tuple[int, list[Any]]]:
    """Each player decision of ``match`` as (seat, legal), the chance and automaton steps between
    them taken; the caller acts on ``match`` before asking for the next (a decision not acted on
    is handed out again). Ends at the game's end.

    ``max_steps`` guards against a game whose flow never ends: that is a bug to report, not
    a result, so it raises instead of ending quietly.
    """
    for _ in range(max_steps):
        to = match.to_act()
        if to.kind != "players":
            if to.kind == "terminal":
                return
            match.auto_step(to)
            continue
        seat = to.seats[0]
        legal = match.legal(seat, to)
        if not legal:
            raise RuntimeError(f"{match.game.id}: seat {seat} must act but has no legal action")
        yield seat, legal
    raise RuntimeError(f"{match.game.id}: no end after {max_steps} steps (seed {match.seed})")


def play_to_end(match: Match, bots: Mapping[int, Bot], max_steps: int = 1_000_000) -> int:
    """Play until terminal; returns the number of player decisions taken."""
    taken = 0
    for seat, legal in decisions(match, max_steps):
        match.act(seat, bots[seat].choose(match.game, match.state, seat, legal))
        taken += 1
    return taken
