"""A game-agnostic search bot: information-set Monte Carlo tree search with determinization.

The searcher (one seat, the *viewer*) never reads what its seat cannot see. Every iteration
starts from a *determinization*: a full state sampled from the viewer's knowledge by the game's
``determinize(game, state, viewer, rng)`` — other players' secret cards dealt again from what
the viewer cannot account for, hidden deck orders shuffled, and the state's RNG reseeded (its
value predicts every future die and draw). The iteration then walks one tree shared by all
determinizations (single-observer ISMCTS, Cowling, Powley & Whitehouse 2012): a node's children
are keyed by action, selection is UCB1 among the children *available* in this determinization
(each child counts how often it was available, so actions that exist only in some worlds are
not favoured), and every seat picks its own best reply by its own rewards. Steps nobody
chooses stay out of the tree: chance steps are sampled with ``chance_action`` (on the reseeded
RNG), automaton seats take ``automaton_action``.

Simultaneous decisions (several seats in ``ToAct.seats``) are walked one seat at a time in seat
order. A later seat's node then hangs under an earlier seat's hidden choice, as if it could see
it: that makes the opponents in the search a little too well informed (pessimistic for the
searcher), never the searcher itself, whose root decision is taken before any of it.

Searches stay short: after the tree, a rollout plays at most ``rollout_depth`` player decisions
with the game's rollout policy (uniform random by default), then the position is scored by the
game's ``evaluate(game, state, seat)`` (a value in score units) or, at the end, by the result.
Rewards are per seat in [0, 1]: the win, and a logistic of the margin over the best other seat.

The budget is a number of iterations and the search's random stream is seeded from the bot's
seed and the viewer's *view* of the position (never the full state), so a decision is a pure
function of what the seat sees, the seed and the budget.

Per-game knowledge lives in ``engine/games/<game>/search.py`` as ``KNOWLEDGE`` (a
:class:`Knowledge`), declared on the game class in ``bots``; a game without one
gets :data:`DEFAULT`, sound only for games whose sole hidden information is the RNG.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable
from typing import Any

import msgspec

from engine.core.copier import copy_state
from engine.core.game import Game
from engine.core.loop import apply_owned, forced_action
from engine.core.rng import Rng


def reseed(game: Game, state: Any, viewer: int, rng: Rng) -> Any:
    """A determinization for games whose only hidden information is the RNG."""
    new = copy_state(state)
    if getattr(new, "rng", None) is not None:
        new.rng = Rng(state=rng.next_u64(), draws=new.rng.draws)
    return new


def random_policy(game: Game, state: Any, seat: int, legal: list[Any], rng: Rng) -> Any:
    return rng.choice(legal)


class Knowledge(msgspec.Struct, frozen=True):
    """What a game tells the search. ``evaluate`` returns a seat's value in score units (None:
    rollouts run to the end); ``scale`` is the margin, in those units, that counts as clearly
    ahead; ``candidates`` may thin a long list of legal actions (it must keep at least one).
    ``determinize`` must return a fresh copy sharing nothing mutable with its input (as
    ``copy_state`` makes): the search then plays the iteration on it in place."""

    determinize: Callable[..., Any] = reseed
    evaluate: Callable[..., float] | None = None
    rollout: Callable[..., Any] = random_policy
    scale: float = 10.0
    candidates: Callable[..., list[Any]] | None = None
    # extend(game, state) -> bool: keep rolling out past the depth (at most 4x) while it holds,
    # for stretches whose worth the evaluation cannot see yet (cards assigned, not yet placed).
    extend: Callable[..., bool] | None = None
    # For policy rollouts (engine.core.rollout): policy(seed) -> the game's own bot, played at
    # every seat; rank(game, state, seat, legal, deadline=None) -> the legal actions, the most
    # promising first (the policy's own choice first), of which the rollouts try the first few;
    # a rank may leave out moves its policy would never make (Trickerion's: a placement without
    # a job). ``deadline``: where the decision's time budget ends (``engine.core.rollout.clock``;
    # None: untimed), past which a rank may cut its own work and put first what it has.
    policy: Callable[[int], Any] | None = None
    rank: Callable[..., list[Any]] | None = None
    # The game's own rollout plans by level name (engine.core.levels.PLANS where absent): a
    # game whose policy plays a whole game in milliseconds rolls out to the end, where the
    # evaluation at a horizon misleads it.
    plans: dict[str, Any] | None = None
    # turn(game, state, seat) -> the turn a decision of ``seat`` is in, for a plan's budget a
    # turn (``Plan.turn``, engine.core.levels): where a solo game's turns follow one another
    # with no other seat's step between (The Magnificent, the Oracle), a decision whose turn
    # differs from the bot's last one's starts a new one. None: another seat's step alone
    # ends a turn.
    turn: Callable[..., Any] | None = None


DEFAULT = Knowledge()


class Level(msgspec.Struct, frozen=True):
    budget: int
    rollout_depth: int
    exploration: float = 0.7


# The three lobby levels; the budgets are iterations per decision (see docs/bots.md).
# Normal sits where it still beats greedy clearly and hard beats it clearly (at 64 iterations
# hard won only 66% against it; the figures are in docs/bots.md).
LEVELS: dict[str, Level] = {
    "easy": Level(budget=16, rollout_depth=4, exploration=1.4),
    "normal": Level(budget=32, rollout_depth=6),
    "hard": Level(budget=200, rollout_depth=8),
}


def knowledge(game: Game) -> Knowledge:
    """The game's search knowledge (``Game.bots.knowledge``; a variant such as Trickerion's
    solo layer inherits its base game's), else :data:`DEFAULT`."""
    found = type(game).bots.knowledge
    return found if found is not None else DEFAULT


