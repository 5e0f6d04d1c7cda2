"""Learned parameters: what a game declares so that ``python -m engine train`` can tune them,
and how the game reads the shipped file back.

A game's bot knowledge may carry numeric weights (the worth of a coin, of a prepared marker…).
They are data: a JSON file in the game's ``learned/`` folder (``data/`` holds the component
packs), ``{"weights": {...}, "provenance": {...}}``, written by the trainer with the command,
seed, games and engine version that made it.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

import msgspec

# objective(candidate, reference, seed, games) -> a number to maximise: the candidate's
# result over ``games`` seeded games from ``seed`` on (against the reference where it plays one).
Objective = Callable[[dict[str, float], dict[str, float], int, int], float]


class Learner(msgspec.Struct, frozen=True):
    package: str  # the game's package; the file lies in its data/ folder
    file: str
    steps: dict[str, float]  # the first step the trainer tries for each weight
    objective: Objective

    @property
    def path(self) -> str:
        return self.package.replace(".", "/") + "/learned/" + self.file


def load_weights(package: str, file: str) -> dict[str, float]:
    """The shipped weights (a KeyError-free copy the caller may keep)."""
    text = resources.files(package).joinpath("learned/" + file).read_text()
    data = json.loads(text)
    return {k: float(v) for k, v in data["weights"].items()}


def solo_and_duel(
    solo: str,
    players: int,
    solo_options: dict[str, Any],
    duel: str,
    bot: Callable[..., Any],
    margin: bool = False,
) -> Objective:
    """An objective for a game with a solo mode: the bot's mean score in ``solo`` (seat 0,
    ``players`` seats with the automaton's; with ``margin``, less the automaton's best, so
    what the bot concedes to it counts too) plus its mean margin in 2-player games of ``duel``
    against the bot with the reference weights, seats swapped every game. ``bot(seed,
    weights)`` makes the game's bot."""
    from engine.core.bots import bot_seed
    from engine.core.match import Match
    from engine.core.play import play_to_end

    def objective(w: dict[str, float], ref: dict[str, float], seed: int, games: int) -> float:
        total = 0.0
        for g in range(games):
            s = seed + g
            m = Match.new(solo, players, solo_options, s)
            play_to_end(m, {0: bot(bot_seed(s, 0), w)})
            result = m.result()
            assert result is not None
            total += result.scores[0] - (max(result.scores[1:]) if margin else 0)
            me = g % 2
            m = Match.new(duel, 2, {}, s)
            play_to_end(m, {me: bot(bot_seed(s, me), w), 1 - me: bot(bot_seed(s, 1 - me), ref)})
            result = m.result()
            assert result is not None
            total += result.scores[me] - result.scores[1 - me]
        return total / games

    return objective
