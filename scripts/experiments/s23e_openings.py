"""The Magnificent solo, the round's first die in hindsight (issue #30, session 23): the greedy
bot plays each seed; at each round's first die (the round's colour, ``plan.committed``), the
best die of each colour (where its turn ends, as greedy values it) is played on through the
round's end by the same bot on the real state (the dice in the Main Tent, no discard throwing
another: those are the round's dice it can see), and one row says the colour greedy took, each
colour's VP, value (in VP) and tents held there, and the value of greedy's colour played once
more with another tie-break stream (the playouts' own noise).

PYTHONPATH=. python3 scripts/experiments/s23e_openings.py SEED COUNT > FILE.jsonl
python3 scripts/experiments/s23e_openings.py --sum FILE.jsonl   (the figures of docs/bots.md)
"""

from __future__ import annotations

import json
import sys
from typing import Any, get_args

from engine.core.bots import bot_seed
from engine.core.loop import apply_owned, forced_action, played
from engine.core.match import Match
from engine.games.magnificent import actions as A
from engine.games.magnificent import plan
from engine.games.magnificent.bots import SHAPING, GreedyBot, value
from engine.games.magnificent.rules import TURNS

BASE = get_args(A.Action)  # anything else at a die take is a solo discard (R92)


def opening(s: Any, legal: list[Any]) -> bool:
    p = s.players[0]
    return (
        s.phase == "turn"
        and not s.pending
        and s.turn.stage == "take"
        and p.turns == 0
        and plan.main_colour(p) is None
        and any(isinstance(a, A.TakeDie) for a in legal)
    )


def colour_of(s: Any, a: A.TakeDie) -> str:
    c: str = next(d.colour for d in s.tent_dice if d.id == a.die)
    return (a.colour or c) if c == "clear" else c


def decide(bot: GreedyBot, game: Any, s: Any, legal: list[Any]) -> Any:
    """The greedy bot's choice on ``s`` itself (no world dealt: the round is played on the
    real state)."""
    if any(isinstance(a, SHAPING) for a in legal):
        return bot._best(legal, lambda a: bot._turn_end(game, s, 0, a))
    return bot._one_step(game, s, 0, legal)


def round_played(game: Any, state: Any, action: Any, seed: int) -> Any:
    bot = GreedyBot(seed)
    s = played(game, state, 0, action)
    start = s.round
    for _ in range((TURNS + 2) * 40):
        to = game.to_act(s)
        if to.kind == "terminal" or s.round != start:
            break
        if to.kind in ("chance", "automaton"):
            apply_owned(game, s, *forced_action(game, s, to))
            continue
        legal = bot._planned(game, s, 0, game.legal_actions(s, 0))
        legal = [a for a in legal if isinstance(a, BASE)] or legal
        apply_owned(game, s, 0, decide(bot, game, s, legal))
    return s


def trace(seed: int) -> list[dict[str, Any]]:
    match = Match.new("magnificent-solo", 1, {}, seed=seed)
    game = match.game
    bot = GreedyBot(bot_seed(seed, 0))
    out: list[dict[str, Any]] = []
    while (to := match.to_act()).kind != "terminal":
        if to.kind != "players":
            match.auto_step(to)
            continue
        s = match.state
        legal = match.legal(0, to)
        a = bot.choose(game, s, 0, legal)
        if opening(s, plan.committed(game.rules, s, 0, legal)) and isinstance(a, A.TakeDie):
            row: dict[str, Any] = {"seed": seed, "round": s.round, "vp": s.players[0].vp}
            row["took"] = colour_of(s, a)
            probe = GreedyBot(bot_seed(seed, 1))
            best: dict[str, tuple[float, Any]] = {}
            # (every move valued, the discards too: the probe's tie-breaks are the figures')
            scored = [
                (probe._turn_end(game, s, 0, b), b) for b in probe._planned(game, s, 0, legal)
            ]
            for v, b in scored:
                if isinstance(b, A.TakeDie):
                    c = colour_of(s, b)
                    if c not in best or v > best[c][0]:
                        best[c] = (v, b)
            row["colours"] = {}
            for c, (_, b) in best.items():
                end = round_played(game, s, b, bot_seed(seed, 2))
                tents = sum(t is not None for t in end.players[0].tents[1:])
                row["colours"][c] = [end.players[0].vp, round(value(game, end, 0) / 10, 2), tents]
            if row["took"] in best:
                again = round_played(game, s, best[row["took"]][1], bot_seed(seed, 3))
                row["again"] = round(value(game, again, 0) / 10, 2)
            out.append(row)
        match.act(0, a)
    out.append({"seed": seed, "score": match.state.players[0].vp})
    return out


def lost(r: dict[str, Any]) -> tuple[float, float, bool]:
    """(value, VP) the colour greedy took left at the round's end against the colour whose
    round ended best, and whether that was another colour."""
    cs = r["colours"]
    top = max(cs, key=lambda c: cs[c][1])
    took = cs[r["took"]]
    return cs[top][1] - took[1], cs[top][0] - took[0], top != r["took"]


def summary(path: str) -> None:
    rows = [json.loads(line) for line in open(path)]
    games = sum(1 for r in rows if "score" in r)
    for k in (0, 1, 2, 3):
        rs = [
            r
            for r in rows
            if "colours" in r and len(r["colours"]) > 1 and r["took"] in r["colours"]
            if k in (0, r["round"])
        ]
        if not rs:
            continue
        out = [lost(r) for r in rs]
        value_lost = sum(v for v, _, _ in out)
        vp = sum(p for _, p, _ in out)
        wrong = sum(w for _, _, w in out)
        tents = sum(
            max(c[2] for c in r["colours"].values()) - r["colours"][r["took"]][2] for r in rs
        )
        noise = [abs(r["again"] - r["colours"][r["took"]][1]) for r in rs if "again" in r]
        print(
            f"{'all rounds' if not k else f'round {k}'}: {len(rs)} first dice with a choice of"
            f" colours in {games} games, another colour's round ended best in {wrong};"
            f" lost there {value_lost / len(rs):.2f} VP of value and {vp / len(rs):.2f} VP each"
            f" ({value_lost / games:.2f} and {vp / games:.2f} a game); the most tents of a"
            f" colour less greedy's {tents / len(rs):.2f}; the same die played again differs by"
            f" {sum(noise) / max(1, len(noise)):.2f} VP of value"
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
