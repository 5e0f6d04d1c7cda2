"""``python -m engine ladder``: a seeded round robin between bot levels, rated.

Every pair of entrants plays ``games`` games on the same seeds (common random numbers), the
pair in seats 0 and 1 swapped every game, any further seats filled with the ``filler`` bot. An
automaton opponent enters as ``successor-low`` and the like: a game of the solo variant at that
difficulty, the bot in seat 0.
A game with one seat (a practice session) is scored per entrant instead: mean and its interval.

Results are appended to a JSON-lines file, one line a game, so a long ladder runs in chunks
(``--pairs``) and is rated at the end (``--rate``): Bradley–Terry strengths by the MM algorithm
(Hunter 2004; a tie counts half a win each way), shown as Elo-like ratings (400 log10 of the
strength, the weakest entrant at 0) with 95% intervals from a seeded bootstrap over the games.
"""

from __future__ import annotations

import math
import statistics
import time
from itertools import combinations
from typing import Any

from engine.core.bots import bot_for, bot_seed
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.rng import Rng

AUTOMATON_PREFIX = "successor-"


def play_pair(
    game_id: str, players: int, a: str, b: str, seed: int, options: dict[str, Any], filler: str
) -> dict[str, Any]:
    """One game between entrants ``a`` and ``b``; ``seed``'s parity says who sits first."""
    if b.startswith(AUTOMATON_PREFIX):
        solo = {**options, "difficulty": b[len(AUTOMATON_PREFIX) :]}
        match = Match.new(game_id + "-solo", 2, solo, seed)
        bots = {0: bot_for(match.game, a, bot_seed(seed, 0), None)}
        seat_of = {a: 0, b: 1}
    else:
        match = Match.new(game_id, players, options, seed)
        first, second = (a, b) if seed % 2 == 0 else (b, a)
        kinds = [first, second] + [filler] * (players - 2)
        bots = {s: bot_for(match.game, kinds[s], bot_seed(seed, s), None) for s in range(players)}
        seat_of = {first: 0, second: 1}
    start = time.perf_counter()
    play_to_end(match, bots)
    result = match.result()
    assert result is not None
    return {
        "game": game_id,
        "players": players,
        "seed": seed,
        "a": a,
        "b": b,
        "score_a": result.scores[seat_of[a]],
        "score_b": result.scores[seat_of[b]],
        "win_a": seat_of[a] in result.winners,
        "win_b": seat_of[b] in result.winners,
        "seconds": round(time.perf_counter() - start, 2),
    }


def play_solo(game_id: str, entrant: str, seed: int, options: dict[str, Any]) -> dict[str, Any]:
    match = Match.new(game_id, 1, options, seed)
    start = time.perf_counter()
    play_to_end(match, {0: bot_for(match.game, entrant, bot_seed(seed, 0), None)})
    result = match.result()
    assert result is not None
    return {
        "game": game_id,
        "players": 1,
        "seed": seed,
        "a": entrant,
        "score_a": result.scores[0],
        "seconds": round(time.perf_counter() - start, 2),
    }


def pairs(entrants: list[str]) -> list[tuple[str, str]]:
    """Every pair once; an automaton is never the first of a pair (it cannot be seated)."""
    out = []
    for a, b in combinations(entrants, 2):
        if a.startswith(AUTOMATON_PREFIX) and b.startswith(AUTOMATON_PREFIX):
            continue
        out.append((b, a) if a.startswith(AUTOMATON_PREFIX) else (a, b))
    return out


# --- rating ---------------------------------------------------------------------------------


