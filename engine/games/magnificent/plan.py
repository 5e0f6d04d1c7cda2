"""The round's plan of the greedy bot and of the rollouts that play it: the two or three held
posters one Perform could reward together, and how much of what they need is already there.

A poster pays only once its slot has a tent under it, its fragments are built and its gems
(and its tent's) are paid, all at one Perform (R52). A one-turn look sees a Travel to a tent
or a Build of a fragment pay nothing; the plan prices that progress toward the targets
together (fragments as one multiset across them, gems against one store, a clear gem for any
colour), so a turn that supplies a target is worth part of the Perform it prepares. What
the plan commits the solo bot to, its choices held to it (``committed``, the round's dice;
``perform_committed``, the Perform that cashes the posters), is read from the state alone,
so rollouts and a loaded save follow the same plan.
"""

from __future__ import annotations

from collections import Counter
from itertools import combinations
from typing import Any, get_args

from engine.games.magnificent import actions as A
from engine.games.magnificent import common, fair, perform
from engine.games.magnificent.components import COLOURS
from engine.games.magnificent.rules import START, TURNS, Rules
from engine.games.magnificent.state import MagState, Player
from engine.games.magnificent.turn import ap

TARGETS = 3  # posters one Perform rewards at most without an assistant (R50: spaces 11-13)
FACE = 3.5  # a die's average face
TENT_GUESS = 4  # VP of a tent not yet taken: the pack's tents are worth 2-5
COIN = 1 / 3  # VP a coin is worth to the greedy value (its coin weight: 3 tenths)


def poster_needs(r: Rules, p: Player, slot: int) -> tuple[int, Counter[str], Counter[str], float]:
    """(tents missing, fragments, gems, VP and coins the poster would pay) for one slot."""
    held = p.posters[slot]
    assert held is not None  # asked only for a slot that holds a poster
    poster = r.posters[held]
    gems: Counter[str] = Counter(poster.gems)
    tent = p.tents[slot]
    worth = poster.vp + poster.coins * COIN
    if tent is None:
        missing = 1
        worth += TENT_GUESS
    else:
        missing = 0
        if tent == START:
            st = r.boards[p.board].start_tent
            worth += st.vp + st.coins * COIN
        else:
            t = r.tents[tent]
            worth += t.vp + t.coins * COIN
            if t.gem is not None:
                gems[t.gem] += 1
    return missing, Counter(poster.fragments), gems, worth


def progress(r: Rules, s: MagState, seat: int) -> float:
    """The best plan of one to ``TARGETS`` posters: the VP they would pay, times the square of
    the share of their needs met (one target nearly done outweighs two half-done ones, as one
    Perform must reward them all), times the square of the share of the power that Perform
    needs within reach."""
    p = s.players[seat]
    built = Counter(b.fragment for b in p.built)
    options = []
    for i, pid in enumerate(p.posters):
        if pid is None:
            continue
        missing, its_frags, its_gems, pays = poster_needs(r, p, i)
        short = missing + sum(max(0, k - built[f]) for f, k in its_frags.items())
        options.append((short, -pays, i, its_frags, its_gems, pays, missing))
    options.sort()
    stack = _stack(s, p)
    held = sum(p.gems.values())
    best = 0.0
    frags: Counter[str] = Counter()
    gems: Counter[str] = Counter()
    worth = 0.0
    tents = tents_met = 0
    for n, (_, _, _, f, g, w, missing) in enumerate(options[:TARGETS], 1):
        frags += f
        gems += g
        worth += w
        tents += 1
        tents_met += 1 - missing
        total, met = _met(p, built, frags, gems)
        share = (met + tents_met) / (total + tents)
        need = _power(r, s, seat, n)
        # R29: 2 power a gem, of those the targets will not pay
        reach = stack + 2 * max(0, held - sum(gems.values()))
        power = min(1.0, reach / need)
        best = max(best, worth * share * share * power * power)
    return best


