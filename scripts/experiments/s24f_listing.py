"""Issue #32, session 24: what listing the legal moves costs, and a digest showing a change
lists the same moves.

    python3 scripts/experiments/s24f_listing.py digest GAME FIRST N [PLAYERS [OPTIONS_JSON]]
        sha256 over every legal list of N random games (4 players unless told) from seed
        FIRST (each list's msgpack encoding, in order); run in the trees before and after:
        the same digest.
    valgrind --tool=callgrind --toggle-collect=functools_reduce python3 \
        scripts/experiments/s24f_listing.py listing GAME FIRST N [PLAYERS [OPTIONS [KIND]]]
        those games played (after a game of seed 0) with each listing they ask for run in the
        collected part: instructions of the listing as the games list (divide by N for a
        game's), what the listing keeps between listings as warm as the games left it.
    valgrind --tool=callgrind --toggle-collect=functools_reduce --dump-before=time_sleep \
        python3 scripts/experiments/s24f_listing.py bykind GAME FIRST N
        the same, a kind at a time (in the order printed) and 5 times each, each kind's
        listing in a dump of its own (callgrind.out.PID.K for the K-th kind printed); the
        repeats find what the listing keeps from one listing to the next already there.
    valgrind ... --dump-before=time_sleep python3 scripts/experiments/s24f_listing.py \
        each GAME 5 2 4 null KIND EXPR...
        each EXPR (a Python lambda of game, state, seat; the games' modules imported as
        ``trickerion``'s placement, market, downtown, flow, common and ``magnificent``'s
        legal, perform, build) called at the KIND decisions 3 times, in a dump of its own:
        what one function of the listing costs.
"""

import functools
import hashlib
import json
import sys
import time

import msgspec

import engine.games  # noqa: F401  (registers the games)
from engine.core.bots import RandomBot, bot_seed
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.runtime import tune_gc

tune_gc()
mode, game, first, n = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
players = int(sys.argv[5]) if len(sys.argv) > 5 else 4
options = json.loads(sys.argv[6]) if len(sys.argv) > 6 else None
if mode == "listing":
    from engine.core import registry

    cls = registry.get(game)
    play_to_end(
        Match.new(game, players, options, seed=0), {s: RandomBot(s) for s in range(players)}
    )
    plain = cls.legal_actions

    def collected(g: object, state: object, seat: int) -> list:
        return functools.reduce(lambda _, __: plain(g, state, seat), (0,), [])

    cls.legal_actions = collected  # type: ignore[method-assign]
matches = []
for seed in range(first, first + n):
    match = Match.new(game, players, options, seed=seed)
    play_to_end(match, {s: RandomBot(bot_seed(seed, s)) for s in range(players)})
    matches.append(match)
asked = [
    (m.game, state, step.seat)
    for m in matches
    for state, step in zip(m.states, m.steps)
    if m.game.to_act(state).kind == "players"
]


def kind(state: object) -> str:
    """Which listing a decision asks for: a pending decision's type, else the phase with
    Trickerion's location in a placement or The Magnificent's stage in a turn."""
    pending = getattr(state, "pending", None)
    if pending:
        return type(pending[0]).__name__
    phase = getattr(state, "phase", "")
    act = getattr(state, "act", None)
    if phase == "place":
        return "place:" + (act.loc if act is not None else "start")
    turn = getattr(state, "turn", None)
    if phase == "turn" and turn is not None:
        return "turn:" + turn.stage
    return phase


if len(sys.argv) > 7:
    asked = [a for a in asked if kind(a[1]) == sys.argv[7]]

if mode == "each":
    from engine.games.magnificent import build, legal, perform  # noqa: F401
    from engine.games.trickerion import common, downtown, flow, market, placement  # noqa: F401

    for expr in sys.argv[8:]:
        call = eval(expr)
        time.sleep(0)  # callgrind dumps the expression before this one here
        functools.reduce(lambda acc, one, call=call: (call(*one), acc + 1)[1], asked * 3, 0)
    time.sleep(0)

if mode == "digest":
    digest = hashlib.sha256()
    moves = 0
    for g, state, seat in asked:
        listed = g.legal_actions(state, seat)
        moves += len(listed)
        digest.update(msgspec.msgpack.encode(listed))
    print(len(asked), "lists", moves, "moves", digest.hexdigest())
elif mode == "kinds":
    counts: dict[str, int] = {}
    for _, state, _ in asked:
        counts[kind(state)] = counts.get(kind(state), 0) + 1
    for name, k in sorted(counts.items(), key=lambda x: -x[1]):
        print(f"{name} {k}")
elif mode == "bykind":
    for name in sorted({kind(state) for _, state, _ in asked}):
        some = [a for a in asked if kind(a[1]) == name]
        time.sleep(0)  # callgrind dumps the kind before this one here

        def list_some(acc: int, _: int, some: list = some) -> int:
            for g, state, seat in some:
                g.legal_actions(state, seat)
            return acc + len(some)

        print(name, functools.reduce(list_some, range(5), 0))
    time.sleep(0)
else:
    print(len(asked), "listings")
