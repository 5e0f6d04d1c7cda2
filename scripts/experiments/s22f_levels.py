"""The page thread's longest tasks while timed bots play (issue #32, session 22), traced.

    PYTHONPATH=. python3 scripts/experiments/s22f_levels.py build/site --level hard --trace
    PYTHONPATH=. python3 scripts/experiments/s22f_levels.py /tmp/old build/site --pairs 3
    PYTHONPATH=. python3 scripts/experiments/s22f_levels.py build/site --game oracle --players 1
    PYTHONPATH=. python3 scripts/experiments/s22f_levels.py build/site --game magnificent --players 1

The scene of `e2e/test_hints.py::test_decision_times_in_the_page`: a fast 2-player Trickerion
game of seed 12, both seats `--level`, at speed 0, until the bots have taken `--steps` steps
(or `--players 4`: a 4-player game of those bots; `--game` and `--seed`: another game's, every
seat that level's; a game that does not seat `--players` is played at its solo table, e.g. The
Magnificent's `magnificent-solo` for one player). Each run records each bot step's round
trip to the engine's worker (its p50 and p95, and those of the turns: a seat's steps one after
the other), the Long Tasks API's longest entry (wall time, what the test prints) and, with
`--trace`, a Chromium trace, from which it prints the page thread's longest tasks in CPU
(`tdur`) and wall time with the events inside each (script by its source, style, layout,
paint). Given two builds, runs them alternated and prints each figure's paired mean after
minus before with a 95% t-interval (`longtask_probe.print_paired`). docs/speed.md, session
22, has the figures it gave.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "scripts"), str(ROOT / "e2e")]

from longtask_probe import booted, inside, print_paired  # noqa: E402

from engine.core import registry  # noqa: E402
from helpers import TRACE_CATEGORIES, main_thread  # noqa: E402

OBSERVE = """() => {
    window.__long = [];
    window.__steps = 0;
    const since = performance.now();
    new PerformanceObserver((list) => {
        for (const e of list.getEntries()) {
            if (e.startTime >= since) window.__long.push([e.startTime - since, e.duration]);
        }
    }).observe({type: 'longtask'});
    document.addEventListener('marquee:snapshot', () => { window.__steps++; });
}"""

# every step's round trip to the engine's worker, in order, with the kind and seat of the step
# (a bot's, or an automaton's) and the game's turn it was taken in, as e2e/test_hints.py's
# TIME_BOT times them: a turn is a seat's steps one after the other, in one game turn (a solo
# game's turns follow one another with no other seat's step between; engine Knowledge.turn)
TIME_STEPS = """() => {
    const door = window.marqueeBridge, call = door.call.bind(door);
    window.__stepMs = [];
    let now = null;
    const turnOf = (snap) => {
        const v = snap.view || {};
        if (snap.game.startsWith('magnificent')) return [v.round, v.phase, v.turn_no];
        if (snap.game === 'oracle') return [v.turn];
        return [];
    };
    door.call = async (method, args) => {
        const to = now && now.to_act;
        const acts = method === 'step' && to && (to.kind === 'players' || to.kind === 'automaton');
        const key = acts ? JSON.stringify(turnOf(now)) : null;
        const t0 = performance.now();
        const out = await call(method, args);
        if (acts) window.__stepMs.push([to.seats[0], performance.now() - t0, to.kind, key]);
        const snap = typeof out === 'string' ? JSON.parse(out) : out;  // (JSON in, JSON out)
        if (snap && snap.to_act && snap.view) now = snap;
        return out;
    };
}"""


def table(game: str, players: int) -> str:
    """The table that seats `players` for `game`: the game's own, or its solo table (`<game>-solo`:
    The Magnificent seats 2 to 4, its solo game is a table of its own); the page's start would
    refuse any other count."""
    seats = {
        d["id"]: range(d["min_players"], d["max_players"] + 1)
        for d in map(registry.describe, registry.all_games())
    }
    for id in (game, f"{game}-solo"):
        if players in seats.get(id, ()):
            return id
    raise SystemExit(f"{game} has no table for {players} player(s): {sorted(seats)}")


def start(game: str, level: str, players: int, seed: int) -> str:
    seats = ", ".join(f"{{kind: 'bot', bot: '{level}'}}" for _ in range(players))
    # (Trickerion's 2-player scene is the timing test's fast game)
    fast = "true" if players == 2 else "false"
    options = f" options: {{fast_game: {fast}}}," if game == "trickerion" else ""
    return (
        f"() => marquee.start({{game: '{game}', players: {players}, seed: {seed},"
        f"{options} seats: [{seats}]}})"
    )


def run(
    site: Path, scene: tuple[str, str, int, int], steps: int, out: str | None
) -> tuple[list[float], list[list]]:
    """The Long Tasks API's entries (wall ms) while the bots take `steps` snapshots' worth of
    steps, and each step's seat and time."""
    with booted(site, (1366, 768)) as (browser, page):
        page.evaluate(OBSERVE)
        page.evaluate(TIME_STEPS)
        if out:
            browser.start_tracing(page=page, path=out, categories=TRACE_CATEGORIES)
        page.evaluate(start(*scene))
        page.wait_for_function(
            f"window.__steps >= {steps} || marquee.toAct()?.kind === 'terminal'",
            polling=250,
            timeout=900_000,
        )
        page.evaluate("marquee.toLobby()")
        page.wait_for_timeout(300)
        if out:
            browser.stop_tracing()
        timed = page.evaluate("window.__stepMs")
        return [d for _, d in page.evaluate("window.__long")], timed


