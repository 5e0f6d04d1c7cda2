"""Issue #34: the rules at hand. The reference opens at the right section from a location's
"?", from a refused move on the board and from a refused move's error banner ("see the rule",
tapped on a phone), in EN, RU and FR, at 1366x768 and 390x844; the table's "Rules" button and
a board area's "?" open it for every game. Screenshots under build/screenshots/rules-*.
"""

from __future__ import annotations

import json
import random

from test_accessibility import axe, report

from engine import rules_ref
from engine.bridge import Bridge
from helpers import READY_TIMEOUT_MS, drive_until, no_problems, open_page, tid

SIZES = {"1366": (1366, 768), "390": (390, 844)}
LANGS = ("en", "ru", "fr")
PLACES = ("downtown", "market_row", "workshop", "theater", "dark_alley")


# The games here are played only to reach a position whose rule is looked up: the opponent is
# greedy, not the lobby's default (normal, whose rollouts made each drive cost the page's worker
# seconds a bot turn, more on a loaded machine; docs/boot.md, #32 session 22).
SEATS = [{"kind": "human"}, {"kind": "bot", "bot": "greedy"}]


def start(page, game: str, seed: int = 5) -> None:
    page.evaluate("marquee.setSpeed(0)")
    seats = SEATS[:1] if game == "oracle" else SEATS
    page.evaluate(
        "([g, s, seats]) => marquee.start({game: g, players: seats.length, seed: s, seats})",
        [game, seed, seats],
    )
    page.evaluate("marquee.idle()")


def set_lang(page, lang: str) -> None:
    page.evaluate("l => marquee.setLang(l)", lang)
    page.evaluate("marquee.settled()")


def dialog_at(page) -> dict:
    """The open reference: its section marked, that section's title and whether it is in view
    (its heading inside the dialog's scrolled text and the window)."""
    page.get_by_test_id("rules").wait_for(state="visible")
    return page.evaluate(
        """() => {
            const d = document.querySelector('[data-testid=rules]');
            const at = d.querySelector('.rules-section.at');
            const body = d.querySelector('.rules-body').getBoundingClientRect();
            const head = at.querySelector('h3').getBoundingClientRect();
            const inView = head.top >= body.top - 1 && head.bottom <= Math.min(body.bottom, innerHeight) + 1;
            return {at: d.dataset.at, marked: at.dataset.testid, title: at.querySelector('h3').textContent,
                    inView, lang: document.documentElement.lang, width: d.getBoundingClientRect().width};
        }"""
    )


def close(page) -> None:
    page.get_by_test_id("rules-close").click()
    page.get_by_test_id("rules").wait_for(state="detached")


def test_a_locations_question_mark_opens_its_section_in_every_language_and_size(
    booted_page, screenshot
):
    page = booted_page
    start(page, "trickerion")
    ref = rules_ref.load("trickerion")
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        for lang in LANGS:
            set_lang(page, lang)
            for place in PLACES if (size, lang) == ("1366", "en") else ("workshop", "dark_alley"):
                button = page.get_by_test_id(f"trk-help-{place}")
                button.scroll_into_view_if_needed()
                button.click()
                shown = dialog_at(page)
                section = ref.places[place]
                title = next(s.title[lang] for s in ref.sections if s.id == section)
                assert (shown["at"], shown["marked"]) == (section, f"rules-section-{section}"), (
                    size,
                    lang,
                )
                assert shown["title"] == title and shown["lang"] == lang and shown["inView"], shown
                assert shown["width"] <= w, shown
                if place == "workshop":
                    screenshot(page, f"rules-place-{place}-{lang}-{size}")
                close(page)
    no_problems(page)


def test_a_refused_move_on_the_board_opens_the_rule_that_refuses_it(booted_page, screenshot):
    page = booted_page
    start(page, "trickerion", seed=11)
    # placements: the Downtown dice explain why they cannot be used before a character is there
    drive_until(page, random.Random(3), "marquee.snapshot().view.phase === 'place'")
    page.wait_for_selector(".loc-downtown .die.why", timeout=READY_TIMEOUT_MS)
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        for lang in LANGS:
            set_lang(page, lang)
            die = page.locator(".loc-downtown .die.why").first
            die.scroll_into_view_if_needed()
            die.hover()
            why = page.get_by_test_id("trk-why")
            why.wait_for(state="visible")
            code = why.get_attribute("data-code")
            assert code, "the why-tip names no rule"
            die.click()
            shown = dialog_at(page)
            assert shown["at"] == rules_ref.section_of("trickerion", code), (code, shown)
            assert shown["lang"] == lang and shown["inView"], shown
            screenshot(page, f"rules-refusal-{lang}-{size}")
            close(page)
    no_problems(page)


