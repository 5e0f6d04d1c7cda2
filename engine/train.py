"""``python -m engine train``: tune a game's learned weights by self-play.

Coordinate ascent with shrinking steps: each weight in turn is moved up, then down, by its
step; a move is kept when the game's objective (its bot with the candidate weights, over a
fixed set of seeded games, against a reference bot with the weights the run started from)
improves by more than ``margin``; a weight whose moves both fail has its step halved. The same
seeds are played for every candidate (common random numbers), so two candidates differ by their
weights, not by their luck; a final run on other seeds reports what was gained out of sample.

Training never runs in CI: the tests run a tiny training to check the mechanics and check that
the shipped file loads.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from engine import __version__
from engine.core.learning import Learner


def train(
    learner: Learner,
    start: dict[str, float],
    games: int,
    seed: int,
    passes: int = 3,
    margin: float = 0.0,
    command: str = "",
    progress: Callable[[str], None] | None = None,
) -> dict[str, Any]:
    say = progress or (lambda line: None)
    t0 = time.perf_counter()
    reference = dict(start)
    w = dict(start)
    steps = {k: learner.steps.get(k, abs(v) * 0.25 or 0.1) for k, v in w.items()}
    best = learner.objective(w, reference, seed, games)
    baseline = best
    say(f"start: {best:.3f}")
    evaluations = 1
    for index in range(passes):
        for name in sorted(w):
            for sign in (1.0, -1.0):
                cand = dict(w)
                cand[name] = round(w[name] + sign * steps[name], 4)
                got = learner.objective(cand, reference, seed, games)
                evaluations += 1
                if got > best + margin:
                    say(f"pass {index + 1}: {name} {w[name]} -> {cand[name]}: {got:.3f}")
                    w, best = cand, got
                    break
            else:
                steps[name] /= 2
    held_out = seed + 1_000_000
    before = learner.objective(reference, reference, held_out, games)
    after = learner.objective(w, reference, held_out, games)
    return {
        "weights": w,
        "provenance": {
            "command": command,
            "method": "coordinate ascent on the objective over common seeded games",
            "seed": seed,
            "games_per_evaluation": games,
            "passes": passes,
            "evaluations": evaluations,
            "objective_start": round(baseline, 3),
            "objective_end": round(best, 3),
            "held_out_seed": held_out,
            "held_out_start": round(before, 3),
            "held_out_end": round(after, 3),
            "engine_version": __version__,
            "seconds": round(time.perf_counter() - t0, 1),
        },
    }
