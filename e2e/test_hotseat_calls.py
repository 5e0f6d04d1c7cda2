"""Issue #33 part 5: when the device passes to another human, the table asks the bridge for the
new seat's snapshot once. The answer of the move itself is the position for the seat that made
it, which is all the hotseat cover compares the new seat's view with (web/app/play.js settle).

Every call the page makes to the engine is counted by method (``marqueeBridge.call`` wrapped),
over seeded random moves of two humans at The Magnificent, where a turn hands the device over
with no simultaneous decision: the case that asked for a second snapshot before.
"""

from __future__ import annotations

import random
from collections import Counter

from helpers import no_problems

COUNT = """() => { const door = window.marqueeBridge; const inner = door.call;
  window.__bridgeCalls = []; window.__bridgeInner = inner;
  door.call = (method, args) => { window.__bridgeCalls.push(method); return inner.call(door, method, args); }; }"""
RESTORE = "() => { window.marqueeBridge.call = window.__bridgeInner; }"


def test_a_seat_change_asks_for_one_snapshot(booted_page):
    page = booted_page
    page.evaluate(
        "marquee.start({game: 'magnificent', seed: 5, players: 2,"
        " seats: [{kind: 'human', name: 'Ann'}, {kind: 'human', name: 'Bea'}]})"
    )
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("marquee.idle()")
    rng = random.Random(1)
    changes: list[Counter] = []
    page.evaluate(COUNT)
    try:
        for _ in range(60):
            legal = page.evaluate("marquee.legalActions().length")
            if page.evaluate("marquee.toAct().kind") == "terminal" or not legal:
                break
            before = page.evaluate("marquee.viewer()")
            page.evaluate("window.__bridgeCalls = []")
            page.evaluate(f"marquee.act({rng.randrange(legal)})")
            page.evaluate("marquee.idle()")
            calls = Counter(page.evaluate("window.__bridgeCalls"))
            if page.evaluate("marquee.viewer()") != before:
                changes.append(calls)
            else:
                assert calls["snapshot"] == 0, calls
            if len(changes) >= 3:
                break
    finally:
        page.evaluate(RESTORE)
    assert len(changes) >= 3, "the seeded game handed the device over fewer than 3 times"
    for calls in changes:
        assert calls["snapshot"] == 1, calls
    no_problems(page)
