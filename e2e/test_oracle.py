"""The Oracle's sheet in the page (web/games/oracle/): played by clicking on the sheet.

Every click is chosen among the sheet's legal targets (`[data-legal="true"]`, whose
`data-action` is one of `marquee.legalActions()`), so the test follows the rules without knowing
them. Test ids: docs/oracle-page.md.
"""

from __future__ import annotations

import json
import os
import random
import re

import pytest
from finished import played
from playwright.sync_api import expect

from conftest import watch
from helpers import no_problems, open_page, reload_page, ui

SHEET = '[data-testid="oracle-sheet"]'
TARGETS = f'{SHEET} [data-legal="true"]'


def start_from_lobby(page, mode: str, seed: int, lang: str = "en") -> None:
    page.get_by_test_id("lang-select").select_option(lang)
    page.get_by_test_id("game-oracle").click()
    page.get_by_test_id("option-mode").select_option(mode)
    page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("start-game").click()
    expect(page.locator(SHEET)).to_be_visible()
    page.get_by_test_id("speed-select").select_option("0")
    page.evaluate("marquee.idle()")


SNAPSHOT_MS = """async () => {
    const B = window.marqueeBridge, t0 = performance.now();
    for (let i = 0; i < 5; i++) JSON.parse(await B.call('snapshot', JSON.stringify({viewer: 0, lang: marquee.lang})));
    return [(performance.now() - t0) / 5, marquee.legalActions().length];
}"""
RENDER_MS = """async () => {
    const mod = await import('./web/games/oracle/index.js');
    const div = document.createElement('div'), snap = marquee.snapshot();
    const api = {lang: marquee.lang, t: marquee.t, viewer: 0, act: marquee.act};
    const t0 = performance.now();
    for (let i = 0; i < 5; i++) mod.render(div, snap, api);
    return (performance.now() - t0) / 5;
}"""


# From the click on the sheet to the next position the player acts in, drawn: stamped in the
# page, armed before the click (a capture listener at the click, the table's
# `marquee:snapshot` event for the position, then the next animation frame), so the figure
# leaves out the test harness's own round trips. `js`: the click to the position's event.
ARM_CLICK = """(before) => {
    window.__oracleDrawn = new Promise((resolve) => {
        let clickAt = null;
        document.addEventListener('click', () => { clickAt = performance.now(); },
                                  {capture: true, once: true});
        const onSnap = (e) => {
            if (clickAt === null || e.detail.step <= before || e.detail.to_act.kind === 'chance') return;
            document.removeEventListener('marquee:snapshot', onSnap);
            const js = performance.now() - clickAt;
            requestAnimationFrame(() => resolve({
                ms: performance.now() - clickAt, js, render: marquee.timings.render,
                steps: e.detail.step - before}));
        };
        document.addEventListener('marquee:snapshot', onSnap);
    });
}"""


def legal_set(page) -> set[str]:
    return {json.dumps(a, sort_keys=True) for a in page.evaluate("marquee.legalActions()")}


def click_a_target(page, rng: random.Random, timings: list | None = None) -> dict:
    """Click one legal target of the sheet (seeded choice); return its action."""
    page.wait_for_selector(TARGETS)
    targets = page.locator(TARGETS)
    count = targets.count()
    assert count, "no legal target on the sheet"
    actions = [json.loads(a) for a in targets.evaluate_all("els => els.map(e => e.dataset.action)")]
    legal = legal_set(page)
    for a in actions:
        assert json.dumps(a, sort_keys=True) in legal, a
    # Prefer anything to "pass" so the session shows the sheet filling up.
    weights = [0.15 if a["type"] == "pass" else 1.0 for a in actions]
    i = rng.choices(range(count), weights)[0]
    before = page.evaluate("marquee.snapshot().step")
    page.evaluate(ARM_CLICK, before)
    targets.nth(i).click()
    drawn = page.evaluate("window.__oracleDrawn")
    page.evaluate("marquee.idle()")
    if timings is not None:
        timings.append(drawn)
    return actions[i]


