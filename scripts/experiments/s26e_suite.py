"""The suite's 4-bot figure (e2e/test_boot.py `play_four_bots`) on two builds alternated.

    PYTHONPATH=. python3 scripts/experiments/s26e_suite.py /tmp/old-site build/site --size 1280x800 --pairs 5
    PYTHONPATH=. python3 scripts/experiments/s26e_suite.py build/site --over 50

Each run is the test's scene: a fresh page, the engine ready, a 4-bot Magnificent game (random
bots, seed 7, speed 0) started at once and played to its end, the Long Tasks API's entries
from the start on; a Chromium trace from the page's load gives each task's CPU (`tdur`). Prints
per run the load, the longest task and the tasks over 50 ms as the API saw them (wall), the
longest and third longest of the game's tasks in CPU, and the service worker's CPU meanwhile
(its precache of the build, which starts once the engine is ready); then the
paired means, after minus before, with 95% t-intervals (issue #32, session 26, docs/speed.md).
Given one build, runs it `--pairs` times. `--over MS` lists each run's game tasks of more than
MS of wall time with their CPU and what ran in them (`longtask_probe.inside`), and the main
thread's CPU over the game (session 27).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

import server  # noqa: E402
from longtask_probe import inside, print_paired  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from test_boot import LONG_TASKS  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from helpers import TRACE_CATEGORIES, main_thread  # noqa: E402

FOUR_BOTS = """() => marquee.start({game: 'magnificent', players: 4, seed: 7,
    seats: [0, 1, 2, 3].map(() => ({kind: 'bot', bot: 'random'}))})"""


def run(site: Path, size: tuple[int, int], out: str, over: float | None = None) -> dict[str, float]:
    _, url = server.start_in_thread(site)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
            page.add_init_script(LONG_TASKS)
            browser.start_tracing(page=page, path=out, categories=TRACE_CATEGORIES)
            page.goto(url)
            page.evaluate("marquee.ready()")
            page.evaluate("marquee.setSpeed(0)")
            started = page.evaluate("performance.now()")
            page.evaluate("performance.mark('four-bots')")  # (the trace's clock for the start)
            page.evaluate(FOUR_BOTS)
            page.wait_for_function("marquee.toAct()?.kind === 'terminal'", timeout=300_000)
            tasks = [d for at, d in page.evaluate("window.__longTasks") if at >= started]
            browser.stop_tracing()
        finally:
            browser.close()
    runs, mine = main_thread(out)
    events = json.loads(Path(out).read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    start = min(e["ts"] for e in events if e.get("name") == "four-bots")
    precache = sum(
        e.get("tdur", 0)
        for e in events
        if e.get("ph") == "X"
        and e["name"] == "RunTask"
        and e["ts"] >= start
        and names.get((e["pid"], e["tid"])) == "ServiceWorker thread"
    )
    game = [t for t in runs if t["ts"] >= start]
    cpu = sorted((t.get("tdur", 0) / 1000 for t in game), reverse=True)
    if over is not None:
        for t in game:
            if t["dur"] / 1000 > over:
                print(
                    f"  at {(t['ts'] - start) / 1e6:.2f} s: wall {t['dur'] / 1000:.1f} ms,"
                    f" CPU {t.get('tdur', 0) / 1000:.1f} ms"
                )
                for name, c, w in inside(t, mine)[:6]:
                    print(f"    {name}: CPU {c:.1f}, wall {w:.1f}")
    return {
        "longest wall ms": max(tasks, default=0),
        "over 50 ms wall": len(tasks),
        "longest CPU ms": cpu[0],
        "3rd longest CPU ms": cpu[2],
        "precache CPU ms": precache / 1000,
        "main thread CPU ms": sum(cpu),
        "over 50 ms CPU": sum(c > 50 for c in cpu),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("builds", type=Path, nargs="+", help="before and after, or one build")
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--pairs", type=int, default=5)
    parser.add_argument("--over", type=float, help="list the game's tasks over this wall ms")
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    names = ["before", "after"] if len(args.builds) == 2 else ["only"]
    builds = dict(zip(names, args.builds, strict=True))
    seen: dict[str, list[dict[str, float]]] = {n: [] for n in names}
    for pair in range(1, args.pairs + 1):
        for which in names if pair % 2 else names[::-1]:
            with tempfile.TemporaryDirectory() as tmp:
                got = run(builds[which], (size[0], size[1]), f"{tmp}/trace.json", args.over)
            seen[which].append(got)
            load = " ".join(f"{x:.1f}" for x in os.getloadavg())
            shown = ", ".join(f"{k} {v:.1f}" for k, v in got.items())
            print(f"{args.size} pair {pair} {which} (load {load}): {shown}", flush=True)
    if len(names) == 2:
        print_paired(args.size, seen)


if __name__ == "__main__":
    main()
