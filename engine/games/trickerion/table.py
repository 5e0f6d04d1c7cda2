"""The part of a Trickerion Game the bots, the search and the presenters read."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.events import Event
from engine.core.game import ToAct
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import State


class Table(Protocol):
    # what the bots, the search and the presenters read of their Game, in a module of its own
    # so that the Game's module and every bot module can import it without a cycle; the solo
    # game's Game is one too
    @property
    def cat(self) -> Catalog: ...
    @property
    def rules(self) -> TrickerionRules: ...

    def to_act(self, state: State) -> ToAct: ...
    def legal_actions(self, state: State, seat: int) -> list[Any]: ...
    def _apply(self, state: State, seat: int, action: Any) -> list[Event]: ...
    def apply(
        self, state: State, seat: int, action: Any, listed: list[Any] | None = None
    ) -> tuple[State, list[Event]]: ...
