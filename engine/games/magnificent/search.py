"""What the search bot (``engine.core.search``) knows about The Magnificent.

Determinization: what ``view`` hides from a seat is dealt again from what that seat cannot
account for, the rest is kept.

- The master deck and the other seats' draft hands (during the advanced draft) form one pool,
  dealt back keeping every hand's size; another seat's hidden pick is one card of its new hand.
- The tile stack and the poster deck are shuffled (their orders are hidden, their contents
  follow from what is public).
- The RNG is reseeded: future dice, the refills of the New Posters and reshuffles are unknown.
- The boxed tent is not redealt: it is the one tent of the pack nobody sees elsewhere.

Evaluation, in ticket points (VP): the score; coins against what the dice on the cards will
cost at round end (a shortfall costs the round's 1/2/3 VP a coin, R71) and 1 VP per 5 left
at the end; gems, camp cells, tents, posters held (more when they can be rewarded now) and
trainer markers at their worth as means to VP; the master card to be scored at round end in
full and the others at half (R74, R80a); the power still to spend this turn.
"""

from __future__ import annotations

from typing import Any, Protocol, cast

from engine.core.game import Game
from engine.core.loop import played
from engine.core.rng import Rng
from engine.core.rollout import Plan, clock, one_step_rank
from engine.core.search import Knowledge
from engine.games.magnificent import actions as A
from engine.games.magnificent import build, common, perform, plan, scoring
from engine.games.magnificent.bots import SHAPING, GreedyBot, value
from engine.games.magnificent.rules import ROUNDS, Rules
from engine.games.magnificent.state import MagState
from engine.games.magnificent.turn import AP_OPEN, ap
from engine.games.magnificent.worlds import determinize

# Hard compares 5 moves in up to 6 futures 30 decisions long, as the shared plan, but within a
# budget: all 6 cost 1-2 s of CPU a decision natively, and a turn holds 5-10 decisions, where
# the page (Pyodide, 1.3-1.5 times slower) allows 1 s a decision and 3 s a turn (issue #32).
# A turn's decisions share 2.5 s (session 24): in the page at a load of 9, 4-player turns
# took 5.8 s at p95 (docs/speed.md).
HARD = Plan(candidates=5, worlds=6, horizon=30, seconds=0.2, turn=2.5)
PLACEMENTS = 10  # placements kept per pending fragment: the search can only try so many


class Table(Protocol):
    # what the evaluation reads of its Game (typed apart: the Game's module imports this one)
    @property
    def rules(self) -> Rules: ...


def evaluate(g: Table, s: MagState, seat: int) -> float:
    r = g.rules
    p = s.players[seat]
    if s.phase == "over":
        return float(p.vp)
    left = ROUNDS - s.round  # rounds still to play after this one
    big, clear = common.owes(p)
    owed = big + clear
    spare = p.coins - owed
    v = float(p.vp) + 0.3 * spare if spare >= 0 else float(p.vp) + spare * s.round
    v += 0.5 * sum(p.gems.values())
    v += 0.3 * sum(1 for c in p.camp if c) * (1.0 if left else 0.5)
    v += sum(1.5 for t in p.tents[1:] if t is not None) * (1.0 if left else 0.3)
    for i, pid in enumerate(p.posters):
        if pid is not None:
            poster = r.posters[pid]
            now = perform.eligible(r, s, seat, (i,), "")
            v += (0.6 if now else 0.25) * poster.vp if (left or p.turns < 4) else 0.0
    v += 0.5 * (p.markers + p.markers_tent)
    if p.cards:
        artist = scoring.best_artist(r, s, seat)
        worth = sorted(
            (scoring.value(r, s, seat, r.cards[c.id].condition, artist, 0) for c in p.cards),
            reverse=True,
        )
        # One card scores in full at each round end, those left at half at the end; the
        # conditions still grow, so today's value is discounted.
        v += 0.7 * worth[0] + 0.3 * sum(worth[1:])
    if s.seat == seat and s.phase == "turn" and s.turn.stage in AP_OPEN:
        v += 0.2 * ap(s)
    return v


def candidates(g: Table, s: MagState, seat: int, legal: list[Any]) -> list[Any]:
    """Placements thinned to the most promising few per pending fragment: bonus cells covered
    first, then how snugly the fragment fits the camp (fewer open edges leave room)."""
    if len(legal) <= PLACEMENTS or not any(isinstance(a, A.Place) for a in legal):
        return legal
    r = g.rules
    p = s.players[seat]
    geo = r.geo(p.board)
    occ = build.occupancy(p)
    bonus = 0
    for c in r.bonus_cells(p.board):
        bonus |= 1 << c
    by: dict[int, list[tuple[float, int, Any]]] = {}
    out = []
    for k, a in enumerate(legal):
        if not isinstance(a, A.Place):
            out.append(a)
            continue
        mask = geo.mask_of[(a.fragment, a.orient, a.x, a.y)]
        touch = (geo.neighbours(mask) & occ).bit_count()
        score = 3.0 * (mask & bonus).bit_count() + touch
        by.setdefault(a.pending, []).append((-score, k, a))
    for group in by.values():
        group.sort(key=lambda t: (t[0], t[1]))
        out += [a for _, _, a in group[:PLACEMENTS]]
    return out


