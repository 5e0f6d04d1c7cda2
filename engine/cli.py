"""``python -m engine``: list games, simulate bot games, replay a save file, benchmark."""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time

from engine.core import MarqueeError, OptionsError, SaveError
from engine.core import registry
from engine.core import save as savefile
from engine.core.bots import bot_seed, make_bot
from engine.core.i18n import render
from engine.core.match import Match
from engine.core.play import play_to_end


def cmd_list(args: argparse.Namespace) -> int:
    for cls in registry.all_games():
        d = cls.describe()
        print(json.dumps({"id": d["id"], "name": d["names"]["en"],
                          "players": [d["min_players"], d["max_players"]],
                          "options": {o["id"]: o["default"] for o in d["options"]},
                          "bots": d["bots"]}, ensure_ascii=False))
    return 0


def _bots_for(match: Match, kinds: list[str], seed: int) -> dict:
    n = match.game.players
    if len(kinds) == 1:
        kinds = kinds * n
    if len(kinds) != n:
        raise SystemExit(f"--bot takes one kind or one per seat ({n}), got {len(kinds)}")
    return {s: make_bot(match.game, kinds[s], bot_seed(seed, s)) for s in range(n)}


def simulate(game_id: str, players: int, seed: int, games: int, bots: list[str],
             options: dict) -> dict:
    decisions, seconds, scores = [], [], []
    wins = [0] * players
    for g in range(games):
        s = seed + g
        start = time.perf_counter()
        match = Match.new(game_id, players, options, seed=s)
        decisions.append(play_to_end(match, _bots_for(match, bots, s)))
        seconds.append(time.perf_counter() - start)
        result = match.result()
        scores.append(result.scores)
        for w in result.winners:
            wins[w] += 1
    return {
        "game": game_id, "players": players, "options": Match.new(game_id, players, options).game.options,
        "bots": bots, "seed": seed, "games": games,
        "decisions_per_game": {"mean": statistics.fmean(decisions), "min": min(decisions),
                               "max": max(decisions)},
        "mean_score_by_seat": [round(statistics.fmean(s[i] for s in scores), 2) for i in range(players)],
        "winner_counts": wins,
        "seconds_per_game": round(statistics.fmean(seconds), 5),
    }


def parse_options(text: str | None) -> dict:
    """``--options``: a JSON object, or a coded error (never a traceback)."""
    if not text:
        return {}
    try:
        options = json.loads(text)
    except (ValueError, RecursionError) as exc:
        raise OptionsError("cli.options_not_json", detail=str(exc)[:200]) from None
    if not isinstance(options, dict):
        raise OptionsError("cli.options_not_object", got=type(options).__name__)
    return options


def read_save(path: str) -> bytes:
    """A save file's bytes, at most the size a save may have (more is refused unread)."""
    try:
        with open(path, "rb") as f:
            data = f.read(savefile.MAX_BYTES + 1)
    except OSError as exc:
        raise SaveError("save.unreadable", file=path, reason=exc.strerror or type(exc).__name__) from None
    if len(data) > savefile.MAX_BYTES:
        raise SaveError("save.too_large", size=len(data), limit=savefile.MAX_BYTES)
    return data


def cmd_simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.options)
    print(json.dumps(simulate(args.game, args.players, args.seed, args.games,
                              args.bot.split(","), options), ensure_ascii=False))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    match = savefile.load(read_save(args.file))
    for index, events in enumerate(match.events):
        step = match.steps[index]
        lines = [render(e.code, e.params, args.lang, match.game) for e in events if e.to is None]
        print(f"{index:4d} seat {step.seat:>2}: {match.game.encode_action(step.action).decode()}")
        for line in lines:
            print(f"       {line}")
    result = match.result()
    print(json.dumps({"steps": len(match.steps), "to_act": match.to_act().kind,
                      "result": None if result is None else {"scores": result.scores,
                                                             "winners": result.winners}}))
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from engine.bench import run
    ids = [args.game] if args.game else [c.id for c in registry.all_games()]
    options = parse_options(args.options) or None
    for game_id in ids:
        print(json.dumps(run(game_id, args.seconds, args.players, options), ensure_ascii=False))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engine", description=__doc__)
    sub = parser.add_subparsers(dest="cmd", required=True)
    sub.add_parser("list", help="the registered games").set_defaults(fn=cmd_list)
    p = sub.add_parser("simulate", help="bots play whole games; prints a JSON summary")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, required=True)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--games", type=int, default=1)
    p.add_argument("--bot", default="random", help="a bot kind, or one per seat, comma-separated")
    p.add_argument("--options", help='JSON object, e.g. \'{"dark_alley": false}\'')
    p.set_defaults(fn=cmd_simulate)
    p = sub.add_parser("replay", help="replay a save file and print its log")
    p.add_argument("file")
    p.add_argument("--lang", default="en", choices=["en", "ru", "fr"])
    p.set_defaults(fn=cmd_replay)
    p = sub.add_parser("bench", help="print speed figures (never asserts)")
    p.add_argument("--game")
    p.add_argument("--seconds", type=float, default=5.0)
    p.add_argument("--players", type=int, help="default: the game's maximum")
    p.add_argument("--options", help="JSON object of game options")
    p.set_defaults(fn=cmd_bench)
    args = parser.parse_args(argv)
    try:
        return args.fn(args)
    except MarqueeError as exc:
        print(f"error: {render(exc.code, exc.params)} [{exc.code}]", file=sys.stderr)
        return 2
