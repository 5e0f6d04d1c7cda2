"""The steps the core takes for a game beside ``Game.apply``: the forced step of a chance or
automaton node (``Match``, the searches), and a legal move played on a state without the
checks and the copy of ``apply`` (the bots' look-ahead, a search walking a world it made).
The game implements the hooks (``engine.core.game``); these only drive them."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.copier import copy_state
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import CHANCE, Game, ToAct


class _Owned(Protocol):
    # what playing a move on a state of one's own needs of a Game (a bot's typed table too)
    def _apply(self, state: Any, seat: int, action: Any) -> list[Event]: ...


def forced_action(game: Game, state: Any, to: ToAct) -> tuple[int, Any]:
    """(seat, action) of the step nobody chooses at the chance or automaton node ``to``."""
    if to.kind == "chance":
        return CHANCE, game.chance_action(state)
    if to.kind == "automaton":
        seat = to.seats[0]
        return seat, game.automaton_action(state, seat)
    raise IllegalAction("core.not_forced", to_act=to.kind)


def forced_step(
    game: Game, state: Any, to: ToAct | None = None
) -> tuple[int, Any, Any, list[Event]]:
    """The step nobody chooses at a chance or automaton node, computed and applied once:
    (seat, action, new state, events). ``to``: ``to_act(state)`` if the caller has it."""
    seat, action = forced_action(game, state, to or game.to_act(state))
    new = copy_state(state)
    return seat, action, new, game._apply(new, seat, action)


def apply_owned(game: _Owned, state: Any, seat: int, action: Any) -> list[Event]:
    """Apply an action from ``legal_actions`` (or ``forced_action``) to ``state`` itself,
    without the copy and the checks of ``apply``: for a search walking a world it made
    (a determinization is a private copy) and never looks back at. Only for such
    callers: everyone else goes through ``apply``, which leaves its input untouched."""
    return game._apply(state, seat, action)


def played(game: _Owned, state: Any, seat: int, action: Any) -> Any:
    """``action``, one of ``legal_actions(state, seat)``, played on a copy of ``state``:
    a bot's look-ahead over the moves it was given, which ``apply``'s check would list
    again for each."""
    new = copy_state(state)
    game._apply(new, seat, action)
    return new