def test_practice_session_played_on_the_sheet_from_lobby_to_the_end(
    booted_page, screenshot, figures
):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start_from_lobby(page, "practice", seed=11)
    sheet = page.locator(SHEET)
    assert sheet.get_attribute("data-mode") == "practice"
    expect(page.get_by_test_id("oracle-provisional")).to_be_visible()
    expect(page.get_by_test_id("oracle-practice-frame")).to_be_visible()
    expect(page.get_by_test_id("oracle-figure")).to_have_count(1)
    expect(page.get_by_test_id("oracle-space-activate_staff")).to_have_attribute(
        "data-figure", "true"
    )
    screenshot(page, "oracle-practice-start-1366")

    # An illegal action space says why when pointed at (the bridge's why()).
    off = page.locator(f'{SHEET} [data-legal="false"][data-probe]').first
    off.hover()
    page.wait_for_function(
        "document.querySelector('[data-testid=\"oracle-why\"]').textContent.length > 3"
    )
    assert page.get_by_test_id("oracle-why").inner_text().strip()

    ms, n = page.evaluate(SNAPSHOT_MS)
    figures["oracle practice: bridge snapshot in the page (act position)"] = (
        f"{ms:.1f} ms ({n} legal)"
    )
    figures["oracle practice: sheet render (detached)"] = f"{page.evaluate(RENDER_MS):.1f} ms"
    rng = random.Random(5)
    kinds: dict[str, int] = {}
    toasts: set[str] = set()
    shots = {"lines": False, "reward": False, "horoscope": False}
    timings = []
    clicks = 0
    while page.evaluate("marquee.toAct().kind") != "terminal":
        pending = sheet.get_attribute("data-pending")
        if pending in shots and not shots[pending]:
            shots[pending] = True
            screenshot(page, f"oracle-practice-{pending}")
        action = click_a_target(page, rng, timings)
        kinds[action["type"]] = kinds.get(action["type"], 0) + 1
        toasts |= set(
            page.get_by_test_id("oracle-toast").evaluate_all("els => els.map(e => e.dataset.kind)")
        )
        clicks += 1
        if clicks == 25:
            screenshot(page, "oracle-practice-mid")
        assert clicks < 600, "the practice session did not end"

    expect(page.get_by_test_id("game-over")).to_be_visible()
    expect(page.get_by_test_id("score-table")).to_be_visible()
    view = page.evaluate("marquee.state()")
    assert view["phase"] == "over"
    assert (
        page.get_by_test_id("score-0").inner_text().strip().startswith(str(view["score"]["total"]))
    )
    page.get_by_test_id("game-over").scroll_into_view_if_needed()
    screenshot(page, "oracle-practice-over")
    page.get_by_test_id("oracle-stargazing").scroll_into_view_if_needed()
    screenshot(page, "oracle-practice-over-sheet")
    # the session used the sheet's own targets: lines, actions and decisions
    assert kinds.get("draw_line", 0) > 0 or kinds.get("write_horoscope", 0) > 0, kinds
    assert {"reward", "corruption"} & toasts or kinds.get("take_good") or kinds.get("mark_guild"), (
        toasts
    )
    figures["oracle practice: clicks to the end"] = str(clicks)
    mid = len(timings) // 2
    figures["oracle practice: click -> next position drawn, in the page (median / p90)"] = (
        f"{sorted(x['ms'] for x in timings)[mid]:.0f} / {sorted(x['ms'] for x in timings)[len(timings) * 9 // 10]:.0f} ms"
    )
    figures["oracle practice: click -> position ready in JS (median)"] = (
        f"{sorted(x['js'] for x in timings)[mid]:.0f} ms"
    )
    figures["oracle practice: table redraw per position (median)"] = (
        f"{sorted(x['render'] for x in timings)[mid]:.1f} ms"
    )
    figures["oracle practice: engine steps per click (median)"] = str(
        sorted(x["steps"] for x in timings)[mid]
    )
    # the click figures swing with what else runs on the machine: say how busy it was
    figures["oracle practice: machine load average (1 min) after the session"] = (
        f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} cores"
    )
    no_problems(page)


