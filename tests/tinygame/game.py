"""The tiny game's rules object (see the package docstring)."""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core import (
    CHANCE,
    Event,
    Game,
    IllegalAction,
    OptionsError,
    OptionSpec,
    Result,
    Rng,
    ToAct,
    chance,
)
from engine.core.copier import copy_state
from engine.core.game import CHANCE_NODE, TERMINAL, Seating
from engine.core.presenter import Presenter
from engine.core.registry import register


class Pick(msgspec.Struct, frozen=True, tag="pick"):
    n: int


class Roll(msgspec.Struct, frozen=True, tag="roll"):
    """The chance step carries the face thrown (engine/core/chance.py)."""

    die: int = 0


def _die(rng: Rng) -> int:
    return rng.between(1, 6)


class State(msgspec.Struct):
    rng: Rng
    round: int
    phase: Literal["pick", "roll", "over"]
    picks: list[int | None]
    scores: list[int]


class TinyPresenter(Presenter):
    names = {"en": "Tiny", "ru": "Малютка", "fr": "Minus"}


@register
class TinyGame(Game):
    id = "tiny"
    presenter = TinyPresenter
    seating = Seating(2, 3)
    option_specs = (
        OptionSpec(
            id="rounds",
            kind="int",
            default=2,
            min=1,
            max=5,
            names={"en": "Rounds", "ru": "Раунды", "fr": "Manches"},
        ),
        OptionSpec(
            id="dice",
            kind="bool",
            default=True,
            names={"en": "Die bonus", "ru": "Бонус кубика", "fr": "Bonus du dé"},
        ),
    )
    state_type = State
    action_type = Pick | Roll

    def check_options(self) -> None:
        if self.options["rounds"] > 3 and not self.options["dice"]:
            raise OptionsError("options.tiny.long_needs_dice")

    def initial_state(self, seed: int) -> State:
        return State(
            rng=Rng.from_seed(seed),
            round=1,
            phase="pick",
            picks=[None] * self.players,
            scores=[0] * self.players,
        )

    def to_act(self, state: State) -> ToAct:
        if state.phase == "over":
            return TERMINAL
        if state.phase == "roll":
            return CHANCE_NODE
        return ToAct("players", tuple(i for i, p in enumerate(state.picks) if p is None))

    def legal_actions(self, state: State, seat: int) -> list:
        if state.phase != "pick" or state.picks[seat] is not None:
            return []
        return [Pick(n) for n in (1, 2, 3)]

    def chance_action(self, state: State) -> Roll:
        return Roll(chance.outcome(state.rng, _die))

    def refusal(self, state: State, seat: int, action) -> tuple[str, dict]:
        # a player's only move is a pick of 1-3; the die is the game's
        if isinstance(action, Pick):
            return "tiny.pick.range", {"n": action.n}
        return "tiny.roll.only_chance", {}

    def _apply(self, state: State, seat: int, action) -> list[Event]:
        if isinstance(action, Pick):
            if seat == CHANCE:
                raise IllegalAction("tiny.pick.chance_cannot_pick")
            state.picks[seat] = action.n
            events = [Event("tiny.picked", {"seat": seat, "n": action.n}, to=seat)]
            if all(p is not None for p in state.picks):
                events.append(Event("tiny.revealed", {"picks": list(state.picks)}, reveal=True))
                for i, p in enumerate(state.picks):
                    state.scores[i] += p
                state.phase = "roll" if self.options["dice"] else self._next_round(state)
            return events
        die = action.die
        if not 1 <= die <= 6:
            raise IllegalAction("tiny.roll.not_a_face", die=die)
        chance.take(state.rng, _die)
        for i, p in enumerate(state.picks):
            if p % 2 == die % 2:
                state.scores[i] += die
        state.phase = self._next_round(state)
        return [Event("tiny.rolled", {"die": die})]

    def _next_round(self, state: State) -> str:
        state.picks = [None] * self.players
        if state.round == self.options["rounds"]:
            return "over"
        state.round += 1
        return "pick"

    def view(self, state: State, viewer: int | None) -> dict:
        data = super().view(state, viewer)
        if state.phase == "pick":
            data["picks"] = [
                p if i == viewer else (p is not None) for i, p in enumerate(state.picks)
            ]
        return data

    def hidden_probe(self, state: State, viewer: int | None) -> list[State]:
        """Another seat's secret pick changed to each other number."""
        out = []
        if state.phase != "pick":
            return out
        for seat, pick in enumerate(state.picks):
            if seat == viewer or pick is None:
                continue
            for other in (1, 2, 3):
                if other != pick:
                    probe = copy_state(state)
                    probe.picks[seat] = other
                    out.append(probe)
        return out

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        best = max(state.scores)
        return Result(
            scores=list(state.scores),
            winners=[i for i, s in enumerate(state.scores) if s == best],
            breakdown=[{"total": s} for s in state.scores],
        )
