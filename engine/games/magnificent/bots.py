"""A greedy bot: it keeps the action whose state looks best for its seat, one step ahead, or
for the decisions that shape a turn (the die, the action) where the turn ends.

The value counts VP, and small values for what turns into VP later: coins (less what the dice
on the cards will cost at round end), gems, camp cells, tents, posters held (more when they
could be rewarded now), in the solo game the round's plan (``plan``: the posters one Perform
could reward together, by how much of their needs and of its power is there), trainer
markers, the best master card to score now, and the power still to spend this turn. In the
solo game the dice it may take are held to the round's colour (``plan.committed``), a
turn that can reward posters to a Perform (``plan.perform_committed``, with the Perform
assistants that pay at its reward) and the turns before the round's last to a waiting
poster's tent or fragments (``prepare.tent_committed``). The rollouts play this value one
step ahead with the same dice and Performs, so they follow the same plan; the posters' needs
they leave to the value, and they never Perform for nothing (``plan.empty_dropped``).
Ties go to the bot's own seeded stream, never the game's.
"""

from __future__ import annotations

import functools
from typing import Any

from engine.core.learning import load_weights
from engine.core.loop import apply_owned, forced_action, played
from engine.core.rng import Rng
from engine.games.magnificent import actions as A
from engine.games.magnificent import common, perform, plan, prepare, scoring
from engine.games.magnificent.components import ArtistChoiceCond
from engine.games.magnificent.turn import AP_OPEN, ap
from engine.games.magnificent.worlds import determinize

SAMPLE = 60  # placements: a one-step lookahead over hundreds of them costs more than it buys
TURN_STEPS = 40  # decisions in one turn at most (a turn takes 5-15)
# The decisions that shape a turn: judged where the turn ends, not one step ahead.
SHAPING = (A.TakeDie, A.Choose)


@functools.cache
def shipped() -> dict[str, float]:
    """The value's weights (tenths of a VP), tuned by self-play: ``python -m engine train
    --game magnificent`` (learned/greedy.json says how they were made)."""
    return load_weights("engine.games.magnificent", "greedy.json")


def value(game: Any, s: Any, seat: int, w: dict[str, float] | None = None) -> float:
    return sum(terms(game, s, seat, w).values())


def terms(game: Any, s: Any, seat: int, w: dict[str, float] | None = None) -> dict[str, float]:
    """The value by term, in its units: what a hint names as a move's purpose
    (``engine.core.reasons``)."""
    w = w or shipped()
    r = game.rules
    p = s.players[seat]
    big, clear = common.owes(p)
    owed = big + clear
    out = {
        "vp": p.vp * 10.0,
        "coins": (p.coins - owed) * w["coin"]
        # the round-end shortfall costs VP (R71)
        - max(0, owed - p.coins) * s.round * w["short"],
        "gems": sum(p.gems.values()) * w["gem"],
        "camp": (len(p.camp) - p.camp.count(0)) * w["camp"],
        "tents": sum(1 for t in p.tents[1:] if t is not None) * w["tent"],
        "posters": sum(
            w["poster"] + (w["poster_ready"] if perform.eligible(r, s, seat, (i,), "") else 0.0)
            for i, pid in enumerate(p.posters)
            if pid is not None
        ),
        "markers": (p.markers + p.markers_tent) * w["marker"],
        # (solo only: in 2-player games, greedy with the plan against greedy without lost 3
        # games of 3, by 22 points a game; docs/bots.md, The Magnificent, session 13)
        "plan": plan.progress(r, s, seat) * w["plan"] if len(s.players) == 1 else 0.0,
        "card": 0.0,
        "power": ap(s) * w["power"] if s.seat == seat and s.turn.stage in AP_OPEN else 0.0,
    }
    if p.cards:
        conds = [r.cards[c.id].condition for c in p.cards]
        # (the best artist costs a count of the rewarded posters: only the artist card asks)
        artist = (
            scoring.best_artist(r, s, seat)
            if any(type(c) is ArtistChoiceCond for c in conds)
            else ""
        )
        out["card"] = w["card"] * max(scoring.value(r, s, seat, c, artist, 0) for c in conds)
    return out