def test_companion_session_with_colours_a_physical_throw_and_table_events(
    booted_page, screenshot, figures
):
    page = booted_page
    page.set_viewport_size({"width": 1920, "height": 1080})
    start_from_lobby(page, "companion", seed=3)
    expect(page.get_by_test_id("oracle-companion-badge")).to_be_visible()
    expect(page.get_by_test_id("oracle-roll-form")).to_be_visible()
    screenshot(page, "oracle-companion-setup-1920")

    # The setup throw entered by hand: all five in one half is refused and said why.
    for rune in ("d4_a", "d4_b", "coin", "bone", "doll"):
        page.get_by_test_id(f"oracle-roll-half-{rune}").select_option("0")
    page.get_by_test_id("oracle-roll-submit").click()
    page.wait_for_function(
        "document.querySelector('[data-testid=\"oracle-why\"]').textContent.length > 3"
    )
    assert page.evaluate("marquee.snapshot().step") == 0

    halves = {"d4_a": "0", "d4_b": "1", "coin": "0", "bone": "0", "doll": "1"}
    for rune, half in halves.items():
        page.get_by_test_id(f"oracle-roll-half-{rune}").select_option(half)
    page.get_by_test_id("oracle-roll-die-0").select_option("3")
    page.get_by_test_id("oracle-roll-die-1").select_option("2")
    page.get_by_test_id("oracle-roll-coin").select_option("skull")
    page.get_by_test_id("oracle-roll-submit").click()
    page.wait_for_function("marquee.state().phase === 'act'")
    bowl = page.evaluate("marquee.state().bowl")
    assert [r["half"] for r in bowl["runes"]] == [0, 1, 0, 0, 1]
    assert bowl["runes"][0]["value"] == 3 and bowl["runes"][1]["value"] == 2
    assert bowl["runes"][2]["face"] == "skull"
    expect(page.get_by_test_id("oracle-rune-d4_a")).to_have_attribute("data-half", "0")

    # A manipulation on the bowl: +1 on die A (the prefilled ±1 circle is crossed).
    page.get_by_test_id("oracle-die-0-plus").click()
    page.wait_for_function("marquee.state().bowl.runes[0].value === 4")
    assert page.evaluate("marquee.state().threads.plus_minus.crossed") == 1
    # Threads of Fate with the die (the coin shows the skull): an X and a corruption card.
    page.get_by_test_id("oracle-act-threads_of_fate-die").click()
    page.wait_for_function("marquee.state().pending && marquee.state().pending.type === 'reward'")
    screenshot(page, "oracle-companion-reward-1920")
    page.get_by_test_id("oracle-guild-red-x").click()
    page.wait_for_function("marquee.state().pending && marquee.state().pending.type === 'roll'")
    at_table = page.get_by_test_id("oracle-at-table").inner_text()
    assert page.get_by_test_id("oracle-instruction").count() >= 1, at_table
    kinds = page.get_by_test_id("oracle-toast").evaluate_all("els => els.map(e => e.dataset.kind)")
    assert "corruption" in kinds and "reward" in kinds, kinds
    assert page.evaluate("marquee.state().corruption.held") == 1

    # Adventurers entered with their colours: one, then two at once.
    page.get_by_test_id("oracle-adventurer-red").click()
    page.wait_for_function("marquee.state().adventurers.drawn.length === 1")
    page.get_by_test_id("oracle-adventurer-second").select_option("blue")
    page.get_by_test_id("oracle-adventurer-green").click()
    page.wait_for_function("marquee.state().adventurers.drawn.length === 3")
    assert page.evaluate("marquee.state().adventurers.drawn") == ["red", "green", "blue"]
    # A corruption card discarded at the table, a Market phase.
    page.get_by_test_id("oracle-corruption-discard").click()
    page.wait_for_function("marquee.state().corruption.held === 0")
    page.get_by_test_id("oracle-market-phase").click()
    page.wait_for_function("marquee.state().funding.market_phases === 1")
    screenshot(page, "oracle-companion-table-1920")

    # A second physical throw, then a turn with the snapshot timings of both kinds of position.
    page.get_by_test_id("oracle-roll-half-d4_a").select_option("1")
    page.get_by_test_id("oracle-roll-half-bone").select_option("1")
    page.get_by_test_id("oracle-roll-submit").click()
    page.wait_for_function("marquee.state().phase === 'act'")
    # A townsfolk card hired into a staff slot: the sheet says what to do with the card.
    expect(page.get_by_test_id("oracle-staff-1")).to_have_attribute("data-legal", "true")
    page.get_by_test_id("oracle-staff-1").click()
    # the card's guild symbols, entered in the prompt bar (they score at the end)
    page.wait_for_function(
        "marquee.state().pending && marquee.state().pending.type === 'townsfolk'"
    )
    page.get_by_test_id("oracle-townsfolk-red").click()
    page.wait_for_function("marquee.state().staff[1].cards[0].length === 1")
    page.get_by_test_id("oracle-townsfolk-done").click()
    page.wait_for_function("marquee.state().phase === 'roll'")  # a throw: every entry is legal
    assert page.evaluate("marquee.state().staff[1].hired") is True
    assert page.evaluate("marquee.state().staff[1].cards") == [["red"]]
    assert page.evaluate("marquee.snapshot().formed.enter_roll") > 900  # built by the form
    assert not [a for a in page.evaluate("marquee.legalActions()") if a["type"] == "enter_roll"]
    codes = [e["code"] for e in page.evaluate("marquee.snapshot().log")]
    assert "oracle.hire.hired" in codes
    hired_text = page.evaluate(
        "marquee.snapshot().log.find(e => e.code === 'oracle.hire.hired').text"
    )
    expect(page.get_by_test_id("oracle-at-table")).to_contain_text(hired_text, use_inner_text=True)
    page.set_viewport_size({"width": 1366, "height": 768})
    screenshot(page, "oracle-companion-hired-1366")
    ms, n = page.evaluate(SNAPSHOT_MS)
    figures["oracle companion: bridge snapshot in the page (throw position)"] = (
        f"{ms:.1f} ms ({n} legal)"
    )
    figures["oracle companion: sheet render (detached, throw position)"] = (
        f"{page.evaluate(RENDER_MS):.1f} ms"
    )
    figures["oracle companion: whole table redraw (throw position)"] = (
        f"{page.evaluate('marquee.timings.render')} ms"
    )
    page.get_by_test_id("oracle-end-game").click()
    expect(page.get_by_test_id("game-over")).to_be_visible()
    # the townsfolk card's red symbol reaches the final scoring
    assert page.evaluate("marquee.snapshot().result.breakdown[0].townsfolk_red") == 1
    expect(page.get_by_test_id("oracle-at-table")).to_contain_text(
        page.evaluate("marquee.snapshot().log.find(e => e.code === 'oracle.townsfolk.score').text"),
        use_inner_text=True,
    )
    no_problems(page)


