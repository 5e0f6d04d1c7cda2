"""A Trickerion bot whose rollouts compare whole plans, not single moves (issue #30, session 15).

The greedy policy builds no engine because one piece of it (a level-2 trick's props ordered a
round ahead, the coins kept for it, a 3-AP body Downtown to learn it, an early hire to free
that body) pays only with the others: each piece forced alone into the value lost fame
(docs/bots.md, sessions 11-14). So here the value is left alone and the rollouts choose.

``PlanBot`` is the greedy bot following a ``Target``: a trick to learn next (its props priced
as the plan's, its Market Row visit and its Downtown learn in the round plan, a level-1 learn
discouraged) and/or an early hire (Downtown first while an apprentice shows on an Inn die, a
hire worth ``HIRE`` more while most of the game is left). ``PlannerBot`` chooses the target
at the round's first decision of its own: every candidate (always "none", the greedy bot
itself) is played to the game's end in the same ``WORLDS`` determinized futures (common
random numbers, ``Rollouts.worlds``) with ``PlanBot(candidate)`` at its seat and the greedy bot
at the others; another target replaces "none" only when its mean paired gain over the
futures is above ``GATE`` standard errors. The target is kept for the round, per seat.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core.rollout import OTHERS, Plan, Rollouts
from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import GreedyBot, shipped
from engine.games.trickerion.common import effective, free_symbol, residence
from engine.games.trickerion.downtown import INN
from engine.games.trickerion.state import State

# Futures each candidate plan is played in, to the end of the game.
WORLDS = 4
# Another plan replaces "none" only when its paired gain exceeds this many standard errors.
GATE = 1.0
# Whether last round's target (still a candidate) is the plan to beat instead of "none": the
# futures that chose it played it to the end, so dropping it a round later wastes its start.
STICKY = False
# Level-2+ targets compared besides "none" (and "hire only" in the hiring rounds).
TARGETS = 2
# The target's props held are worth this many times their price (session 11's `target`).
CREDIT = 1.15
# A level-1 learn while a target stands (it takes the symbol and the coins the plan needs).
OFF_PLAN = 10.0
# A hire while 5 rounds or more are left (session 11's `hire`).
HIRE = 8.0
# The rounds in which a plan may hire (an apprentice on the Inn die puts Downtown first).
HIRE_ROUNDS = 2


class Target(msgspec.Struct, frozen=True):
    trick: str = ""  # "" : no trick targeted
    hire: bool = False


NONE = Target()


def _last(g) -> int:
    cat = g.cat
    return (
        cat.rounds.with_dark_alley if g.rules.options.dark_alley else cat.rounds.without_dark_alley
    )


def rounds_left(g, s: State) -> int:
    return max(0, _last(g) - max(s.round, 1))


def _missing(cat, p, trick: str) -> int:
    """What the props a trick lacks cost at the Market Row."""
    return sum(
        cat.prop_cost[k] * max(0, n - effective(p, k))
        for k, n in cat.tricks[trick].components.items()
    )


def _covered(cat, p, trick: str) -> int:
    """The price of the props a trick needs that are already held."""
    return sum(
        cat.prop_cost[k] * min(n, effective(p, k)) for k, n in cat.tricks[trick].components.items()
    )


def targets(g, s: State, seat: int) -> list[str]:
    """Candidate tricks to learn next, best first: the magician's own school (any Residence
    die learns it), one level above the best owned, worth most over the rounds left less the
    props it lacks and the fame short of its threshold (session 11's ranking)."""
    cat = g.cat
    p = s.players[seat]
    left = rounds_left(g, s)
    if free_symbol(p) < 0 or not p.school or left < 1:
        return []
    top = max((cat.trick_level[t.id] for t in p.tricks), default=1)
    level = min(3, top + 1)
    ranked = []
    for t in residence(g.rules, s):
        if cat.trick_level[t] != level or cat.trick_school[t] != p.school:
            continue
        trick = cat.tricks[t]
        f, c, sh = cat.trick_yield[t]
        per = trick.markers * (f + 0.5 * c + sh)
        worth = per * left - _missing(cat, p, t) - max(0, trick.fame_threshold - p.fame)
        if worth > 0:
            ranked.append((-worth, t))
    ranked.sort()
    return [t for _, t in ranked[:TARGETS]]


def candidates(g, s: State, seat: int) -> list[Target]:
    """The plans compared at a round's start, "none" (the greedy bot) first."""
    hire = s.round <= HIRE_ROUNDS
    out = [NONE]
    if hire:
        out.append(Target(hire=True))
    out += [Target(trick=t, hire=hire) for t in targets(g, s, seat)]
    return out


class PlanBot(GreedyBot):
    """The greedy bot following a target (``NONE``: exactly the greedy bot)."""

    def __init__(self, seed: int, target: Target = NONE) -> None:
        super().__init__(seed)
        self.target = target

    def _goal(self, s: State, seat: int) -> str:
        """The target trick while it can still be learned ("" once owned or gone)."""
        t = self.target.trick
        if not t:
            return ""
        if any(x.id == t for p in s.players for x in p.tricks):
            return ""
        return t

    def _value(self, g, s: State, seat: int, w: dict[str, float]) -> float:
        v = super()._value(g, s, seat, w)
        goal = self._goal(s, seat)
        if goal and s.phase != "over":
            # The target's props held: coins turned into the plan, not lost.
            v += CREDIT * _coin(g, s, w) * _covered(g.cat, s.players[seat], goal)
        return v

    def _extra(self, g, s: State, seat: int, action: Any) -> float:
        goal = self._goal(s, seat)
        if isinstance(action, A.LearnTrick) and goal:
            if action.trick == goal:
                # learning it turns the props bought for it into a trick's worth
                w = self.weights or shipped()
                return CREDIT * _coin(g, s, w) * _covered(g.cat, s.players[seat], goal)
            if g.cat.trick_level[action.trick] < 2:
                return -OFF_PLAN
        if isinstance(action, A.HireCharacter) and self.target.hire and rounds_left(g, s) >= 5:
            return HIRE
        return 0.0

    def _order_bonus(self, g, s: State, seat: int, prop: str) -> float:  # type: ignore[override]
        base = GreedyBot._order_bonus(g, s, seat, prop)
        goal = self._goal(s, seat)
        p = s.players[seat]
        if base < 0 and goal and prop not in s.market.buy and effective(p, prop) < 3:
            if g.cat.tricks[goal].components.get(prop, 0) > effective(p, prop):
                return 0.6
        return base

    def _wanted(self, g, s: State, seat: int) -> list[str]:
        out = super()._wanted(g, s, seat)
        cat = g.cat
        p = s.players[seat]
        if (
            self.target.hire
            and s.round <= HIRE_ROUNDS
            and any(s.dice[d] == "apprentice" for d in INN)
        ):
            out.insert(0, "downtown")  # an apprentice on the Inn die, rounds ahead to use it
        goal = self._goal(s, seat)
        if goal:
            trick = cat.tricks[goal]
            lacks = [k for k, n in trick.components.items() if effective(p, k) < n]
            short = max(0, trick.fame_threshold - p.fame)
            # After the pipeline (Theater, Workshop) and the coin Downtown visit that opens
            # the list: session 11 measured the plan's visits before it as worse.
            at = 0
            while at < len(out) and out[at] in ("theater", "workshop"):
                at += 1
            if at < len(out) and out[at] == "downtown":
                at += 1
            if lacks and p.coins >= 5 and rounds_left(g, s) >= 2:
                out.insert(at, "market_row")  # the target's props, or their order
            elif not lacks and p.coins >= short:
                out.insert(at, "downtown")  # learn it
        return out


def _coin(g, s: State, w: dict[str, float]) -> float:
    played = max(0, min(_last(g), s.round) - 1) / max(1, _last(g) - 1)
    return w["coin_early"] + (w["coin_end"] - w["coin_early"]) * played


class PlannerBot:
    """Greedy play following the target the rollouts chose for the round."""

    def __init__(self, seed: int, worlds: int = WORLDS) -> None:
        self.seed = seed
        self.worlds = worlds
        self.bot = PlanBot(seed)
        self.plans: dict[tuple[int, int], Target] = {}
        # Measurement: every round's candidates and the chosen target (none for setup).
        self.log: list[tuple[int, int, list[Target], Target]] = []

    def choose(self, game, state: State, seat: int, legal: list) -> Any:
        s = state
        if s.round >= 1 and not s.phase.startswith("setup") and s.phase != "over":
            key = (s.round, seat)
            if key not in self.plans:
                self.plans[key] = self._choose_plan(game, s, seat)
            self.bot.target = self.plans[key]
        else:
            self.bot.target = NONE
        return self.bot.choose(game, s, seat, legal)

    def _choose_plan(self, g, s: State, seat: int) -> Target:
        plans = candidates(g, s, seat)
        if len(plans) == 1:
            return NONE
        rollouts = Rollouts(g, seat, Plan(len(plans), self.worlds, None), self.seed)
        worlds = rollouts.worlds(s)
        utils = [[self._play(g, seat, world, plan) for world in worlds] for plan in plans]
        at = 0
        kept = self.plans.get((s.round - 1, seat))
        if STICKY and kept is not None and kept.trick:
            at = next((i for i, p in enumerate(plans) if p.trick == kept.trick), 0)
        base = utils[at]
        n = len(worlds)
        best, best_gain = plans[at], 0.0
        for i, (plan, us) in enumerate(zip(plans, utils)):
            if i == at:
                continue
            diff = [a - b for a, b in zip(us, base)]
            mean = sum(diff) / n
            se = (sum((d - mean) ** 2 for d in diff) / (n - 1) / n) ** 0.5 if n > 1 else 0.0
            if mean - GATE * se > best_gain:
                best, best_gain = plan, mean - GATE * se
        self.log.append((s.round, seat, plans, best))
        return best

    @staticmethod
    def _play(g, seat: int, world: tuple[Any, int], target: Target) -> float:
        """One future played to the end, ``PlanBot(target)`` at ``seat``, greedy elsewhere;
        the seat's fame less half the best other's (the rollout levels' utility)."""
        future, policy_seed = world
        s = g.copy(future)
        bots: dict[int, GreedyBot] = {}
        while True:
            to = g.to_act(s)
            if to.kind == "terminal":
                scores = [float(x) for x in g.result(s).scores]
                others = [v for i, v in enumerate(scores) if i != seat]
                return scores[seat] - OTHERS * (max(others) if others else 0.0)
            if to.kind in ("chance", "automaton"):
                who, action = g.forced_action(s, to)
                g.apply_owned(s, who, action)
                continue
            who = to.seats[0]
            bot = bots.get(who)
            if bot is None:
                seed = policy_seed ^ (who + 1)
                bot = bots[who] = PlanBot(seed, target) if who == seat else GreedyBot(seed)
            g.apply_owned(s, who, bot.choose(g, s, who, g.legal_actions(s, who)))


def make_planner(seed: int) -> PlannerBot:
    return PlannerBot(seed)
