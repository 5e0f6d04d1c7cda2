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
from engine.core.loop import forced_step

# Why a step cannot be undone: it drew from the RNG, or it showed hidden information (to
# everyone, or to one seat: a private draw from a deck shuffled at setup uses no RNG).
Barrier = Literal["random", "reveal"] | None

SEED_LIMIT = 1 << 64  # the RNG keeps 64 bits: a larger seed would alias a smaller one


def random_seed() -> int:
    """A seed from the whole 64-bit range, from the system's randomness (the browser's
    crypto.getRandomValues under Pyodide): nobody can list the decks it deals."""
    return int.from_bytes(os.urandom(8), "big")


def check_seed(seed: Any) -> int:
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < SEED_LIMIT:
        raise IllegalAction("core.bad_seed", seed=seed if isinstance(seed, int) else str(seed))
    return seed


# A match keeps a Step and a state per step for undo, and the cyclic GC rescanned them all; a
# step holds plain values (a seat, the game's action Struct, a word), so it cannot be in a
# cycle and is not tracked (like the games' states).
class Step(msgspec.Struct, frozen=True, gc=False):
    seat: int
    action: Any  # the game's action Struct
    barrier: Barrier = None


class Match:
    def __init__(self, game: Game, seed: int, initial: Any = None) -> None:
        """``initial``: the state dealt from ``seed`` when not the game's own deal today (a
        save of an older format, ``Legacy.initial_state``)."""
        check_seed(seed)
        self.game = game
        self.seed = seed
        self.states: list[Any] = [game.initial_state(seed) if initial is None else initial]
        self.steps: list[Step] = []
        self.events: list[list[Event]] = []
        # The legal actions last listed, with the state, seat and turn they are for: the step
        # that follows is checked against them instead of listing (and asking who acts) again.
        self._listed: tuple[Any, int, list[Any], ToAct] | None = None

    @classmethod
    def new(
        cls,
        game_id: str,
        players: int,
        options: dict[str, Any] | None = None,
        seed: int = 0,
        packs: dict[str, bytes] | None = None,
    ) -> Match:
        return cls(registry.get(game_id)(players, options, packs), seed)

    @property
    def state(self) -> Any:
        return self.states[-1]

    def to_act(self) -> ToAct:
        return self.game.to_act(self.states[-1])

    def legal(self, seat: int, to: ToAct | None = None) -> list[Any]:
        """``to``: ``to_act()`` if the caller already has it (a driver loop)."""
        to = to or self.to_act()
        if seat not in to.seats or to.kind != "players":
            return []
        state = self.states[-1]
        out = self.game.legal_actions(state, seat)
        self._listed = (state, seat, out, to)
        return out

    def act(self, seat: int, action: Any) -> list[Event]:
        """Any seat's step from outside (a person, a bot, a save file, a test)."""
        state, last = self.states[-1], self._listed
        if last is not None and last[0] is state and last[1] == seat:
            after = self.game.apply(state, seat, action, last[2], last[3])
        else:
            after = self.game.apply(state, seat, action)
        return self._push(seat, action, *after)

    def _push(self, seat: int, action: Any, after: Any, events: list[Event]) -> list[Event]:
        barrier: Barrier = None
        if getattr(after, "rng", None) is not None and after.rng.draws != self.states[-1].rng.draws:
            barrier = "random"
        else:
            for e in events:  # a loop, not any(): most steps have one event or two
                if e.reveal:
                    barrier = "reveal"
                    break
        self.states.append(after)
        self.steps.append(Step(seat, action, barrier))
        self.events.append(events)
        return events

    def auto_step(self, to: ToAct | None = None) -> list[Event] | None:
        """Take one step nobody chooses (chance or automaton); None when a player must act.
        ``to``: ``to_act()`` if the caller already has it (a driver loop)."""
        to = to or self.to_act()
        if to.kind not in ("chance", "automaton"):
            return None
        # The engine's own step: computed once, no forgery check needed.
        seat, action, after, events = forced_step(self.game, self.state, to)
        return self._push(seat, action, after, events)

    def run_auto(self) -> list[Event]:
        out: list[Event] = []
        while (events := self.auto_step()) is not None:
            out.extend(events)
        return out

    def prefix(self, steps: int) -> Match:
        """The match as it stood after its first ``steps`` steps (a review's position, a fork's
        start): a new Match sharing the immutable states, so neither changes the other."""
        if not 0 <= steps <= len(self.steps):
            raise IllegalAction("core.bad_step", step=steps, steps=len(self.steps))
        out = Match.__new__(Match)
        out.game, out.seed = self.game, self.seed
        out.states = self.states[: steps + 1]
        out.steps = self.steps[:steps]
        out.events = self.events[:steps]
        out._listed = None
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
