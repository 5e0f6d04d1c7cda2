"""``python -m engine``: list games, simulate bot games, replay a save file, benchmark."""

from __future__ import annotations

import argparse
import importlib
import json
import statistics
import sys
import time
from typing import Any

from engine.core import MarqueeError, OptionsError, SaveError, registry
from engine.core import save as savefile
from engine.core.bots import Bot, bot_for, bot_seed
from engine.core.i18n import render
from engine.core.match import Match
from engine.core.packs import read_header
from engine.core.play import play_to_end


def cmd_list(args: argparse.Namespace) -> int:
    for cls in registry.all_games():
        d = registry.describe(cls)
        print(
            json.dumps(
                {
                    "id": d["id"],
                    "name": d["names"]["en"],
                    "players": [d["min_players"], d["max_players"]],
                    "options": {o["id"]: o["default"] for o in d["options"]},
                    "bots": d["bots"],
                },
                ensure_ascii=False,
            )
        )
    return 0


def _bots_for(
    match: Match, kinds: list[str], seed: int, budget: int | None = None, shift: int = 0
) -> dict[int, Bot]:
    """Seat s plays kinds[(s + shift) % n] (``shift`` rotates the seats between games)."""
    n = match.game.players
    if len(kinds) == 1:
        kinds = kinds * n
    if len(kinds) != n:
        raise SystemExit(f"--bot takes one kind or one per seat ({n}), got {len(kinds)}")
    return {
        s: bot_for(match.game, kinds[(s + shift) % n], bot_seed(seed, s), budget) for s in range(n)
    }


def simulate(
    game_id: str,
    players: int,
    seed: int,
    games: int,
    bots: list[str],
    options: dict[str, Any],
    budget: int | None = None,
    rotate: bool = False,
    each: Any = None,
    packs: dict[str, bytes] | None = None,
    profile: bool = False,
) -> dict[str, Any]:
    """Whole games between bots. With ``rotate``, game g seats the listed bots shifted by g
    (seat s plays bot (s + g) mod n), and the figures are per listed bot, not per seat.
    ``each`` (a text file) gets a JSON line per game as it ends, so a long sample that is cut
    short still has what it played. ``packs``: a box owner's packs (pack id -> bytes). With
    ``profile``, the game's own profile (what each seat built, where its points came from:
    ``profiler``) is summed up per seat or bot too, and each line carries the game's."""
    decisions, seconds, scores = [], [], []
    profiles: list[list[dict[str, float]]] = []
    measure = profiler(game_id) if profile else None
    wins = [0] * players
    for g in range(games):
        s = seed + g
        shift = g % players if rotate else 0
        start = time.perf_counter()
        match = Match.new(game_id, players, options, seed=s, packs=packs)
        decisions.append(play_to_end(match, _bots_for(match, bots, s, budget, shift)))
        seconds.append(time.perf_counter() - start)
        result = match.result()
        assert result is not None  # play_to_end returns at the end of the game
        # Index i of the figures: seat i, or with rotation the i-th listed bot.
        by = [result.scores[(i - shift) % players] for i in range(players)]
        scores.append(by)
        for w in result.winners:
            wins[(w + shift) % players] += 1
        line: dict[str, Any] = {"seed": s, "scores": by}
        if measure is not None:
            seats = measure(match.state, [e for evs in match.events for e in evs])
            profiles.append([seats[(i - shift) % players] for i in range(players)])
            line["profile"] = profiles[-1]
        if each is not None:
            line["winners"] = [(w + shift) % players for w in result.winners]
            each.write(json.dumps(line) + "\n")
            each.flush()
    per = "bot" if rotate else "seat"
    table = Match.new(game_id, players, options, packs=packs).game
    extra = {f"profile_by_{per}": summarize(profiles)} if profile else {}
    return {
        "game": game_id,
        "players": players,
        "options": table.options,
        "packs": table.pack_fingerprint(),
        "bots": bots,
        "budget": budget,
        "rotate": rotate,
        "seed": seed,
        "games": games,
        "decisions_per_game": {
            "mean": statistics.fmean(decisions),
            "min": min(decisions),
            "max": max(decisions),
        },
        f"mean_score_by_{per}": [
            round(statistics.fmean(s[i] for s in scores), 2) for i in range(players)
        ],
        "winner_counts": wins,
        f"win_rate_by_{per}": [round(w / games, 3) for w in wins],
        "seconds_per_game": round(statistics.fmean(seconds), 5),
        **extra,
    }


