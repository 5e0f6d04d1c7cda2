"""Issue #32, session 26: The Magnificent's random games, counted and checked for sameness.

    python3 scripts/experiments/s26d_games.py digest GAME FIRST N [PLAYERS [OPTIONS_JSON]]
        sha256 over every state's msgpack encoding, every event and every legal list of N
        random games from seed FIRST (4 players unless told): run in the trees before and
        after a change, the same digest means the same games, listings and logs.
    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=functools_reduce \
        python3 scripts/experiments/s26d_games.py count GAME FIRST N [PLAYERS]
        those games played after a warm-up game (seed 0) with only them collected: divide the
        instructions by N for a game's (session 21's method).
    PYTHONHASHSEED=0 valgrind --tool=callgrind --toggle-collect=functools_reduce \
        python3 scripts/experiments/s26d_games.py part GAME FIRST N PLAYERS PART
        the same games with only one part of each step collected: PART is ``listing``
        (the game's legal_actions), ``apply`` (Game.apply: the check, the copy and the
        rules), ``rules`` (the game's own _apply on the copy), ``copy`` (copy_state),
        ``push`` (Match._push), ``choose`` (RandomBot.choose) or ``new`` (Match.new).
"""

import functools
import hashlib
import json
import sys

import msgspec

from engine import bench
from engine.core.runtime import tune_gc

tune_gc()
mode, game, first, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
players = int(sys.argv[5]) if len(sys.argv) > 5 else 4
options = json.loads(sys.argv[6]) if len(sys.argv) > 6 and mode != "part" else None
seeds = range(first, first + n)


def collect_only(owner: object, name: str, kind: str = "method") -> None:
    """``owner.name`` run inside functools.reduce, so callgrind collects it and nothing else."""
    plain = getattr(owner, name)

    def collected(*args: object) -> object:
        return functools.reduce(lambda _, __: plain(*args), (0,), None)

    setattr(
        owner,
        name,
        classmethod(lambda cls, *a: functools.reduce(lambda _, __: plain(*a), (0,), None))
        if kind == "class"
        else collected,
    )


if mode == "part":
    from engine.core import copier, registry
    from engine.core import game as core_game
    from engine.core import match as core_match
    from engine.core.bots import RandomBot

    cls = registry.get(game)
    bench.play(game, 1, players, options)
    part = sys.argv[6]
    options = None
    if part == "listing":
        collect_only(cls, "legal_actions")
    elif part == "apply":
        collect_only(core_game.Game, "apply")
    elif part == "rules":
        collect_only(cls, "_apply")
    elif part == "copy":
        plain_copy = copier.copy_state
        core_game.copy_state = lambda st: functools.reduce(lambda _, __: plain_copy(st), (0,), None)
    elif part == "push":
        collect_only(core_match.Match, "_push")
    elif part == "choose":
        collect_only(RandomBot, "choose")
    elif part == "new":
        collect_only(core_match.Match, "new", "class")
    for seed in seeds:
        bench._random_game(game, players, options, seed)
if mode == "count":
    bench.play(game, 1, players, options)
    functools.reduce(
        lambda acc, s: acc + bench._random_game(game, players, options, s)[1], seeds, 0
    )
elif mode == "digest":
    digest = hashlib.sha256()
    steps = 0
    for seed in seeds:
        match, _ = bench._random_game(game, players, options, seed)
        codec = match.game.codec
        for state, step, events in zip(match.states, match.steps, match.events):
            digest.update(codec.encode_state(state))
            digest.update(msgspec.msgpack.encode(events))
            if match.game.to_act(state).kind == "players":
                digest.update(msgspec.msgpack.encode(match.game.legal_actions(state, step.seat)))
            steps += 1
        digest.update(codec.encode_state(match.state))
    print(n, "games", steps, "steps", digest.hexdigest())