RECORD_AFTER_BOOT = """(() => {
  const seen = (window.__afterBoot = []);
  const look = () => {
    const boot = document.getElementById("boot");
    const app = document.getElementById("app");
    if (!boot || !app || !boot.hidden) return;
    const now = app.querySelector("[data-testid=resuming]")
      ? "resuming"
      : app.innerText.trim() ? "content" : "blank";
    if (seen[seen.length - 1] !== now) seen.push(now);
  };
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();"""


def _played_some(page, site_url, rng_seed, moves):
    """A practice session (seed 21) with some moves clicked: the clicks' rng, the position's
    hash and the sheet's drawn lines, for a reload to come back to."""
    open_page(page, site_url)
    start_from_lobby(page, "practice", seed=21)
    rng = random.Random(rng_seed)
    for _ in range(moves):
        click_a_target(page, rng)
    return rng, page.evaluate("marquee.hash()"), page.locator(f"{SHEET} .o-line.drawn").count()


def test_reload_mid_session_resumes_the_same_sheet(page, site_url):
    page.set_viewport_size({"width": 1366, "height": 768})
    rng, before, lines = _played_some(page, site_url, rng_seed=2, moves=12)
    # what the page shows once the boot screen is gone, each change of it in order
    page.add_init_script(RECORD_AFTER_BOOT)
    reload_page(page)
    expect(page.locator(SHEET)).to_be_visible()
    assert page.evaluate("marquee.hash()") == before
    # never a blank page, never the "opening your game" words: the table kept when the page was
    # left is on screen before the boot screen goes (app/lastview.js), then the engine's own
    shown = page.evaluate("window.__afterBoot")
    assert shown == ["content"], shown
    expect(page.locator(f"{SHEET} .o-line.drawn")).to_have_count(lines)
    click_a_target(page, rng)  # and play goes on
    no_problems(page)


