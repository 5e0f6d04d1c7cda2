"""Policy rollouts: a bot that improves on the game's own policy by trying its best few moves.

For each of the ``candidates`` moves the game's ``rank`` puts first, the bot plays the same
``worlds`` determinized futures (``determinize``: what the seat cannot see dealt again, the
RNG reseeded) with the game's ``policy`` bot at every seat for ``horizon`` decisions (None: to
the end of the game), and scores the outcome: the seat's final score at the end, else the game's
``evaluate``; the utility is that score minus half the best other seat's. The move with the best
mean utility is played. This is the rollout algorithm of Bertsekas and Tsitsiklis (Tesauro
and Galperin's "on-line policy improvement" for backgammon): the bot is at least as good as its
policy in expectation, and the more futures it plays, the surer.

Every candidate is played in the same worlds, with the same seeds for the policy bots (common
random numbers), so two moves are compared on the same luck. Scores are in the game's points,
so a hint can say "expected 84 points; 6 fewer than the best move".

Like the tree search, the random stream is seeded from the bot's seed and a digest of the
seat's *view*: a decision is a pure function of what the seat sees, the seed and the plan.
A plan with a time budget (``Plan.seconds``) plays the futures one at a time for every move
until the budget is spent (in the first future, only the moves it reaches; none reached, the
policy's move): its decisions depend on the machine's speed too, never on more futures than
the plan names. A hint and a
verdict must score every move they list, so they play the moves abreast instead (``abreast``):
a budget spent within the first future cuts every move's there, at the same depth, and the
game's ``evaluate`` values where each stopped.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Generator
from typing import Any, TypeVar

import msgspec

from engine.core.copier import copy_state
from engine.core.game import Game
from engine.core.loop import apply_owned, forced_action, played
from engine.core.rng import Rng
from engine.core.search import Knowledge, _view_digest, knowledge

# The opponents count half: a move that costs an opponent a point is worth half a point.
OTHERS = 0.5
# The budget's clock: natively the process's CPU time, so a sample measured on a busy machine
# plays the bot an idle one plays; in the page (Pyodide) the wall time the player waits, the
# worker's own time there (Emscripten's process clocks are not sure to count seconds).
clock = time.perf_counter if sys.platform == "emscripten" else time.process_time
# A playout pauses after this many decisions (a few milliseconds each), so a verdict asked a
# slice at a time can be cancelled within a slice, and a budget is overrun by one slice of
# each compared move at most (session 19: with 16, the Oracle's hint took 200 ms of CPU in
# the page past its budget, five moves of 16 greedy decisions each).
PAUSE = 4

T = TypeVar("T")
# A playout paused at a slice's end: sent True, it stops there and values where it stands.
Playout = Generator[None, bool | None, list[float]]


class Plan(msgspec.Struct, frozen=True):
    candidates: int  # moves compared (the rest are never played)
    worlds: int  # determinized futures each candidate is played in (at most, with ``seconds``)
    horizon: int | None  # decisions per future, all seats counted; None: to the game's end
    # A time budget per decision, in seconds of ``clock`` (CPU time; in the page, wall time):
    # the futures are played one at a time for every candidate until it is spent, at most
    # ``worlds``; the first for the moves the budget reaches (none: the policy's move is
    # played). None: always ``worlds``, and the decision depends
    # on the view, seed and plan only; with a budget it depends on the machine's speed too.
    seconds: float | None = None
    # A time budget a turn (a seat's decisions one after another, none of another seat's
    # between), in the same clock, shared by its decisions (``engine.core.levels.LevelBot``):
    # each spends at most ``seconds`` of what is left of it, and one that finds it spent plays
    # the policy's move without a future. None: each decision has ``seconds`` whatever the
    # turn. Only with ``seconds``.
    turn: float | None = None
    # With ``turn``: each decision's share of what is left of the turn's budget is that divided
    # by the decisions the turn is expected to hold still (``engine.core.levels.LevelBot``:
    # from the bot's own turns that opened with the same kind of move), so the first decisions
    # of a long turn leave time for its last ones. False: first come, first served.
    pace: bool = False
    # Utility another move must gain over the policy's own to be played instead, in one future;
    # over n futures lead / sqrt(n), as the noise of the mean shrinks (so a budget that plays
    # fewer futures asks for more): on a few futures the best of a few noisy means is biased
    # up, and a bot that followed it by any margin scored below its own policy (Trickerion's
    # solo hard, docs/bots.md sessions 22 and 23).
    lead: float = 0.0


class Scored(msgspec.Struct):
    action: Any
    prior: int  # the move's rank in the game's own ordering (0: the policy's choice)
    score: float  # the seat's mean score (final, or evaluated at the horizon)
    margin: float  # mean score minus the best other seat's
    utility: float
    spread: float  # standard error of the utility over the worlds
    futures: int = 0  # the worlds it was played in


class Rollouts:
    def __init__(
        self, game: Game, viewer: int, plan: Plan, seed: int, know: Knowledge | None = None
    ) -> None:
        self.game = game
        self.viewer = viewer
        self.plan = plan
        self.seed = seed
        self.know = know or knowledge(game)
        if self.know.policy is None or self.know.rank is None:
            raise ValueError(f"{game.id}: rollouts need the game's policy and rank")

    def ranked(self, state: Any, legal: list[Any], every: bool = False) -> list[Scored]:
        """The compared moves, best first. ``every``: each of them, within a time budget too
        (a hint lists them: ``abreast``); else, within a time budget, those it reached
        (``_timed``)."""
        start = clock()
        rank = self.know.rank
        assert rank is not None
        # The rank is part of the decision: it is told the budget's deadline, and a rank
        # that can cut its own work there does (The Magnificent's: issue #32, session 25).
        deadline = None if self.plan.seconds is None else start + self.plan.seconds
        ranked = rank(self.game, state, self.viewer, legal, deadline=deadline)
        moves = ranked[: self.plan.candidates]
        if len(moves) == 1:
            return [Scored(moves[0], 0, 0.0, 0.0, 0.0, 0.0)]
        worlds = self.worlds(state)
        if deadline is None:
            out = [self.score(state, move, index, worlds) for index, move in enumerate(moves)]
        elif every:
            out = drain(self.abreast(state, moves, worlds, lambda: clock() >= deadline))
        else:
            out = self._timed(state, moves, worlds, deadline)
        return preferred(out, self.plan.lead)

    def worlds(self, state: Any) -> list[tuple[Any, int]]:
        """The determinized futures every move is played in, each with its policy seed."""
        game, know = self.game, self.know
        rng = Rng.from_seed(self.seed ^ _view_digest(game, state, self.viewer))
        return [
            (know.determinize(game, state, self.viewer, rng), rng.next_u64())
            for _ in range(self.plan.worlds)
        ]

    def _timed(
        self,
        state: Any,
        moves: list[Any],
        worlds: list[tuple[Any, int]],
        deadline: float,
    ) -> list[Scored]:
        """Every move played in one more future at a time (all on the same luck) until the
        ``deadline`` (``clock``) passes or the futures run out. The clock is read between a
        playout's slices (``PAUSE``), so a decision overruns its budget by a slice at most.
        A deadline passed within the first future (a slow or busy device) leaves the moves
        after it unplayed: those the budget reached are compared; within the policy's own
        move, none is, and the policy's move is played unscored. (It was once played out
        whatever the deadline, the choice the same, since no other move was then compared:
        in the page at loads of 8-16, 1.5-3.5 s of wall time past a 0.5 s budget; docs/speed.md,
        session 24.)
        One passed within a later future drops that future for every move, so all of them
        are compared on the same luck. (Read only between futures, the clock let a later
        future be played for every move past the deadline: Trickerion's hard, 0.5 s a move,
        took up to 0.63 s of CPU natively; docs/bots.md, session 17.)"""
        outcomes: list[list[list[float]]] = [[] for _ in moves]
        reached = len(moves)
        for k, world in enumerate(worlds):
            for i in range(reached):
                values = until(self.playout(state, moves[i], world), deadline)
                if values is not None:
                    outcomes[i].append(values)
                    continue
                if k == 0:
                    reached = i  # the moves after it unplayed
                else:
                    for played in outcomes[:i]:
                        played.pop()  # this future dropped for the moves it reached
                if reached == 0:
                    return [Scored(moves[0], 0, 0.0, 0.0, 0.0, 0.0)]
                return self._tallies(moves[:reached], outcomes)
        return self._tallies(moves[:reached], outcomes)

    def abreast(
        self,
        state: Any,
        moves: list[Any],
        worlds: list[tuple[Any, int]],
        spent: Callable[[], bool],
    ) -> Generator[int, None, list[Scored]]:
        """Every move played in one future after another, all of them a slice (``PAUSE``
        decisions) at a time, pausing after each slice (a verdict's slices of work) with the
        playouts finished so far; every move is scored, whatever the budget. Once ``spent()``
        says the budget is gone (read after each round of slices): within the first future,
        the moves still under way are cut where they stand, the same number of decisions in,
        and valued by the game's ``evaluate`` (session 19: a hint played every move's first
        future to the end whatever its budget, 2.6 s in the page for the Oracle's 0.4 s);
        within a later one, that future is dropped for every move, so all are compared on the
        same luck. Without a budget (``spent`` never true) the scores are ``score``'s."""
        outcomes: list[list[list[float]]] = [[] for _ in moves]
        for k, world in enumerate(worlds):
            works = [self.playout(state, move, world) for move in moves]
            ends: list[list[float] | None] = [None] * len(moves)
            while True:
                for i, work in enumerate(works):
                    if ends[i] is None:
                        ends[i] = advance(work)
                        finished = k * len(moves) + sum(e is not None for e in ends)
                        if finished < len(moves) * len(worlds):
                            yield finished
                if all(e is not None for e in ends):
                    break
                if spent():
                    if k > 0:
                        return self._tallies(moves, outcomes)
                    ends = [cut(w) if e is None else e for e, w in zip(ends, works, strict=True)]
                    break
            for i, values in enumerate(ends):
                assert values is not None
                outcomes[i].append(values)
            if spent():
                break
        return self._tallies(moves, outcomes)

    def _tallies(self, moves: list[Any], outcomes: list[list[list[float]]]) -> list[Scored]:
        return [self.tally(move, i, outcomes[i]) for i, move in enumerate(moves)]

    def score(self, state: Any, move: Any, prior: int, worlds: list[tuple[Any, int]]) -> Scored:
        """``move`` played in each of ``worlds`` and rolled out: its mean score and utility."""
        outcomes = [drain(self.playout(state, move, world)) for world in worlds]
        return self.tally(move, prior, outcomes)

    def playout(self, state: Any, move: Any, world: tuple[Any, int]) -> Playout:
        """``move`` played in one of the ``worlds`` and rolled out, pausing every ``PAUSE``
        decisions (a hint's or a verdict's slices of work); returns every seat's score."""
        future, policy_seed = world
        s = copy_state(future)
        apply_owned(self.game, s, self.viewer, move)
        return (yield from self._play(s, policy_seed))

    def tally(self, move: Any, prior: int, outcomes: list[list[float]]) -> Scored:
        """A move's ``Scored`` from every seat's scores in each world it was played in."""
        scores, margins, utils = [], [], []
        for values in outcomes:
            mine = values[self.viewer]
            others = [v for i, v in enumerate(values) if i != self.viewer]
            best = max(others) if others else 0.0
            scores.append(mine)
            margins.append(mine - best)
            utils.append(mine - OTHERS * best)
        n = len(utils)
        mean = sum(utils) / n
        # (statistics would cost the page two more standard modules compiled from source)
        spread = (sum((u - mean) ** 2 for u in utils) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
        return Scored(move, prior, sum(scores) / n, sum(margins) / n, mean, spread, n)

    def _play(self, state: Any, policy_seed: int) -> Playout:
        """Play the policy from ``state`` (in place) to the horizon, or to a pause where it is
        told to stop (sent True); every seat's score, evaluated where it did not end."""
        game, know = self.game, self.know
        policy = know.policy
        assert policy is not None
        bots: dict[int, Any] = {}
        horizon = self.plan.horizon
        limit = None if horizon is None else horizon * max(2, game.players) // 2
        steps = 0
        while True:
            to = game.to_act(state)
            if to.kind == "terminal":
                result = game.result(state)
                assert result is not None
                return [float(x) for x in result.scores]
            if to.kind in ("chance", "automaton"):
                seat, action = forced_action(game, state, to)
                apply_owned(game, state, seat, action)
                continue
            if limit is not None and steps >= limit:
                break
            seat = to.seats[0]
            bot = bots.get(seat)
            if bot is None:
                bot = bots[seat] = policy(policy_seed ^ (seat + 1))
            legal = game.legal_actions(state, seat)
            apply_owned(game, state, seat, bot.choose(game, state, seat, legal))
            steps += 1
            if steps % PAUSE == 0 and (yield):
                limit = steps  # cut as a horizon there would: the chance steps due are drawn
        evaluate = know.evaluate
        assert evaluate is not None
        return [evaluate(game, state, s) for s in range(game.players)]


def preferred(scored: list[Scored], lead: float) -> list[Scored]:
    """The compared moves best first: by utility, the policy's own credited ``lead`` over the
    futures it was played in (``Plan.lead``); a tie keeps the policy's order."""

    def credit(c: Scored) -> float:
        return lead / math.sqrt(c.futures) if c.prior == 0 and c.futures else 0.0

    return sorted(scored, key=lambda c: (-(c.utility + credit(c)), c.prior))


def drain(work: Generator[Any, Any, T]) -> T:
    """A playout (or ``abreast``'s moves) run through without its pauses."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            out: T = done.value
            return out


def advance(work: Playout) -> list[float] | None:
    """A playout taken on to its next pause; its scores where it ends there, else None."""
    try:
        next(work)
    except StopIteration as done:
        values: list[float] = done.value
        return values
    return None


def cut(work: Playout) -> list[float]:
    """A playout paused at a slice's end, stopped there: its scores evaluated where it stands."""
    try:
        work.send(True)
    except StopIteration as done:
        values: list[float] = done.value
        return values
    raise AssertionError("a playout told to stop went on")


def until(work: Playout, deadline: float) -> list[float] | None:
    """A playout run through while ``clock`` is before ``deadline`` (read before it starts and
    at each pause); None once the deadline has passed."""
    while clock() < deadline:
        values = advance(work)
        if values is not None:
            return values
    return None


def one_step_rank(
    game: Game, state: Any, seat: int, legal: list[Any], deadline: float | None = None
) -> list[Any]:
    """A ``rank`` for games whose policy is a one-step lookahead: the policy's own choice
    first, then the (thinned) legal actions by the game's evaluation one step ahead. (It
    ranks every move whatever the ``deadline``.)"""
    know = knowledge(game)
    assert know.policy is not None and know.evaluate is not None
    first = know.policy(0).choose(game, state, seat, legal)
    thin = know.candidates
    pool = thin(game, state, seat, legal) if thin is not None and len(legal) > 1 else legal
    scored = []
    for index, action in enumerate(pool):
        if action == first:
            continue
        after = played(game, state, seat, action)
        scored.append((-know.evaluate(game, after, seat), index, action))
    scored.sort(key=lambda t: (t[0], t[1]))
    return [first, *(a for _, _, a in scored)]
