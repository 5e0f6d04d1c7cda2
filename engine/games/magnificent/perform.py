"""Perform (§11, R50-R54): a hat to a vacant space within AP (or without symbols), then up to
N posters rewarded together, each needing its tent, the fragments (as a multiset across the
posters) and the gems shown on it and on its tent."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

from engine.core.events import Event
from engine.core.tuples import change_at, put
from engine.games.magnificent import common
from engine.games.magnificent.common import ev
from engine.games.magnificent.rules import START, Rules
from engine.games.magnificent.state import MagState, PendingPay, Player


def hats_allowed(s: MagState, seat: int) -> list[int]:
    """R51: 1st perform of the round moves the hat on the track; 2nd places the one from the
    play area; 3rd and 4th move either."""
    p = s.players[seat]
    on = [i for i, h in enumerate(p.hats) if h >= 0]
    off = [i for i, h in enumerate(p.hats) if h < 0]
    if p.performs == 0:
        return on[:1] if on else off[:1]
    if p.performs == 1 and off:
        return off[:1]
    return on


def hat_allowed(s: MagState, seat: int) -> bool:
    """Whether ``hats_allowed`` lists any: asked at every action choice. At the round's
    first two performs one is offered whenever the player has a hat (on the track or off
    it); after, only where one is on the track."""
    p = s.players[seat]
    if p.performs < 2:
        return len(p.hats) > 0
    for h in p.hats:
        if h >= 0:
            return True
    return False


def spaces_allowed(r: Rules, s: MagState, ap: int) -> list[int]:
    taken = common.occupied(s)
    return [i for i, least in enumerate(r.track_ap) if least <= ap and i not in taken]


def space_allowed(r: Rules, s: MagState, ap: int) -> bool:
    """Whether ``spaces_allowed`` lists any: asked at every action choice, where the first
    vacant space within reach answers it."""
    taken = common.occupied(s)
    for i, least in enumerate(r.track_ap):
        if i not in taken and least <= ap:
            return True
    return False


def hat(r: Rules, s: MagState, seat: int, which: int, space: int, events: list[Event]) -> None:
    p = s.players[seat]
    change_at(s.players, seat, hats=put(p.hats, which, space), performs=p.performs + 1)
    s.turn.hat = space
    s.turn.stage = "reward"
    ev(events, "hat", seat=seat, space=r.track[space].index, ap=r.track[space].ap)


def capacity(r: Rules, s: MagState) -> int:
    return r.track[s.turn.hat].posters + s.turn.extra_posters


def poster_at(p: Player, slot: int) -> str:
    pid = p.posters[slot]
    assert pid is not None  # callers pass filled slots only
    return pid


def reward_needs(
    r: Rules, s: MagState, seat: int, slots: tuple[int, ...]
) -> tuple[Counter[str], Counter[str]]:
    """The fragments and gems rewarding the posters in ``slots`` together takes, each
    tent's gem included (R52(iv))."""
    p = s.players[seat]
    frags: Counter[str] = Counter()
    gems: Counter[str] = Counter()
    for i in slots:
        poster = r.posters[poster_at(p, i)]
        frags.update(poster.fragments)
        gems.update(poster.gems)
        tent = p.tents[i]
        if tent is not None and tent != START:
            g = r.tents[tent].gem
            if g is not None:
                gems[g] += 1  # R52(iv)
    return frags, gems


def gem_payment(p: Player, gems: Counter[str], wild: tuple[str, ...] = ()) -> dict[str, int] | None:
    """Gems to discard: each shown gem in its colour, else a clear one (wild); ``wild`` names
    coloured gems the player pays with a clear gem though holding the colour (D1)."""
    pay = dict.fromkeys(p.gems, 0)
    clear_needed = 0
    for g, k in gems.items():
        if g == "clear":
            clear_needed += k
            continue
        own = min(k, p.gems[g])
        pay[g] += own
        clear_needed += k - own
    for g in wild:
        if g == "clear" or pay.get(g, 0) <= 0:
            return None
        pay[g] -= 1
        clear_needed += 1
    if clear_needed > p.gems["clear"]:
        return None
    pay["clear"] += clear_needed
    return pay


def wild_options(p: Player, gems: Counter[str]) -> list[tuple[str, ...]]:
    """D1: every way to pay with spare clear gems in place of held coloured ones, as sorted
    multisets; ``[()]`` when there is nothing to choose."""
    pay = gem_payment(p, gems)
    assert pay is not None  # callers pass eligible posters only
    spare = p.gems["clear"] - pay["clear"]
    coloured = [g for g in sorted(pay) if g != "clear" for _ in range(pay[g])]
    out: set[tuple[str, ...]] = set()
    for k in range(min(spare, len(coloured)) + 1):
        out.update(combinations(coloured, k))
    return sorted(out, key=lambda w: (len(w), w))