def rollout(g: Game, s: MagState, seat: int, legal: list[Any], rng: Rng) -> Any:
    """Random play that rarely ends a turn, skips a gain or rewards nothing when it could do more."""
    if len(legal) == 1:
        return legal[0]
    if rng.below(4):
        moves = [a for a in legal if not isinstance(a, (A.EndTurn, A.DeclinePoster))]
        rewards = [a for a in moves if isinstance(a, A.Reward) and a.slots]
        if rewards:
            return max(rewards, key=lambda a: len(a.slots))
        if moves:
            return rng.choice(moves)
    return rng.choice(legal)


def quick(seed: int) -> GreedyBot:
    """The rollouts' policy: the greedy value one step ahead at every decision (valuing each
    turn where it ends, as the greedy bot does, costs some 20 times more per decision)."""
    return GreedyBot(seed, turns=False)


def rank(
    g: Game, s: MagState, seat: int, legal: list[Any], deadline: float | None = None
) -> list[Any]:
    """The greedy bot's own choice (its turn valued where it ends) first, then the quick
    policy's ranking; in the solo game never a Perform that can reward nothing and gains
    nothing else (``plan.empty_dropped``). Within a ``deadline`` (a timed decision's) the
    greedy choice is ``within``'s, and once the deadline has passed the rest of the moves
    follow in its order (none of them is compared then)."""
    if len(s.players) == 1:
        legal = plan.empty_dropped(cast(Table, g).rules, s, seat, legal)
    if deadline is None:
        first = GreedyBot(0).choose(g, s, seat, legal)
    else:
        first, order = within(g, s, seat, legal, deadline)
        if clock() >= deadline:
            return [first, *(a for a in order if a != first)]
    return [first, *(a for a in one_step_rank(g, s, seat, legal) if a != first)]


def within(
    g: Game, s: MagState, seat: int, legal: list[Any], deadline: float
) -> tuple[Any, list[Any]]:
    """The greedy bot's choice as far as the clock allows, and the moves in the order it
    tried them. Where a decision shapes the turn (the die, the action), the greedy bot plays
    every move's turn to its end: 112-288 turns at a 4-player turn's first decision, 0.12-0.58
    s of CPU natively and seconds in a busy page, past hard's 0.2 s a move (issue #32,
    session 25). Here every move is first valued two steps ahead (the move and the seat's
    best next one: the die and the action it makes worth most; 4-13% of the turns' cost),
    then their turns are played to the end in that order until the ``deadline``: the best
    turn so far is chosen, ties to the earlier tried, or where none was played (a deadline
    already passed: a turn's budget spent) the best two steps ahead. With time for every
    turn it is the greedy bot's choice but for its ties. Elsewhere the greedy choice costs
    one step ahead and is the greedy bot's own."""
    bot = GreedyBot(0)
    moves = bot.planned(g, s, seat, legal)
    if not any(isinstance(a, SHAPING) for a in moves):
        return bot.choose(g, s, seat, legal), legal
    # the one world the greedy bot deals itself for such a decision, from its own stream
    world = determinize(g, s, seat, Rng.from_seed(bot.rng.next_u64()))
    # (all of them, whatever the clock: the order, and the choice where no turn is played)
    ahead = sorted(
        ((-_two_steps(g, bot, world, seat, a), k, a) for k, a in enumerate(moves)),
        key=lambda t: (t[0], t[1]),
    )
    order = [a for _, _, a in ahead]
    best, top = order[0], float("-inf")
    for a in order:
        if clock() >= deadline:
            break
        v = value(g, bot.turn_played(g, world, seat, a), seat)
        if v > top + 1e-9:
            best, top = a, v
    return best, order


def _two_steps(g: Game, bot: GreedyBot, world: MagState, seat: int, action: Any) -> float:
    """The greedy value after ``action`` and the seat's best next move one step ahead (where
    the next step is the seat's own)."""
    after = played(g, world, seat, action)
    to = g.to_act(after)
    if to.kind != "players" or to.seats != (seat,):
        return value(g, after, seat)
    nexts = bot.planned(g, after, seat, g.legal_actions(after, seat))
    return max(value(g, played(g, after, seat, b), seat) for b in nexts)


def turn(g: Game, s: MagState, seat: int) -> tuple[int, str, int]:
    """The turn a decision is in (a budget a turn's, ``Knowledge.turn``): a solo game's turns
    follow one another with no other seat's between."""
    return s.round, s.phase, s.turn_no


KNOWLEDGE = Knowledge(
    determinize=determinize,
    evaluate=evaluate,
    rollout=rollout,
    scale=6.0,
    candidates=candidates,
    policy=quick,
    rank=rank,
    plans={"hard": HARD},
    turn=turn,
)