# Each change of what #app shows while the page starts, in order: "waking" (the kept table, read
# only, its note up), "live" (the table without the note), "resuming" (the words alone),
# "bare" (the top bar before the table), "blank"; with the boot's state at that moment.
RECORD_START = """(() => {
  const seen = (window.__start = []);
  const look = () => {
    const app = document.getElementById("app");
    if (!app) return;
    const sheet = app.querySelector('[data-testid="oracle-sheet"]');
    const now = sheet && app.querySelector('[data-testid="table-waking"]') ? "waking"
      : sheet ? "live"
      : app.querySelector("[data-testid=resuming]") ? "resuming"
      : app.innerText.trim() ? "bare"
      : "blank";
    const last = seen[seen.length - 1];
    if (last?.[0] !== now) seen.push([now, window.marqueeBoot?.state ?? "none"]);
  };
  new MutationObserver(look).observe(document, {
    subtree: true, childList: true, attributes: true, characterData: true,
  });
})();"""


@pytest.fixture
def page_without_sw(browser):
    """A page whose every request the test can hold: no service worker serves it from its
    cache (web/sw.js, which a later load would otherwise use)."""
    context = browser.new_context(viewport={"width": 1366, "height": 768}, service_workers="block")
    page = context.new_page()
    watch(page)
    yield page
    context.close()


# What a test holds back to keep the engine from waking: the runtime's lock, which every start
# fetches (the engine's wheel is not fetched where the last visit's install was kept,
# web/pyodide-worker.mjs).
RUNTIME_LOCK = re.compile(r".*/pyodide/pyodide-lock\.json$")


def _wake(page, held: list, before: str) -> None:
    """Let the held runtime lock through: the live table replaces the kept one, the same."""
    assert held, "the runtime's lock is held back"
    for route in held:
        route.continue_()
    page.evaluate("marquee.ready()")
    expect(page.get_by_test_id("table-waking")).to_have_count(0)
    assert page.evaluate("marquee.hash()") == before


