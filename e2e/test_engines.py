"""A smoke set in the other browser engines people play in: WebKit (Safari's engine, as
WebKitGTK's MiniBrowser) and Firefox (ESR), beside the full suite in Chromium. Each test runs
once per engine (ids ``[webkit]`` and ``[firefox]``: select them with ``-k webkit`` or
``-k firefox``), in a fresh browser with a cold cache, driven as e2e/engines.py says.

Per engine, in one browser and one tab: a cold boot to the lobby (its figure printed, never
asserted), a person's moves by clicking in one game of each of Trickerion, The Magnificent and
the Oracle, then the hotseat cover; a save loaded back from a file; a reload with the server
stopped once the service worker has the build; and after each, no console error.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest
import server as static_server  # scripts/server.py (on the path: conftest.py)
from engines import FIREFOX, MINIBROWSER, WEBKIT_DRIVER, FirefoxTab, Tab, WebKitTab, Xvfb

from helpers import tid, ui

ENGINES = ["webkit", "firefox"]
GAMES = ["trickerion", "magnificent", "oracle"]
NEEDS = {"webkit": [WEBKIT_DRIVER, MINIBROWSER, "/usr/bin/Xvfb"], "firefox": [FIREFOX]}
ACTION = f'{tid("actions")} button[data-testid^="action-"]'


@pytest.fixture(scope="session")
def display():
    """One X display for every WebKit test (only started when one runs)."""
    x = Xvfb()
    yield x.display
    x.close()


@pytest.fixture(scope="session")
def spent() -> dict[str, list[float]]:
    return {engine: [] for engine in ENGINES}


@pytest.fixture(params=ENGINES)
def tab(request, figures, spent):
    missing = [p for p in NEEDS[request.param] if not Path(p).exists()]
    if missing:
        pytest.fail(f"{', '.join(missing)} not found: scripts/test installs them")
    began = time.monotonic()
    t: Tab = (
        WebKitTab(request.getfixturevalue("display")) if request.param == "webkit" else FirefoxTab()
    )
    yield t
    t.close()
    # the time the smoke set adds to the suite, browser starts included
    spent[t.name].append(time.monotonic() - began)
    figures[f"{t.name} smoke set: tests / time"] = (
        f"{len(spent[t.name])} / {sum(spent[t.name]):.0f} s"
    )


def open_site(tab: Tab, url: str) -> dict:
    tab.goto(url)
    return tab.ready()


def no_console_errors(tab: Tab) -> None:
    errors = tab.errors()
    assert not errors, errors


# A fixed seed: the same first moves in every run (the lobby draws one otherwise).
SEED = """(() => {
    const input = document.querySelector('[data-testid="seed-input"]');
    input.value = "20240";
    input.dispatchEvent(new Event("input", {bubbles: true}));
})()"""


# Every bot seat plays the random bot: these tests are about a person's clicks in each engine,
# and the default opponent's rollouts cost minutes a turn in Firefox's Pyodide on a loaded
# machine (CI timed out once waiting for one; issue #32: no test waits on bots whose cost
# depends on the load).
RANDOM_BOTS = """(() => {
    for (let i = 0; ; i++) {
        const kind = document.querySelector(`[data-testid="seat-${i}-kind"]`);
        if (!kind) return i;
        if (kind.value.startsWith("bot:") && kind.value !== "bot:random") {
            kind.value = "bot:random";
            kind.dispatchEvent(new Event("change", {bubbles: true}));
        }
    }
})()"""


def start_from_lobby(tab: Tab, game: str) -> None:
    tab.click(f'[data-testid="game-{game}"]')
    tab.js(SEED)
    assert tab.js("String(marquee.setup().seed)") == "20240"
    tab.js(RANDOM_BOTS)
    bots = tab.js("marquee.setup().seats.filter(s => s.kind === 'bot').map(s => s.bot)")
    assert set(bots) <= {"random"}, bots
    tab.click(tid("start-game"))
    assert tab.js("marquee.screen()") == "table"
    tab.js("marquee.setSpeed(0)")  # bots and chance without delay: the person's turn comes at once


# What a person clicks to move, in order: a button of the action list, a lit target on the
# board (The Magnificent plays on its board: its list is not shown), a button of its strip; then
# a choice in the panel a target may open, and "yes" to an "are you sure".
MOVE = [ACTION, "[data-legal='true']:not(.anchor)", f"{tid('mgn-strip')} button"]
FOLLOW_UP = [f"{tid('mgn-pop-panel')} .mgn-pop-choice", tid("mgn-sure-yes")]
SHOWN = "css => [...document.querySelectorAll(css)].some(el => el.getClientRects().length)"


def click_moves(tab: Tab, moves: int) -> None:
    """Make ``moves`` moves by clicking (uncovering the table when asked); each one moves
    the game on."""
    made = 0
    while made < moves:
        tab.js("marquee.idle()")
        if tab.js("marquee.screen()") == "pass":
            tab.click(tid("pass-confirm"))
            continue
        assert tab.js("marquee.toAct().kind") != "terminal"
        step = tab.js("marquee.snapshot().step")
        target = next((css for css in MOVE if tab.js(f"({SHOWN})(arg)", css)), None)
        assert target, "nothing to click"
        tab.click(target)
        for css in FOLLOW_UP:
            if tab.js(f"({SHOWN})(arg)", css):
                tab.click(css)
        if tab.js("marquee.snapshot().step") == step:
            _late_follow_up(tab)
        assert tab.js("marquee.snapshot().step") > step, "the click made no move"
        made += 1


def _late_follow_up(tab: Tab) -> None:
    """A board target's panel is drawn on the next frame, which a loaded machine makes late:
    wait for it a little, then answer it as above."""
    deadline = time.monotonic() + 15
    while time.monotonic() < deadline:
        shown = [css for css in FOLLOW_UP if tab.js(f"({SHOWN})(arg)", css)]
        if shown:
            for css in shown:
                tab.click(css)
            return
        time.sleep(0.2)


def test_a_cold_boot_plays_each_game_loads_a_save_and_starts_without_the_server(
    tab, site_dir, figures, tmp_path
):
    """One browser and one cold boot for all the smoke set asks of an engine (issue #32: a
    browser start and a cold boot per test were most of these tests' time; session 24 folded
    the save and the service worker in): the lobby, the three games and the hotseat cover
    (``play_each_game``), a save loaded back from a file (``load_a_save``), then a reload with
    the server stopped (``start_without_the_server``). The site is served by a server of the
    test's own, which it stops."""
    server, url = static_server.start_in_thread(site_dir)
    try:
        play_each_game(tab, url, figures)
        load_a_save(tab, url, tmp_path)
        tab.wait("window.marqueeOffline?.state === 'cached'")
    finally:
        server.shutdown()
        server.server_close()
    start_without_the_server(tab, figures)


