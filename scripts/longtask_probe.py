"""The page thread's long tasks over a bot game, on two builds alternated in one run (before/after).

    git worktree add /tmp/old <commit> && (cd /tmp/old && python3 scripts/build.py --out /tmp/old-site)
    python3 scripts/build.py
    PYTHONPATH=. python3 scripts/longtask_probe.py /tmp/old-site build/site --game trk4 --size 1366x768 --pairs 3

Each run serves one build, starts a game of random bots at bot speed 0 (`GAMES`), and records a
Chromium trace from the start to the game's end; the builds' order is swapped every pair. Prints
per run the load, the page thread's longest task and the tasks over 50 and 40 ms in CPU time
(the trace's `tdur` of each top-level `RunTask`: what the page itself costs, which the other
work on a loaded machine stretches far less than the wall time), the CPU of all its tasks, and
the wall figures a player sees on this machine (the Long Tasks API's view). docs/boot.md, issue
#32's sessions 18 and 19, has the figures it gave.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

import server  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, boot_state  # noqa: E402

BOTS = "seats: Array.from({length: %d}, () => ({kind: 'bot', bot: 'random'}))"
GAMES = {
    "trk4": "{game: 'trickerion', players: 4, seed: 3, %s}" % (BOTS % 4),
    "mag4": "{game: 'magnificent', players: 4, seed: 7, %s}" % (BOTS % 4),
    "ora": "{game: 'oracle', players: 1, seed: 11, %s}" % (BOTS % 1),
}
CATEGORIES = ["devtools.timeline", "disabled-by-default-devtools.timeline", "blink.user_timing"]


def trace(site: Path, game: str, size: tuple[int, int], out: str) -> None:
    """A trace of `game` played to its end on the build at `site`, written to `out`."""
    _, url = server.start_in_thread(site)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        page = browser.new_context(viewport={"width": size[0], "height": size[1]}).new_page()
        page.goto(url)
        assert boot_state(page, 300_000)["state"] == "ready"
        page.evaluate("marquee.ready()")
        page.evaluate("marquee.setSpeed(0)")
        browser.start_tracing(page=page, path=out, categories=CATEGORIES)
        page.evaluate(f"() => marquee.start({GAMES[game]})")
        page.wait_for_function("marquee.toAct()?.kind === 'terminal'", timeout=900_000, polling=500)
        browser.stop_tracing()
        browser.close()


def tasks(path: str) -> list[dict]:
    """The top-level tasks of the page's main thread (the renderer thread with the most events)."""
    events = json.loads(Path(path).read_text())
    events = events["traceEvents"] if isinstance(events, dict) else events
    names = {
        (e["pid"], e["tid"]): e["args"]["name"]
        for e in events
        if e.get("ph") == "M" and e.get("name") == "thread_name"
    }
    count = collections.Counter(
        (e["pid"], e["tid"]) for e in events if names.get((e["pid"], e["tid"])) == "CrRendererMain"
    )
    main = count.most_common(1)[0][0]
    return [
        e
        for e in events
        if (e["pid"], e["tid"]) == main and e.get("ph") == "X" and e.get("name") == "RunTask"
    ]


def figures(runs: list[dict]) -> str:
    cpu = [t.get("tdur", 0) / 1000 for t in runs]
    wall = [t["dur"] / 1000 for t in runs]
    return (
        f"longest CPU {max(cpu):.0f} ms, over 50 ms CPU {sum(c > 50 for c in cpu)}, "
        f"over 40 ms CPU {sum(c > 40 for c in cpu)}, CPU in tasks {sum(cpu) / 1000:.2f} s; "
        f"longest wall {max(wall):.0f} ms, over 50 ms wall {sum(w > 50 for w in wall)}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--game", choices=sorted(GAMES), default="trk4")
    parser.add_argument("--size", default="1366x768")
    parser.add_argument("--pairs", type=int, default=3)
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    builds = {"before": args.before, "after": args.after}
    for pair in range(1, args.pairs + 1):
        for which in ("before", "after") if pair % 2 else ("after", "before"):
            with tempfile.TemporaryDirectory() as tmp:
                out = str(Path(tmp) / "trace.json")
                trace(builds[which], args.game, (size[0], size[1]), out)
                load = " ".join(f"{x:.1f}" for x in os.getloadavg())
                print(
                    f"{args.game} {args.size} pair {pair} {which} (load {load}): {figures(tasks(out))}",
                    flush=True,
                )


if __name__ == "__main__":
    main()
