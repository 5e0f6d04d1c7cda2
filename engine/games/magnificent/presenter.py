"""How a position of The Magnificent reads on the page: points and coins for the chart, a
warning before an unwise click, and the solo game's printed targets."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.presenter import Presenter, Progress
from engine.games.magnificent import labels
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState


class _Table(Protocol):
    # what the presenter reads of its Game (typed apart: the Game names its presenter class)
    @property
    def rules(self) -> Rules: ...


class MagPresenter(Presenter):
    game: _Table

    def progress(self, state: MagState) -> Progress:
        """Victory points (the score itself) and coins by seat."""
        players = state.players
        return Progress(
            state.round, {"points": [p.vp for p in players], "coins": [p.coins for p in players]}
        )

    def action_warning(self, state: Any, action: Any, seat: int | None) -> Any:
        if state is None or seat is None or state.phase != "turn":
            return None
        return labels.warning(self.game.rules, state, action, seat)


class SoloPresenter(MagPresenter):
    def score_targets(self) -> list[int]:
        return list(self.game.rules.pack.solo.targets)