def play_each_game(tab: Tab, url: str, figures) -> None:
    """A cold boot to the lobby, then each game started from it, three moves made by
    clicking, its board drawn, no console error; then two people at one device
    (hotseat_cover_hides_the_table)."""
    timings = open_site(tab, url)
    assert tab.js("marquee.screen()") == "lobby"
    listed = tab.js(
        f"[...document.querySelectorAll('{tid('game-list')} [data-game]')].map(e => e.dataset.game)"
    )
    assert set(GAMES) <= set(listed), listed
    assert tab.js("marqueeBoot.state") == "ready"
    no_console_errors(tab)
    # the same clock as Chromium's "cold start -> engine ready" (test_boot.py)
    ready = tab.js("marqueeBoot.timings.ready")
    figures[f"cold start -> lobby drawn / engine ready ({tab.name} {tab.version})"] = (
        f"{timings['lobby'] / 1000:.2f} s / {ready / 1000:.2f} s"
    )
    for game in GAMES:
        if tab.js("marquee.screen()") != "lobby":
            tab.js("marquee.toLobby()")
        start_from_lobby(tab, game)
        click_moves(tab, 3)
        # the game's own renderer drew the board (a failed one falls back with a console error)
        assert tab.js(f"document.querySelector('{tid('board')}').children.length") > 0, game
        no_console_errors(tab)
    hotseat_cover_hides_the_table(tab)


def load_a_save(tab: Tab, url: str, tmp_path: Path) -> None:
    """An Oracle game saved to a file, and the file loaded from the lobby of a page with
    nothing to resume: the same position, the same steps."""
    tab.js("marquee.toLobby()")
    start_from_lobby(tab, "oracle")
    click_moves(tab, 2)
    tab.js("marquee.idle()")
    saved = tab.js("marquee.save()")["text"]
    played = tab.js("marquee.hash()")
    path = tmp_path / "oracle.json"
    path.write_text(saved)

    tab.js("localStorage.clear()")  # a fresh page: nothing to resume
    open_site(tab, url)
    assert tab.js("marquee.screen()") == "lobby"
    tab.set_file(tid("lobby-load-input"), path)
    tab.wait("marquee.screen() === 'table'")
    assert tab.js("marquee.hash()") == played
    assert json.loads(tab.js("marquee.save()")["text"])["steps"] == json.loads(saved)["steps"]
    no_console_errors(tab)


def start_without_the_server(tab: Tab, figures) -> None:
    """The build cached by the service worker and the server stopped: a reload starts from
    it, and a game is played."""
    timings = (tab.reload(), tab.ready())[1]
    assert tab.js("!!navigator.serviceWorker.controller")
    tab.js("marquee.toLobby()")  # (the game loaded from the file resumes)
    start_from_lobby(tab, "oracle")
    click_moves(tab, 1)
    no_console_errors(tab)
    figures[f"{tab.name}: engine ready, server stopped (service worker)"] = (
        f"{timings['engineReady'] / 1000:.2f} s"
    )


def hotseat_cover_hides_the_table(tab: Tab) -> None:
    """Two people at one device: the table is covered, naming the next player, when the
    device changes hands, and uncovered by its button (a test of its own until session 23,
    which booted each browser once more for it)."""
    tab.js("""marquee.start({game: 'trickerion', seed: 11, options: {},
        seats: [{kind: 'human', name: 'Ann'}, {kind: 'human', name: 'Bob'}]})""")
    tab.js("marquee.setSpeed(0)")
    for _ in range(40):
        tab.js("marquee.idle()")
        if tab.js("marquee.screen()") == "pass":
            break
        tab.click(ACTION)
    else:
        pytest.fail("the device never changed hands")
    # nothing of the table is drawn under the cover, which names the next player
    assert tab.js(f"document.querySelector('{tid('board')}').children.length") == 0
    assert tab.js(f"document.querySelector('{tid('actions')}').children.length") == 0
    name = ["Ann", "Bob"][tab.js("marquee.viewer()")]
    assert tab.js("document.querySelector('#pass-title').innerText") == ui(
        "ui.pass.title", name=name
    )
    tab.click(tid("pass-confirm"))
    assert tab.js("marquee.screen()") == "table"
    assert tab.js(f"document.querySelectorAll('{ACTION}').length") > 0
    no_console_errors(tab)