def bradley_terry(games: list[dict[str, Any]], iterations: int = 500) -> dict[str, float]:
    """Strengths (geometric mean 1) fitted by MM; a tie is half a win for each side. Every
    entrant gets a phantom half win and half loss against a unit-strength virtual opponent, so
    an entrant that won (or lost) everything still has a finite strength."""
    names = sorted({g["a"] for g in games} | {g["b"] for g in games})
    wins = dict.fromkeys(names, 0.5)
    met: dict[tuple[str, str], float] = {}
    for g in games:
        a, b = g["a"], g["b"]
        if g["win_a"] and g["win_b"]:
            wins[a] += 0.5
            wins[b] += 0.5
        elif g["win_a"]:
            wins[a] += 1
        elif g["win_b"]:
            wins[b] += 1
        else:
            wins[a] += 0.5
            wins[b] += 0.5
        key = (a, b) if a < b else (b, a)
        met[key] = met.get(key, 0.0) + 1
    p = dict.fromkeys(names, 1.0)
    for _ in range(iterations):
        new = {}
        for n in names:
            denom = 1.0 / (p[n] + 1.0)  # the phantom games (one in all, halved each way)
            for (x, y), count in met.items():
                if n == x:
                    denom += count / (p[x] + p[y])
                elif n == y:
                    denom += count / (p[x] + p[y])
            new[n] = wins[n] / denom
        scale = math.exp(statistics.fmean(math.log(v) for v in new.values()))
        p = {n: v / scale for n, v in new.items()}
    return p


def elo(strengths: dict[str, float]) -> dict[str, float]:
    low = min(strengths.values())
    return {n: 400 * math.log10(v / low) for n, v in strengths.items()}


def rate(games: list[dict[str, Any]], boot: int = 200, seed: int = 0) -> list[dict[str, Any]]:
    """Per entrant: rating, its 95% bootstrap interval, games, wins and mean score."""
    duels = [g for g in games if "b" in g]
    rows: list[dict[str, Any]] = []
    if duels:
        point = elo(bradley_terry(duels))
        rng = Rng.from_seed(seed)
        samples: dict[str, list[float]] = {n: [] for n in point}
        for _ in range(boot):
            pick = [duels[rng.below(len(duels))] for _ in duels]
            got = elo(bradley_terry(pick, iterations=200))
            # anchored like the point estimate: relative to the same weakest entrant
            anchor = min(point, key=lambda n: point[n])
            for n in point:
                samples[n].append(got.get(n, 0.0) - got.get(anchor, 0.0))
        for n in sorted(point, key=lambda n: -point[n]):
            mine = [g for g in duels if n in (g["a"], g["b"])]
            won = sum(1 for g in mine if (g["win_a"] if g["a"] == n else g["win_b"]))
            scores = [g["score_a"] if g["a"] == n else g["score_b"] for g in mine]
            s = sorted(samples[n])
            rows.append(
                {
                    "entrant": n,
                    "rating": round(point[n]),
                    "low": round(s[int(0.025 * (len(s) - 1))]),
                    "high": round(s[int(0.975 * (len(s) - 1))]),
                    "games": len(mine),
                    "wins": won,
                    "mean_score": round(statistics.fmean(scores), 1),
                }
            )
    solos = [g for g in games if "b" not in g]
    for n in sorted({g["a"] for g in solos}):
        scores = [g["score_a"] for g in solos if g["a"] == n]
        half = 1.96 * statistics.stdev(scores) / len(scores) ** 0.5 if len(scores) > 1 else 0.0
        mean = statistics.fmean(scores)
        rows.append(
            {
                "entrant": n,
                "games": len(scores),
                "mean_score": round(mean, 1),
                "low": round(mean - half, 1),
                "high": round(mean + half, 1),
            }
        )
    return rows


def table(rows: list[dict[str, Any]]) -> str:
    """The rating table as Markdown (what docs/bots.md quotes)."""
    if rows and "rating" in rows[0]:
        head = (
            "| entrant | rating (95% interval) | games | wins | mean score |\n|---|---|---|---|---|"
        )
        body = [
            f"| {r['entrant']} | {r['rating']} ({r['low']}–{r['high']}) | {r['games']} | "
            f"{r['wins']} | {r['mean_score']} |"
            for r in rows
            if "rating" in r
        ]
    else:
        head = "| entrant | mean score (95% interval) | games |\n|---|---|---|"
        body = [
            f"| {r['entrant']} | {r['mean_score']} ({r['low']}–{r['high']}) | {r['games']} |"
            for r in rows
        ]
    return "\n".join([head, *body])