def _key(action: Any) -> Any:
    try:
        hash(action)
        return action
    except TypeError:
        return msgspec.json.encode(action)


class Node:
    __slots__ = ("action", "avail", "children", "seat", "total", "visits")

    def __init__(self, seat: int, action: Any) -> None:
        self.seat = seat  # who chose the action leading here
        self.action = action
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0  # sum of rewards for ``seat``

    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0


class Search:
    def __init__(
        self, game: Game, viewer: int, level: Level, seed: int, know: Knowledge | None = None
    ) -> None:
        self.game = game
        self.viewer = viewer
        self.level = level
        self.know = know or knowledge(game)
        self.seed = seed

    # --- entry points --------------------------------------------------------------------

    def run(self, state: Any, legal: list[Any]) -> Node:
        """Search from ``state`` where the viewer chooses among ``legal``; returns the root."""
        game, know = self.game, self.know
        rng = Rng.from_seed(self.seed ^ _view_digest(game, state, self.viewer))
        root = Node(self.viewer, None)
        # Each seat's value here, measured on a determinization of its own (evaluate never
        # sees the real state): rewards also count progress from it, so that a seat far ahead
        # or far behind (the margin's logistic flat) still tells better moves from worse.
        self.reference = [0.0] * game.players
        if know.evaluate is not None:
            world = know.determinize(game, state, self.viewer, Rng.from_seed(self.seed))
            self.reference = [know.evaluate(game, world, s) for s in range(game.players)]
        root_legal = self._candidates(state, self.viewer, legal)
        for _ in range(self.level.budget):
            world = know.determinize(game, state, self.viewer, rng)
            self._iterate(world, root, root_legal, rng)
        return root

    def ranked(self, state: Any, legal: list[Any]) -> list[Node]:
        root = self.run(state, legal)
        order = {_key(a): i for i, a in enumerate(legal)}
        # Most visited first; ties by mean reward, then by the stable legal order.
        return sorted(
            root.children.values(),
            key=lambda c: (-c.visits, -c.mean(), order.get(_key(c.action), 0)),
        )

    # --- one iteration -------------------------------------------------------------------

    def _iterate(self, state: Any, root: Node, root_legal: list[Any], rng: Rng) -> None:
        """One walk down the tree and a rollout. ``state`` is this iteration's own
        determinization: every step is applied to it in place (``loop.apply_owned``), since
        nothing looks back at the positions it passes through; copying each (as ``apply``
        does) was a fifth of a search's time."""
        game = self.game
        node = root
        path = [root]
        legal: list[Any] | None = root_legal
        seat = self.viewer
        while True:
            if legal is None:
                seat, legal = self._advance(state)
                if legal is None:
                    break
            child = self._select(node, seat, legal, rng)
            apply_owned(game, state, seat, child.action)
            path.append(child)
            node = child
            legal = None
            if child.visits == 0:
                break
        rewards = self._rollout(state, rng)
        for n in path:
            n.visits += 1
            n.total += rewards[n.seat] if n.seat >= 0 else 0.0

    def _advance(self, state: Any) -> tuple[int, list[Any] | None]:
        """Take the steps nobody chooses (in place, on the iteration's own world); return the
        seat to choose and its (thinned) legal actions, or None at the end of the game."""
        game = self.game
        while True:
            to = game.to_act(state)
            if to.kind == "terminal":
                return -1, None
            if to.kind in ("chance", "automaton"):
                # computed once: apply() would compute the step again to check it
                seat, action = forced_action(game, state, to)
                apply_owned(game, state, seat, action)
            else:
                seat = to.seats[0]
                legal = game.legal_actions(state, seat)
                return seat, self._candidates(state, seat, legal)

    def _candidates(self, state: Any, seat: int, legal: list[Any]) -> list[Any]:
        thin = self.know.candidates
        return thin(self.game, state, seat, legal) if thin is not None and len(legal) > 1 else legal

    def _select(self, node: Node, seat: int, legal: list[Any], rng: Rng) -> Node:
        children = node.children
        untried = []
        available = []
        for a in legal:
            k = _key(a)
            c = children.get(k)
            if c is None:
                untried.append((k, a))
            else:
                available.append(c)
        for c in available:
            c.avail += 1
        if untried:
            k, a = untried[rng.below(len(untried))]
            child = Node(seat, a)
            child.avail = 1
            children[k] = child
            return child
        c_explore = self.level.exploration
        best, best_u = available[0], -math.inf
        for c in available:
            u = c.total / c.visits + c_explore * math.sqrt(math.log(c.avail) / c.visits)
            if u > best_u:
                best, best_u = c, u
        return best

    def _rollout(self, state: Any, rng: Rng) -> list[float]:
        game, know = self.game, self.know
        # Depth counts everyone's decisions: more seats, longer rollouts for as many own moves.
        depth = self.level.rollout_depth * max(2, game.players) // 2
        extend = know.extend
        steps = 0
        while True:
            seat, legal = self._advance(state)
            if legal is None:
                break
            if steps >= depth and (extend is None or steps >= 4 * depth or not extend(game, state)):
                break
            apply_owned(game, state, seat, know.rollout(game, state, seat, legal, rng))
            steps += 1
        return self._rewards(state)

    def _rewards(self, state: Any) -> list[float]:
        game, know = self.game, self.know
        n = game.players
        result = game.result(state)
        if result is not None:
            scores = [float(s) for s in result.scores]
            # Seats beyond the players (an automaton scored in the result) still compete.
            win = [1.0 if s in result.winners else 0.0 for s in range(len(scores))]
            margin = _margins(scores, know.scale, self.reference)
            return [0.6 * w + 0.4 * m for w, m in zip(win, margin)] + [0.0] * (n - len(scores))
        if know.evaluate is None:
            return [0.5] * n
        values = [know.evaluate(game, state, s) for s in range(n)]
        return _margins(values, know.scale, self.reference)


