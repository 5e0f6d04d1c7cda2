"""How an Oracle position reads on the page: the chart counts days."""

from __future__ import annotations

from typing import Protocol

from engine.core.presenter import Presenter, Progress
from engine.games.oracle import frame
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import OracleState


class _Table(Protocol):
    # what the presenter reads of its Game (typed apart: the Game names its presenter class)
    @property
    def rules(self) -> Rules: ...


class OraclePresenter(Presenter):
    game: _Table
    unit = "day"

    def progress(self, state: OracleState) -> Progress:
        """By day: the practice sheet's score so far; the companion sheet keeps no score (the
        box's scoring does), so its goods made instead."""
        if self.game.rules.practice_mode:
            return Progress(
                state.day, {"score": [frame.breakdown(self.game.rules, state)["total"]]}
            )
        made = sum(state.made.talisman.values()) + sum(state.made.tome.values())
        return Progress(state.day, {"goods": [made]})
