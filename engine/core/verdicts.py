"""A verdict on each move of a finished game (issue #21): the bot of one lobby level rates the
position before the move, with the move played and with the move it prefers, and the move is
marked by the points it gave up, as chess sites mark inaccuracies, mistakes and blunders.

Reads the bots read-only (``levels.hint``, ``rollout.Rollouts``): a verdict is the same policy
rollouts a hint runs, over the same determinized futures (common random numbers), so the played
move and the preferred one are compared on the same luck. The page asks one move at a time (the
bridge's ``verdict``), so a long analysis shows its progress and can be cancelled between moves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.core.game import Game
from engine.core.levels import LevelBot, hint
from engine.core.match import Match
from engine.core.rollout import Rollouts
from engine.core.search import knowledge

LEVEL = "normal"  # the lobby's default bot: a 2-player Trickerion game takes about a minute
SEED = 0

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
    ranked = hint(game, state, seat, n=1_000, level=level, seed=SEED)
    best = ranked[0]
    key = game.encode_action(played)
    mine = next((h for h in ranked if game.encode_action(_action(game, h)) == key), None)
    if best.get("loss") is None:  # one legal move, or a tree-search level
        return {
            "best": best["action"],
            "score": None,
            "best_score": None,
            "loss": None,
            "mark": None,
        }
    if mine is None:
        # a move outside the few the bot compares: played against its best, in the same worlds
        plan = LevelBot(SEED, level).plan(game)
        assert plan is not None
        pair = Rollouts(game, seat, plan, SEED).ranked(state, [_action(game, best), played])
        top = pair[0].utility
        mine_scored = next(c for c in pair if game.encode_action(c.action) == key)
        mine = {"score": round(mine_scored.score, 1), "loss": round(top - mine_scored.utility, 1)}
        if pair[0] is mine_scored:  # better than its best on these futures: nothing given up
            mine["loss"] = 0.0
    loss = max(0.0, float(mine["loss"]))
    return {
        "best": best["action"],
        "score": mine["score"],
        "best_score": best["score"],
        "loss": loss,
        "mark": mark(game, loss),
    }


def _action(game: Game, entry: dict[str, Any]) -> Any:
    return game.action_from_builtins(entry["action"])