def profiler(game_id: str) -> Any:
    """The game package's ``profile(state, events) -> one dict per seat`` (metric -> value),
    from ``engine/games/<package>/profile.py``."""
    module = registry.get(game_id).__module__
    name = ".".join(module.split(".")[:3]) + ".profile"
    try:
        return importlib.import_module(name).profile
    except ModuleNotFoundError as exc:
        if exc.name != name:
            raise
        raise OptionsError("cli.no_profile", game=game_id) from None


def summarize(profiles: list[list[dict[str, float]]]) -> list[dict[str, dict[str, float]]]:
    """Per seat, each metric's mean over the games and its 95% interval (normal
    approximation; a metric a game does not name counts 0 there)."""
    out = []
    for i in range(len(profiles[0]) if profiles else 0):
        rows = [p[i] for p in profiles]
        keys = sorted({k for r in rows for k in r})
        seat = {}
        for k in keys:
            xs = [r.get(k, 0.0) for r in rows]
            mean = statistics.fmean(xs)
            half = 1.96 * statistics.stdev(xs) / len(xs) ** 0.5 if len(xs) > 1 else 0.0
            seat[k] = {
                "mean": round(mean, 3),
                "lo": round(mean - half, 3),
                "hi": round(mean + half, 3),
            }
        out.append(seat)
    return out


def parse_options(text: str | None) -> dict[str, Any]:
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


def read_packs(paths: list[str] | None) -> dict[str, bytes]:
    """``--pack FILE``: a box owner's pack, under the pack id its header names (checked when
    the game reads it)."""
    packs = {}
    for path in paths or ():
        with open(path, "rb") as f:
            data = f.read()
        packs[str(read_header(data)["pack"])] = data
    return packs


def read_save(path: str) -> bytes:
    """A save file's bytes, at most the size a save may have (more is refused unread)."""
    try:
        with open(path, "rb") as f:
            data = f.read(savefile.MAX_BYTES + 1)
    except OSError as exc:
        raise SaveError(
            "save.unreadable", file=path, reason=exc.strerror or type(exc).__name__
        ) from None
    if len(data) > savefile.MAX_BYTES:
        raise SaveError("save.too_large", size=len(data), limit=savefile.MAX_BYTES)
    return data


def open_each(path: str) -> Any:
    """The ``--each`` file, new: an existing one is refused, since lines appended to an earlier
    run's would be read back as one sample of two runs."""
    try:
        return open(path, "x")
    except FileExistsError:
        raise OptionsError("cli.each_exists", file=path) from None


def cmd_simulate(args: argparse.Namespace) -> int:
    options = parse_options(args.options)
    each = open_each(args.each) if args.each else None
    try:
        out = simulate(
            args.game,
            args.players,
            args.seed,
            args.games,
            args.bot.split(","),
            options,
            args.budget,
            args.rotate,
            each,
            read_packs(args.pack),
            args.profile,
        )
    finally:
        if each is not None:
            each.close()
    print(json.dumps(out, ensure_ascii=False))
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    match = savefile.load(read_save(args.file))
    for index, events in enumerate(match.events):
        step = match.steps[index]
        lines = [render(e.code, e.params, args.lang, match.game) for e in events if e.to is None]
        print(
            f"{index:4d} seat {step.seat:>2}: {match.game.codec.encode_action(step.action).decode()}"
        )
        for line in lines:
            print(f"       {line}")
    result = match.result()
    print(
        json.dumps(
            {
                "steps": len(match.steps),
                "to_act": match.to_act().kind,
                "result": None
                if result is None
                else {"scores": result.scores, "winners": result.winners},
            }
        )
    )
    return 0


def cmd_bench(args: argparse.Namespace) -> int:
    from engine.bench import run

    ids = [args.game] if args.game else [c.id for c in registry.all_games()]
    options = parse_options(args.options) or None
    for game_id in ids:
        print(json.dumps(run(game_id, args.seconds, args.players, options), ensure_ascii=False))
    return 0


def cmd_train(args: argparse.Namespace) -> int:
    from engine.core.learning import load_weights
    from engine.train import train

    learner = registry.get(args.game).bots.learner
    if learner is None:
        print(f"{args.game} has no learned weights to train", file=sys.stderr)
        return 2
    start = load_weights(learner.package, learner.file)
    data = train(
        learner,
        start,
        args.games,
        args.seed,
        passes=args.passes,
        margin=args.margin,
        command="python -m engine " + " ".join(args.argv),
        progress=lambda line: print(line, file=sys.stderr, flush=True),
    )
    out = args.out or learner.path
    with open(out, "w") as f:
        json.dump(data, f, indent=1)
        f.write("\n")
    print(json.dumps({"out": out, **data["provenance"]}))
    return 0