def _met(
    p: Player, built: Counter[str], frags: Counter[str], gems: Counter[str]
) -> tuple[int, int]:
    """(fragments and gems the targets need, how many of them are there): built fragments as
    a multiset, each gem in its colour or else a clear one (R52)."""
    total = met = 0
    for f, k in frags.items():
        total += k
        met += min(k, built[f])
    clear = p.gems.get("clear", 0)
    for g, k in gems.items():
        total += k
        if g == "clear":
            continue
        own = min(k, p.gems.get(g, 0))
        wild = min(k - own, clear)
        clear -= wild
        met += own + wild
    met += min(gems.get("clear", 0), clear)
    return total, met


def _power(r: Rules, s: MagState, seat: int, n: int) -> int:
    """The least power that takes ``n`` posters on a space of the performance track no other
    hat holds (R51: the seat's own hat moves when it performs); the highest such space's when
    every one is held."""
    taken = set(s.dummy_hats)
    for i, other in enumerate(s.players):
        if i != seat:
            taken.update(h for h in other.hats if h >= 0)
    spaces = [sp for sp in r.track if sp.posters >= n]
    free = [sp.ap or 0 for i, sp in enumerate(r.track) if sp.posters >= n and i not in taken]
    return max(1, min(free) if free else max(sp.ap or 0 for sp in spaces))


def _stack(s: MagState, p: Player) -> float:
    """The dice's power for a Perform next turn: the dice of the main colour on the cards
    (R26-R28: a die adds the dice of its colour already there) and an average face; a new
    round's four dice of one colour once this one's turns are played. Counting one die ahead,
    not every turn left, is what makes a die of the main colour worth more than its face."""
    if p.turns >= TURNS:
        return FACE * TURNS
    sums = common.dice_sums(p)
    return max(sums[c] for c in sums if c != "clear") + FACE


# The base game's actions: anything else offered at a die take is a variant's (the solo
# discard for a die, R92), named by the New Posters slot it empties.
_BASE = get_args(A.Action)


def main_colour(p: Player) -> str | None:
    """The round's committed colour: the one whose dice on the cards sum highest (R26-R28),
    read from the state so a rollout or a loaded save follows the same plan; None before the
    round's first coloured die."""
    sums = common.dice_sums(p)
    best = max(COLOURS, key=lambda c: sums[c])
    return best if sums[best] else None


def committed(r: Rules, s: MagState, seat: int, legal: list[Any]) -> list[Any]:
    """The dice the round's plan allows (solo): the round's dice stack on one colour, so each
    turn's power adds that colour's dice before it and the round's last turn, the Perform's,
    has them all (R26-R28), while the round-end bill (R70) is that colour's sum and the clear
    dice's faces. The first die is a coloured one (its colour is the commitment); before the
    last turn, that colour's die or a discard bringing one (R92), else a die of another colour
    that keeps its colour's sum within the main one's (it adds nothing to the bill); on the last turn a clear
    die declared as the colour too. Nothing of that to be had: every die stays legal."""
    if s.phase != "turn" or s.turn.stage != "take":
        return legal
    p = s.players[seat]
    colour = main_colour(p)
    sums = common.dice_sums(p)
    last = p.turns == TURNS - 1
    of: dict[int, str] = {d.id: d.colour for d in s.tent_dice}
    spare: set[str] = set(s.dice_supply)

    def tier(a: Any) -> int | None:
        """0 the plan's die, 1 a free small one, 2 any other; None for what is not a die."""
        if isinstance(a, A.TakeDie):
            c = of[a.die]
            if colour is None:
                return 0 if c != "clear" else 2
            if c == colour or (c == "clear" and last and a.colour == colour):
                return 0
            face = a.face or _face(s, a.die)
            face = 7 - face if a.flip else face
            return 1 if c != "clear" and sums[c] + face <= sums[colour] else 2
        if isinstance(a, _BASE):
            return None
        symbol: str = r.posters[s.new_posters[a.slot]].symbol
        return 0 if symbol in spare and (colour is None or symbol == colour) else 2

    tiers = [tier(a) for a in legal]
    best = min((k for k in tiers if k is not None), default=2)
    return [a for a, k in zip(legal, tiers) if k is None or k == best]


