"""The turns before the round's last, committed to the posters' needs (solo): a poster whose
fragments are built but whose slot has no tent is one Travel from ready, and the one-step
value never sees it (a Move that stops on a tent values the state before the tent is taken).

Read from the state alone, as ``plan.committed`` and ``plan.perform_committed``, so a loaded
save follows the same plan; the greedy bot applies it to its own choices only, not to the
rollouts' quick policy (``bots.GreedyBot._planned`` says why).
"""

from __future__ import annotations

from collections import Counter
from itertools import chain, combinations
from typing import Any

from engine.games.magnificent import actions as A
from engine.games.magnificent import common, perform, plan, travel
from engine.games.magnificent.rules import TURNS
from engine.games.magnificent.state import PendingTent
from engine.games.magnificent.turn import ap


def _short(r: Any, p: Any, slots: tuple[int, ...]) -> tuple[int, int]:
    """(fragments missing, gems missing) of the posters in ``slots`` rewarded together against
    what is held, a missing tent's gem aside (R52: the fragments a multiset of the built ones,
    a clear gem for any)."""
    frags: Counter[str] = Counter()
    gems: Counter[str] = Counter()
    for slot in slots:
        _, f, g, _ = plan.poster_needs(r, p, slot)
        frags += f
        gems += g
    built = Counter(b.fragment for b in p.built)
    return sum(max(0, k - built[f]) for f, k in frags.items()), _gems_short(gems, p.gems)


def _gems_short(gems: Counter[str], held: dict[str, int]) -> int:
    """The gems of ``gems`` that ``held`` cannot pay, each in its colour or else a clear one."""
    clear = held.get("clear", 0)
    short = 0
    for g, k in gems.items():
        lack = k if g == "clear" else max(0, k - held.get(g, 0))
        wild = min(lack, clear)
        clear -= wild
        short += lack - wild
    return short


def tentless(r: Any, p: Any) -> list[int]:
    """The slots whose poster lacks its tent and at most one fragment, the readiest and best
    paying first."""
    out = []
    for i in range(1, len(p.tents)):
        if p.posters[i] is None or p.tents[i] is not None:
            continue
        frags, gems = _short(r, p, (i,))
        if frags <= 1:
            out.append((frags + gems, -plan.poster_needs(r, p, i)[3], i))
    return [i for *_, i in sorted(out)]


def _missing(r: Any, p: Any, slots: tuple[int, ...]) -> Counter[str]:
    """The fragments the posters in ``slots`` lack together among the built ones (R52(ii): a
    multiset, so two posters showing one fragment need it built twice)."""
    need: Counter[str] = Counter()
    for slot in slots:
        need += plan.poster_needs(r, p, slot)[1]
    return need - Counter(b.fragment for b in p.built)


def build_target(r: Any, s: Any, seat: int) -> Counter[str] | None:
    """What a Build this turn should place: the missing fragments of one poster under its tent,
    or of two rewarded together, when they are all of the die's colour (R33) and one
    affordable level gives them all, the best paying first; None when no poster is one Build
    from its fragments."""
    p = s.players[seat]
    colour = s.turn.colour
    tented = [i for i, pid in enumerate(p.posters) if pid is not None and p.tents[i] is not None]
    best: tuple[float, Counter[str]] | None = None
    for combo in chain(combinations(tented, 1), combinations(tented, 2)):
        lack = _missing(r, p, combo)
        if not lack or any(r.fragments[f].colour != colour for f in lack):
            continue
        if not _levels(r, s, seat, lack):
            continue
        worth = sum(plan.poster_needs(r, p, i)[3] for i in combo)
        if best is None or worth > best[0]:
            best = (worth, lack)
    return None if best is None else best[1]


def _levels(r: Any, s: Any, seat: int, lack: Counter[str]) -> list[int]:
    """The build levels within this turn's power that give every fragment in ``lack``."""
    small = sum(k for f, k in lack.items() if r.fragments[f].size == "small")
    large = sum(k for f, k in lack.items() if r.fragments[f].size == "large")
    levels = r.boards[s.players[seat].board].build_levels
    now = ap(s)
    return [
        i for i, lv in enumerate(levels) if lv.ap <= now and lv.small >= small and lv.large >= large
    ]


def _tent_stops(r: Any, s: Any, seat: int) -> set[int]:
    """The distances within this turn's power whose stop holds a tent (R39)."""
    k = travel.track_index(r, s.turn.colour)
    out = set()
    for d in range(1, ap(s) + 1):
        stop = travel.path(r, s, d)[-1]
        if s.track_tents[k][stop] is not None:
            out.add(d)
    return out


