"""Trickerion's draws over a human's 40 moves against random bots, two builds alternated in one run.

    PYTHONPATH=. python3 scripts/experiments/s20g_draws.py /tmp/old-site build/site --size 1366x768 --pairs 5

Each run serves one build, starts Trickerion's 4-player table of `longtask_probe.py --human`
(the first seat a person's taking the first legal move, seed 3) and reads, at every frame, the
board's published figures (`marqueeBoards.trickerion`): each draw's script time (`renderMs`,
wall time: a loaded machine stretches it) and the parts of the board it kept (`kept`, common.js
`area`). Prints per run the draws, their median and mean time, the parts kept a draw and the
draws that kept the Theater; then each figure's mean after minus before with a 95% t-interval.
docs/speed.md, session 20, has the figures it gave.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

from longtask_probe import booted, print_paired, setup  # noqa: E402

# each new figure the board publishes is one draw
LOOK = """() => { window.__draws = []; let last = null;
  const look = () => { const f = window.marqueeBoards?.trickerion;
    if (f && f !== last) { last = f; window.__draws.push([f.renderMs, f.kept]); }
    requestAnimationFrame(look); };
  look(); }"""


def draws(site: Path, size: tuple[int, int], moves: int) -> list[tuple[float, list[str]]]:
    """Each draw's script time and kept parts over the person's `moves` moves on `site`."""
    with booted(site, size) as (_, page):
        page.evaluate(LOOK)
        page.evaluate(f"() => marquee.start({setup('trk4', True)})")
        for _ in range(moves):
            page.evaluate("marquee.idle()")
            page.evaluate("marquee.act(marquee.legalActions()[0])")
        page.evaluate("marquee.idle()")
        page.wait_for_timeout(500)
        seen = page.evaluate("window.__draws")
    return [(ms, kept) for ms, kept in seen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--size", default="1366x768")
    parser.add_argument("--pairs", type=int, default=5)
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    builds = {"before": args.before, "after": args.after}
    seen: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for pair in range(1, args.pairs + 1):
        for which in ("before", "after") if pair % 2 else ("after", "before"):
            got = draws(builds[which], (size[0], size[1]), 40)
            ms = [m for m, _ in got]
            figures = {
                "draws": len(got),
                "median ms": statistics.median(ms),
                "mean ms": statistics.fmean(ms),
                "parts kept a draw": statistics.fmean(len(k) for _, k in got),
                "draws keeping the Theater": sum("trk-theater" in k for _, k in got),
            }
            seen[which].append(figures)
            load = " ".join(f"{x:.1f}" for x in os.getloadavg())
            shown = ", ".join(f"{k} {v:.2f}" for k, v in figures.items())
            print(f"{args.size} pair {pair} {which} (load {load}): {shown}", flush=True)
    print_paired(args.size, seen)


if __name__ == "__main__":
    main()