def test_a_reload_draws_the_kept_table_before_the_engine(page_without_sw, site_url, screenshot):
    """The table as it was left is drawn at once on a reload, inert while the engine wakes
    (held back here: the runtime's lock is not served until the test says so), then replaced
    by the engine's own table of the same position."""
    page = page_without_sw
    rng, before, lines = _played_some(page, site_url, rng_seed=5, moves=8)
    held = []
    lock = RUNTIME_LOCK
    page.route(lock, lambda route: held.append(route))
    page.add_init_script(RECORD_START)
    with page.expect_request(lock, timeout=120_000):
        page.reload()
    expect(page.get_by_test_id("table-waking")).to_have_text(ui("ui.table.waking"))
    expect(page.locator(f"{SHEET} .o-line.drawn")).to_have_count(lines)
    assert page.evaluate("marqueeBoot.state") == "loading"
    assert page.evaluate("marquee.timings.keptTable") > 0
    assert page.locator(".screen-host").evaluate("el => el.inert")
    # a click on a lit target of the kept sheet plays nothing, and the note says why
    target = page.locator(TARGETS).first.bounding_box()
    page.mouse.click(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2)
    expect(page.get_by_test_id("table-waking")).to_have_text(ui("ui.table.waking_click"))
    assert page.get_by_test_id("table-waking").get_attribute("role") == "status"
    for size, name in (((1366, 768), "kept-table-1366"), ((390, 844), "kept-table-390")):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        screenshot(page, name)
    page.set_viewport_size({"width": 1366, "height": 768})
    # where the kept sheet lies, to compare with the engine's: the handover moves nothing
    kept_at = page.evaluate(
        f"(() => {{ const r = document.querySelector('{SHEET}').getBoundingClientRect(); return [r.x, r.y + scrollY, r.width]; }})()"
    )
    _wake(page, held, before)
    expect(page.locator(f"{SHEET} .o-line.drawn")).to_have_count(lines)
    live_at = page.evaluate(
        f"(() => {{ const r = document.querySelector('{SHEET}').getBoundingClientRect(); return [r.x, r.y + scrollY, r.width]; }})()"
    )
    assert all(abs(a - b) < 1 for a, b in zip(kept_at, live_at)), (kept_at, live_at)
    # the kept table first, then the live one: nothing blank or wordless in between
    shown = page.evaluate("window.__start")
    assert [s for s, _ in shown if s not in ("blank", "bare")][:1] == ["waking"], shown
    assert [s for s, _ in shown][-2:] == ["waking", "live"], shown
    assert shown[-2][1] == "loading", shown
    assert not page.locator(".screen-host").evaluate("el => el.inert")
    click_a_target(page, rng)  # and play goes on
    assert page.evaluate("marquee.hash()") != before
    no_problems(page)


def test_a_kept_table_of_another_position_is_not_shown(page, site_url):
    """The kept view is tied to its autosave: a save that moved on since (here, written again
    at a later step under the same slot) opens through the engine, never through a view of
    an older position."""
    open_page(page, site_url)
    start_from_lobby(page, "practice", seed=22)
    rng = random.Random(6)
    click_a_target(page, rng)
    # the page is hidden (the view is kept), then the game moves on and is saved again
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    page.evaluate("window.dispatchEvent(new PageTransitionEvent('pagehide'))")
    kept = page.evaluate("JSON.parse(localStorage.getItem('marquee:lastview'))")
    assert kept and kept["step"] == page.evaluate("marquee.snapshot().step"), kept
    click_a_target(page, rng)
    assert page.evaluate("marquee.snapshot().step") > kept["step"]
    # (a reload keeps the view again on its way out: put the older one back after it)
    page.add_init_script(
        "localStorage.setItem('marquee:lastview', " + json.dumps(json.dumps(kept)) + ")"
    )
    page.add_init_script(RECORD_START)
    reload_page(page)
    # (the engine is ready before its table is drawn: wait for the table, then read)
    expect(page.locator(SHEET)).to_be_visible()
    shown = [s for s, _ in page.evaluate("window.__start")]
    assert "waking" not in shown and shown[-1] == "live", shown
    # the old start: the words, then the engine's table, never a blank page between them
    assert "resuming" in shown and "blank" not in shown[shown.index("resuming") :], shown
    assert page.evaluate("marquee.snapshot().step") > kept["step"]
    no_problems(page)


def test_a_new_tab_opens_the_kept_table_of_the_game_left(page_without_sw, site_url):
    """A returning player: the tab at a table is left (navigated away: the view is kept), and a
    new tab draws that table at once, inert while the engine wakes (held back), then
    the engine's own of the same position, where play goes on. A new tab used to open the
    lobby, and so does one whose last game is over (below)."""
    page = page_without_sw
    rng, before, lines = _played_some(page, site_url, rng_seed=9, moves=6)
    context = page.context
    page.goto("about:blank")  # the page is left: pagehide keeps its table
    page.close()
    tab = context.new_page()
    watch(tab)
    held = []
    lock = RUNTIME_LOCK
    tab.route(lock, lambda route: held.append(route))
    tab.add_init_script(RECORD_START)
    with tab.expect_request(lock, timeout=120_000):
        tab.goto(site_url)
    expect(tab.get_by_test_id("table-waking")).to_have_text(ui("ui.table.waking"))
    expect(tab.locator(f"{SHEET} .o-line.drawn")).to_have_count(lines)
    assert tab.evaluate("marqueeBoot.state") == "loading"
    assert tab.locator(".screen-host").evaluate("el => el.inert")
    _wake(tab, held, before)
    shown = [s for s, _ in tab.evaluate("window.__start")]
    assert [s for s in shown if s not in ("blank", "bare")][:1] == ["waking"], shown
    assert shown[-2:] == ["waking", "live"], shown
    assert not tab.locator(".screen-host").evaluate("el => el.inert")
    click_a_target(tab, rng)  # and play goes on, in the same autosave
    assert tab.evaluate("marquee.hash()") != before
    no_problems(tab)


