"""The bridge's answers and refusals over seeded games of every registered game, written out so
a restructuring that must keep behaviour (issue #33's gate) can be diffed before and after:

    python -m tests.record_bridge OUT_DIR [--steps N]

Per game and seed, every seat human: each ``snapshot``/``act``/``step`` answer in turn (a
language a step, EN/RU/FR), the lobby's ``games`` and the game's ``game_data`` and page
``strings``, the ``chart`` every 40 steps and the ``review`` at the end, and at each player decision the refusals of actions legal
earlier in the game but not now (``why`` and ``act``), of a move out of turn and of an action
whose fields point nowhere. One line per answer, so ``diff`` shows where two runs part.
"""

from __future__ import annotations

import argparse
import json
import random
from pathlib import Path
from typing import Any

from engine.bridge import Bridge
from engine.core import registry

LANGS = ("en", "ru", "fr")

# (game, players, options, seed): each game id, its variants' main options, two seeds.
TABLES: list[tuple[str, int, dict[str, Any], int]] = [
    ("trickerion", 2, {"dark_alley": True, "prophecies": True}, 1),
    ("trickerion", 3, {"dark_alley": False, "fast_game": True}, 2),
    ("trickerion-solo", 2, {"difficulty": "medium"}, 3),
    ("trickerion-solo", 2, {"difficulty": "high", "harder_coins": True}, 4),
    ("magnificent", 2, {"advanced": True}, 5),
    ("magnificent", 3, {}, 6),
    ("magnificent-solo", 1, {}, 7),
    ("magnificent-solo", 1, {}, 8),
    ("oracle", 1, {"mode": "practice"}, 9),
    ("oracle", 1, {"mode": "companion"}, 10),
]


def call(b: Bridge, method: str, **args: Any) -> str:
    return b.call(method, json.dumps(args))


def record(game: str, players: int, options: dict[str, Any], seed: int, steps: int) -> list[str]:
    b = Bridge()
    # the lobby's answers first: what a game says of itself before any table exists
    out: list[str] = [call(b, "games"), call(b, "game_data", game=game)]
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(players)]
    snap = call(b, "new", game=game, players=players, options=options, seed=seed, seats=seats)
    out.append(snap)
    out.extend(call(b, "strings", lang=lang) for lang in LANGS)
    out.append(call(b, "game_data", game=game))
    pick = random.Random(seed)
    seen: list[dict[str, Any]] = []  # actions legal at some earlier decision
    for n in range(steps):
        lang = LANGS[n % 3]
        data = json.loads(call(b, "snapshot", viewer=0, lang=lang))
        to = data["to_act"]
        if n % 40 == 0:
            out.append(call(b, "chart"))
        if to["kind"] == "terminal":
            break
        if to["kind"] != "players":
            out.append(call(b, "step", viewer=0, lang=lang))
            continue
        seat = to["seats"][0]
        viewed = json.loads(call(b, "snapshot", viewer=seat, lang=lang))
        out.append(json.dumps(viewed, sort_keys=True))
        legal = [entry["action"] for entry in viewed["legal"]]
        if not legal:
            break
        now = {json.dumps(a, sort_keys=True) for a in legal}
        stale = [a for a in seen if json.dumps(a, sort_keys=True) not in now]
        for a in pick.sample(stale, min(4, len(stale))):
            out.append(call(b, "why", seat=seat, action=a, lang=lang))
            out.append(call(b, "act", seat=seat, action=a, lang=lang))
        others = [s for s in range(players) if s not in to["seats"]]
        if others:
            out.append(call(b, "why", seat=others[0], action=legal[0], lang=lang))
        broken = {
            k: (999 if isinstance(v, int) and not isinstance(v, bool) else v)
            for k, v in legal[-1].items()
        }
        out.append(call(b, "why", seat=seat, action=broken, lang=lang))
        seen.extend(legal[:12])
        del seen[:-200]
        action = pick.choice(legal)
        out.append(call(b, "act", seat=seat, action=action, lang=lang))
    out.append(call(b, "chart"))
    out.append(call(b, "review", viewer=0, lang="ru"))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out", type=Path)
    parser.add_argument("--steps", type=int, default=120)
    parser.add_argument("--only", default="")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    known = {g.id for g in registry.all_games()}
    missing = known - {t[0] for t in TABLES}
    assert not missing, f"games without a recorded table: {missing}"
    for game, players, options, seed in TABLES:
        if args.only and game != args.only:
            continue
        lines = record(game, players, options, seed, args.steps)
        (args.out / f"{game}-{seed}.txt").write_text("\n".join(lines) + "\n")
        refusals = sum('"error"' in line or '"code"' in line[:12] for line in lines)
        print(game, seed, len(lines), "answers", refusals, "refusals")


if __name__ == "__main__":
    main()
