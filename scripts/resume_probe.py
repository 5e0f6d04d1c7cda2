"""Where a resumed table's start goes, on two builds alternated in one run (before/after).

    git worktree add /tmp/old <commit> && (cd /tmp/old && python3 scripts/build.py --out /tmp/old-site)
    python3 scripts/build.py
    PYTHONPATH=. python3 scripts/resume_probe.py /tmp/old-site build/site --runs 4

Each build is served on a port of its own (its own origin: its own service worker and memory
snapshot), visited as a returning player (twice, until the snapshot is kept), and a new tab
starts an Oracle table. Then the two tabs are reloaded in turn, with the table kept from the
last visit and with it removed before the page runs (e2e/test_boot.py's resume figures), the
order of the builds swapped every run. Prints per build and kind of reload the first table,
engine ready, ready to the save sent (the `load` call), the live table: median [min-max] in
ms since navigation, and each run's calls as method round-trip ms (the page's own timings,
docs/boot.md).

With `--new-tab`, each run leaves the tab at the table (another page opened in it, its table
kept) and opens the site in a new tab instead: the returning player's start. A build that
opens the lobby there is asked for the game at once (its Continue button clicked as soon as
the lobby lists it, which waits for the engine); one that opens the kept table is only
watched. Each tab stays at its table a few seconds (what the engine's worker keeps for the
next visit is kept then, docs/boot.md "Wheels and bytecode kept") before it is left. Prints
the first table, engine ready and the live table the same way, and the stages between them
(e2e/test_boot.py's START_STEPS: the worker's own times where it reports them; the worker's
own marks, read through the two time origins, where a build makes them: module run,
PyScript's ask, the runtime's load, the wasm instantiated, CPython restored before the wheels
(session 21 on), CPython + wheels, web/main.py started, the engine imported), then each one
paired: the median of after minus before over the runs (each run's two tabs adjacent in
time) with a 95% bootstrap interval, and how many pairs fell.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "scripts"), str(ROOT / "e2e")]

import server  # noqa: E402
from test_boot import CALLS_ON_PAGE, START_STEPS  # noqa: E402

from conftest import CHROMIUM, CHROMIUM_ARGS, boot_state  # noqa: E402

WAIT_MS = 180_000
AT_THE_TABLE_MS = 4_000  # (web/main.py keeps the bytecode 3 s after the call that compiled it)


def returning_tab(browser, url: str) -> Page:
    """A tab at an Oracle table, on a visit after the one that kept the memory snapshot."""
    context = browser.new_context()
    first = context.new_page()
    for _ in range(2):
        first.goto(url)
        assert boot_state(first, WAIT_MS)["state"] == "ready"
    first.wait_for_function(
        "marqueeBoot.snapshot?.made || marqueeBoot.snapshot?.used", timeout=WAIT_MS
    )
    first.close()
    tab = context.new_page()
    tab.add_init_script(CALLS_ON_PAGE)
    tab.goto(url)
    assert boot_state(tab, WAIT_MS)["state"] == "ready"
    tab.wait_for_function("window.marquee").evaluate("marquee.ready()")
    tab.get_by_test_id("game-oracle").click()
    tab.get_by_test_id("start-game").click()
    tab.wait_for_function("document.querySelector('[data-testid=\"oracle-prompt\"]')")
    return tab


def reload(tab: Page, kept: bool) -> dict:
    tab.evaluate(
        "sessionStorage.removeItem('test:unkept')"
        if kept
        else "sessionStorage.setItem('test:unkept', '1')"
    )
    tab.reload()
    assert boot_state(tab, WAIT_MS)["state"] == "ready"
    tab.evaluate("marquee.ready()")
    steps = tab.evaluate(START_STEPS)
    assert (steps["kept table drawn"] is not None) == kept, steps
    calls = tab.evaluate("window.__calls ?? []")
    sent = next(asked for method, asked, _ in calls if method == "load")
    return {
        "first table": steps["kept table drawn"] or steps["live table drawn"],
        "engine ready": steps["engine ready"],
        "ready -> save sent": sent - steps["engine ready"],
        "live table": steps["live table drawn"],
        "calls": ", ".join(
            f"{method} {'-' if end is None else round(end - start)}"
            for method, start, end in calls
            if start < steps["live table drawn"]
        ),
    }


# When #app first shows the Oracle's sheet (kept or live) and when it first shows the live one
# (no waking note), in ms since navigation.
SHEET_TIMES = """(() => {
  const seen = (window.__sheet = {});
  new MutationObserver(() => {
    const app = document.getElementById("app");
    if (!app?.querySelector('[data-testid="oracle-sheet"]')) return;
    seen.first ??= performance.now();
    if (!app.querySelector('[data-testid="table-waking"]')) seen.live ??= performance.now();
  }).observe(document, { subtree: true, childList: true, attributes: true });
})();"""


def new_tab(tab: Page, url: str) -> tuple[Page, dict]:
    """Leave `tab` (its table kept), open the site in a new tab, and take it to the live table
    (Continue clicked at once where the lobby opens): the new tab and its figures."""
    context = tab.context
    tab.wait_for_timeout(AT_THE_TABLE_MS)
    tab.goto("about:blank")
    tab.close()
    tab = context.new_page()
    tab.add_init_script(SHEET_TIMES)
    tab.goto(url)
    tab.wait_for_function(
        "document.querySelector('[data-testid=oracle-sheet], [data-testid=resume-game]')",
        timeout=WAIT_MS,
    )
    lobby = tab.evaluate("!document.querySelector('[data-testid=oracle-sheet]')")
    if lobby:
        tab.get_by_test_id("resume-game").click()
    tab.wait_for_function("window.__sheet.live", timeout=WAIT_MS)
    assert boot_state(tab, WAIT_MS)["state"] == "ready"
    sheet = tab.evaluate("window.__sheet")
    tab.evaluate("marquee.ready()")
    stages = {k: v for k, v in tab.evaluate(START_STEPS).items() if k in NEW_TAB_STAGES}
    stages.update(tab.evaluate(PAGE_STAGES))
    for worker in tab.workers:
        stages.update(worker.evaluate(WORKER_STAGES, tab.evaluate("performance.timeOrigin")))
    return tab, {
        "first table": sheet["first"],
        "engine ready": tab.evaluate("marquee.timings.engineReady"),
        "live table": sheet["live"],
        "opened": "lobby" if lobby else "kept table",
        **stages,
    }


# The stages of a new tab's start printed beside the tables (START_STEPS' names; absent where
# a build does not report one).
NEW_TAB_STAGES = (
    "worker made",
    "wasm compiled (page)",
    "PyScript asks for the runtime (worker, ms after its module ran)",
    "snapshot read (worker, ms after its module ran)",
    "snapshot restored + wheels (worker, ms)",
    "CPython + wheels ready",
    "load call (modules, packs, save, snapshot; ms)",
)


# The page's marks between the runtime and the engine (boot.js): web/main.py started (PyScript's
# own set-up done: its package written out and imported) and the engine's import in the worker.
PAGE_STAGES = """(() => ({
  "main.py started": performance.getEntriesByName("marquee:main")[0]?.startTime,
  "import engine (worker, ms)": window.marqueeBridge?.importMs,
}))()"""

# The worker's own marks (web/pyodide-worker.mjs), in ms since the page's navigation (the two
# time origins), where a build makes them.
WORKER_STAGES = """(pageOrigin) => {
  const at = (name) => {
    const t = performance.getEntriesByName(`marquee:${name}`)[0]?.startTime;
    return t === undefined ? undefined : performance.timeOrigin - pageOrigin + t;
  };
  const rows = {
    "worker module run": at("worker-module"),
    "wasm received (worker)": at("wasm-received"),
    "PyScript asks": at("load-asked"),
    "runtime load started": at("load-started"),
    "wasm instantiating": at("instantiating"),
    "wasm instantiated": at("instantiated"),
    "CPython restored, before the wheels (worker)": at("loaded"),
    "CPython + wheels ready (worker)": at("installed"),
    "main.py started (worker)": at("main"),
    "engine imported (worker)": at("engine-imported"),
  };
  return Object.fromEntries(Object.entries(rows).filter(([, v]) => v !== undefined));
}"""

WORKER_NAMES = (
    "worker module run",
    "wasm received (worker)",
    "PyScript asks",
    "runtime load started",
    "wasm instantiating",
    "wasm instantiated",
    "CPython restored, before the wheels (worker)",
    "CPython + wheels ready (worker)",
    "main.py started (worker)",
    "engine imported (worker)",
)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("before", type=Path, help="the first build's site folder")
    ap.add_argument("after", type=Path, help="the second build's site folder")
    ap.add_argument("--runs", type=int, default=4, help="reloads of each kind per build")
    ap.add_argument("--new-tab", action="store_true", help="new tabs instead of reloads")
    args = ap.parse_args()
    sites = {"before": args.before, "after": args.after}
    if args.new_tab:
        new_tabs(sites, args.runs)
        return
    rows: dict[tuple[str, bool], list[dict]] = {(n, k): [] for n in sites for k in (True, False)}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        tabs = {}
        for name, folder in sites.items():
            _, url = server.start_in_thread(folder)
            tabs[name] = returning_tab(browser, url)
        for run in range(args.runs):
            order = list(sites) if run % 2 == 0 else list(sites)[::-1]
            for kept in (True, False):
                for name in order:
                    row = reload(tabs[name], kept)
                    rows[name, kept].append(row)
                    print(name, "kept" if kept else "unkept", row, flush=True)
        browser.close()
    for (name, kept), runs in rows.items():
        parts = []
        for key in ("first table", "engine ready", "ready -> save sent", "live table"):
            values = [r[key] for r in runs]
            parts.append(
                f"{key} {statistics.median(values):.0f} [{min(values):.0f}-{max(values):.0f}]"
            )
        label = "kept view" if kept else "no kept view"
        print(f"{name}, {label}, n={len(runs)}: " + "; ".join(parts))


def new_tabs(sites: dict[str, Path], runs: int) -> None:
    rows: dict[str, list[dict]] = {name: [] for name in sites}
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        tabs, urls = {}, {}
        for name, folder in sites.items():
            _, urls[name] = server.start_in_thread(folder)
            tabs[name] = returning_tab(browser, urls[name])
        for run in range(runs):
            for name in list(sites) if run % 2 == 0 else list(sites)[::-1]:
                tabs[name], row = new_tab(tabs[name], urls[name])
                rows[name].append(row)
                print(name, "new tab", row, flush=True)
        browser.close()
    for name, got in rows.items():
        parts = [f"opened {', '.join(sorted({r['opened'] for r in got}))}"]
        keys = ("first table", "engine ready", "live table", *NEW_TAB_STAGES, *WORKER_NAMES)
        for key in (*keys, "main.py started", "import engine (worker, ms)"):
            values = [r[key] for r in got if r.get(key) is not None]
            if not values:
                continue
            parts.append(
                f"{key} {statistics.median(values):.0f} [{min(values):.0f}-{max(values):.0f}]"
            )
        print(f"{name}, new tab, n={len(got)}: " + "; ".join(parts))
    print_paired(rows["before"], rows["after"])


def print_paired(before: list[dict], after: list[dict]) -> None:
    """Per key, the median of after minus before over the runs' pairs (each run's two tabs are
    adjacent in time) with a 95% bootstrap interval of that median, and how many pairs fell."""
    draw = random.Random(1)
    for key in before[0]:
        pairs = [
            (b[key], a[key])
            for b, a in zip(before, after, strict=True)
            if isinstance(b.get(key), (int, float)) and isinstance(a.get(key), (int, float))
        ]
        if not pairs:
            continue
        diffs = [a - b for b, a in pairs]
        medians = sorted(statistics.median(draw.choices(diffs, k=len(diffs))) for _ in range(4000))
        lower = sum(d < 0 for d in diffs)
        print(
            f"paired {key}: {statistics.median(diffs):+.0f} ({medians[100]:+.0f} to"
            f" {medians[3899]:+.0f}), {lower} of {len(diffs)} lower"
        )


if __name__ == "__main__":
    main()
