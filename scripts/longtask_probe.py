"""The page thread's long tasks over a bot game, on two builds alternated in one run (before/after).

    git worktree add /tmp/old <commit> && (cd /tmp/old && python3 scripts/build.py --out /tmp/old-site)
    python3 scripts/build.py
    PYTHONPATH=. python3 scripts/longtask_probe.py /tmp/old-site build/site --game trk4 --size 1366x768 --pairs 3

Each run serves one build, starts a game of random bots at bot speed 0 (`GAMES`), and records a
Chromium trace from the start to the game's end; the builds' order is swapped every pair. With
`--human N` the first seat is a person's instead, who takes the first legal move as soon as the
page offers it, N times (a human's turn: the board drawn for a decision, the move's answer),
and the trace ends once the bots have answered the last. With `--review` the bots' game is
played untraced, and the trace is its review walked from the first position to the last, one
frame after each (every position drawn once on either build, whatever the machine's load: the
bots' game at speed 0 leaves out the boards that a next step replaces, a number that varies
from run to run). Prints per run the load, the page
thread's longest task and the tasks over 50 and 40 ms in CPU time (the trace's `tdur` of each
top-level `RunTask`: what the page itself costs, which the other work on a loaded machine
stretches far less than the wall time), the CPU of all its tasks and of their script (the
style and layout a script forces left out; only script the trace has an event for: timers,
frames, events: some tasks show 10-30 ms of CPU with no event in these categories, not
identified, likely the engine's answers coming from its worker), and the wall figures a player sees on this machine
(the Long Tasks API's view); then each figure's mean after minus before over the pairs, with a
95% t-interval. With `--top N` each run also prints its N longest tasks (by CPU and by wall)
with what ran in them (style, layout, paint, script by its source); `--keep DIR` keeps the
traces. docs/boot.md (issue #32, sessions 18 and 19) and docs/speed.md (sessions 20 and 25)
have the figures it gave.
"""

from __future__ import annotations

import argparse
import collections
import contextlib
import os
import statistics
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

from playwright.sync_api import Browser, Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

import server  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, boot_state  # noqa: E402
from helpers import TRACE_CATEGORIES, main_thread  # noqa: E402

# game, players, seed
GAMES = {"trk4": ("trickerion", 4, 3), "mag4": ("magnificent", 4, 7), "ora": ("oracle", 1, 11)}
# what a task runs of the page's script (its forced style and layout are counted apart)
SCRIPT = {"FunctionCall", "TimerFire", "FireAnimationFrame", "EventDispatch", "RunMicrotasks"}
RENDERING = {"UpdateLayoutTree", "Layout"}


def setup(game: str, human: bool) -> str:
    """The `marquee.start` argument of `game`: random bots, the first seat a person's if `human`."""
    name, players, seed = GAMES[game]
    seats = [
        "{kind: 'human'}" if human and i == 0 else "{kind: 'bot', bot: 'random'}"
        for i in range(players)
    ]
    return f"{{game: '{name}', players: {players}, seed: {seed}, seats: [{', '.join(seats)}]}}"


# each position of the review once, a frame after each
WALK = """async () => {
    const {steps} = await marquee.review.open({});
    const frame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done)));
    for (let step = 0; step <= steps; step++) { await marquee.review.go(step); await frame(); }
}"""


@contextlib.contextmanager
def booted(site: Path, size: tuple[int, int]) -> Iterator[tuple[Browser, Page]]:
    """Chromium at ``size`` on the build at ``site``, the engine ready, bots at full speed."""
    _, url = server.start_in_thread(site)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
            page.goto(url)
            assert boot_state(page, 300_000)["state"] == "ready"
            page.evaluate("marquee.ready()")
            page.evaluate("marquee.setSpeed(0)")
            yield browser, page
        finally:
            browser.close()


def trace(site: Path, game: str, size: tuple[int, int], out: str, human: int, review: bool) -> None:
    """A trace of `game` played to its end (or through the person's `human` moves, or its
    review walked) on the build at `site`, written to `out`."""
    with booted(site, size) as (browser, page):
        if review:
            page.evaluate(f"() => marquee.start({setup(game, False)})")
            page.wait_for_function(
                "marquee.toAct()?.kind === 'terminal'", timeout=900_000, polling=500
            )
            browser.start_tracing(page=page, path=out, categories=TRACE_CATEGORIES)
            page.evaluate(WALK)
            browser.stop_tracing()
            return
        browser.start_tracing(page=page, path=out, categories=TRACE_CATEGORIES)
        page.evaluate(f"() => marquee.start({setup(game, bool(human))})")
        if human:
            for _ in range(human):
                page.evaluate("marquee.idle()")
                if page.evaluate("marquee.toAct().kind") == "terminal":
                    break
                page.evaluate("marquee.act(marquee.legalActions()[0])")
            page.evaluate("marquee.idle()")
        else:
            page.wait_for_function(
                "marquee.toAct()?.kind === 'terminal'", timeout=900_000, polling=500
            )
        browser.stop_tracing()


def script_cpu(events: list[dict]) -> float:
    """Seconds of CPU in the thread's outermost script events, less the style and layout they
    force."""
    total = 0.0
    outer_end = -1.0
    for e in events:
        if e["ts"] >= outer_end and e["name"] in SCRIPT:
            outer_end = e["ts"] + e["dur"]
            total += e.get("tdur", 0)
        elif e["ts"] < outer_end and e["name"] in RENDERING:
            total -= e.get("tdur", 0)
    return total / 1e6


