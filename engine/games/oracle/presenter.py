"""How an Oracle position reads on the page: the chart counts days."""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.core.presenter import Presenter, Progress
from engine.games.oracle import frame
from engine.games.oracle.state import OracleState

if TYPE_CHECKING:
    from engine.games.oracle.game import OracleGame


class OraclePresenter(Presenter):
    game: OracleGame
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
