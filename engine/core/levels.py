"""The lobby's bot levels, weakest first, for every game: what each one runs.

``easy`` is the tree search (``engine.core.search``) on a small budget. The levels above play
policy rollouts (``engine.core.rollout``) over the game's own greedy policy, more moves
compared, more futures and a longer look the higher the level; a game whose search knowledge
has no policy plays the tree search at those levels instead. ``docs/bots.md`` has the ladder
that measures them against each other. Hard and expert think for a time budget a move
(``Plan.seconds``): their decisions depend on the machine's speed, and the lobby says so
(``thinking_seconds``); a plan may also share a budget among a turn's decisions (``Plan.turn``,
``turn_seconds``). ``UNTIMED`` turns the budgets off where that must not be.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Callable
from typing import Any

import msgspec

from engine.core.copier import copy_state
from engine.core.game import Game
from engine.core.loop import forced_step, played
from engine.core.rollout import Plan, Rollouts, clock
from engine.core.search import LEVELS as TREE
from engine.core.search import Knowledge, Level, Search, knowledge

# Rollout plans: (moves compared, futures per move, decisions looked ahead; None: the end).
PLANS: dict[str, Plan] = {
    "normal": Plan(candidates=3, worlds=2, horizon=16),
    # Within a budget a move (issue #32): the Oracle's 36 futures took over a second a move in
    # the page; a game with its own hard plan (Trickerion, The Magnificent) sets its own.
    "hard": Plan(candidates=5, worlds=6, horizon=30, seconds=0.4),
    # The expert plays every future to the end: in a long game's first rounds its 36 futures
    # took up to 35 s a move in the page (issue #32), so it thinks for a budget of time and
    # plays as many of them as fit, saying so in the lobby.
    "expert": Plan(candidates=6, worlds=6, horizon=None, seconds=2.5),
}
NAMES = ("easy", "normal", "hard", "expert")
# Set (to anything) where decisions must not depend on the machine's speed: the engine's tests
# (tests/conftest.py) play every plan's futures in full, ignoring its time budget.
UNTIMED = "MARQUEE_UNTIMED_BOTS"
# Set (to seconds) where a test plays whole games against the timed levels and only needs them
# to reach the end (the e2e suite, through the bridge's ``automation``): every time budget is at
# most that, so the same timed path (futures one at a time until the clock says stop) runs in a
# fraction of the wait. The decision times a player meets are measured without it.
BUDGET_CAP = "MARQUEE_BOT_SECONDS"


def tree_level(name: str) -> Level:
    return TREE.get(name) or TREE["hard"]


def level_plan(know: Knowledge, name: str) -> Plan | None:
    """The level's rollout plan: the game's own (its search knowledge), else the shared one."""
    return (know.plans or {}).get(name) or PLANS.get(name)


def _timed(cls: type[Game]) -> dict[str, Plan]:
    """The game's levels that think for a time budget, with their plans."""
    know = cls.bots.knowledge
    if know is None or know.policy is None or know.rank is None:
        return {}
    out = {}
    for name in NAMES:
        plan = level_plan(know, name)
        if name in cls.bots.kinds and plan is not None and plan.seconds is not None:
            out[name] = plan
    return out


def thinking_seconds(cls: type[Game]) -> dict[str, float]:
    """The game's levels that think for a time budget, with its seconds a move (the lobby
    says so: such a level plays stronger on a faster device)."""
    return {name: plan.seconds for name, plan in _timed(cls).items() if plan.seconds is not None}


def turn_seconds(cls: type[Game]) -> dict[str, float]:
    """The game's timed levels that share a budget among a turn's decisions (``Plan.turn``),
    with its seconds a turn (the lobby says so beside the seconds a move)."""
    return {name: plan.turn for name, plan in _timed(cls).items() if plan.turn is not None}


