"""The engine's speed in the browser's Python: `python -m engine bench` run inside Pyodide.

A page of its own beside the site (the same Pyodide files and wheels, nothing of the page's
app) runs `engine.bench.run` for Trickerion with 4 players and prints the figures next to
the native command's fields. Printed, never asserted: the machine decides the numbers.
"""

from __future__ import annotations

import json

import pytest

BENCH_PAGE = """<!doctype html><meta charset="utf-8"><title>engine bench</title>
<script type="module">
  const { loadPyodide } = await import("./pyodide/pyodide.mjs");
  const py = await loadPyodide({ indexURL: "./pyodide/" });
  await py.loadPackage(["marquee"]);
  window.__bench = (seconds) => py.runPython(`
import json
from engine.bench import run
from engine.core.runtime import tune_gc
tune_gc()
json.dumps(run("trickerion", ${seconds}, 4))
`);
  window.__ready = true;
</script>"""


@pytest.mark.timing
def test_engine_bench_inside_pyodide(site_dir, serve, tmp_path, page, figures):
    bench = tmp_path / "bench"
    bench.mkdir()
    (bench / "pyodide").symlink_to(site_dir / "pyodide", target_is_directory=True)
    (bench / "index.html").write_text(BENCH_PAGE)
    page.goto(serve(bench))
    page.wait_for_function("window.__ready", timeout=120_000)
    page.evaluate("window.__bench(1)")  # warm-up: first imports and the copiers are built
    result = json.loads(page.evaluate("window.__bench(8)"))
    assert result["games"] > 0 and result["decisions_per_game"] > 0
    figures["engine bench in Pyodide (Chromium): Trickerion 4p random games/s (wall / CPU)"] = (
        f"{result['games_per_second']} / {result['cpu_games_per_second']}"
        f" over {result['games']} games"
    )
    figures["engine bench in Pyodide: apply / legal actions / state copy (µs)"] = (
        f"{result['apply_us']} / {result['legal_actions_us']} / {result['state_copy_us']}"
    )