# A new tab's start, with whether a table was kept for it when its scripts began.
KEPT_AT_START = "window.__kept = localStorage.getItem('marquee:lastview') !== null"


def _new_tab_shows_the_lobby(context, site_url) -> None:
    tab = context.new_page()
    watch(tab)
    tab.add_init_script(KEPT_AT_START)
    open_page(tab, site_url)
    assert tab.evaluate("window.__kept"), "a table was kept"
    assert tab.evaluate("marquee.screen()") == "lobby"
    expect(tab.get_by_test_id("table-waking")).to_have_count(0)
    no_problems(tab)
    tab.close()


def test_a_new_tab_opens_the_lobby_beside_an_open_tab_or_a_finished_game(page, site_url):
    """The kept table is not a new tab's when its tab is still open behind it (only hidden:
    that tab plays on there), nor when its game is over: the new tab opens the lobby, which
    lists those games with the others."""
    open_page(page, site_url)
    start_from_lobby(page, "practice", seed=23)
    page.evaluate(
        "Object.defineProperty(document, 'visibilityState', {value: 'hidden', configurable: true});"
        "document.dispatchEvent(new Event('visibilitychange'))"
    )
    _new_tab_shows_the_lobby(page.context, site_url)
    page.evaluate(
        "delete document.visibilityState; document.dispatchEvent(new Event('visibilitychange'))"
    )
    page.evaluate("t => marquee.load(t)", played("oracle").finished)
    expect(page.locator(SHEET)).to_be_visible()
    assert page.evaluate("marquee.snapshot().result") is not None
    page.goto("about:blank")  # the page is left: pagehide keeps its table
    _new_tab_shows_the_lobby(page.context, site_url)


def test_the_sheet_in_russian_and_french(booted_page, screenshot):
    page = booted_page
    for lang, size in (("ru", (1366, 768)), ("fr", (1920, 1080))):
        page.set_viewport_size({"width": size[0], "height": size[1]})
        start_from_lobby(page, "practice", seed=8, lang=lang)
        rng = random.Random(8)
        for _ in range(14):
            click_a_target(page, rng)
        title = page.locator(f"{SHEET} .oracle-title").inner_text()
        assert title == page.evaluate("marquee.t('ui.oracle.title')")
        assert "Oracle of" not in title
        screenshot(page, f"oracle-practice-{lang}-{size[0]}")
        page.evaluate("marquee.toLobby()")
    # companion in French: the roll form and the table controls
    start_from_lobby(page, "companion", seed=4, lang="fr")
    screenshot(page, "oracle-companion-fr-1920")
    no_problems(page)


def test_keyboard_reaches_the_sheet_targets(booted_page):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start_from_lobby(page, "practice", seed=11)
    first = page.locator(TARGETS).first
    first.focus()
    step = page.evaluate("marquee.snapshot().step")
    page.keyboard.press("Enter")
    page.wait_for_function(f"marquee.snapshot().step > {step}")
    no_problems(page)


