"""The Magnificent at the table (web/games/magnificent.js).

Smoke draft: a 2-player game against the greedy bot, first decision drawn.
"""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import no_problems, open_page

BOARD = '[data-testid="mgn-board"]'


def lobby_start(page, game: str, players: int, kinds: list[str], seed: int) -> None:
    page.get_by_test_id(f"game-{game}").click()
    if players > 1:
        page.get_by_test_id("players-select").select_option(str(players))
    for i, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-{i}-kind").select_option(kind)
    page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("start-game").click()
    expect(page.locator(BOARD)).to_be_visible(timeout=60_000)


def test_smoke(page, site_url, screenshot):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_page(page, site_url)
    lobby_start(page, "magnificent", 2, ["human", "bot:greedy"], seed=5)
    page.get_by_test_id("speed-select").select_option("0")
    page.evaluate("marquee.idle()")
    shoot_board(page, screenshot, "mgn-smoke-1366")
    no_problems(page)


def shoot_board(page, screenshot, name):
    """The board part by part: the page scrolls the board's own container."""
    page.evaluate("""() => {
        const b = document.querySelector('[data-testid="mgn-board"]');
        let el = b.parentElement;
        while (el && el.scrollHeight <= el.clientHeight + 2) el = el.parentElement;
        window.__mgnScroller = el;
        if (el) el.scrollTop = 0;
    }""")
    shots = [screenshot(page, f"{name}-0")]
    for i in range(1, 4):
        moved = page.evaluate("""() => {
            const el = window.__mgnScroller; if (!el) return false;
            const before = el.scrollTop; el.scrollTop += el.clientHeight * 0.9; return el.scrollTop > before;
        }""")
        if not moved:
            break
        shots.append(screenshot(page, f"{name}-{i}"))
    return shots