def _margins(values: list[float], scale: float, reference: list[float]) -> list[float]:
    if len(values) == 1:
        return [_sigmoid((values[0] - reference[0]) / scale)]
    out = []
    for i, v in enumerate(values):
        best_other = max(x for j, x in enumerate(values) if j != i)
        ref = reference[i] if i < len(reference) else v
        out.append(0.75 * _sigmoid((v - best_other) / scale) + 0.25 * _sigmoid((v - ref) / scale))
    return out


def _sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    return 1.0 / (1.0 + math.exp(-x))


def _view_digest(game: Game, state: Any, viewer: int) -> int:
    """64 bits of the viewer's view: seeds the search without reading hidden parts."""
    data = msgspec.json.encode(game.view(state, viewer))
    return int.from_bytes(hashlib.sha256(data).digest()[:8], "big")


# --- the bot and hints --------------------------------------------------------------------


class SearchBot:
    """A bot of one level; its decisions depend on its seed, the visible position and the
    level, never on how many decisions it took before."""

    def __init__(self, seed: int, level: Level, know: Knowledge | None = None) -> None:
        self.seed = seed
        self.level = level
        self.know = know

    def choose(self, game: Game, state: Any, seat: int, legal: list[Any]) -> Any:
        if len(legal) == 1:
            return legal[0]
        return Search(game, seat, self.level, self.seed, self.know).ranked(state, legal)[0].action