# the events `inside` names in a task besides its script (which it names by its source)
NAMED = RENDERING | {
    "Paint",
    "PrePaint",
    "RunMicrotasks",
    "ParseHTML",
    "v8.compile",
    "MajorGC",
    "MinorGC",
    "V8.GC_MARK_COMPACTOR",
    "HitTest",
    "Commit",
    "Layerize",
    "UpdateLayer",
    "ScheduleStyleRecalculation",
}


def inside(task: dict, events: list[dict]) -> list[tuple[str, float, float]]:
    """What a task ran: its events by name (script by source), CPU and wall ms each, summed,
    largest wall first."""
    end = task["ts"] + task["dur"]
    sums: dict[str, list[float]] = collections.defaultdict(lambda: [0.0, 0.0])
    for e in events:
        if e is task or not task["ts"] <= e["ts"] < end:
            continue
        data = e.get("args", {}).get("data", {})
        name = e["name"]
        if name in ("FunctionCall", "TimerFire", "EventDispatch", "FireAnimationFrame"):
            where = data.get("url", "") or data.get("type", "") or data.get("functionName", "")
            source = f"{where.rsplit('/', 1)[-1]}:{data.get('lineNumber', '')}"
            name = f"{name} {source} {data.get('functionName', '')}"
        elif name not in NAMED:
            continue
        sums[name][0] += e.get("tdur", 0) / 1000
        sums[name][1] += e["dur"] / 1000
    return sorted(((k, c, w) for k, (c, w) in sums.items()), key=lambda x: -x[1])


def show_top(path: str, top: int) -> None:
    """The trace's `top` longest tasks by CPU and by wall, each with what it ran."""
    runs, events = main_thread(path)
    start = runs[0]["ts"] if runs else 0
    for key, label in (("tdur", "CPU"), ("dur", "wall")):
        print(f"  longest by {label}:")
        for t in sorted(runs, key=lambda t: -t.get(key, 0))[:top]:
            at = (t["ts"] - start) / 1e6
            print(
                f"    at {at:.1f} s: task CPU {t.get('tdur', 0) / 1000:.1f} ms,"
                f" wall {t['dur'] / 1000:.1f} ms"
            )
            for name, cpu, wall in inside(t, events)[:6]:
                print(f"      {name}: CPU {cpu:.1f}, wall {wall:.1f}")


def figures(path: str) -> dict[str, float]:
    runs, events = main_thread(path)
    cpu = [t.get("tdur", 0) / 1000 for t in runs]
    wall = [t["dur"] / 1000 for t in runs]
    return {
        "longest CPU ms": max(cpu),
        "over 50 ms CPU": sum(c > 50 for c in cpu),
        "over 40 ms CPU": sum(c > 40 for c in cpu),
        "CPU in tasks s": sum(cpu) / 1000,
        "script CPU s": script_cpu(events),
        "longest wall ms": max(wall),
        "over 50 ms wall": sum(w > 50 for w in wall),
    }


def paired(before: list[float], after: list[float]) -> str:
    """Mean of after minus before over the pairs, with its 95% t-interval."""
    diffs = [a - b for a, b in zip(after, before, strict=True)]
    mean = statistics.fmean(diffs)
    if len(diffs) < 2:
        return f"{mean:+.2f}"
    # two-sided 95% t quantiles for 1-9 degrees of freedom; 1.96 beyond
    t = [12.71, 4.30, 3.18, 2.78, 2.57, 2.45, 2.36, 2.31, 2.26]
    q = t[len(diffs) - 2] if len(diffs) - 1 <= len(t) else 1.96
    half = q * statistics.stdev(diffs) / len(diffs) ** 0.5
    return f"{mean:+.2f} ({mean - half:+.2f} to {mean + half:+.2f})"


def print_paired(what: str, seen: dict[str, list[dict]]) -> None:
    """Each figure's paired mean, after minus before, over the runs alternated in ``seen``."""
    for key in seen["before"][0]:
        before = [r[key] for r in seen["before"]]
        after = [r[key] for r in seen["after"]]
        print(f"{what} {key}: after - before {paired(before, after)}", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--game", choices=sorted(GAMES), default="trk4")
    parser.add_argument("--size", default="1366x768")
    parser.add_argument("--pairs", type=int, default=3)
    parser.add_argument(
        "--human", type=int, default=0, help="the first seat a person's, for this many moves"
    )
    parser.add_argument(
        "--review", action="store_true", help="trace the bots' game's review, not the game"
    )
    parser.add_argument(
        "--top", type=int, default=0, help="print each run's this many longest tasks, what ran"
    )
    parser.add_argument("--keep", type=Path, help="keep each run's trace in this folder")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    builds = {"before": args.before, "after": args.after}
    seen: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    what = (
        f"{args.game} {args.size}"
        + (f" human {args.human}" if args.human else "")
        + (" review" if args.review else "")
    )
    for pair in range(1, args.pairs + 1):
        for which in ("before", "after") if pair % 2 else ("after", "before"):
            with tempfile.TemporaryDirectory() as tmp:
                folder = args.keep or Path(tmp)
                folder.mkdir(parents=True, exist_ok=True)
                out = str(folder / f"{args.game}-{args.size}-{pair}-{which}.json")
                trace(builds[which], args.game, (size[0], size[1]), out, args.human, args.review)
                load = " ".join(f"{x:.1f}" for x in os.getloadavg())
                got = figures(out)
                seen[which].append(got)
                shown = ", ".join(
                    f"{k} {v:.2f}" if isinstance(v, float) else f"{k} {v}" for k, v in got.items()
                )
                print(f"{what} pair {pair} {which} (load {load}): {shown}", flush=True)
                if args.top:
                    show_top(out, args.top)
    print_paired(what, seen)


if __name__ == "__main__":
    main()
