"""Search decisions are pinned: a fixed position, seed and budget give this very ranking.

Speed work on the engine and the search (playing iterations in place, faster copies, cached
lookups) must not change a single decision: figures measured with the bots stay valid across
it. The expected digests were recorded with the code before that work (commit 50b0f1e); a
change here means the search or the rules now decide differently, which needs a reason and a
re-run of the published figures.

The search's stream is seeded from the seat's *view*, so a view that shows more changes the
stream. The Magnificent digests were re-recorded once for that reason: its view gained each
player's dice sums (for the round-end warning) and stopped hiding hands outside the draft.
"""

from __future__ import annotations

import hashlib

import msgspec
import pytest

from engine.core.search import Level, Search
from tests.core.test_search import _position

SMALL = Level(budget=24, rollout_depth=4)


def _digest(game_id: str, players: int, seed: int, steps: int) -> str:
    match, seat, legal = _position(game_id, players, seed, steps)
    ranked = Search(match.game, seat, SMALL, 7).ranked(match.state, legal)
    h = hashlib.sha256()
    for node in ranked:
        h.update(msgspec.json.encode(node.action))
        h.update(f"{node.visits}:{node.total:.12f}".encode())
    return h.hexdigest()[:16]


# (game, players, seed, decisions before the position) -> digest of the ranking.
CASES = {
    ("trickerion", 2, 3, 30): "68d142f6662a5d5c",
    ("trickerion", 4, 5, 60): "11b960933ad2414b",
    ("trickerion-solo", 2, 1, 20): "6f2232731a0a5e0c",
    ("trickerion-solo", 2, 4, 45): "3552dd943edce815",
    ("oracle", 1, 2, 10): "ecca83827950518d",
    ("magnificent", 2, 3, 10): "f3c3030cdeebdcc5",
    ("magnificent", 4, 2, 25): "61fd460e5d4910c9",
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_search_ranking_at_a_fixed_seed_and_budget_is_pinned(case):
    assert _digest(*case) == CASES[case]
