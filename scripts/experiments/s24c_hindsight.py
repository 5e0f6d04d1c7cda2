"""Issue #30, session 24: where The Magnificent's solo hard leaves greedy's move, was the move
it played better in hindsight? Hard (untimed, lead 0, as main) plays a solo game; at each
decision its compared moves are played in its own futures (to its 30-decision horizon, valued
by ``search.evaluate``, as hard scores them, and to the game's end with the same policy),
and where the best of them is not greedy's, the rest of the game is played from the real
position (its real dice and decks) by the greedy bot after greedy's move and after hard's,
with REPLAYS tie-break streams each. One JSON line a decision with a choice: every compared
move's values in hard's futures, and where hard left greedy's move, the rest.

    PYTHONPATH=. python3 scripts/experiments/s24c_hindsight.py SEED [REPLAYS] > FILE
    python3 scripts/experiments/s24c_hindsight.py --sum FILE...

``--sum``: hindsight's gain of hard's move over greedy's (VP, a decision and a game), by the
lead a move would have needed on the futures; the spread of a future's difference.
docs/bots.md, "The Magnificent, session 24".
"""

import json
import math
import os
import statistics
import sys

import msgspec

from engine.core.bots import bot_seed
from engine.core.copier import copy_state
from engine.core.levels import UNTIMED, LevelBot
from engine.core.loop import apply_owned, forced_action
from engine.core.match import Match
from engine.core.play import decisions
from engine.core.rollout import Rollouts, drain
from engine.games.magnificent.bots import GreedyBot


def finish(game, state, seed):
    """The greedy bot plays ``state`` (a copy) to the end on its real dice: the final VP."""
    s = copy_state(state)
    bot = GreedyBot(seed)
    while True:
        to = game.to_act(s)
        if to.kind == "terminal":
            return game.result(s).scores[0]
        if to.kind in ("chance", "automaton"):
            apply_owned(game, s, *forced_action(game, s, to))
            continue
        seat = to.seats[0]
        apply_owned(game, s, seat, bot.choose(game, s, seat, game.legal_actions(s, seat)))


def record(seed, replays):
    os.environ[UNTIMED] = "1"
    match = Match.new("magnificent-solo", 1, seed=seed)
    game = match.game
    hard = LevelBot(bot_seed(seed, 0), "hard")
    plan = msgspec.structs.replace(hard.plan(game), lead=0.0)
    to_end = msgspec.structs.replace(plan, horizon=None)
    step = 0
    for seat, legal in decisions(match):
        step += 1
        if len(legal) == 1:
            match.act(seat, legal[0])
            continue
        s = match.state
        rollouts = Rollouts(game, seat, plan, hard.seed)
        moves = rollouts.know.rank(game, s, seat, legal)[: plan.candidates]
        if len(moves) == 1:
            match.act(seat, moves[0])
            continue
        worlds = rollouts.worlds(s)
        v = [[drain(rollouts.playout(s, m, w))[0] for w in worlds] for m in moves]
        means = [statistics.fmean(x) for x in v]
        pick = min(range(len(moves)), key=lambda k: (-means[k], k))
        if not pick:
            print(json.dumps({"seed": seed, "step": step, "all": v}), flush=True)
        else:
            ends = Rollouts(game, seat, to_end, hard.seed)
            end = [[drain(ends.playout(s, moves[k], w))[0] for w in worlds] for k in (0, pick)]
            after = []
            for k in (0, pick):
                t = copy_state(s)
                apply_owned(game, t, seat, moves[k])
                after.append([finish(game, t, bot_seed(seed, 100 + r)) for r in range(replays)])
            line = {
                "seed": seed,
                "step": step,
                "round": s.round,
                "turns": s.players[seat].turns,
                "moves": [str(moves[0]), str(moves[pick])],
                "v": [v[0], v[pick]],
                "all": v,
                "end": end,
                "hind": after,
            }
            print(json.dumps(line), flush=True)
        match.act(seat, moves[pick])
    print(json.dumps({"seed": seed, "score": match.result().scores[0]}), flush=True)


def interval(xs):
    m = statistics.fmean(xs)
    h = 1.96 * statistics.stdev(xs) / math.sqrt(len(xs)) if len(xs) > 1 else float("nan")
    return f"{m:+.2f} ({m - h:+.2f} to {m + h:+.2f})"


def summary(paths):
    lines = [json.loads(x) for p in paths for x in open(p) if x.strip()]
    games = [d for d in lines if "score" in d]
    devs = [d for d in lines if "v" in d]
    asked = [d for d in lines if "all" in d]
    n = len(games) or 1
    print(
        f"{len(games)} games, mean {statistics.fmean([d['score'] for d in games] or [0]):.1f}; "
        f"{len(devs)} moves off greedy's ({len(devs) / n:.1f} a game) of {len(asked)} compared"
    )
    diffs = [b - a for d in devs for a, b in zip(*d["v"])]
    print(
        f"a future's difference (hard's less greedy's, horizon): sd {statistics.pstdev(diffs):.2f}"
    )
    every = [
        x - a for d in lines if "all" in d for m in d["all"][1:] for a, x in zip(d["all"][0], m)
    ]
    print(
        f"any compared move less greedy's, a future: sd {statistics.pstdev(every):.2f}, "
        f"mean {statistics.fmean(every):+.2f} ({len(every)} move-futures)"
    )

    def gap(d):
        return statistics.fmean(d["v"][1]) - statistics.fmean(d["v"][0])

    def hind(d):
        return statistics.fmean(d["hind"][1]) - statistics.fmean(d["hind"][0])

    def end(d):
        return statistics.fmean(d["end"][1]) - statistics.fmean(d["end"][0])

    print(
        f"all: futures' gap {interval([gap(d) for d in devs])}, "
        f"to the end {interval([end(d) for d in devs])}, hindsight {interval([hind(d) for d in devs])}"
    )
    for lead in (0, 2, 4, 6, 8, 12, 16, 24):
        kept = [d for d in devs if gap(d) > lead / math.sqrt(len(d["v"][0]))]
        if len(kept) < 2:
            continue
        print(
            f"lead {lead:>2} (gap > {lead / math.sqrt(6):.2f}): {len(kept)} moves, hindsight "
            f"a move {interval([hind(d) for d in kept])}, a game {sum(hind(d) for d in kept) / n:+.2f}"
        )
    ends = [d for d in devs if end(d) > 0]
    print(
        f"where the futures to the end agree (end gap > 0): {len(ends)}, hindsight "
        f"{interval([hind(d) for d in ends])}"
    )
    kinds = {}
    for d in devs:
        k = d["moves"][0].split("(")[0] + " -> " + d["moves"][1].split("(")[0]
        kinds.setdefault(k, []).append(hind(d))
    for k, xs in sorted(kinds.items(), key=lambda t: -len(t[1])):
        print(f"  {k}: {len(xs)}, hindsight {statistics.fmean(xs):+.2f}")
    by_round = {}
    for d in devs:
        by_round.setdefault(d["round"], []).append(hind(d))
    for r, xs in sorted(by_round.items()):
        print(f"  round {r}: {len(xs)}, hindsight {interval(xs)}")


if __name__ == "__main__":
    if sys.argv[1] == "--sum":
        summary(sys.argv[2:])
    else:
        record(int(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 2)
