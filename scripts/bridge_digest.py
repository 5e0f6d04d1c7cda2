"""One digest of the bridge's answers along seeded games, refused moves included, for showing
that a change of the engine's inside changes none of them (issue #33's gate):

    python3 scripts/bridge_digest.py [moves]

Run it in the tree before and after (``git worktree add``): the same digest, the same answers.
Each game and player count is played from seeds 1 and 7 for up to ``moves`` moves (150),
every seat a person choosing at random among the legal moves; before each move, up to three
moves listed at earlier positions but not now are tried in ``why`` (Russian) and ``act``
(French). Prints the number of answers, how many were refusals, and the sha256 of them all.
The answers carry the engine's version (a save names it), so a version bump alone changes
the digest: compare two trees at the same ``engine.__version__``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.bridge import Bridge

TABLES = (
    ("trickerion", 2),
    ("trickerion", 4),
    ("trickerion-solo", 2),
    ("magnificent", 3),
    ("magnificent-solo", 1),
    ("oracle", 1),
)


class Recorder:
    def __init__(self) -> None:
        self.digest = hashlib.sha256()
        self.answers = 0
        self.refusals = 0

    def call(self, bridge: Bridge, method: str, **args: Any) -> Any:
        answer = bridge.call(method, json.dumps(args))
        self.digest.update(method.encode() + answer.encode())
        self.answers += 1
        data = json.loads(answer)
        if (isinstance(data, dict) and "error" in data) or (method == "why" and data):
            self.refusals += 1
        return data


def play(rec: Recorder, game: str, players: int, seed: int, moves: int) -> None:
    pick = random.Random(seed)
    b = Bridge()
    seats = [{"kind": "human", "name": f"P{i}"} for i in range(players)]
    snap = rec.call(b, "new", game=game, players=players, seed=seed, viewer=0, seats=seats)
    seen: list[Any] = []
    for _ in range(moves):
        to = snap["to_act"]
        if to["kind"] == "terminal":
            break
        if to["kind"] != "players":
            snap = rec.call(b, "step", viewer=0)
            continue
        seat = to["seats"][0]
        legal = [a["action"] for a in rec.call(b, "snapshot", viewer=seat)["legal"]]
        if not legal:
            break
        for stale in pick.sample(seen, min(3, len(seen))):
            if stale not in legal:
                rec.call(b, "why", seat=seat, action=stale, lang="ru")
                rec.call(b, "act", seat=seat, action=stale, viewer=seat, lang="fr")
        seen = (seen + legal)[-200:]
        snap = rec.call(b, "act", seat=seat, action=pick.choice(legal), viewer=seat, lang="en")
    rec.call(b, "save")


def main() -> None:
    moves = int(sys.argv[1]) if len(sys.argv) > 1 else 150
    rec = Recorder()
    for game, players in TABLES:
        for seed in (1, 7):
            play(rec, game, players, seed, moves)
    print(f"answers {rec.answers}, refusals {rec.refusals}, sha256 {rec.digest.hexdigest()}")


if __name__ == "__main__":
    main()
