"""The engine's speed in the browser's Python: `python -m engine bench` run inside Pyodide.

A page of its own beside the site (the same Pyodide files and wheels, nothing of the page's
app) runs `engine.bench.run` with 4 players for Trickerion and for The Magnificent (issue
#32's two native targets) and prints the figures next to the native command's fields, one
Pyodide boot for both games. Printed, never asserted: the machine decides the numbers.

The bench's own clocks are wall clocks in the page (Pyodide has no CPU-time clock), so on a
shared machine they measure its load as much as the engine: issue #32's "3.5 times slower
than native" was a wall figure in the page (24-28 games/s) set against a CPU figure natively.
Hence the same games are played again in the page, timed by the browser's count of its main
thread's CPU time (DevTools protocol, `Performance.getMetrics` ThreadTime), and natively in a
process of their own by `time.process_time`: the two CPU figures are the comparable ones.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

BENCH_PAGE = """<!doctype html><meta charset="utf-8"><title>engine bench</title>
<script type="module">
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "./pyodide/" });
  await py.loadPackage(["marquee"]);
  py.runPython("from engine.core.runtime import tune_gc; tune_gc()");
  window.__bench = (game, seconds) => py.runPython(`
import json
from engine.bench import run
json.dumps(run("${game}", ${seconds}, 4))
`);
  window.__play = (game, games) => py.runPython(`
from engine.bench import play
play("${game}", ${games}, 4)
`);
  window.__ready = true;
</script>"""

# The same games natively, with the command line's collector settings.
NATIVE = """
import sys, time
from engine.bench import play
from engine.core.runtime import tune_gc
tune_gc()
play(sys.argv[1], 1, 4)
start = time.process_time()
decisions = play(sys.argv[1], int(sys.argv[2]), 4)
print(time.process_time() - start, decisions)
"""


# Issue #32's targets are 4-player random games of these two; the Oracle has none.
GAMES = (("trickerion", "Trickerion"), ("magnificent", "The Magnificent"))


def _thread_seconds(cdp) -> float:
    metrics = cdp.send("Performance.getMetrics")["metrics"]
    return next(m["value"] for m in metrics if m["name"] == "ThreadTime")


@pytest.mark.timing
def test_engine_bench_inside_pyodide(site_dir, serve, tmp_path, page, figures):
    bench = tmp_path / "bench"
    bench.mkdir()
    (bench / "pyodide").symlink_to(site_dir / "pyodide", target_is_directory=True)
    (bench / "index.html").write_text(BENCH_PAGE)
    page.goto(serve(bench))
    page.wait_for_function("window.__ready", timeout=120_000)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable", {"timeDomain": "threadTicks"})
    for game, name in GAMES:
        _bench_one(page, cdp, game, name, figures)


def _bench_one(page, cdp, game: str, name: str, figures) -> None:
    page.evaluate(f"window.__bench('{game}', 1)")  # warm-up: first imports, the copiers built
    cpu, wall = _thread_seconds(cdp), time.perf_counter()
    result = json.loads(page.evaluate(f"window.__bench('{game}', 5)"))
    share = (_thread_seconds(cdp) - cpu) / (time.perf_counter() - wall)
    games = result["games"]
    assert games > 0 and result["decisions_per_game"] > 0

    cpu = _thread_seconds(cdp)
    decisions = page.evaluate(f"window.__play('{game}', {games})")
    page_cpu = _thread_seconds(cdp) - cpu
    native = subprocess.run(
        [sys.executable, "-c", NATIVE, game, str(games)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    seconds, native_decisions = native.stdout.split()
    native_cpu = float(seconds)
    assert decisions == int(native_decisions)  # the same games in both Pythons

    figures[f"engine bench in Pyodide (Chromium): {name} 4p random games/s, wall"] = (
        f"{result['games_per_second']} over {games} games"
        f" (the page's main thread had {share:.2f} of a core)"
    )
    figures[f"{name}, the same games, CPU time: in Pyodide / native (games/s), ratio"] = (
        f"{games / page_cpu:.1f} / {games / native_cpu:.1f}, {page_cpu / native_cpu:.2f}"
    )
    figures[f"engine bench in Pyodide, {name}: apply / legal actions / state copy (µs, wall)"] = (
        f"{result['apply_us']} / {result['legal_actions_us']} / {result['state_copy_us']}"
    )
