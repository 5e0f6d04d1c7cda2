"""What the hint's best move is for (issue #34): one line under the best move in the hint
panel and in the phone's hint, in the table's language, for Trickerion, The Magnificent and
the Oracle. Each game is played from its start by the hints' own best moves until a best move
whose game can say what it is for; the line shown is the bridge's text for it."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from helpers import no_problems

# a decision where the game can say nothing (a setup pick, a die roll) is played on
DECISIONS = 40


def start(page, game: str, seed: int, kinds: tuple[str, ...] = ()) -> None:
    page.get_by_test_id(f"game-{game}").click()
    for i, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-{i}-kind").select_option(kind)
    first = page.get_by_test_id("option-first_game")
    if first.count() and first.is_checked():
        first.click()
    page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("start-game").click()
    page.get_by_test_id("speed-select").select_option("0")
    page.evaluate("marquee.idle()")


def to_a_why(page, prefix: str) -> dict:
    """Ask a hint at each of seat 0's decisions and play its best move, until the best move
    comes with a why whose code starts with ``prefix``; returns that hint's best move."""
    for _ in range(DECISIONS):
        page.wait_for_function(
            "marquee.idle().then(() => marquee.toAct().seats?.includes(0))", timeout=120_000
        )
        moves = page.evaluate("marquee.hint()")
        if (moves[0]["why"] or {}).get("code", "").startswith(prefix):
            return moves[0]
        page.evaluate("a => marquee.act(a)", moves[0]["action"])
    raise AssertionError(f"no best move said why in {DECISIONS} decisions")


def shown(page, best: dict, lang: str) -> None:
    """The line under the best move (only there) is the bridge's text, in ``lang``."""
    why = best["why"]
    assert why["text"] and why["text"] != why["code"], why
    first = page.get_by_test_id("hint-move").first
    line = first.get_by_test_id("hint-why")
    expect(line).to_have_text(why["text"], timeout=60_000)
    expect(line).to_have_attribute("data-code", why["code"])
    expect(page.get_by_test_id("hint-why")).to_have_count(1)
    if lang == "ru":
        assert re.search("[а-яА-Я]", why["text"]), why


def test_a_trickerion_hint_says_why_in_english_and_russian_on_both_screens(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, "trickerion", seed=7, kinds=("human", "bot:greedy"))
    # past the setup picks (which say why too): a line in the round's plan
    best = to_a_why(page, "ui.hint.why.trk.send")
    shown(page, best, "en")
    screenshot(page, "hint-why-trickerion-1366-en")
    page.evaluate("marquee.setLang('ru')")
    ru = page.evaluate("marquee.hint()")[0]
    assert ru["action"] == best["action"] and ru["why"]["code"] == best["why"]["code"]
    assert ru["why"]["text"] != best["why"]["text"]
    shown(page, ru, "ru")
    screenshot(page, "hint-why-trickerion-1366-ru")
    # the phone: the same line under the move in the bar at the bottom
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("marquee.hint()")
    line = page.get_by_test_id("phone-hint-why")
    expect(line).to_have_text(ru["why"]["text"], timeout=60_000)
    expect(line).to_be_in_viewport()
    expect(page.get_by_test_id("phone-hint-text")).to_contain_text(ru["label"])
    screenshot(page, "hint-why-trickerion-390-ru")
    page.evaluate("marquee.setLang('en')")
    page.evaluate("marquee.hint()")
    expect(line).to_have_text(best["why"]["text"], timeout=60_000)
    screenshot(page, "hint-why-trickerion-390-en")
    no_problems(page)


def test_a_magnificent_hint_and_an_oracle_hint_say_why(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, "magnificent", seed=5, kinds=("human", "bot:greedy"))
    best = to_a_why(page, "ui.hint.why.mag.")
    shown(page, best, "en")
    screenshot(page, "hint-why-magnificent-1366-en")
    page.get_by_test_id("to-lobby").click()
    start(page, "oracle", seed=3)
    best = to_a_why(page, "ui.hint.why.oracle.")
    shown(page, best, "en")
    screenshot(page, "hint-why-oracle-1366-en")
    no_problems(page)