def refusal_of_a_second_try(page, action: dict, lang: str) -> dict:
    """The engine's refusal of ``action`` played twice from the page's position (its code and
    message, in ``lang``), as a Bridge of its own answers it."""
    bridge = Bridge()
    seat = page.evaluate("marquee.viewer()")
    text = page.evaluate("marquee.save()")["text"]
    bridge.call("load", json.dumps({"text": text, "viewer": seat, "lang": lang}))
    move = json.dumps({"seat": seat, "action": action, "viewer": seat, "lang": lang})
    assert "error" not in json.loads(bridge.call("act", move))
    return json.loads(bridge.call("act", move))["error"]


def test_a_refused_moves_banner_opens_the_rule_that_refuses_it(browser, site_url, screenshot):
    """A move the engine refuses reaches the error banner (here a double click on the move
    list: the second click asks again for a move the first made illegal); the banner's "see the
    rule" opens the reference at the refusal's section, clicked at 1366x768 and tapped at
    390x844 (where the phone's bar and the board must not cover it)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, has_touch=True)
    page = context.new_page()
    from conftest import watch

    watch(page)
    open_page(page, site_url)
    start(page, "trickerion", seed=11)
    drive_until(page, random.Random(3), "marquee.snapshot().view.phase === 'assign'")
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        for lang in ("en", "ru"):
            set_lang(page, lang)
            entry = next(
                e for e in page.evaluate("marquee.legal()") if e["action"]["type"] == "assign"
            )
            refusal = refusal_of_a_second_try(page, entry["action"], lang)
            section = rules_ref.section_of("trickerion", refusal["code"])
            assert section, refusal
            page.locator(f'{tid("actions")} [data-index="{entry["index"]}"]').evaluate(
                "b => { b.click(); b.click(); }"
            )
            link = page.get_by_test_id("error-rule")
            link.wait_for(state="visible")
            assert refusal["message"] in page.get_by_test_id("error-banner").inner_text()
            if size == "390":
                link.scroll_into_view_if_needed()
                screenshot(page, f"rules-banner-link-{lang}-{size}")
                link.tap()
            else:
                link.click()
            shown = dialog_at(page)
            assert shown["at"] == section and shown["lang"] == lang and shown["inView"], shown
            screenshot(page, f"rules-banner-{lang}-{size}")
            close(page)
            page.get_by_test_id("error-dismiss").click()
            page.evaluate("marquee.undo()")  # the first click's move: the next try is the same
    no_problems(page)
    context.close()


def test_the_tables_rules_button_and_each_areas_question_mark_open_every_games_reference(
    booted_page, screenshot
):
    page = booted_page
    for game, place in (("magnificent", "travel"), ("oracle", "horoscope")):
        start(page, game)
        ref = rules_ref.load(game)
        for lang in LANGS:
            set_lang(page, lang)
            help_button = page.get_by_test_id(f"rules-help-{place}")
            help_button.scroll_into_view_if_needed()
            if lang == "ru":
                screenshot(page, f"rules-help-{game}-{lang}")
            help_button.click()
            shown = dialog_at(page)
            assert shown["at"] == ref.places[place] and shown["inView"] and shown["lang"] == lang, (
                shown
            )
            close(page)
            page.get_by_test_id("rules-open").click()
            shown = dialog_at(page)
            first = rules_ref.load(game).sections[0]
            assert shown["at"] == first.id and shown["title"] == first.title[lang], shown
            # a section picked from the list is brought into view and marked
            last = rules_ref.load(game).sections[-1]
            page.get_by_test_id(f"rules-link-{last.id}").click()
            page.wait_for_function(
                "id => document.querySelector(`[data-testid=rules-section-${id}]`).classList.contains('at')",
                arg=last.id,
            )
            if lang == "ru":
                screenshot(page, f"rules-button-{game}-{lang}")
                bad = axe(page, f"rules of {game} ({lang})")
                assert not bad, report(bad)
            close(page)
    no_problems(page)
