"""Random-walk property tests (issue 3, "Tests and figures"): whole seeded games across every
option combination and player count, with the invariants checked after every action (no
negative coins or shards, fame floored, at most 3 props per stack, at most 4 markers per symbol,
one specialist of each type, AP never negative, markers and cards conserved).

``TRICKERION_WALK_GAMES`` sets the number of games (default 2,000)."""

import os

import pytest

from engine.core import save

from .helpers import OPTION_SETS, play_random

CASES = [(players, options) for options in OPTION_SETS for players in (2, 3, 4)]
GAMES = int(os.environ.get("TRICKERION_WALK_GAMES", "2000"))
PER_CASE = max(1, -(-GAMES // len(CASES)))


@pytest.mark.slow
@pytest.mark.parametrize("case", range(len(CASES)))
def test_random_walk(case):
    players, options = CASES[case]
    for k in range(PER_CASE):
        seed = case * 10_000 + k
        m = play_random(players, options, seed, probe_every=5 if k < 2 else 0)
        result = m.result()
        assert result is not None and len(result.scores) == players
        assert result.winners and result.breakdown
        for b, score in zip(result.breakdown, result.scores):
            assert b["total"] == score == sum(v for key, v in b.items() if key != "total")
            for key, v in b.items():
                if key not in ("fame", "total"):
                    assert 0 <= v <= 20, (key, v)
        if k == 0:
            for viewer in (None, *range(players)):
                m.game.view(m.state, viewer)
            loaded = save.load(save.dump(m))
            assert m.game.codec.state_hash(loaded.state) == m.game.codec.state_hash(m.state)
