"""A verdict on each move of a finished game (issue #21): the bot of one lobby level rates the
position before the move, with the move played and with the move it prefers, and the move is
marked by the points it gave up, as chess sites mark inaccuracies, mistakes and blunders.

Reads the bots read-only (``levels.hint``, ``rollout.Rollouts``): a verdict is the same policy
rollouts a hint runs, over the same determinized futures (common random numbers), so the played
move and the preferred one are compared on the same luck. The page asks one move at a time (the
bridge's ``verdict``), so a long analysis shows its progress and can be cancelled between moves.

A verdict spends a fixed amount of work (``WORK``), never a clock: the same save reads the same
on any machine, at any load, in any order its moves are asked (issue #21, session 27).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from typing import Any

import msgspec

from engine.core.game import Game
from engine.core.levels import LevelBot, hint
from engine.core.match import Match
from engine.core.rollout import Rollouts, Scored, preferred
from engine.core.search import knowledge

LEVEL = "normal"  # the lobby's default bot
SEED = 0

# The work a verdict may spend, per game: slices of a playout (``rollout.PAUSE`` decisions of
# one compared move; ``Rating.advance`` plays one), counted, not timed. The level's own plan
# (its moves and futures, its time budget left out) is played within it: where it runs out
# within the first future every move is cut there at the same depth, within a later future
# that future is dropped for all (``Rollouts.abreast``). A game not listed plays its plan in
# full (The Magnificent's normal looks 16 decisions ahead: 39 slices at most). Chosen so that
# a 2-player game's verdicts mostly play the plan in full and a 4-player Trickerion review
# stays within the page's 3 minutes (docs/bots.md, issue #21, session 27).
WORK: dict[str, int] = {"trickerion": 320, "trickerion-solo": 240, "oracle": 160}

# Points given up, in units of the game's own "clearly ahead" margin (Knowledge.scale: 8 fame
# in Trickerion, 6 points in The Magnificent, 3 in the Oracle), worst first.
MARKS = (("blunder", 1.0), ("mistake", 0.5), ("inaccuracy", 0.25))


def mark(game: Game, loss: float) -> str | None:
    scale = knowledge(game).scale
    for name, share in MARKS:
        if loss >= share * scale:
            return name
    return None


def moves_to_rate(match: Match, seats: Sequence[int]) -> list[int]:
    """The steps at which one of ``seats`` (the people at the table) chose among several
    moves: the moves a verdict is about."""
    return [index for index in range(len(match.steps)) if rated(match, index, seats)]


def rated(match: Match, index: int, seats: Sequence[int]) -> bool:
    """Whether step ``index`` was one of ``seats`` choosing among several moves."""
    if not 0 <= index < len(match.steps) or match.steps[index].seat not in seats:
        return False
    state, seat = match.states[index], match.steps[index].seat
    to = match.game.to_act(state)
    return to.kind == "players" and len(match.game.legal_actions(state, seat)) > 1


def rate(game: Game, state: Any, seat: int, played: Any, level: str = LEVEL) -> dict[str, Any]:
    """The verdict on ``played`` by ``seat`` in ``state``: ``{best, score, best_score, loss,
    mark}`` (``best`` the action the bot prefers, the scores its expected points after the
    move played and after its own, ``loss`` the utility given up, never below 0); scores and
    loss are None where the level plays the tree search (no points to give)."""
    rating = Rating(game, state, seat, played, level)
    while not rating.advance():
        pass
    return rating.verdict()


class Rating:
    """One verdict worked out a slice at a time (``advance``: a few decisions of one playout),
    so the page, asking again until it is done, can cancel within a slice, not a whole move.

    The moves compared are those the level's bot compares (its ``rank``'s first
    ``candidates``) and the move played when it is not among them, each played in the same
    determinized futures as a hint's (common random numbers), abreast (``Rollouts.abreast``):
    the played move is never dropped by the rank, and the bot's best is never rolled out
    twice. The level's time budget (``Plan.seconds``) is not the verdict's: it spends the
    game's ``WORK``, slices counted, so the verdict depends on the position only."""

    def __init__(self, game: Game, state: Any, seat: int, played: Any, level: str = LEVEL):
        self.game, self.state, self.seat, self.played = game, state, seat, played
        self.key = game.codec.encode_action(played)
        self.level = level
        plan = LevelBot(SEED, level).plan(game)
        self.plan = None if plan is None else msgspec.structs.replace(plan, seconds=None)
        self.work = WORK.get(game.id)
        self._slices = 0  # slices played so far
        self.moves: list[Any] = []
        self.scored: list[Scored] = []
        self._tree: dict[str, Any] | None = None
        if self.plan is None or len(game.legal_actions(state, seat)) == 1:
            return  # the tree search's one answer (or the only move): nothing to roll out
        rank = knowledge(game).rank
        assert rank is not None
        self.rollouts = Rollouts(game, seat, self.plan, SEED)
        legal = game.legal_actions(state, seat)
        self.moves = rank(game, state, seat, legal)[: self.plan.candidates]
        if all(game.codec.encode_action(m) != self.key for m in self.moves):
            self.moves.append(played)
        self._work: Generator[int, None, list[Scored]] | None = None
        self._played = 0  # playouts finished so far

    @property
    def total(self) -> int:
        """Playouts to finish: every move in every future (one where there is nothing to roll
        out)."""
        return len(self.moves) * self.plan.worlds if self.moves and self.plan else 1

    @property
    def done(self) -> int:
        if not self.moves:
            return int(self._tree is not None)
        return self.total if self.scored else self._played

    def advance(self) -> bool:
        """One more slice of work; whether the verdict is ready."""
        if not self.moves:
            self._tree = self._tree or self._search()
            return True
        if self.scored:
            return True
        if self._work is None:
            worlds = self.rollouts.worlds(self.state)
            self._work = self.rollouts.abreast(self.state, self.moves, worlds, self._spent)
        try:
            self._played = next(self._work)
            self._slices += 1
        except StopIteration as finished:
            self.scored = finished.value
        return bool(self.scored)

    def _spent(self) -> bool:
        """Whether the game's ``WORK`` is played (``abreast`` asks after each round of
        slices, every one of them counted by then)."""
        return self.work is not None and self._slices >= self.work

    def _search(self) -> dict[str, Any]:
        best = hint(self.game, self.state, self.seat, n=1, level=self.level, seed=SEED)[0]
        return {"best": best["action"], "score": None, "best_score": None, "loss": None}

    def verdict(self) -> dict[str, Any]:
        if not self.moves:
            assert self._tree is not None, "advance() until it says the verdict is ready"
            return {**self._tree, "mark": None}
        assert len(self.scored) == len(self.moves), "advance() until the verdict is ready"
        game = self.game
        # the bot's best among the moves it compares (the played one, added, is not its choice)
        compared = self.scored[: self.plan.candidates] if self.plan else self.scored
        best = preferred(compared, self.plan.lead if self.plan else 0.0)[0]
        mine = next(c for c in self.scored if game.codec.encode_action(c.action) == self.key)
        loss = max(0.0, round(best.utility - mine.utility, 1))
        return {
            "best": game.codec.action_to_builtins(best.action),
            "score": round(mine.score, 1),
            "best_score": round(best.score, 1),
            "loss": loss,
            "mark": mark(game, loss),
        }
