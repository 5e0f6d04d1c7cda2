"""A match: one game being played — its rules, the history of states and steps, and undo.

States are immutable values, so history is simply the list of them; undo drops the tail.
"""

from __future__ import annotations

import os
from typing import Any, Literal

import msgspec

from engine.core import registry
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import CHANCE, Game, Result, ToAct

# Why a step cannot be undone: it drew from the RNG, or it showed hidden information (to
# everyone, or to one seat: a private draw from a deck shuffled at setup uses no RNG).
Barrier = Literal["random", "reveal"] | None

SEED_LIMIT = 1 << 64  # the RNG keeps 64 bits: a larger seed would alias a smaller one

# Exceptions a rule module raises when an action's fields point nowhere (an index past a list,
# an unknown key). ``apply`` never mutates its input, so such an action is simply refused.
_MALFORMED = (IndexError, KeyError, ValueError, TypeError, AttributeError, AssertionError)


def random_seed() -> int:
    """A seed from the whole 64-bit range, from the system's randomness (the browser's
    crypto.getRandomValues under Pyodide): nobody can list the decks it deals."""
    return int.from_bytes(os.urandom(8), "big")


def check_seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise IllegalAction("core.bad_seed", seed=seed if isinstance(seed, int) else str(seed))
    return seed


def forced_step_refusal(game: Game, state: Any, seat: int, action: Any) -> IllegalAction | None:
    """Why a step nobody chooses (chance, an automaton's) is refused: anything but the step the
    engine computes for this position, unless the game lets a person enter the outcome by hand
    (``Game.enters_outcomes``). The root check for Match, save replay and the page's bridge."""
    to = game.to_act(state)
    if to.kind == "chance" and seat == CHANCE:
        expected = game.chance_action(state)
    elif to.kind == "automaton" and seat in to.seats:
        expected = game.automaton_action(state, seat)
    else:
        return None
    if game.enters_outcomes(state, seat, action):
        return None
    if type(action) is type(expected) and game.encode_action(action) == game.encode_action(expected):
        return None
    return IllegalAction(f"core.forced.{to.kind}", seat=seat)


def checked_apply(game: Game, state: Any, seat: int, action: Any) -> tuple[Any, list[Event]]:
    """``game.apply`` behind the checks every outside action passes: a forced chance or
    automaton step is refused, and an action whose fields point nowhere gives IllegalAction
    instead of the rule module's IndexError/KeyError (the state is untouched either way)."""
    try:
        refusal = forced_step_refusal(game, state, seat, action)
        if refusal is not None:
            raise refusal
        return game.apply(state, seat, action)
    except _MALFORMED as exc:
        raise IllegalAction("core.malformed_action", error=type(exc).__name__) from exc


class Step(msgspec.Struct, frozen=True):
    seat: int
    action: Any  # the game's action Struct
    barrier: Barrier = None


class Match:
    def __init__(self, game: Game, seed: int) -> None:
        check_seed(seed)
        self.game = game
        self.seed = seed
        self.states: list[Any] = [game.initial_state(seed)]
        self.steps: list[Step] = []
        self.events: list[list[Event]] = []

    @classmethod
    def new(cls, game_id: str, players: int, options: dict[str, Any] | None = None,
            seed: int = 0, packs: dict[str, bytes] | None = None) -> "Match":
        return cls(registry.get(game_id)(players, options, packs), seed)

    @property
    def state(self) -> Any:
        return self.states[-1]

    def to_act(self) -> ToAct:
        return self.game.to_act(self.state)

    def legal(self, seat: int) -> list[Any]:
        to = self.to_act()
        if seat not in to.seats or to.kind != "players":
            return []
        return self.game.legal_actions(self.state, seat)

    def act(self, seat: int, action: Any) -> list[Event]:
        """Any seat's step from outside (a person, a bot, a save file, a test)."""
        return self._push(seat, action, *checked_apply(self.game, self.state, seat, action))

    def _push(self, seat: int, action: Any, after: Any, events: list[Event]) -> list[Event]:
        before = self.state
        barrier: Barrier = None
        if getattr(after, "rng", None) is not None and after.rng.draws != before.rng.draws:
            barrier = "random"
        elif any(e.reveal for e in events):
            barrier = "reveal"
        self.states.append(after)
        self.steps.append(Step(seat, action, barrier))
        self.events.append(events)
        return events

    def auto_step(self) -> list[Event] | None:
        """Take one step nobody chooses (chance or automaton); None when a player must act."""
        to = self.to_act()
        # The engine's own step needs no forgery check.
        if to.kind == "chance":
            action = self.game.chance_action(self.state)
            return self._push(CHANCE, action, *self.game.apply(self.state, CHANCE, action))
        if to.kind == "automaton":
            seat = to.seats[0]
            action = self.game.automaton_action(self.state, seat)
            return self._push(seat, action, *self.game.apply(self.state, seat, action))
        return None

    def run_auto(self) -> list[Event]:
        out: list[Event] = []
        while (events := self.auto_step()) is not None:
            out.extend(events)
        return out

    @property
    def terminal(self) -> bool:
        return self.to_act().kind == "terminal"

    def result(self) -> Result | None:
        return self.game.result(self.state) if self.terminal else None

    # --- undo ------------------------------------------------------------------------------

    def undo_refusal(self, seat: int) -> IllegalAction | None:
        """Why ``seat`` may not undo now, or None when it may."""
        if not self.steps:
            return IllegalAction("core.undo.nothing")
        last = self.steps[-1]
        if last.seat == CHANCE:
            # The player's own move is under a chance step: undoing it would re-roll the dice.
            return IllegalAction("core.undo.random")
        if last.seat != seat:
            return IllegalAction("core.undo.not_yours", seat=seat, last=last.seat)
        if last.barrier == "random":
            return IllegalAction("core.undo.random")
        if last.barrier == "reveal":
            return IllegalAction("core.undo.reveal")
        return None

    def undo(self, seat: int) -> None:
        refusal = self.undo_refusal(seat)
        if refusal is not None:
            raise refusal
        self.states.pop()
        self.steps.pop()
        self.events.pop()

    # --- log -------------------------------------------------------------------------------

    def visible_events(self, viewer: int | None) -> list[tuple[int, Event]]:
        """(step index, event) pairs ``viewer`` may see, oldest first."""
        return [(i, e) for i, evs in enumerate(self.events) for e in evs if e.visible_to(viewer)]
