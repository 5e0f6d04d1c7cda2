"""The ending of every game (issue #21): the moment a game ends, the winner's banner and the
final scores are in the window at 1366x768, 1920x1080 and 390x844 (checked in the viewport, not
only in the page), with the game's breakdown, the solo targets where the game has them, Undo
gone, the next steps offered, the chart drawn with one line per seat (in the seats' colours, its
grid at round numbers), and the side panel saying who won by how much.

Each game comes from a save a few of the person's moves before its end (e2e/finished.py, played
in CPython through the page's own bridge); the page plays those last moves itself, so the test
sees the position turn into the ending, as a person playing it would.
"""

from __future__ import annotations

import pytest
from finished import MODES, played
from playwright.sync_api import expect

from helpers import no_problems

SIZES = {"desktop": (1366, 768), "large": (1920, 1080), "phone": (390, 844)}


def play_to_end(page, text: str) -> dict:
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("t => marquee.load(t)", text)
    while True:
        page.evaluate("marquee.idle()")
        if page.evaluate("marquee.toAct().kind") == "terminal":
            return page.evaluate("marquee.snapshot()")
        # clicked as a person would (the focus and the scroll where a click leaves them)
        button = page.get_by_test_id("action-0")
        if button.count():
            button.click()
            page.evaluate("marquee.settled()")
        else:  # a move built on the board through a form
            page.evaluate("marquee.act(0)")


def check_ending(page, snap: dict) -> None:
    players = len(snap["seats"])
    # the whole banner and every seat's total, in the window itself
    expect(page.get_by_test_id("winner-banner")).to_be_in_viewport(ratio=1)
    for seat in range(players):
        expect(page.get_by_test_id(f"score-{seat}")).to_be_in_viewport(ratio=1)
        assert (
            page.get_by_test_id(f"score-{seat}")
            .inner_text()
            .startswith(str(snap["result"]["scores"][seat]))
        )
    rows = page.get_by_test_id("score-table").locator("tbody tr")
    categories = {k for row in snap["result"]["breakdown"] for k in row if k != "total"}
    assert rows.count() == len(categories) + 1  # and the Total row
    expect(page.get_by_test_id("undo")).to_be_hidden()
    for button in ("game-over-lobby", "game-over-again", "game-over-review"):
        expect(page.get_by_test_id(button)).to_be_visible()
    expect(page.get_by_test_id("chart-svg")).to_be_visible()
    assert (
        page.get_by_test_id("chart-svg").locator("[data-testid^=chart-series-]").count() == players
    )
    targets = snap["result"].get("targets") or []
    expect(page.get_by_test_id("solo-targets").locator("li")).to_have_count(len(targets))
    # the grid at round numbers (issue #31: The Magnificent's fell at -1, 40, 81...)
    ticks = [int(x) for x in page.locator(".chart-grid text").all_text_contents()]
    step = ticks[1] - ticks[0]
    assert step in {m * 10**k for m in (1, 2, 5) for k in range(4)}
    assert all(b - a == step and a % step == 0 for a, b in zip(ticks, ticks[1:], strict=False))
    # the side panel says who won and by how much, not only that the game is over
    scores = sorted(snap["result"]["scores"], reverse=True)
    line = page.get_by_test_id("ending-line")
    expect(line).to_be_visible()
    if len(scores) > 1 and len(snap["result"]["winners"]) == 1:
        expect(line).to_contain_text(str(scores[0] - scores[1]))
    else:
        expect(line).to_contain_text(str(snap["result"]["scores"][0]))


@pytest.mark.parametrize("size", list(SIZES))
def test_the_ending_is_in_view(booted_page, screenshot, size):
    page = booted_page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    for mode in MODES:
        game = played(mode)
        snap = play_to_end(page, game.near_end)
        check_ending(page, snap)
        screenshot(page, f"ending-{mode}-{size}-en")
        page.get_by_test_id("chart").scroll_into_view_if_needed()
        screenshot(page, f"chart-{mode}-{size}-en")
        page.evaluate("marquee.setLang('ru')")
        expect(page.get_by_test_id("winner-banner")).to_contain_text("Игра окончена")
        expect(page.get_by_test_id("winner-banner")).to_be_in_viewport(ratio=1)
        screenshot(page, f"ending-{mode}-{size}-ru")
        page.get_by_test_id("chart").scroll_into_view_if_needed()
        screenshot(page, f"chart-{mode}-{size}-ru")
        page.evaluate("marquee.setLang('en')")
    no_problems(page)


def test_a_full_tables_scores_fit_a_phone(booted_page, screenshot):
    """Four seats' columns at 390x844, in EN and RU: the fourth column was cut off by the
    panel's edge (the table scrolled sideways, every total not in the window)."""
    page = booted_page
    page.set_viewport_size({"width": 390, "height": 844})
    snap = play_to_end(page, played("trickerion-4").near_end)
    for lang in ("en", "ru"):
        page.evaluate("l => marquee.setLang(l)", lang)
        page.get_by_test_id("winner-banner").scroll_into_view_if_needed()
        check_ending(page, snap)
        headers = page.get_by_test_id("score-table").locator("thead th")
        for i in range(headers.count()):
            expect(headers.nth(i)).to_be_in_viewport(ratio=1)
        screenshot(page, f"ending-trickerion-4-phone-{lang}")
    page.evaluate("marquee.setLang('en')")
    no_problems(page)


def test_play_again_keeps_the_table(booted_page):
    page = booted_page
    game = played("trickerion-solo")
    before = play_to_end(page, game.near_end)
    page.get_by_test_id("game-over-again").click()
    page.wait_for_function("s => marquee.snapshot().step < s", arg=before["step"])
    after = page.evaluate("marquee.snapshot()")
    assert (after["game"], after["options"]) == (before["game"], before["options"])
    assert [(s["kind"], s["name"]) for s in after["seats"]] == [
        (s["kind"], s["name"]) for s in before["seats"]
    ]
    assert after["to_act"]["kind"] != "terminal" and after["result"] is None
    expect(page.get_by_test_id("game-over")).to_be_hidden()
    expect(page.get_by_test_id("undo")).to_be_visible()
    no_problems(page)
