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
from typing import Any, NamedTuple

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
    # plays as many of them as fit, saying so in the lobby. Its turn had none: 10 s at the
    # median in a 4-player Trickerion turn, 29 s in The Magnificent's (session 24); it now
    # shares 3 s a turn (the turn's target) paced over the decisions the turn is expected to
    # hold, so a long turn's last decisions still compare moves (docs/speed.md, session 25).
    "expert": Plan(candidates=6, worlds=6, horizon=None, seconds=2.5, turn=3.0, pace=True),
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
        # The turn under way where the plan has a turn's budget (``Turn``), and, for a paced
        # one (``Plan.pace``), the turns before it: by the kind of move that opened each, how
        # many decisions with a choice each held.
        self._turn: Turn | None = None
        self._held: dict[Any, list[int]] = {}

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
        the seat's decisions before it in this turn left (paced, ``Plan.pace``: its share of
        that, ``ahead``); once that is spent, the policy's move without a future (what a
        budget spent within the policy's first future plays too, so a slow device's turn ends
        within its budget and a slice).
        Issue #32, session 23: Trickerion's hard spent its 0.5 s on each of a 4-player turn's
        decisions, up to 9 of them, and took 3.0 s a turn at p95 natively."""
        start = clock()
        spent, choices, opened = 0.0, 0, type(legal[0])
        if self._turn is not None and continues(game, self._turn.last, state, seat):
            _, spent, choices, opened = self._turn
        elif self._turn is not None:  # it ended: a paced budget learns how long it was
            self._held.setdefault(self._turn.opened, []).append(self._turn.choices)
        if len(legal) == 1:
            action = legal[0]
        else:
            left = turn - spent
            if left > 0:
                share = left / self.ahead(opened, choices) if plan.pace else left
                plan = msgspec.structs.replace(plan, seconds=min(seconds, share))
            else:  # (its rank told so: The Magnificent's then values no turn to its end)
                plan = msgspec.structs.replace(plan, candidates=1, seconds=0.0)
            action = self._rolled(game, state, seat, legal, plan)
        # A single legal move is part of the turn too: the next decision follows from it.
        self._turn = Turn(
            marked(game, state, seat, action),
            spent + clock() - start,
            choices + (len(legal) > 1),
            opened,
        )
        return action

    def ahead(self, opened: Any, choices: int) -> float:
        """The decisions with a choice a turn is expected to hold still, this one included,
        where it ``opened`` with that kind of move and has had ``choices``: over the bot's own
        turns that opened so too (none yet: over all its turns; the game's first: ``HELD``)
        and held more, the mean of what they held beyond that; 1 where none did (this one is
        taken for the turn's last).
        A player paces a turn by the turns like it: Trickerion's assignments hold 4-8
        decisions with a choice, its advertising one (docs/speed.md, session 25)."""
        held = self._held.get(opened) or [n for ns in self._held.values() for n in ns] or [HELD]
        beyond = [n - choices for n in held if n > choices]
        return sum(beyond) / len(beyond) if beyond else 1.0

    def _rolled(self, game: Game, state: Any, seat: int, legal: list[Any], plan: Plan) -> Any:
        know = None
        if self.sees:
            know = msgspec.structs.replace(knowledge(game), determinize=_the_real_future)
        return Rollouts(game, seat, plan, self.seed, know).ranked(state, legal)[0].action


# The decisions with a choice a paced turn is taken to hold before the bot has played one
# (``LevelBot.ahead``): a greedy game's turns held 2.5-3.3 of them on average in Trickerion
# (2 and 4 players, solo) and the Oracle, 5.5 in The Magnificent (4 players; seeds 1-3, session
# 25), so Trickerion's setup (5 picks in one turn) does not spend its budget on the first.
HELD = 3

# A decision, as a later one tells whether it continues its turn (``continues``): the seat,
# the game's turn it was in (``Knowledge.turn``) and the state after it.
Mark = tuple[int, Any, Any]


class Turn(NamedTuple):
    """A bot's turn under way (``LevelBot._in_turn``)."""

    last: Mark  # its last decision (``marked``)
    spent: float  # the clock its decisions have spent
    choices: int  # its decisions with more than one legal move
    opened: Any  # the kind of move that opened it (its first decision's first legal move's type)


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
