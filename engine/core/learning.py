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
