"""What the e2e tests share: opening the page, test ids, the catalogue's page text, the clean-page
check, the bridge. Elements are found by test id (``page.get_by_test_id``, the ``data-testid``
attribute) and checked with ``expect(...)``, which waits until the page gets there: no test
sleeps for a fixed time.

    from helpers import READY_TIMEOUT_MS, bridge_call, drive_until, no_problems, open_page, tid, ui
"""

from __future__ import annotations

import collections
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the engine, for CPython's view of the same game

# The first page load starts Pyodide and installs the engine: allow for a slow machine.
READY_TIMEOUT_MS = 120_000

_CATALOG = json.loads((ROOT / "engine" / "core" / "messages.json").read_text(encoding="utf-8"))


def tid(name: str) -> str:
    """A CSS selector for a test id, for compound selectors (``f'{tid("actions")} button'``)
    and for scripts run in the page; otherwise use ``page.get_by_test_id(name)``."""
    return f'[data-testid="{name}"]'


def ui(code: str, lang: str = "en", **params: Any) -> str:
    """A page string of the core catalogue with its ``{params}`` filled."""
    text = _CATALOG[code][lang]
    for k, v in params.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def open_page(page, url: str) -> dict:
    """Open the site and wait until the engine is ready; returns the page's timings."""
    page.goto(url)
    return _ready(page)


def reload_page(page) -> dict:
    """Reload (the autosave resumes the game) and wait until the engine is ready again.

    A request the old page still had in flight is aborted by the reload (the renderers are
    fetched once the page is idle: a reload soon after the engine is ready cut trickerion's
    solo.css, net::ERR_ABORTED): that is the navigation's doing, not a failed request, so it
    is not kept among the page's problems."""
    watched = getattr(page, "marquee", None)
    kept = len(watched.failed_requests) if watched else 0
    page.reload()
    timings = _ready(page)
    if watched:
        fresh = watched.failed_requests[kept:]
        watched.failed_requests[kept:] = [f for f in fresh if not f.endswith("net::ERR_ABORTED")]
    return timings


def _ready(page) -> dict:
    page.wait_for_function("window.marquee", timeout=READY_TIMEOUT_MS)
    page.evaluate("marquee.ready()")
    return page.evaluate("({...marquee.timings})")


def no_problems(page) -> None:
    """No console error, page error, failed or non-local request so far (conftest.watch)."""
    problems = page.marquee.problems()
    assert not problems, problems


def bridge_call(page, method: str, **args: Any) -> Any:
    """Call the engine's bridge inside the page, as web/app.js does (it answers from the
    engine's worker: the call is awaited)."""
    return json.loads(
        page.evaluate(
            "async ([m, a]) => await window.marqueeBridge.call(m, a)", [method, json.dumps(args)]
        )
    )


def wait_for_step_after(page, step: int, timeout: float = 60_000) -> None:
    """Until the match has moved past ``step`` (or ended)."""
    page.wait_for_function(
        "s => marquee.snapshot().step > s || marquee.toAct().kind === 'terminal'",
        arg=step,
        timeout=timeout,
    )


def drive_until(
    page,
    rng,
    done: str,
    weight: Callable[[dict], float] | None = None,
    limit: int = 2000,
) -> None:
    """Play random legal moves for the human seat until the page expression `done` is true,
    each move drawn with probability by ``weight(action)`` when given.

    Moves are sent as action objects taken from the same snapshot, so a bot's step landing in
    between makes the move fail (and the loop look again) instead of picking a different index.
    Giving up a trick or props is never chosen: the tests after a drive expect them still owned.
    """
    for _ in range(limit):
        page.evaluate("marquee.idle()")
        if page.evaluate(done):
            page.evaluate("marquee.settled()")
            return
        legal = page.evaluate("marquee.legalActions()")
        keep = [a for a in legal if a["type"] not in ("return_trick", "discard_props")] or legal
        if keep:
            # (rng.choice when unweighted: the same seeded drives as before)
            pick = rng.choices(keep, [weight(a) for a in keep])[0] if weight else rng.choice(keep)
            page.evaluate("a => marquee.act(a).catch(() => null)", pick)
    raise AssertionError(f"no position where {done} within {limit} moves")


# A Chromium trace's categories for the page thread's tasks (``Browser.start_tracing``).
TRACE_CATEGORIES = [
    "devtools.timeline",
    "disabled-by-default-devtools.timeline",
    "blink.user_timing",
]


def main_thread(path: str) -> tuple[list[dict], list[dict]]:
    """The top-level tasks of the page's main thread in the Chromium trace at ``path`` (the
    renderer thread with the most events), and all its complete events. Each task's ``tdur``
    is its CPU time, which a busy machine stretches far less than the wall time (``dur``) the
    Long Tasks API sees."""
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
    mine = sorted(
        (e for e in events if (e["pid"], e["tid"]) == main and e.get("ph") == "X"),
        key=lambda e: (e["ts"], -e["dur"]),
    )
    return [e for e in mine if e["name"] == "RunTask"], mine