class LevelBot:
    """A bot of one level; a budget (``hard:8``) overrides the level's futures per move
    (rollouts) or iterations (tree search). Its decisions depend on its seed, the visible
    position and the level only, and on the machine's speed where the level's plan has a time
    budget (``Plan.seconds``)."""

    def __init__(self, seed: int, name: str, budget: int | None = None, sees: bool = False) -> None:
        self.seed = seed
        self.name = name
        self.budget = budget
        # Measurement only (never offered to a player): the futures are the real one, dice
        # and decks included, so the bot's score bounds what the level could reach.
        self.sees = sees
        # The turn under way where the plan has a turn's budget: its last decision
        # (``marked``) and the clock the turn has spent.
        self._turn: tuple[Mark, float] | None = None

    def plan(self, game: Game) -> Plan | None:
        know = knowledge(game)
        plan = level_plan(know, self.name)
        if plan is None or know.policy is None or know.rank is None:
            return None
        if plan.seconds is not None and os.environ.get(UNTIMED):
            plan = msgspec.structs.replace(plan, seconds=None)
        elif plan.seconds is not None and os.environ.get(BUDGET_CAP):
            seconds = min(plan.seconds, float(os.environ[BUDGET_CAP]))
            plan = msgspec.structs.replace(plan, seconds=seconds)
        return msgspec.structs.replace(plan, worlds=self.budget) if self.budget else plan

    def choose(self, game: Game, state: Any, seat: int, legal: list[Any]) -> Any:
        plan = self.plan(game)
        if plan is not None and plan.seconds is not None and plan.turn is not None:
            return self._in_turn(game, state, seat, legal, plan, plan.seconds, plan.turn)
        if len(legal) == 1:
            return legal[0]
        if plan is not None:
            return self._rolled(game, state, seat, legal, plan)
        level = tree_level(self.name)
        if self.budget:
            level = msgspec.structs.replace(level, budget=self.budget)
        return Search(game, seat, level, self.seed).ranked(state, legal)[0].action

    def _in_turn(
        self,
        game: Game,
        state: Any,
        seat: int,
        legal: list[Any],
        plan: Plan,
        seconds: float,
        turn: float,
    ) -> Any:
        """A decision within the turn's budget (``Plan.turn``): at most ``seconds`` of what
        the seat's decisions before it in this turn left; once that is spent, the policy's
        move without a future (what a budget spent within the policy's first future plays
        too, so a slow device's turn ends within its budget and a slice).
        Issue #32, session 23: Trickerion's hard spent its 0.5 s on each of a 4-player turn's
        decisions, up to 9 of them, and took 3.0 s a turn at p95 natively."""
        start = clock()
        spent = 0.0
        if self._turn is not None and continues(game, self._turn[0], state, seat):
            spent = self._turn[1]
        if len(legal) == 1:
            action = legal[0]
        else:
            left = turn - spent
            if left > 0:
                plan = msgspec.structs.replace(plan, seconds=min(seconds, left))
            else:  # (its rank told so: The Magnificent's then values no turn to its end)
                plan = msgspec.structs.replace(plan, candidates=1, seconds=0.0)
            action = self._rolled(game, state, seat, legal, plan)
        # A single legal move is part of the turn too: the next decision follows from it.
        self._turn = (marked(game, state, seat, action), spent + clock() - start)
        return action

    def _rolled(self, game: Game, state: Any, seat: int, legal: list[Any], plan: Plan) -> Any:
        know = None
        if self.sees:
            know = msgspec.structs.replace(knowledge(game), determinize=_the_real_future)
        return Rollouts(game, seat, plan, self.seed, know).ranked(state, legal)[0].action


# A decision, as a later one tells whether it continues its turn (``continues``): the seat,
# the game's turn it was in (``Knowledge.turn``) and the state after it.
Mark = tuple[int, Any, Any]


def marked(game: Game, state: Any, seat: int, action: Any) -> Mark:
    turn_of = knowledge(game).turn
    now = turn_of(game, state, seat) if turn_of is not None else None
    return seat, now, played(game, state, seat, action)


def continues(game: Game, last: Mark, state: Any, seat: int) -> bool:
    """Whether a decision of ``seat`` at ``state`` is in the turn of the ``last`` decision
    (``marked``): the same seat, in the game's same turn (``Knowledge.turn``), ``state``
    following from it by chance steps only (deterministic from the state), so that no other
    seat, and no undo or load, came between. An automaton's step is another seat's turn:
    Trickerion's Successor (issue #32, session 24: followed as chance, it made a solo game
    one turn, and hard played greedy's move from its sixth decision on)."""
    last_seat, turn, after = last
    turn_of = knowledge(game).turn
    if last_seat != seat or (turn_of is not None and turn_of(game, state, seat) != turn):
        return False
    while (to := game.to_act(after)).kind == "chance":
        after = forced_step(game, after, to)[2]
    return bool(after == state)


def _the_real_future(game: Game, state: Any, viewer: int, rng: Any) -> Any:
    return copy_state(state)


def level_bots() -> dict[str, Callable[[int], LevelBot]]:
    """name -> factory(seed), for a game's ``bots`` (``make_bot`` knows them anyway)."""
    return {name: functools.partial(LevelBot, name=name) for name in NAMES}


def hint(
    game: Game, state: Any, seat: int, n: int = 3, *, level: str = "hard", seed: int = 0
) -> list[dict[str, Any]]:
    """The ``n`` best moves for ``seat`` as the ``level`` bot sees them. With rollouts each
    comes with its mean score and margin where the rollouts stop (the final score when they
    reach the end, else the game's value of the position, in its points) and how many points
    it gives up against the best; the tree search gives its estimate in [0, 1] instead."""
    legal = game.legal_actions(state, seat)
    if not legal:
        return []
    if len(legal) == 1:
        return [{"action": game.codec.action_to_builtins(legal[0]), "estimate": None}]
    bot = LevelBot(seed, level)
    plan = bot.plan(game)
    if plan is None:
        ranked = Search(game, seat, tree_level(level), seed).ranked(state, legal)
        return [
            {
                "action": game.codec.action_to_builtins(c.action),
                "visits": c.visits,
                "estimate": round(c.mean(), 3),
            }
            for c in ranked[:n]
        ]
    scored = Rollouts(game, seat, plan, seed).ranked(state, legal, every=True)
    best = scored[0].utility
    return [
        {
            "action": game.codec.action_to_builtins(c.action),
            "score": round(c.score, 1),
            # against the best other seat: with none (a one-seat solo game) there is no margin
            "margin": round(c.margin, 1) if game.players > 1 else None,
            # (never below 0: a move within the plan's lead of the policy's is listed after it)
            "loss": round(max(0.0, best - c.utility), 1),
            "estimate": None,
        }
        for c in scored[:n]
    ]
