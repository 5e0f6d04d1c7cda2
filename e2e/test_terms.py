"""Issue #34: game terms in move labels and the log explain themselves. A mouse resting on a
term in a Trickerion move label shows its explanation, Enter on a log term opens it; at 390x844
on a touch screen a tap on a term in the log opens the popover, whose rule link opens the
reference at the term's section, and a tap on a term inside a move button explains it without
playing the move; The Magnificent and the Oracle in EN and RU; the review screen's log the same
way, its rule link opening the reference over the review. Screenshots under build/screenshots/terms-*."""

from __future__ import annotations

import random

import pytest
from finished import played
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect
from test_rules_ref import dialog_at, set_lang, start

from conftest import watch
from engine import rules_ref
from helpers import drive_until, no_problems, open_page

# a position whose move list names a term (Advertise: "pay 1 coin for 2 fame")
LABEL_TERM = "!!document.querySelector('.action .term')"
LOG_TERM = "!!document.querySelector('.log-text .term')"


def explained(game: str, lang: str) -> dict[str, dict]:
    return {t["id"]: t for t in rules_ref.localized(game, lang)["terms"]}


def hover_first(page, where: str, game: str, lang: str) -> dict:
    """Rest the mouse on the first term under ``where``: the tip shown and the term it is for."""
    term = page.locator(f"{where} .term").first
    for attempt in range(3):
        try:
            term.scroll_into_view_if_needed()
            term.hover()
            break
        except PlaywrightError as error:
            # the list was drawn again between finding the term and resting on it (a loaded
            # machine's late frame): the locator finds the new one
            if "not attached" not in str(error) or attempt == 2:
                raise
    tip = page.get_by_test_id("term-tip")
    tip.wait_for(state="visible")
    box = tip.bounding_box()
    size = page.viewport_size
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
    want = explained(game, lang)[term.get_attribute("data-term")]
    assert tip.text_content() == want["text"], (tip.text_content(), want)
    return want


def tap_to_its_rule(page, screenshot, term, game, lang, pop_shot, rule_shot, review_step=None):
    """A tap on `term` (at 390×844) opens its explanation inside the screen; its rule link opens
    the reference at the term's section, in the page's language; the reference then closes.
    On the review screen (`review_step`), the tap moves the review to no other step."""
    term.scroll_into_view_if_needed()
    term.tap()
    pop = page.get_by_test_id("term-pop")
    pop.wait_for(state="visible")
    want = explained(game, lang)[term.get_attribute("data-term")]
    assert want["text"] in pop.text_content()
    box = pop.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["y"] >= 0, box
    assert box["y"] + box["height"] <= 844, box
    if review_step is not None:
        assert page.evaluate("marquee.review.state().step") == review_step
    screenshot(page, f"{pop_shot}-{lang}-390")
    page.get_by_test_id("term-rule").tap()
    shown = dialog_at(page)
    assert shown["at"] == want["section"] and shown["inView"] and shown["lang"] == lang, shown
    screenshot(page, f"{rule_shot}-{lang}-390")
    page.get_by_test_id("rules-close").tap()
    page.get_by_test_id("rules").wait_for(state="detached")


def test_a_term_in_a_trickerion_move_label_explains_itself_on_hover(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, "trickerion", seed=7)
    drive_until(page, random.Random(2), f"{LOG_TERM} && {LABEL_TERM}")
    for lang in ("en", "ru"):
        set_lang(page, lang)
        page.wait_for_selector(".action .term")
        hover_first(page, ".action", "trickerion", lang)
        screenshot(page, f"terms-hover-trickerion-{lang}-1366")
    # the keyboard: a log term takes the focus, Enter opens its explanation, Escape closes it
    # and gives the focus back
    page.wait_for_selector(".log-text .term")
    log_term = page.locator(".log-text .term").last
    log_term.scroll_into_view_if_needed()
    log_term.focus()
    page.keyboard.press("Enter")
    pop = page.get_by_test_id("term-pop")
    pop.wait_for(state="visible")
    want = explained("trickerion", "ru")[log_term.get_attribute("data-term")]
    assert pop.get_attribute("aria-label") == want["name"] and want["text"] in pop.text_content()
    screenshot(page, "terms-pop-keyboard-ru-1366")
    page.keyboard.press("Escape")
    pop.wait_for(state="detached")
    assert log_term.evaluate("el => el === document.activeElement")
    # a mouse click on the term plays the move under it, as a click on the rest of its label
    step = page.evaluate("marquee.snapshot().step")
    page.mouse.move(0, 0)
    page.locator(".action .term").first.click()
    page.wait_for_function("s => marquee.snapshot().step > s", arg=step)
    no_problems(page)


@pytest.fixture
def phone(browser):
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    watch(page)
    yield page
    context.close()


