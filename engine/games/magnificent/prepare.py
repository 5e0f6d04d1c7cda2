"""The turns before the round's last, committed to the posters' needs (solo): a poster whose
fragments are built but whose slot has no tent is one Travel from ready, and the one-step
value never sees it (a Move that stops on a tent values the state before the tent is taken).

Read from the state alone, as ``plan.committed`` and ``plan.perform_committed``, so a loaded
save follows the same plan; the greedy bot applies it to its own choices only, not to the
rollouts' quick policy (``bots.GreedyBot.planned`` says why).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.games.magnificent import actions as A
from engine.games.magnificent import plan, travel
from engine.games.magnificent.rules import TURNS, Rules
from engine.games.magnificent.state import MagState, PendingTent, Player
from engine.games.magnificent.turn import ap


def _short(r: Rules, p: Player, slot: int) -> tuple[int, int]:
    """(fragments missing, gems missing) of the poster in ``slot`` against what is held, its
    tent's gem aside (R52: the fragments a multiset of the built ones, a clear gem for any)."""
    _, frags, gems, _ = plan.poster_needs(r, p, slot)
    built = Counter(b.fragment for b in p.built)
    frags_short = sum(max(0, k - built[f]) for f, k in frags.items())
    clear = p.gems.get("clear", 0)
    gems_short = 0
    for g, k in gems.items():
        lack = k if g == "clear" else max(0, k - p.gems.get(g, 0))
        wild = min(lack, clear)
        clear -= wild
        gems_short += lack - wild
    return frags_short, gems_short


def tentless(r: Rules, p: Player) -> list[int]:
    """The slots whose poster lacks its tent and at most one fragment, the readiest and best
    paying first."""
    out = []
    for i in range(1, len(p.tents)):
        if p.posters[i] is None or p.tents[i] is not None:
            continue
        frags, gems = _short(r, p, i)
        if frags <= 1:
            out.append((frags + gems, -plan.poster_needs(r, p, i)[3], i))
    return [i for *_, i in sorted(out)]


def _missing(r: Rules, p: Player, slot: int) -> Counter[str]:
    """The fragments the poster in ``slot`` lacks among the built ones (R52(ii))."""
    _, frags, _, _ = plan.poster_needs(r, p, slot)
    built = Counter(b.fragment for b in p.built)
    return Counter({f: k - built[f] for f, k in frags.items() if k > built[f]})


def build_target(r: Rules, s: MagState, seat: int) -> Counter[str] | None:
    """What a Build this turn should place: the missing fragments of a poster under its tent
    when they are all of the die's colour (R33) and one affordable level gives them all,
    the best paying such poster first; None when no poster is one Build from its fragments."""
    p = s.players[seat]
    colour = s.turn.colour
    best: tuple[float, Counter[str]] | None = None
    for i in range(len(p.posters)):
        if p.posters[i] is None or p.tents[i] is None:
            continue
        lack = _missing(r, p, i)
        if not lack or any(r.fragments[f].colour != colour for f in lack):
            continue
        if not _levels(r, s, seat, lack):
            continue
        worth = plan.poster_needs(r, p, i)[3]
        if best is None or worth > best[0]:
            best = (worth, lack)
    return None if best is None else best[1]


def _levels(r: Rules, s: MagState, seat: int, lack: Counter[str]) -> list[int]:
    """The build levels within this turn's power that give every fragment in ``lack``."""
    small = sum(k for f, k in lack.items() if r.fragments[f].size == "small")
    large = sum(k for f, k in lack.items() if r.fragments[f].size == "large")
    levels = r.boards[s.players[seat].board].build_levels
    now = ap(s)
    return [
        i for i, lv in enumerate(levels) if lv.ap <= now and lv.small >= small and lv.large >= large
    ]


def _tent_stops(r: Rules, s: MagState, seat: int) -> set[int]:
    """The distances within this turn's power whose stop holds a tent (R39)."""
    k = travel.track_index(r, s.turn.colour)
    out = set()
    for d in range(1, ap(s) + 1):
        stop = travel.path(r, s, d)[-1]
        if s.track_tents[k][stop] is not None:
            out.add(d)
    return out


def tent_committed(r: Rules, s: MagState, seat: int, legal: list[Any]) -> list[Any]:
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


def _only(legal: list[Any], action: str) -> list[Any]:
    """``legal`` with ``action`` the only one chosen, unless it is not among them (a Perform
    the plan commits to comes first)."""
    if A.Choose(action) not in legal:
        return legal
    return [a for a in legal if not isinstance(a, A.Choose) or a.action == action]