def cmd_ladder(args: argparse.Namespace) -> int:
    from engine import ladder

    options = parse_options(args.options)
    entrants = args.entrants.split(",")
    todo: list[tuple[str, str | None]] = (
        [(e, None) for e in entrants] if args.players == 1 else list(ladder.pairs(entrants))
    )
    if args.pairs:
        lo, _, hi = args.pairs.partition(":")
        todo = todo[int(lo) : int(hi) if hi else None]
    with open(args.out, "a") as out:
        for a, b in todo:
            for g in range(args.games):
                seed = args.seed + g
                if b is None:
                    row = ladder.play_solo(args.game, a, seed, options)
                else:
                    row = ladder.play_pair(
                        args.game, args.players, a, b, seed, options, args.filler
                    )
                out.write(json.dumps(row) + "\n")
                out.flush()
                print(json.dumps(row), file=sys.stderr, flush=True)
    with open(args.out) as f:
        rows = [json.loads(line) for line in f if line.strip()]
    rows = [r for r in rows if r["game"] == args.game and r["players"] == args.players]
    print(ladder.table(ladder.rate(rows, seed=args.seed)))
    return 0


def cmd_pack(args: argparse.Namespace) -> int:
    from engine.core.packs import PackError, check_file

    registry.all_games()  # importing the games registers their pack schemas
    try:
        with open(args.file, "rb") as f:
            data = f.read()
    except OSError as exc:
        print(f"{args.file}: {exc.strerror or type(exc).__name__}", file=sys.stderr)
        return 1
    try:
        pack, sha = check_file(data, args.game, args.pack)
    except PackError as exc:
        for path, reason in exc.errors:
            print(f"{args.file}: {path}: {reason}", file=sys.stderr)
        return 1
    print(
        json.dumps(
            {"pack": pack.pack, "game": pack.game, "sha256": sha, "provisional": pack.provisional}
        )
    )
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
    p.add_argument(
        "--bot",
        default="random",
        help="a bot kind, or one per seat, comma-separated: random, greedy, easy, "
        "normal, hard; a search level may name its budget, e.g. hard:400",
    )
    p.add_argument(
        "--budget", type=int, help="iterations per decision for every search level without its own"
    )
    p.add_argument(
        "--rotate",
        action="store_true",
        help="rotate the listed bots through the seats game by game; figures per bot",
    )
    p.add_argument("--options", help="JSON object, e.g. '{\"dark_alley\": false}'")
    p.add_argument(
        "--each",
        help="write a JSON line per game to this new file as it ends (an existing file is "
        "refused, not appended to: a rerun would mix two runs)",
    )
    p.add_argument(
        "--pack",
        action="append",
        help="a box owner's pack file in place of the shipped one (repeatable)",
    )
    p.add_argument(
        "--profile",
        action="store_true",
        help="per seat (or bot): the game's own measures of what it built and where its "
        "points came from, with means and 95%% intervals",
    )
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
    p = sub.add_parser("train", help="tune a game's learned weights by self-play")
    p.add_argument("--game", required=True)
    p.add_argument("--games", type=int, default=200, help="seeded games per evaluation")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--passes", type=int, default=3)
    p.add_argument("--margin", type=float, default=0.0, help="gain a move must beat")
    p.add_argument("--out", help="default: the game's shipped weights file")
    p.set_defaults(fn=cmd_train)
    p = sub.add_parser("ladder", help="a seeded round robin of bot levels, rated")
    p.add_argument("--game", required=True)
    p.add_argument("--players", type=int, default=2)
    p.add_argument(
        "--entrants",
        default="random,greedy,easy,normal,hard,expert",
        help="bot kinds (a level may carry a budget: hard:8); successor-low etc. for the solo "
        "automaton",
    )
    p.add_argument("--games", type=int, default=10, help="games per pair (per entrant alone)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--filler", default="greedy", help="the bot in seats beyond the pair's two")
    p.add_argument("--pairs", help="a slice of the pairs to play now, e.g. 0:5 (chunked runs)")
    p.add_argument("--options", help="JSON object of game options")
    p.add_argument("--out", required=True, help="JSON-lines results file (appended, then rated)")
    p.set_defaults(fn=cmd_ladder)
    p = sub.add_parser("pack", help="data packs: `pack check FILE` validates a pack file")
    p.add_argument("op", choices=["check"])
    p.add_argument("file")
    p.add_argument("--game", help="default: the file's `game` field")
    p.add_argument("--pack", help="default: the file's `pack` field")
    p.set_defaults(fn=cmd_pack)
    args = parser.parse_args(argv)
    args.argv = sys.argv[1:] if argv is None else argv
    try:
        code: int = args.fn(args)  # each subcommand's exit status
        return code
    except MarqueeError as exc:
        print(f"error: {render(exc.code, exc.params)} [{exc.code}]", file=sys.stderr)
        return 2
