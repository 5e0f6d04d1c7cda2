"""Trickerion's greedy bot against an earlier version of itself, paired by seed.

``python3 scripts/trickerion_paired.py OLD_BOTS_PY MODE SEED GAMES`` loads the greedy bot of
another checkout's ``engine/games/trickerion/bots.py`` (e.g. a ``git worktree`` of main) beside
this tree's, and prints a JSON line per seed:

- ``solo``: each bot's solo game against Dahlgaard's Successor at low on that seed (the same
  games as ``simulate --game trickerion-solo --bot greedy``), with this tree's profile of both;
- ``gift``: the same with ``trickerion_gift``'s equipped tricks handed over (a game a bot's
  handed props make refuse a Buy is reported as skipped);
- ``2p``: three 2-player games on the seed, old against old, new against old and old against
  new, and the new bot's margin at each seat less the old bot's at that seat in the first.

A benchmark: it asserts nothing; docs/bots.md ("Issue #30, session 19") sums its lines.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from typing import Any

from engine.core.bots import bot_seed
from engine.core.errors import IllegalAction
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.games.trickerion.bots import GreedyBot

sys.path.insert(0, str(Path(__file__).resolve().parent))
import trickerion_gift  # a sibling script, found through the path above


def _duel(seed: int, classes: tuple[Any, Any]) -> list[int]:
    m = Match.new("trickerion", 2, {}, seed)
    play_to_end(m, {s: classes[s](bot_seed(seed, s)) for s in range(2)})
    result = m.result()
    assert result is not None
    return list(result.scores)


def main(argv: list[str]) -> None:
    spec = importlib.util.spec_from_file_location("old_trickerion_bots", argv[0])
    assert spec is not None and spec.loader is not None
    old_module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(old_module)
    old, new = old_module.GreedyBot, GreedyBot
    mode, first, games = argv[1], int(argv[2]), int(argv[3])
    for seed in range(first, first + games):
        line: dict[str, Any] = {"seed": seed}
        if mode == "2p":
            oo, no, on = _duel(seed, (old, old)), _duel(seed, (new, old)), _duel(seed, (old, new))
            line |= {"oo": oo, "no": no, "on": on}
            line["d0"] = (no[0] - no[1]) - (oo[0] - oo[1])
            line["d1"] = (on[1] - on[0]) - (oo[1] - oo[0])
        else:
            try:
                line |= {
                    "old": trickerion_gift.play(seed, old, mode == "gift"),
                    "new": trickerion_gift.play(seed, new, mode == "gift"),
                }
            except IllegalAction as refused:
                line["skipped"] = str(refused)
        print(json.dumps(line), flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