def tent_committed(r: Any, s: Any, seat: int, legal: list[Any]) -> list[Any]:
    """Before the round's last turn, a poster waiting for its tent sends the turn to the
    Travel whose stop is a tent (the nearest that gives most is the value's to pick), and a
    tent met goes under the readiest such poster (R40). The last turn is the Perform's."""
    if s.phase != "turn":
        return legal
    p = s.players[seat]
    if s.pending:
        if not isinstance(s.pending[0], PendingTent):
            return legal
        want = tentless(r, p) or [
            i for i in range(1, len(p.tents)) if p.posters[i] is not None and p.tents[i] is None
        ]
        keep = [a for a in legal if isinstance(a, A.TakeTent) and a.slot in want[:1]]
        return keep or legal
    if p.turns >= TURNS - 1 or s.turn.stage not in ("act", "build", "travel"):
        return legal
    lack = build_target(r, s, seat) if s.turn.stage in ("act", "build") else None
    if lack is not None:
        if s.turn.stage == "act":
            return _only(legal, "build")
        fits = set(_levels(r, s, seat, lack))
        return [a for a in legal if not isinstance(a, A.Level) or a.index in fits] or legal
    if not tentless(r, p):
        return legal
    stops = _tent_stops(r, s, seat)
    if not stops:
        return legal
    if s.turn.stage == "act":
        return _only(legal, "travel")
    # (or legal: a rank may be offered only some of the moves, none of them the plan's)
    return [a for a in legal if not isinstance(a, A.Move) or a.distance in stops] or legal


def held(r: Any, s: Any, seat: int, legal: list[Any]) -> list[Any]:
    """Before the round's last turn, a poster that could be performed alone waits when a second
    one is within a tent or a fragment of joining it and the round's last turn, its dice
    stacked, reaches a space for two (R50, R52): both in one Perform take one turn, not two.
    The turn goes to the missing piece instead (``tent_committed``)."""
    if s.phase != "turn" or s.pending or s.turn.stage != "act":
        return legal
    p = s.players[seat]
    if p.turns >= TURNS - 1 or A.Choose("perform") not in legal:
        return legal
    planned = plan.performance(r, s, seat)
    if planned is None or len(planned[0]) > 1 or not _joins(r, s, seat, planned[0][0]):
        return legal
    return [a for a in legal if a != A.Choose("perform")] or legal


def _joins(r: Any, s: Any, seat: int, first: int) -> bool:
    """Whether a second poster, one tent or one fragment short beside ``first`` and its gems
    held, can be fetched this turn and performed with it on the round's last turn: that
    turn's power the main colour's dice on the cards, a die's average for each turn still to
    take one, and 2 a spare gem (R26-R29)."""
    p = s.players[seat]
    colour = plan.main_colour(p)
    dice = common.dice_sums(p)[colour] if colour else 0
    reach = dice + plan.FACE * (TURNS - 1 - p.turns)
    need = plan.space_power(r, s, seat, 2)
    for j, pid in enumerate(p.posters):
        if pid is None or j == first:
            continue
        frags, gems = _short(r, p, (first, j))
        tent = p.tents[j] is None
        if gems or tent + frags > 1:
            continue
        _, pay_for = perform.reward_needs(r, s, seat, (first, j))
        pay = perform.gem_payment(p, pay_for)
        if pay is None:
            continue
        spare = p.gems["clear"] - pay["clear"]
        if colour is not None:
            spare += p.gems[colour] - pay[colour]
        if reach + 2 * spare < need:
            continue
        if _fetched_now(r, s, seat, (first, j), tent):
            return True
    return False


def _fetched_now(r: Any, s: Any, seat: int, slots: tuple[int, ...], tent: bool) -> bool:
    """Whether this turn can supply what the posters in ``slots`` lack: a stop on a tent within
    its power (R39), or a level giving the missing fragment in the die's colour (R33)."""
    lack = _missing(r, s.players[seat], slots)
    if tent:
        return not lack and bool(_tent_stops(r, s, seat))
    if not lack:
        return True
    colour = s.turn.colour
    return all(r.fragments[f].colour == colour for f in lack) and bool(_levels(r, s, seat, lack))


def ready_kept(r: Any, s: Any, seat: int, legal: list[Any]) -> list[Any]:
    """Before the round's last turn, a poster ready to perform keeps what it needs: no gem it
    pays is spent for power (R29) and no new poster takes its slot (R47). A held poster
    (``held``) waits for the last turn, and a Build or a Travel spending its gems, or a poster
    drawn over it, would leave that turn nothing to reward."""
    if s.phase != "turn":
        return legal
    p = s.players[seat]
    if p.turns >= TURNS - 1:
        return legal
    ready = [
        i
        for i, pid in enumerate(p.posters)
        if pid is not None and perform.eligible(r, s, seat, (i,), "")
    ]
    if not ready:
        return legal

    def breaks(a: Any) -> bool:
        if isinstance(a, A.GainPoster):
            return a.slot in ready
        if not isinstance(a, A.SpendGem):
            return False
        left = dict(p.gems)
        left[a.gem] -= 1
        return any(_gems_short(perform.reward_needs(r, s, seat, (i,))[1], left) for i in ready)

    return [a for a in legal if not breaks(a)] or legal


def _only(legal: list[Any], action: str) -> list[Any]:
    """``legal`` with ``action`` the only one chosen, unless it is not among them (a Perform
    the plan commits to comes first)."""
    if A.Choose(action) not in legal:
        return legal
    return [a for a in legal if not isinstance(a, A.Choose) or a.action == action]