def test_a_tap_on_a_term_opens_its_explanation_and_its_rule(phone, site_url, screenshot):
    page = phone
    open_page(page, site_url)
    start(page, "trickerion", seed=7)
    drive_until(page, random.Random(2), f"{LOG_TERM} && {LABEL_TERM}")
    for lang in ("en", "ru"):
        set_lang(page, lang)
        page.wait_for_selector(".log-text .term")
        term = page.locator(".log-text .term").last
        tap_to_its_rule(page, screenshot, term, "trickerion", lang, "terms-pop-log", "terms-rule")
    # a tap on a term inside a move button explains the term and plays nothing
    before = page.evaluate("marquee.snapshot().step")
    term = page.locator(".action .term").first
    term.scroll_into_view_if_needed()
    term.tap()
    page.get_by_test_id("term-pop").wait_for(state="visible")
    page.evaluate("marquee.settled()")
    assert page.evaluate("marquee.snapshot().step") == before
    screenshot(page, "terms-pop-button-390")
    page.get_by_test_id("term-pop-close").tap()
    page.get_by_test_id("term-pop").wait_for(state="detached")
    no_problems(page)


@pytest.mark.parametrize("game", ["magnificent", "oracle"])
def test_a_term_in_the_magnificent_and_the_oracle_explains_itself_in_en_and_ru(
    booted_page, screenshot, game
):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, game)
    for lang in ("en", "ru"):
        set_lang(page, lang)
        page.wait_for_selector(".action .term")
        want = hover_first(page, ".action", game, lang)
        assert any(f in page.locator(".action .term").first.text_content() for f in want["forms"])
        screenshot(page, f"terms-hover-{game}-{lang}-1366")
        page.mouse.move(0, 0)
        page.get_by_test_id("term-tip").wait_for(state="detached")
    no_problems(page)


def open_review(page) -> None:
    """The review of a finished 2-player Magnificent game (e2e/finished.py), at its end."""
    game = played("magnificent")
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("t => marquee.load(t)", game.finished)
    page.evaluate("marquee.idle()")
    page.evaluate("marquee.review.open()")
    page.wait_for_function("marquee.screen() === 'review'")
    page.wait_for_selector(".review-log .log-text .term")


def test_a_term_in_the_review_log_explains_itself_and_a_click_still_jumps(booted_page, screenshot):
    """The review's log is marked as the table's: a mouse resting on a term explains it, and a
    click on the term jumps to the position after its move, as a click on the rest of its entry."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    open_review(page)
    for lang in ("en", "ru"):
        set_lang(page, lang)
        page.wait_for_selector(".review-log .log-text .term")
        hover_first(page, ".review-log", "magnificent", lang)
        screenshot(page, f"terms-review-hover-{lang}-1366")
        page.mouse.move(0, 0)
        page.get_by_test_id("term-tip").wait_for(state="detached")
    entry = page.locator(".review-log li:has(.term)").nth(5)
    step = int(entry.get_attribute("data-step"))
    term = entry.locator(".term").first
    term.scroll_into_view_if_needed()
    term.click()
    expect(page.get_by_test_id("review-position")).to_have_attribute("data-step", str(step + 1))
    expect(page.get_by_test_id("term-pop")).to_have_count(0)
    no_problems(page)


def test_a_tap_on_a_term_in_the_review_log_opens_its_rule_over_the_review(
    phone, site_url, screenshot
):
    """On a phone a tap on a review log term explains it without jumping; its rule link opens
    the reference at the term's section over the review, which is still there once it closes."""
    page = phone
    open_page(page, site_url)
    open_review(page)
    for lang in ("en", "ru"):
        set_lang(page, lang)
        page.wait_for_selector(".review-log .log-text .term")
        before = page.evaluate("marquee.review.state().step")
        term = page.locator(".review-log .log-text .term").nth(3)
        # (the tap explains: the review stays at its step until the rule link is followed)
        tap_to_its_rule(
            page,
            screenshot,
            term,
            "magnificent",
            lang,
            "terms-review-pop",
            "terms-review-rule",
            review_step=before,
        )
        assert page.evaluate("marquee.screen()") == "review"
        assert page.evaluate("marquee.review.state().step") == before
    no_problems(page)


def test_a_tip_goes_once_its_term_is_drawn_away_and_the_mouse_moves_on(booted_page):
    """The mouse rests on a term in a move label, the move list is drawn again under it (a move
    played, the bots answering), then the mouse moves onto the page: the tip of the term that is
    no longer there goes. It stayed over the table, the ending and the review screen (its
    pointerout never came from the removed term, and a pointer over anything but a term left it)."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, "magnificent")
    page.wait_for_selector(".action .term")
    hover_first(page, ".action", "magnificent", "en")
    hovered = page.locator(".action .term").first.element_handle()
    step = page.evaluate("marquee.snapshot().step")
    page.evaluate("marquee.act(0)")
    page.wait_for_function("s => marquee.snapshot().step > s", arg=step)
    page.evaluate("marquee.idle()")
    page.wait_for_function("el => !el.isConnected", arg=hovered)
    box = page.get_by_test_id("turn-status").bounding_box()
    page.mouse.move(box["x"] + 4, box["y"] + box["height"] / 2)
    page.get_by_test_id("term-tip").wait_for(state="detached", timeout=5_000)
    no_problems(page)
