"""Drive a match with bots to its end: the loop `simulate`, benchmarks and tests share."""

from __future__ import annotations

from collections.abc import Mapping

from engine.core.bots import Bot
from engine.core.match import Match


def play_to_end(match: Match, bots: Mapping[int, Bot], max_steps: int = 1_000_000) -> int:
    """Play until terminal; returns the number of player decisions taken.

    ``max_steps`` guards against a game whose flow never ends: that is a bug to report, not
    a result, so it raises instead of returning quietly.
    """
    decisions = 0
    for _ in range(max_steps):
        to = match.to_act()
        if to.kind != "players":
            if to.kind == "terminal":
                return decisions
            match.auto_step(to)
            continue
        seat = to.seats[0]
        legal = match.legal(seat, to)
        if not legal:
            raise RuntimeError(f"{match.game.id}: seat {seat} must act but has no legal action")
        match.act(seat, bots[seat].choose(match.game, match.state, seat, legal))
        decisions += 1
    raise RuntimeError(f"{match.game.id}: no end after {max_steps} steps (seed {match.seed})")