def eligible(r: Rules, s: MagState, seat: int, slots: tuple[int, ...], ignore: str) -> bool:
    p = s.players[seat]
    for i in slots:
        if p.posters[i] is None or p.tents[i] is None:  # R52(i): the slot needs its tent
            return False
    frags, gems = reward_needs(r, s, seat, slots)
    if ignore:
        if frags[ignore] <= 0:
            return False
        frags[ignore] -= 1  # T10 / A13: one fragment requirement in all
    built = Counter(b.fragment for b in p.built)
    if any(built[f] < k for f, k in frags.items()):  # R52(ii): a multiset, not used up
        return False
    return gem_payment(p, gems) is not None


def reward_options(r: Rules, s: MagState, seat: int) -> list[tuple[tuple[int, ...], str]]:
    return [((), ""), *rewardable(r, s, seat, capacity(r, s), bool(s.turn.ignore))]


def rewardable(
    r: Rules, s: MagState, seat: int, cap: int, ignoring: bool
) -> list[tuple[tuple[int, ...], str]]:
    """Each set of up to ``cap`` posters that can be rewarded together, with the fragment
    requirement ignored where one must be (only when ``ignoring``: T10 / A13)."""
    p = s.players[seat]
    filled = [i for i, x in enumerate(p.posters) if x is not None and p.tents[i] is not None]
    out: list[tuple[tuple[int, ...], str]] = []
    ignores = [""]
    if ignoring:
        ignores += sorted({f for i in filled for f in r.posters[poster_at(p, i)].fragments})
    for k in range(1, min(cap, len(filled)) + 1):
        for combo in combinations(filled, k):
            for ig in ignores:
                if eligible(r, s, seat, combo, ig):
                    out.append((combo, ig))
                    if not ig:
                        break  # ignoring a fragment adds nothing when none is short
    return out


def reward(
    r: Rules, s: MagState, seat: int, slots: tuple[int, ...], ignore: str, events: list[Event]
) -> None:
    """R52: when the shown gems can be paid either in their colours or with clear gems, the
    payment is the player's next decision (D1); otherwise the posters are rewarded at once."""
    _, gems = reward_needs(r, s, seat, slots)
    if len(wild_options(s.players[seat], gems)) > 1:
        s.pending.append(PendingPay(source="reward", slots=slots, fragment=ignore))
        return
    pay_and_reward(r, s, seat, slots, ignore, (), events)


def pay_and_reward(
    r: Rules,
    s: MagState,
    seat: int,
    slots: tuple[int, ...],
    ignore: str,
    wild: tuple[str, ...],
    events: list[Event],
) -> None:
    p = s.players[seat]
    _, gems = reward_needs(r, s, seat, slots)
    pay = gem_payment(p, gems, wild)
    assert pay is not None  # only offered payments reach here
    gems_left = dict(p.gems)
    for g, k in pay.items():
        gems_left[g] -= k
    vp = coins = 0
    rewarded, posters = p.rewarded, p.posters
    done = []
    for i in slots:
        poster = r.posters[poster_at(p, i)]
        vp += poster.vp + s.turn.vp_per_poster
        coins += poster.coins
        tent = p.tents[i]
        if tent == START:
            st = r.boards[p.board].start_tent
            vp += st.vp
            coins += st.coins
        elif tent is not None:
            vp += r.tents[tent].vp
            coins += r.tents[tent].coins
        rewarded = (*rewarded, poster.id)  # R53: face down, public (A11)
        done.append(poster.id)
        posters = put(posters, i, None)
    change_at(s.players, seat, gems=gems_left, rewarded=rewarded, posters=posters)
    ev(events, "reward", seat=seat, posters=done, gems=pay, ignore=ignore)
    common.vp(s, seat, vp, "perform", events)
    common.coins(s, seat, coins, "perform", events)
    s.turn.acted = True
    s.turn.stage = "arrange"


def pay_options(r: Rules, s: MagState, seat: int, pend: PendingPay) -> list[tuple[str, ...]]:
    _, gems = reward_needs(r, s, seat, tuple(pend.slots))
    return wild_options(s.players[seat], gems)


def swap(s: MagState, seat: int, a: int, b: int, events: list[Event]) -> None:
    p = s.players[seat]
    posters = list(p.posters)
    posters[a], posters[b] = posters[b], posters[a]
    change_at(s.players, seat, posters=tuple(posters))
    s.turn.swaps += 1
    ev(events, "swap", seat=seat, a=a, b=b)
