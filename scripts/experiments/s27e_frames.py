"""The suite's 4-bot game (e2e/test_boot.py `play_four_bots`): the CPU of the first board's
draw and frame, and of the ending's, on two builds alternated (issue #32, session 27).

    PYTHONPATH=. python3 scripts/experiments/s27e_frames.py /tmp/old-site build/site --size 1280x800 --pairs 4

Each run is `s26e_suite.py`'s scene (a fresh page, a 4-bot Magnificent game of random bots,
seed 7, speed 0, started once the engine is ready), traced from the page's load until a
second after the game's end (the ending's frame and anything drawn after it). From the
page thread's tasks after the start (CPU: the trace's `tdur`): the first board's frame (the
first task with more than 3 ms of layout) and the longest of the other tasks from 150 ms before
it to 250 ms after (its draw, a later draw of its opponents and that frame); the ending's frame
(the last task running the log's scroll, `log.js`) and the longest task after it (the chart's
where the build draws it apart); the game's longest task and the CPU of all its tasks. Then
each figure's paired mean, after minus before, with a 95% t-interval.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e"), str(ROOT / "scripts" / "experiments")]

import server  # noqa: E402
from longtask_probe import print_paired  # noqa: E402
from playwright.sync_api import sync_playwright  # noqa: E402
from s26e_suite import FOUR_BOTS  # noqa: E402
from test_boot import LONG_TASKS  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from helpers import TRACE_CATEGORIES, main_thread  # noqa: E402


def trace(site: Path, size: tuple[int, int], out: str) -> None:
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
            page.evaluate("performance.mark('four-bots')")
            page.evaluate(FOUR_BOTS)
            page.wait_for_function("marquee.toAct()?.kind === 'terminal'", timeout=300_000)
            page.wait_for_timeout(1000)
            browser.stop_tracing()
        finally:
            browser.close()


def scripts_in(task: dict, events: list[dict]) -> list[str]:
    """The sources of the script a task ran (`url:line`)."""
    end = task["ts"] + task["dur"]
    out = []
    for e in events:
        if task["ts"] <= e["ts"] < end and e["name"] == "FunctionCall":
            out.append(e.get("args", {}).get("data", {}).get("url", "").rsplit("/web/", 1)[-1])
    return out


def laid_out(task: dict, events: list[dict]) -> float:
    end = task["ts"] + task["dur"]
    return sum(
        e.get("tdur", 0) / 1000
        for e in events
        if task["ts"] <= e["ts"] < end and e["name"] == "Layout"
    )


def figures(path: str) -> dict[str, float]:
    runs, events = main_thread(path)
    raw = json.loads(Path(path).read_text())
    raw = raw["traceEvents"] if isinstance(raw, dict) else raw
    start = min(e["ts"] for e in raw if e.get("name") == "four-bots")
    game = [t for t in runs if t["ts"] >= start]
    cpu = lambda t: t.get("tdur", 0) / 1000
    src = [scripts_in(t, events) for t in game]

    # the first board's frame: the first task that lays out more than a little (the new board)
    first = next(i for i, t in enumerate(game) if laid_out(t, events) > 3)
    near = [
        cpu(t)
        for t in game
        if -150e3 <= t["ts"] - game[first]["ts"] <= 250e3 and t is not game[first]
    ]
    # the ending's frame: the last scroll of the log (the game's last entries), and what follows
    ending = max(i for i, s in enumerate(src) if any("table/log.js" in x for x in s))
    return {
        "first frame CPU ms": cpu(game[first]),
        "first board's other tasks, longest CPU ms": max(near),
        "first board's longest CPU ms": max(cpu(game[first]), *near),
        "ending frame CPU ms": cpu(game[ending]),
        "after it, longest CPU ms": max((cpu(t) for t in game[ending + 1 :]), default=0.0),
        "longest CPU ms": max(map(cpu, game)),
        "main thread CPU ms": sum(map(cpu, game)),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--size", default="1280x800")
    parser.add_argument("--pairs", type=int, default=4)
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    builds = {"before": args.before, "after": args.after}
    seen: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for pair in range(1, args.pairs + 1):
        for which in ("before", "after") if pair % 2 else ("after", "before"):
            with tempfile.TemporaryDirectory() as tmp:
                trace(builds[which], (size[0], size[1]), f"{tmp}/trace.json")
                got = figures(f"{tmp}/trace.json")
            seen[which].append(got)
            load = " ".join(f"{x:.1f}" for x in os.getloadavg())
            shown = ", ".join(f"{k} {v:.1f}" for k, v in got.items())
            print(f"{args.size} pair {pair} {which} (load {load}): {shown}", flush=True)
    print_paired(args.size, seen)


if __name__ == "__main__":
    main()
