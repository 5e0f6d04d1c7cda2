"""Games played to their end in CPython through the page's own bridge (seat 0 a person moved by
the greedy bot, the other seats greedy bots), for the ending and review tests: the save file a
few of the person's moves before the end, the finished game's file, and the digest the table
showed seat 0 at every step (``hash`` in a normal-mode snapshot), to compare the review with.

    from finished import played
"""

from __future__ import annotations

import functools
import json
from dataclasses import dataclass

from engine.bridge import Bridge
from engine.core import save as savefile
from engine.core.bots import make_bot
from helpers import ROOT  # noqa: F401  (puts the engine on sys.path)

# the five ways to play: (game, players, options)
MODES = {
    "trickerion": ("trickerion", 2, {}),
    "trickerion-solo": ("trickerion-solo", 2, {}),
    "magnificent": ("magnificent", 2, {}),
    "magnificent-solo": ("magnificent-solo", 1, {}),
    "oracle": ("oracle", 1, {}),
}
# a full table besides, for what only four seats show (the ending's columns on a phone)
FULL_TABLES = {"trickerion-4": ("trickerion", 4, {})}
NAMES = ("Ann", "Boris", "Claire", "Dmitri")


@dataclass(frozen=True)
class Played:
    game: str
    players: int
    near_end: str  # the save a few of seat 0's moves before the end
    near_step: int
    finished: str  # the whole game's save
    steps: int
    hashes: dict[int, str]  # step -> seat 0's digest at the table
    scores: list[int]
    winners: list[int]


def _call(bridge: Bridge, method: str, **args):
    out = json.loads(bridge.call(method, json.dumps(args)))
    if isinstance(out, dict) and "error" in out:
        raise AssertionError(out["error"])
    return out


@functools.cache
def played(mode: str, seed: int = 3, before_end: int = 3) -> Played:
    game, players, options = {**MODES, **FULL_TABLES}[mode]
    bridge = Bridge()
    kinds = ["human"] + ["bot"] * (players - 1)
    # named as a person names a seat at the lobby: the ending's and the review's screenshots
    # show names, as a player sees them (not "Seat 1", read there as an index label)
    seats = [{"kind": k, "bot": "greedy", "name": n} for k, n in zip(kinds, NAMES, strict=False)]
    snap = _call(
        bridge, "new", game=game, players=players, options=options, seed=seed, seats=seats, viewer=0
    )
    me = make_bot(bridge.table.match.game, "greedy", 11)
    hashes = {snap["step"]: snap["hash"]}
    mine: list[int] = []  # steps at which seat 0 was to choose
    while snap["to_act"]["kind"] != "terminal":
        match = bridge.table.match
        if snap["to_act"]["kind"] == "players" and 0 in snap["to_act"]["seats"]:
            mine.append(snap["step"])
            action = me.choose(match.game, match.state, 0, match.legal(0))
            snap = _call(
                bridge, "act", seat=0, action=match.game.codec.action_to_builtins(action), viewer=0
            )
        else:
            snap = _call(bridge, "step", viewer=0)
        hashes[snap["step"]] = snap["hash"]
    table = bridge.table
    near = mine[-before_end]
    return Played(
        game=game,
        players=players,
        near_end=savefile.dump(table.match.prefix(near), table.meta()).decode(),
        near_step=near,
        finished=_call(bridge, "save")["text"],
        steps=snap["step"],
        hashes=hashes,
        scores=snap["result"]["scores"],
        winners=snap["result"]["winners"],
    )