def test_lines_are_named_by_the_sheet_s_rows_and_columns(booted_page, screenshot):
    """Issue #22 item 3: a stargazing line in the side list reads as the squares it runs
    between, rows and columns counted from 1 as the sheet numbers them, not "dot (0, 0)"."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 900})
    start_from_lobby(page, "practice", seed=11)
    rng = random.Random(5)
    has_lines = "marquee.legalActions().some(a => a.type === 'draw_line')"
    for _ in range(200):
        if page.evaluate(has_lines):
            break
        click_a_target(page, rng)
    else:
        raise AssertionError("no line to draw within 200 clicks")
    grid = page.get_by_test_id("oracle-stargazing-grid")
    view = page.evaluate("marquee.state().stargazing")
    rows, cols = view["rows"], view["cols"]
    assert grid.locator(".o-axis").evaluate_all("els => els.map(e => e.textContent)") == [
        *map(str, range(1, cols + 1)),
        *map(str, range(1, rows + 1)),
    ]
    lines = [e for e in page.evaluate("marquee.legal()") if e["action"]["type"] == "draw_line"]
    assert lines
    for e in lines:
        a, label = e["action"], e["label"]
        r, c = a["r"], a["c"]
        if a["dir"] == "h":
            want = {0: f"Line along the top of column {c + 1}"}.get(r) or (
                f"Line along the bottom of column {c + 1}"
                if r == rows
                else f"Line between rows {r} and {r + 1}, column {c + 1}"
            )
        else:
            want = {0: f"Line along the left of row {r + 1}"}.get(c) or (
                f"Line along the right of row {r + 1}"
                if c == cols
                else f"Line between columns {c} and {c + 1}, row {r + 1}"
            )
        assert label == want, (a, label)
    grid.scroll_into_view_if_needed()
    screenshot(page, "oracle-lines-named")
    no_problems(page)


ENDING_UNCOVERED = """() => {
    const button = document.querySelector('[data-testid="game-over-lobby"]');
    const r = button.getBoundingClientRect();
    const x = r.left + r.width / 2, y = r.top + r.height / 2;
    const rows = [...document.querySelectorAll('[data-testid="score-table"] tr, .over-actions')];
    const over = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const toasts = [...document.querySelectorAll('[data-testid="oracle-toast"]')]
      .map((t) => t.getBoundingClientRect()).filter((t) => t.width && t.height);
    return {
      hit: document.elementFromPoint(x, y) === button,
      covered: rows.filter((row) => toasts.some((t) => over(t, row.getBoundingClientRect()))).length,
    };
}"""


def test_no_toast_covers_the_endings_new_game_button_on_a_phone(booted_page, screenshot):
    """The last moves' callouts (goods sold, market funding) were still up, fixed at the
    window's foot, when the ending came: on a phone they lay over its last rows and its New
    game button. With the button at the top, the middle and the foot of the window, its centre
    is the button itself and no toast overlaps a score row or the ending's buttons (a toast lets
    the pointer through, so the boxes are compared as well)."""
    page = booted_page
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("marquee.setSpeed(0)")
    game = played("oracle")
    page.evaluate("t => marquee.load(t)", game.near_end)
    while page.evaluate("marquee.toAct().kind") != "terminal":
        page.evaluate("marquee.idle()")
        page.evaluate("marquee.act(0)")
        page.evaluate("marquee.settled()")
    # the last moves did raise callouts (the sheet's own list of them), or nothing is tested
    called = page.evaluate(
        """async (from) => {
            const url = new URL('web/games/oracle/common.js', document.baseURI);
            const { CALLOUTS } = await import(url.href);
            return marquee.snapshot().log.filter((e) => e.step >= from && CALLOUTS[e.code]).length;
        }""",
        game.near_step,
    )
    assert called, "no callout in the last moves: the test would see no toast"
    expect(page.get_by_test_id("game-over")).to_be_visible()
    for block in ("start", "center", "end"):
        page.get_by_test_id("game-over-lobby").evaluate(
            "(b, block) => b.scrollIntoView({ block })", block
        )
        assert page.evaluate(ENDING_UNCOVERED) == {"hit": True, "covered": 0}, block
        screenshot(page, f"oracle-ending-uncovered-390-{block}")
    no_problems(page)