class GreedyBot:
    """``turns``: the decisions that shape a turn are valued where the turn ends (the greedy
    bot); without, every decision is one step ahead (the rollouts' quicker policy)."""

    def __init__(
        self, seed: int, weights: dict[str, float] | None = None, turns: bool = True
    ) -> None:
        self.rng = Rng.from_seed(seed)
        self.weights = weights
        self.turns = turns

    def choose(self, game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        legal = self.planned(game, state, seat, legal)
        if not self.turns:  # (the rollouts play it in worlds already dealt)
            return self._one_step(game, state, seat, legal)
        # Every choice is tried in one world the bot deals itself, the same for all: its own
        # dice faces and poster deck, never the real future (a poster drawn from the deck or
        # a die thrown for a discard would show it).
        world = determinize(game, state, seat, Rng.from_seed(self.rng.next_u64()))
        if any(isinstance(a, SHAPING) for a in legal):
            # What a die or the action chosen is worth shows only once the turn is played:
            # each is valued where the turn ends, played out one step at a time.
            return self._best(legal, lambda a: self._turn_end(game, world, seat, a))
        return self._one_step(game, world, seat, legal)

    def planned(self, game: Any, state: Any, seat: int, legal: list[Any]) -> list[Any]:
        """The dice, the Performs and the posters' needs the round's plan commits to (solo
        only, as the plan term). The rollouts' policy leaves the posters' needs to the value:
        hard's rollouts already find the tents (2.5 a game to greedy's 1.4), and held to the
        commitment they found fewer Performs (docs/bots.md, The Magnificent, session 17). It
        never Performs for nothing: choosing its action one step ahead, where they all look
        alike, it did 4.4 times a game (session 19)."""
        if len(state.players) != 1:
            return legal
        legal = plan.committed(game.rules, state, seat, legal)
        legal = plan.perform_committed(game.rules, state, seat, legal)
        if self.turns:
            return prepare.tent_committed(game.rules, state, seat, legal)
        return plan.empty_dropped(game.rules, state, seat, legal)

    def _one_step(self, game: Any, state: Any, seat: int, legal: list[Any]) -> Any:
        if len(legal) > 5 * SAMPLE:
            legal = [legal[self.rng.below(len(legal))] for _ in range(SAMPLE)]
        return self._best(
            legal, lambda a: value(game, played(game, state, seat, a), seat, self.weights)
        )

    def _best(self, legal: list[Any], worth: Any) -> Any:
        best: list[Any] = []
        top = float("-inf")
        for action in legal:
            v = worth(action)
            if v > top + 1e-9:
                top, best = v, [action]
            elif abs(v - top) <= 1e-9:
                best.append(action)
        return self.rng.choice(best)

    def _turn_end(self, game: Any, state: Any, seat: int, action: Any) -> float:
        return value(game, self.turn_played(game, state, seat, action), seat, self.weights)

    def turn_played(self, game: Any, state: Any, seat: int, action: Any) -> Any:
        """``action`` and the rest of ``seat``'s turn played one step ahead on a copy of
        ``state``: where the bot judges a die or an action (and a hint says what it is for)."""
        s = played(game, state, seat, action)
        turn = (s.round, s.players[seat].turns)
        for _ in range(TURN_STEPS):
            to = game.to_act(s)
            if to.kind == "terminal":
                break
            if to.kind in ("chance", "automaton"):
                apply_owned(game, s, *forced_action(game, s, to))
                continue
            if s.phase != "turn" or (s.round, s.players[seat].turns) != turn:
                break
            legal = self.planned(game, s, seat, game.legal_actions(s, seat))
            apply_owned(game, s, seat, self._one_step(game, s, seat, legal))
        return s
