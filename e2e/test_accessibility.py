"""Issue #22 item 9: axe-core (node_modules/axe-core, pinned in package.json, so the check runs
offline) over the WCAG 2.1 A and AA rules on every screen a player meets: the lobby, a table of
every game id, an end screen and a hotseat cover. Any serious or critical violation fails the
test, and all of them are printed (rule, impact, the first elements) so the failure says what
to fix.
"""

from __future__ import annotations

import json

import pytest
from finished import MODES, played

from helpers import ROOT

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]
SIZES = {"1366": (1366, 768), "390": (390, 844)}
# each game id with the number of seats its table is opened with (finished.MODES)
GAMES = {mode: players for mode, (_game, players, _options) in MODES.items()}


def axe(page, where: str) -> list[dict]:
    """The serious and critical violations on the page as it stands now."""
    if not page.evaluate("Boolean(window.axe)"):
        # (run once, its element is not needed: a shared page is left without it)
        page.add_script_tag(path=str(AXE)).evaluate("tag => tag.remove()")
    found = page.evaluate(
        """async (tags) => {
            const r = await axe.run(document, {runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']});
            return r.violations.map(v => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))}));
        }""",
        TAGS,
    )
    bad = [v for v in found if v["impact"] in ("serious", "critical")]
    for v in bad:
        v["where"] = where
    return bad


def forget_axe(page) -> None:
    """axe-core taken out of a shared page (``booted_page``): the page as the test found it."""
    page.evaluate("delete window.axe")


def report(violations: list[dict]) -> str:
    lines = []
    for v in violations:
        lines.append(
            f"[{v['where']}] {v['id']} ({v['impact']}): {v['help']}, {len(v['nodes'])} element(s)"
        )
        for n in v["nodes"][:6]:
            summary = (n["summary"] or "").replace("\n", " | ")
            lines.append(f"    {n['target']}  -- {summary[:240]}")
    return "\n".join(lines)


def settle(page) -> None:
    page.evaluate("marquee.idle()")
    page.evaluate("marquee.settled()")
    # the game's own board, not the generic view shown while its renderer module loads
    page.wait_for_function("!document.querySelector('[data-testid=generic-view]')")


def start(page, game: str, kinds: list[str]) -> None:
    seats = [{"kind": k, "bot": "random", "name": f"Seat {i + 1}"} for i, k in enumerate(kinds)]
    page.evaluate(
        "([game, seats]) => marquee.start({game, seats, players: seats.length, seed: 5})",
        [game, seats],
    )
    settle(page)


@pytest.mark.parametrize("size", list(SIZES))
def test_no_serious_axe_violations(booted_page, screenshot, size):
    assert AXE.is_file(), "node_modules/axe-core is missing: run npm ci (scripts/build.py does)"
    width, height = SIZES[size]
    page = booted_page
    page.set_viewport_size({"width": width, "height": height})
    page.evaluate("marquee.setSpeed(0)")
    found = axe(page, "lobby")
    screenshot(page, f"a11y-lobby-{size}")

    for game, players in GAMES.items():
        start(page, game, ["human"] + ["bot"] * (players - 1))
        found += axe(page, game)
        screenshot(page, f"a11y-{game}-{size}")
        page.evaluate("marquee.toLobby()")

    # the end screen: a finished game opened from its file
    page.evaluate("t => marquee.load(t)", played("magnificent").finished)
    settle(page)
    assert page.evaluate("marquee.toAct().kind") == "terminal"
    found += axe(page, "ending")
    screenshot(page, f"a11y-ending-{size}")

    # the hotseat cover: two people at one device, the second about to make a secret choice
    start(page, "trickerion", ["human", "human"])
    for _ in range(20):
        if page.evaluate("marquee.screen()") == "pass":
            break
        page.evaluate("marquee.act(0)")
        settle(page)
    assert page.evaluate("marquee.screen()") == "pass"
    found += axe(page, "hotseat cover")
    screenshot(page, f"a11y-cover-{size}")
    forget_axe(page)

    # every element, for whoever fixes them (the message shows the first few of each rule)
    (ROOT / "build" / f"axe-violations-{size}.json").write_text(json.dumps(found, indent=1))
    assert not found, "axe-core found serious violations:\n" + report(found)
