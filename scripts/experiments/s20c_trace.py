"""The Magnificent solo, greedy's Performs traced (issue #30, session 20): for each seed, the
greedy bot plays the game as ``simulate`` does; at each turn's action choice the held posters
are classified (ready: tent, fragments and gems there; short of the tent, of fragments, of
gems), and each Perform's power, hat, posters and VP are written out, with the best reward
that the posters held could have paid on a space of unlimited reach (up to three together).

PYTHONPATH=. python3 scripts/experiments/s20c_trace.py SEED COUNT > FILE.jsonl
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from itertools import combinations
from typing import Any

from engine.core.bots import bot_for, bot_seed
from engine.core.match import Match
from engine.core.play import decisions
from engine.games.magnificent import actions as A
from engine.games.magnificent import perform, plan, prepare
from engine.games.magnificent.turn import ap


def posters(r: Any, s: Any, seat: int) -> dict[str, Any]:
    p = s.players[seat]
    held = [i for i, x in enumerate(p.posters) if x is not None]
    ready = [i for i in held if perform.eligible(r, s, seat, (i,), "")]
    best = (0.0, ())
    for k in range(1, 4):
        for combo in combinations(ready, k):
            if perform.eligible(r, s, seat, combo, ""):
                w = sum(plan.poster_needs(r, p, i)[3] for i in combo)
                best = max(best, (w, combo))
    no_tent = [i for i in held if p.tents[i] is None]
    short = {i: prepare._short(r, p, i) for i in held}
    return {
        "held": len(held),
        "ready": len(ready),
        "best_together": len(best[1]),
        "best_worth": round(best[0], 1),
        "no_tent": len(no_tent),
        "frag_short": sum(1 for i in held if short[i][0] > 0),
        "gem_short": sum(1 for i in held if short[i][1] > 0),
        "slots": len(p.posters),
        "tents": sum(1 for t in p.tents if t is not None),
        "gems": sum(p.gems.values()),
        "lacking": sorted(f for i in held for f in prepare._missing(r, p, i).elements()),
        "built": sorted(b.fragment for b in p.built),
    }


def gain(r: Any, s: Any, seat: int, a: Any, legal: list[Any]) -> dict[str, Any]:
    """A poster gained: what it pays and lacks, against the best New Posters card offered."""
    p = s.players[seat]

    def card(src: int) -> Any:
        return r.posters[s.new_posters[src]] if src >= 0 else None

    def lacks(c: Any) -> int:
        built = Counter(b.fragment for b in p.built)
        return sum(max(0, k - built[f]) for f, k in Counter(c.fragments).items())

    shown = [card(i) for i in {g.source for g in legal if isinstance(g, A.GainPoster)} if i >= 0]
    chosen = card(a.source) if isinstance(a, A.GainPoster) else None
    return {
        "gain": True,
        "round": s.round,
        "from": "decline"
        if chosen is None and not isinstance(a, A.GainPoster)
        else ("deck" if a.source < 0 else "display"),
        "slot_tent": isinstance(a, A.GainPoster) and a.slot >= 0 and p.tents[a.slot] is not None,
        "replaced": isinstance(a, A.GainPoster) and a.slot >= 0 and p.posters[a.slot] is not None,
        "vp": chosen.vp if chosen else None,
        "lacks": lacks(chosen) if chosen else None,
        "shown_vp": [c.vp for c in shown],
        "shown_lacks": [lacks(c) for c in shown],
        "empty_tent_slots": sum(
            1 for i, t in enumerate(p.tents) if t is not None and p.posters[i] is None
        ),
    }


def trace(seed: int) -> list[dict[str, Any]]:
    match = Match.new("magnificent-solo", 1, {}, seed=seed)
    bot = bot_for(match.game, "greedy", bot_seed(seed, 0), None)
    r = match.game.rules
    out: list[dict[str, Any]] = []
    cur: dict[str, Any] | None = None
    for _, legal in decisions(match):
        s = match.state
        a = bot.choose(match.game, s, 0, legal)
        if isinstance(a, A.Choose):
            p = s.players[0]
            cur = {
                "seed": seed,
                "round": s.round,
                "turn": p.turns,
                "action": a.action,
                "power": ap(s),
                "colour": s.turn.colour,
                "could_perform": A.Choose("perform") in legal,
                **posters(r, s, 0),
            }
            out.append(cur)
        if isinstance(a, (A.GainPoster, A.DeclinePoster)):
            out.append({"seed": seed, **gain(r, s, 0, a, legal)})
        vp0 = s.players[0].vp
        match.act(0, a)
        s2 = match.state
        if cur is not None and isinstance(a, A.Hat):
            cur["hat_ap"] = r.track[a.space].ap
            cur["hat_posters"] = r.track[a.space].posters
        if cur is not None and isinstance(a, A.Reward):
            cur["rewarded"] = len(a.slots)
        if cur is not None and isinstance(a, (A.Reward, A.PayGems)):
            cur["vp"] = cur.get("vp", 0) + s2.players[0].vp - vp0
    return out


if __name__ == "__main__":
    first, count = int(sys.argv[1]), int(sys.argv[2])
    for seed in range(first, first + count):
        for row in trace(seed):
            print(json.dumps(row))
        sys.stdout.flush()
