"""CPython and Pyodide must play the same game from the same seed: same dice, same final state.

Save files replay their actions and check the final hash, so a difference between the two hosts
would make every save from one refuse to load in the other.
"""

from __future__ import annotations

import json

import pytest

from engine.bridge import Bridge
from engine.core import registry
from helpers import bridge_call

CASES = [
    (cls.id, players)
    for cls in registry.all_games()
    for players in sorted({cls.seating.fewest, cls.seating.most})
]


# The bridge's calls only: the worker's shared booted page (conftest.booted_page) answers them.


def test_rng_stream_matches_cpython(booted_page):
    py = json.loads(Bridge().call("rng_check", json.dumps({"seed": 2026, "count": 50})))
    assert bridge_call(booted_page, "rng_check", seed=2026, count=50) == py


@pytest.mark.parametrize("game,players", CASES)
def test_a_seeded_bot_game_ends_in_the_same_state(booted_page, game, players, figures):
    args = {"game": game, "players": players, "seed": 20261125}
    expected = json.loads(Bridge().call("selfplay", json.dumps(args)))
    assert "error" not in expected, expected
    got = bridge_call(booted_page, "selfplay", **args)
    assert got == expected
    figures[f"selfplay {game} x{players} in Pyodide (steps)"] = str(got["steps"])
