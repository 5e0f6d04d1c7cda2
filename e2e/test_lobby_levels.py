"""The lobby's choices a player meets first (issue #31): the five games one radio group (a
single Tab stop, the arrows move the choice), the bot levels listed weakest to strongest and
described by strength, the random bot (for tests) never listed yet still selectable by tests."""

from __future__ import annotations

from playwright.sync_api import expect

from helpers import no_problems

STRENGTH = ["easy", "greedy", "normal", "hard", "expert"]


def test_games_are_one_radio_group(booted_page, screenshot):
    page = booted_page
    cards = page.get_by_role("radio")
    assert cards.count() >= 5
    stops = [cards.nth(i).get_attribute("tabindex") for i in range(cards.count())]
    assert stops.count("0") == 1
    chosen = page.locator("[role=radio][aria-checked=true]")
    first = chosen.get_attribute("data-game")
    chosen.focus()
    page.keyboard.press("ArrowRight")
    page.wait_for_function("f => marquee.setup().game !== f", arg=first)
    now = page.evaluate("marquee.setup().game")
    expect(page.get_by_test_id(f"game-{now}")).to_be_focused()
    expect(page.get_by_test_id(f"game-{now}")).to_have_attribute("tabindex", "0")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("f => marquee.setup().game === f", arg=first)
    expect(page.get_by_test_id(f"game-{first}")).to_be_focused()
    no_problems(page)


def test_levels_by_strength_and_no_random_bot(booted_page, screenshot):
    page = booted_page
    for width, height, name in ((1366, 768, "desktop"), (390, 844, "phone")):
        page.set_viewport_size({"width": width, "height": height})
        page.get_by_test_id("game-trickerion").click()
        kind = page.get_by_test_id("seat-1-kind")
        listed = kind.evaluate("s => [...s.options].filter(o => !o.hidden).map(o => o.value)")
        bots = [v.removeprefix("bot:") for v in listed if v.startswith("bot:")]
        assert "random" not in bots and bots == [b for b in STRENGTH if b in bots]
        assert bots.index("greedy") < bots.index("expert")
        kind.select_option("bot:greedy")
        expect(page.get_by_test_id("seat-1-about")).to_contain_text("weaker than normal")
        screenshot(page, f"lobby-levels-{name}-en")
        kind.select_option("bot:random")  # tests and automation still reach it
        assert page.evaluate("marquee.setup().seats[1].bot") == "random"
    no_problems(page)


def test_a_level_that_thinks_for_a_time_says_so(booted_page):
    """Issue #32: a level with a time budget a move (the expert and hard in every game, and
    Trickerion's normal since session 22) says in the lobby that its strength depends on the
    device, and hard its budget a turn too (Trickerion's since session 23, every game's since
    24), the expert its own (session 25); a level without one (The Magnificent's normal, greedy) does not."""
    page = booted_page
    page.get_by_test_id("game-trickerion").click()
    kind = page.get_by_test_id("seat-1-kind")
    about = page.get_by_test_id("seat-1-about")
    kind.select_option("bot:expert")
    expect(about).to_contain_text("Thinks for up to 2.5 s a move and 3 s a turn at most")
    kind.select_option("bot:hard")
    expect(about).to_contain_text("Thinks for up to 0.5 s a move and 2.5 s a turn at most")
    kind.select_option("bot:normal")
    expect(about).to_contain_text("Thinks for about 0.3 s a move")
    kind.select_option("bot:greedy")
    expect(about).not_to_contain_text("Thinks for")
    page.get_by_test_id("game-magnificent").click()
    kind.select_option("bot:normal")
    expect(about).not_to_contain_text("Thinks for")
    kind.select_option("bot:hard")
    expect(about).to_contain_text("Thinks for up to 0.2 s a move and 2.5 s a turn at most")
    kind.select_option("bot:expert")
    expect(about).to_contain_text("Thinks for up to 2.5 s a move and 3 s a turn at most")
    page.get_by_test_id("lang-select").select_option("ru")
    expect(page.get_by_test_id("seat-1-about")).to_contain_text(
        "Думает до 2,5 с над каждым ходом и не больше 3 с за всю очередь"
    )
    no_problems(page)