def turns(timed: list[list]) -> list[float]:
    """Each turn's wall ms: a bot's steps one after the other in one game turn (an
    automaton's step, another seat's, ends one)."""
    out: list[float] = []
    last = None
    for seat, ms, kind, key in timed:
        if kind != "players":
            last = None
        elif (seat, key) == last:
            out[-1] += ms
        else:
            out.append(ms)
            last = (seat, key)
    return out


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def show(path: str, top: int) -> dict[str, float]:
    runs, events = main_thread(path)
    for key, label in (("tdur", "CPU"), ("dur", "wall")):
        print(f"  longest by {label}:")
        for t in sorted(runs, key=lambda t: -t.get(key, 0))[:top]:
            print(f"    task CPU {t.get('tdur', 0) / 1000:.1f} ms, wall {t['dur'] / 1000:.1f} ms")
            for name, cpu, wall in inside(t, events)[:6]:
                print(f"      {name}: CPU {cpu:.1f}, wall {wall:.1f}")
    cpu = [t.get("tdur", 0) / 1000 for t in runs]
    return {"longest CPU ms": max(cpu), "over 50 ms CPU": sum(c > 50 for c in cpu)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("builds", type=Path, nargs="+")
    parser.add_argument("--game", default="trickerion")
    parser.add_argument("--seed", type=int, default=12)
    parser.add_argument("--level", default="hard")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--steps", type=int, default=40)
    parser.add_argument("--pairs", type=int, default=1)
    parser.add_argument("--trace", action="store_true")
    parser.add_argument("--top", type=int, default=4)
    parser.add_argument("--each", help="appends a JSON line a run: its build, load and steps")
    args = parser.parse_args()
    names = ["before", "after"] if len(args.builds) == 2 else ["only"]
    seen: dict[str, list[dict[str, float]]] = {n: [] for n in names}
    for pair in range(1, args.pairs + 1):
        for which in names if pair % 2 else names[::-1]:
            site = args.builds[names.index(which)]
            with tempfile.TemporaryDirectory() as tmp:
                out = str(Path(tmp) / "trace.json") if args.trace else None
                scene = (table(args.game, args.players), args.level, args.players, args.seed)
                long, timed = run(site, scene, args.steps, out)
                load = " ".join(f"{x:.1f}" for x in os.getloadavg())
                ms = [m for _, m, kind, _ in timed if kind == "players"]
                whole = turns(timed)
                got = {
                    "longest wall ms": max(long, default=0.0),
                    "long tasks": len(long),
                    "steps": len(ms),
                    "step p50 ms": pct(ms, 0.5),
                    "step p95 ms": pct(ms, 0.95),
                    "step max ms": max(ms),
                    "turns": len(whole),
                    "turn p50 ms": pct(whole, 0.5),
                    "turn p95 ms": pct(whole, 0.95),
                    "turn max ms": max(whole),
                }
                print(f"pair {pair} {which} (load {load}): {got}", flush=True)
                if args.each:
                    line = {"build": which, "scene": scene, "load": load, "steps": timed}
                    with open(args.each, "a") as f:
                        f.write(json.dumps(line) + "\n")
                if out:
                    got |= show(out, args.top)
                seen[which].append(got)
    if len(names) == 2:
        print_paired(f"{args.game} {args.level} {args.players}p", seen)


if __name__ == "__main__":
    main()