def _face(s: MagState, die: int) -> int:
    face: int = next(d.face for d in s.tent_dice if d.id == die)
    return face


def performance(r: Rules, s: MagState, seat: int) -> tuple[tuple[int, ...], int, int, str] | None:
    """The best Perform within this turn's reach: (the poster slots it rewards, the track
    space its hat takes, the gems still to spend for power, which gem), or None when no poster
    can be rewarded. The reach is the turn's power and 2 a gem of its colour or clear beyond
    what the posters pay (R29); the space is the lowest vacant one that takes them all
    (R50-R51); the posters, those paying most that can be rewarded together (R52)."""
    p = s.players[seat]
    filled = [i for i, x in enumerate(p.posters) if x is not None and p.tents[i] is not None]
    taken = common.occupied(s)
    free = [(sp.ap or 0, sp.posters, i) for i, sp in enumerate(r.track) if i not in taken]
    now = ap(s)
    colour = s.turn.colour
    best: tuple[float, tuple[int, ...], int, int, str] | None = None
    for k in range(1, min(TARGETS, len(filled)) + 1):
        for combo in combinations(filled, k):
            if not perform.eligible(r, s, seat, combo, ""):
                continue
            _, gems = perform.reward_needs(r, s, seat, combo)
            pay = perform.gem_payment(p, gems)
            assert pay is not None  # eligible posters can be paid
            own = p.gems[colour] - pay[colour] if colour != "clear" else 0
            spare = own + p.gems["clear"] - pay["clear"]
            spaces = [(a, i) for a, n, i in free if n >= k and a <= now + 2 * spare]
            if not spaces:
                continue
            need, space = min(spaces)
            worth = sum(poster_needs(r, p, i)[3] for i in combo)
            if best is None or worth > best[0]:
                gems_short = max(0, -(-(need - now) // 2))
                best = (worth, combo, space, gems_short, colour if own > 0 else "clear")
    return None if best is None else best[1:]


# An earlier turn commits to a Perform only when its power is about what the Perform needs
# (within less than a die's average): more is worth a Build or a Travel.
SLACK = 3


def perform_committed(r: Rules, s: MagState, seat: int, legal: list[Any]) -> list[Any]:
    """The turns the round's plan commits to a Perform (solo): when posters can be rewarded on
    the round's last turn, or on an earlier one whose power is about what the Perform needs,
    the action is Perform, the power is topped up with the gems that reach the space, the hat
    goes to the lowest space that takes them, and the reward (at any Perform) is the posters
    paying most, after the held Perform assistants that pay there (``_reward_marker``). The value alone does not cash them: a ready poster held keeps about half its
    worth in the plan and poster terms, so a Travel that adds gems and posters looks better."""
    if s.phase != "turn" or s.pending or s.turn.stage not in ("act", "perform", "reward"):
        return legal
    p = s.players[seat]
    if s.turn.stage == "reward":
        helper = _reward_marker(r, s, seat, legal)
        if helper is not None:
            return [helper]
        worth = {
            a: sum(poster_needs(r, p, i)[3] for i in a.slots)
            for a in legal
            if isinstance(a, A.Reward)
        }
        top = max(worth.values(), default=0.0)
        return [a for a in legal if worth.get(a, top) >= top]
    planned = performance(r, s, seat)
    if planned is None:
        return legal
    _, space, gems_short, gem = planned
    if s.turn.stage == "act":
        if p.turns < TURNS - 1 and ap(s) > (r.track[space].ap or 0) + SLACK:
            return legal
        keep = [a for a in legal if not isinstance(a, A.Choose) or a.action == "perform"]
        return keep if A.Choose("perform") in keep else legal
    if gems_short:
        keep = [a for a in legal if a == A.SpendGem(gem)]
    else:
        keep = [a for a in legal if isinstance(a, A.Hat) and a.space == space]
    return keep or legal


def _best_reward(r: Rules, s: MagState, seat: int, cap: int, ignore: bool) -> float:
    """What the best reward pays (``poster_needs``' worth) with room for ``cap`` posters,
    one fragment requirement ignored or not (T10 / A13)."""
    p = s.players[seat]
    return max(
        (
            sum(poster_needs(r, p, i)[3] for i in combo)
            for combo, _ in perform.rewardable(r, s, seat, cap, ignore)
        ),
        default=0.0,
    )


def _reward_marker(r: Rules, s: MagState, seat: int, legal: list[Any]) -> Any:
    """The Perform's assistant marker that pays at this reward (T9 a VP a poster, T10 one
    fragment requirement ignored, T12 a poster more), or None: a marker placed now returns at
    the round's end (R60), and one step ahead the value sees only the marker spent."""
    markers = [a for a in legal if isinstance(a, A.Marker)]
    if not markers:
        return None
    cap = perform.capacity(r, s)
    now = _best_reward(r, s, seat, cap, s.turn.ignore > 0)
    for a in markers:
        sp = r.spaces[a.space]
        if sp.effect == "ignore_fragment" and not s.turn.ignore:
            if _best_reward(r, s, seat, cap, True) > now:
                return a
        elif sp.effect == "extra_poster":
            if _best_reward(r, s, seat, cap + sp.n, s.turn.ignore > 0) > now:
                return a
    for a in markers:
        if r.spaces[a.space].effect == "vp_per_poster" and now > 0:
            return a
    return None


def empty_dropped(r: Rules, s: MagState, seat: int, legal: list[Any]) -> list[Any]:
    """``legal`` without a Perform that can reward no poster (solo), unless its hat or the
    rearranging after it pays (``_empty_pays``), and, in a Perform that can reward one, without
    a hat on a space that takes no poster or a reward of none (R50-R52). Choosing among actions
    one step ahead, where they all look alike, the rollouts' policy performed for nothing 2-5
    times a game, and hard ranked such moves among those it compares."""
    if s.phase != "turn" or s.pending:
        return legal
    stage = s.turn.stage
    if stage == "reward":
        some = [a for a in legal if not (isinstance(a, A.Reward) and not a.slots)]
        return some if any(isinstance(a, A.Reward) for a in some) else legal
    if stage not in ("act", "perform") or performance(r, s, seat) is None:
        if stage == "act" and A.Choose("perform") in legal and not _empty_pays(r, s, seat):
            return _no_perform(legal)
        return legal
    if stage == "perform":
        bare = [a for a in legal if isinstance(a, A.Hat) and not r.track[a.space].posters]
        return [a for a in legal if a not in bare] or legal
    return legal


def _empty_pays(r: Rules, s: MagState, seat: int) -> bool:
    """What a Perform rewarding no poster still does: the hat on the round's last turn, where
    its height at the round's end is settled (the Main Display's pairs kept, R93; a card
    scoring its space, C19), and the rearranging after it (R54), here a poster put over a
    tent with no poster on it."""
    p = s.players[seat]
    if p.turns == TURNS - 1 and fair.hat_pays(r, s, seat):
        return True
    bare = any(x is not None and p.tents[i] is None for i, x in enumerate(p.posters))
    return bare and any(t is not None and p.posters[i] is None for i, t in enumerate(p.tents))


def _no_perform(legal: list[Any]) -> list[Any]:
    """``legal`` without the Perform, unless no other action is left to choose."""
    others = [a for a in legal if a != A.Choose("perform")]
    return others if any(isinstance(a, A.Choose) for a in others) else legal
