"""Issue #22 item 8: the lobby's sticky Start bar no longer covers the seed row, an Install
button exists exactly where the browser offers to install, and a quiet "ready offline ✓" says
when the service worker holds the whole build.

Screenshots: build/screenshots/lobby-seed-<size>.png, install-<size>.png,
offline-ready-<size>-<lang>.png (1366x768 and 390x844).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from helpers import READY_TIMEOUT_MS, no_problems, open_page, ui

SIZES = {"1366": (1366, 768), "390": (390, 844)}

# Chromium fires beforeinstallprompt only for a site it judges installable after some use,
# never in a headless test: the same event, with the two members the page uses, stands in.
OFFER = """() => {
    const offer = new Event('beforeinstallprompt', {cancelable: true});
    offer.prompt = () => { window.__prompted = (window.__prompted ?? 0) + 1; return Promise.resolve(); };
    offer.userChoice = Promise.resolve({outcome: 'accepted', platform: 'web'});
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
}"""

CLEAR_OF_BAR = """id => {
    const r = document.querySelector(`[data-testid="${id}"]`).getBoundingClientRect();
    const bar = document.querySelector('.lobby-start').getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, bar: bar.top, clear: r.top >= 0 && r.bottom <= bar.top + 1};
}"""


@pytest.mark.parametrize("size", list(SIZES))
def test_tab_to_the_seed_stops_above_the_start_bar(browser, site_url, screenshot, size):
    """Trickerion's form is the longest: the seed row sat under the Start bar at 1366x768, and
    Tab to it left it there."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    open_page(page, site_url)
    page.get_by_test_id("game-trickerion").click()
    page.get_by_test_id("option-first_game").focus()
    # Tab by Tab to the seed, as a keyboard does
    for _ in range(20):
        if page.evaluate("document.activeElement?.dataset?.testid") == "seed-input":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement?.dataset?.testid") == "seed-input"
    at = page.evaluate(CLEAR_OF_BAR, "seed-input")
    assert at["clear"], f"the seed field is under the Start bar: {at}"
    screenshot(page, f"lobby-seed-{size}")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement?.dataset?.testid") == "seed-random"
    at = page.evaluate(CLEAR_OF_BAR, "seed-random")
    assert at["clear"], f"the random-seed button is under the Start bar: {at}"
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_install_is_offered_only_when_the_browser_offers(browser, site_url, screenshot, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    from conftest import watch

    watch(page)
    open_page(page, site_url)
    expect(page.get_by_test_id("install")).to_have_count(0)
    assert page.evaluate(OFFER) is True  # the browser's own bar is not shown beside ours
    button = page.get_by_test_id("install")
    expect(button).to_be_visible()
    expect(button).to_have_text(ui("ui.offline.install"))
    expect(button).to_be_in_viewport(ratio=1)
    screenshot(page, f"install-{size}")
    page.evaluate("marquee.setLang('ru')")
    expect(page.get_by_test_id("install")).to_have_text(ui("ui.offline.install", "ru"))
    page.evaluate("marquee.setLang('en')")
    page.get_by_test_id("install").click()
    assert page.evaluate("window.__prompted") == 1
    # an offer is good for one prompt: the button goes with it
    expect(page.get_by_test_id("install")).to_have_count(0)
    # and comes back with the next offer, also on a table's screen
    page.evaluate("marquee.start({game: 'oracle', seed: 3, seats: [{kind: 'human'}]})")
    page.evaluate(OFFER)
    expect(page.get_by_test_id("install")).to_be_visible()
    page.evaluate("window.dispatchEvent(new Event('appinstalled'))")
    expect(page.get_by_test_id("install")).to_have_count(0)
    no_problems(page)
    context.close()


@pytest.mark.parametrize("size", list(SIZES))
def test_ready_offline_once_the_worker_holds_the_build(browser, site_url, screenshot, size):
    # a context of its own without request routing, as in test_offline.py: the service worker
    # must fetch the build itself
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site_url)
    page.wait_for_function("window.marquee", timeout=READY_TIMEOUT_MS)
    page.evaluate("marquee.ready()")
    page.wait_for_function(
        "window.marqueeOffline && marqueeOffline.state === 'cached'", timeout=READY_TIMEOUT_MS
    )
    note = page.get_by_test_id("offline-ready")
    expect(note).to_have_text(ui("ui.offline.ready"))
    expect(note).to_be_in_viewport(ratio=1)
    expect(note).to_have_attribute("title", ui("ui.offline.ready_help"))
    screenshot(page, f"offline-ready-{size}-en")
    for lang in ("ru", "fr"):
        page.evaluate(f"marquee.setLang('{lang}')")
        expect(note).to_have_text(ui("ui.offline.ready", lang))
        expect(note).to_be_in_viewport(ratio=1)
        screenshot(page, f"offline-ready-{size}-{lang}")
    # still there on the table's screen (on a phone it gives the game's name its room), and
    # after a reload served by the worker
    page.evaluate("marquee.start({game: 'magnificent-solo', seed: 3, seats: [{kind: 'human'}]})")
    if width <= 720:
        expect(note).to_be_hidden()
    else:
        expect(note).to_be_visible()
    page.evaluate("marquee.toLobby()")
    page.reload()
    page.wait_for_function("window.marquee", timeout=READY_TIMEOUT_MS)
    page.evaluate("marquee.ready()")
    expect(page.get_by_test_id("offline-ready")).to_be_visible(timeout=READY_TIMEOUT_MS)
    context.close()
