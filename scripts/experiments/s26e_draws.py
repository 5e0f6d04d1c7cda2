"""The Magnificent's draws over a 4-bot game at full speed, two builds alternated in one run.

    PYTHONPATH=. python3 scripts/experiments/s26e_draws.py /tmp/old-site build/site --size 1366x768 --pairs 4

Each run serves one build, plays `longtask_probe.py`'s 4-bot game (`mag4`: random bots, seed 7,
speed 0) to its end and reads, at every frame, the board's published figures
(`marqueeBoards.magnificent`): each draw's script time (`renderMs`, wall time: a loaded machine
stretches it) and the parts of the board it kept (`kept`: session 26 tried keying the
opponents' sections on Trickerion's `area`, and took it out; none on a build without it). Prints per run the draws, their median, mean and total time and the parts kept a
draw; then each figure's mean after minus before with a 95% t-interval (issue #32, session 26,
docs/speed.md).
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

# each draw adds to the board's `renderMs`; the frame after it reads what that draw kept
LOOK = """() => { window.__draws = []; let seen = 0;
  const look = () => { const f = window.marqueeBoards?.magnificent;
    if (f && f.renderMs.length > seen) {
      for (const ms of f.renderMs.slice(seen)) window.__draws.push([ms, f.kept ?? []]);
      seen = f.renderMs.length;
    }
    requestAnimationFrame(look); };
  look(); }"""


def draws(site: Path, size: tuple[int, int]) -> list[tuple[float, list[str]]]:
    """Each draw's script time and kept parts over the bots' game on `site`."""
    with booted(site, size) as (_, page):
        page.evaluate(LOOK)
        page.evaluate(f"() => marquee.start({setup('mag4', False)})")
        page.wait_for_function("marquee.toAct()?.kind === 'terminal'", timeout=900_000)
        page.wait_for_timeout(300)
        seen = page.evaluate("window.__draws")
    return [(ms, kept) for ms, kept in seen]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("--size", default="1366x768")
    parser.add_argument("--pairs", type=int, default=4)
    args = parser.parse_args()
    size = tuple(int(n) for n in args.size.split("x"))
    builds = {"before": args.before, "after": args.after}
    seen: dict[str, list[dict[str, float]]] = {"before": [], "after": []}
    for pair in range(1, args.pairs + 1):
        for which in ("before", "after") if pair % 2 else ("after", "before"):
            got = draws(builds[which], (size[0], size[1]))
            ms = [m for m, _ in got]
            figures = {
                "draws": len(got),
                "median ms": statistics.median(ms),
                "mean ms": statistics.fmean(ms),
                "total ms": sum(ms),
                "parts kept a draw": statistics.fmean(len(k) for _, k in got),
            }
            seen[which].append(figures)
            load = " ".join(f"{x:.1f}" for x in os.getloadavg())
            shown = ", ".join(f"{k} {v:.2f}" for k, v in figures.items())
            print(f"{args.size} pair {pair} {which} (load {load}): {shown}", flush=True)
    print_paired(args.size, seen)


if __name__ == "__main__":
    main()
