"""The Magnificent solo, greedy's colours traced (issue #30, session 21): for each seed, the
greedy bot plays the game as ``simulate`` does, and each round is written out as one row: the
colour of each turn's die and its action, the fragments built (by colour), the posters
rewarded, and at the round's last action choice the held posters' missing fragments by colour
(the turn's die colour beside them), how many are ready and what those pay; one row at the
end with the same for the posters left unrewarded.

PYTHONPATH=. python3 scripts/experiments/s21d_colours.py SEED COUNT > FILE.jsonl
python3 scripts/experiments/s21d_colours.py --sum FILE.jsonl   (the figures of docs/bots.md)
"""

from __future__ import annotations

import json
import sys
from collections import Counter
from typing import Any

from engine.core.bots import bot_for, bot_seed
from engine.core.match import Match
from engine.core.play import decisions
from engine.games.magnificent import actions as A
from engine.games.magnificent import perform, plan, prepare
from engine.games.magnificent.rules import TURNS


def lacking(r: Any, s: Any) -> dict[str, Any]:
    """The held posters' missing fragments by colour, how many lack a tent, how many are
    ready (tent, fragments and gems there) and what those would pay."""
    p = s.players[0]
    by: Counter[str] = Counter()
    held = 0
    for i, x in enumerate(p.posters):
        if x is None:
            continue
        held += 1
        for f, k in prepare._missing(r, p, i).items():
            by[r.fragments[f].colour] += k
    ready = [
        i for i, x in enumerate(p.posters) if x is not None and perform.eligible(r, s, 0, (i,), "")
    ]
    return {
        "held": held,
        "ready": len(ready),
        "ready_worth": round(sum(plan.poster_needs(r, p, i)[3] for i in ready), 1),
        "no_tent": sum(1 for i, x in enumerate(p.posters) if x is not None and p.tents[i] is None),
        "lack": dict(by),
    }


def trace(seed: int) -> list[dict[str, Any]]:
    match = Match.new("magnificent-solo", 1, {}, seed=seed)
    bot = bot_for(match.game, "greedy", bot_seed(seed, 0), None)
    r = match.game.rules
    out: list[dict[str, Any]] = []
    row: dict[str, Any] = {}
    for _, legal in decisions(match):
        s = match.state
        p = s.players[0]
        if not row or row["round"] != s.round:
            if row:
                out.append(row)
            row = {"seed": seed, "round": s.round, "turns": [], "built": Counter()}
        a = bot.choose(match.game, s, 0, legal)
        if isinstance(a, A.Choose):
            row["turns"].append([s.turn.colour, a.action])
            if p.turns == TURNS - 1:
                row["last"] = lacking(r, s)
                row["last"]["colour"] = s.turn.colour
        before = len(p.built)
        match.act(0, a)
        p2 = match.state.players[0]
        for b in p2.built[before:]:
            row["built"][r.fragments[b.fragment].colour] += 1
        if isinstance(a, A.Reward):
            row["rewarded"] = row.get("rewarded", 0) + len(a.slots)
    out.append(row)
    out.append({"seed": seed, "end": lacking(r, match.state), "score": match.state.players[0].vp})
    return out


def summary(path: str) -> None:
    rows = [json.loads(line) for line in open(path)]
    ends = [r for r in rows if "end" in r]
    n = len(ends)
    own = other = 0
    for r in rows:
        if "last" in r:
            for c, k in r["last"]["lack"].items():
                if c == r["last"]["colour"]:
                    own += k
                else:
                    other += k
    print(f"games {n}; at the rounds' last action choices the held posters lack {own} fragments")
    print(f"of the die's colour and {other} of the other two ({other / (own + other):.0%})")
    kinds = Counter(
        len(
            {
                Counter(c for c, _ in r["turns"]).most_common(1)[0][0]
                for r in rows
                if r.get("seed") == e["seed"] and "turns" in r
            }
        )
        for e in ends
    )
    print(
        "round colours (each round's most taken die colour) per game:", dict(sorted(kinds.items()))
    )
    for key in ("held", "ready", "ready_worth", "no_tent"):
        print(f"at the end, {key}: {sum(e['end'][key] for e in ends) / n:.2f} a game")
    lack = sum(sum(e["end"]["lack"].values()) for e in ends)
    print(
        f"at the end, fragments lacked: {lack / n:.2f} a game;",
        f"games ending with a ready poster: {sum(e['end']['ready'] > 0 for e in ends)}",
    )


if __name__ == "__main__":
    if sys.argv[1] == "--sum":
        summary(sys.argv[2])
        sys.exit()
    first, count = int(sys.argv[1]), int(sys.argv[2])
    for seed in range(first, first + count):
        for row in trace(seed):
            print(json.dumps(row))
        sys.stdout.flush()
