"""The page as a player and a test author use it: lobby, languages, a real game played to its
end through the buttons, save/load, reload-resume, bad files, hotseat and bots.

Screenshots go to build/screenshots/page-*.png; figures (cold start to lobby, save/load time
in the page) are printed in the run's summary, never asserted.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import expect

from engine.bridge import Bridge  # CPython's view of the same engine
from engine.core import registry
from helpers import no_problems, open_page, reload_page, tid, ui

# The first real game: the Oracle when it is registered.
GAMES = {g.id: g for g in registry.all_games()}
FIRST_GAME = "oracle" if "oracle" in GAMES else next(iter(GAMES), None)
# A game with secret simultaneous choices in its default setup (Trickerion's assignments).
MULTI_GAME = "trickerion" if "trickerion" in GAMES else None

pytestmark = pytest.mark.skipif(FIRST_GAME is None, reason="no game is registered")


def play_to_end(page, rng: random.Random, limit: int = 2000, on_click=None) -> int:
    """Click legal-action buttons (a seeded random one each time) until the game is over."""
    clicks = 0
    while True:
        page.evaluate("marquee.idle()")
        if page.evaluate("marquee.toAct().kind") == "terminal":
            return clicks
        buttons = page.get_by_test_id("actions").locator('button[data-testid^="action-"]')
        count = buttons.count()
        assert count, f"nobody can act: {page.evaluate('marquee.toAct()')}"
        buttons.nth(rng.randrange(count)).click()
        clicks += 1
        if on_click:
            on_click(clicks)
        assert clicks < limit, "the game did not end"


# --------------------------------------------------------------------------- lobby


def test_lobby_is_reached_cleanly(page, site_url, screenshot, figures):
    page.set_viewport_size({"width": 1366, "height": 768})
    timings = open_page(page, site_url)
    page.wait_for_load_state("networkidle")
    assert page.evaluate("marquee.screen()") == "lobby"
    expect(page.get_by_test_id("screen-lobby")).to_be_visible()

    # every game the page's engine registers is listed, with its translated name
    listed = page.eval_on_selector_all(
        tid("game-list") + " [data-game]", "els => els.map(e => e.dataset.game)"
    )
    games = page.evaluate("marquee.games()")
    assert listed == [g["id"] for g in games] and FIRST_GAME in listed
    for g in games:
        expect(page.get_by_test_id(f"game-{g['id']}")).to_contain_text(
            g["names"]["en"], use_inner_text=True
        )

    # every control has a test id and an accessible name
    unnamed = page.evaluate("""() => [...document.querySelectorAll('#app button, #app select, #app input')]
        .filter(el => !el.dataset.testid
                      || !(el.getAttribute('aria-label') || el.labels?.length || el.textContent.trim()))
        .map(el => el.outerHTML.slice(0, 120))""")
    assert not unnamed, unnamed

    no_problems(page)
    assert page.marquee.requests and all(
        "127.0.0.1" in u or u.startswith(("data:", "blob:")) for u in page.marquee.requests
    )
    screenshot(page, "page-lobby")
    page.set_viewport_size({"width": 1920, "height": 1080})
    screenshot(page, "page-lobby-1920")
    figures["page: cold start -> lobby drawn"] = f"{timings['firstScreen'] / 1000:.2f} s"


def test_options_render_from_specs(booted_page):
    page = booted_page
    for game in page.evaluate("marquee.games()"):
        page.get_by_test_id(f"game-{game['id']}").click()
        for spec in game["options"]:
            control = page.get_by_test_id(f"option-{spec['id']}")
            tag, kind = control.evaluate("el => [el.tagName, el.type]")
            assert (tag, kind) == {
                "bool": ("INPUT", "checkbox"),
                "choice": ("SELECT", "select-one"),
                "int": ("INPUT", "number"),
            }[spec["kind"]]
        seats = page.locator('[data-testid^="seat-"][data-testid$="-kind"]').count()
        fixed = page.locator('[data-testid^="seat-"][data-testid$="-human"]').count()
        automata = page.locator('[data-testid^="seat-"][data-testid$="-automaton"]').count()
        assert automata == len(game.get("automata", []))  # a seat the game plays: named, no picker
        players = int(page.get_by_test_id("players-select").input_value())
        assert seats + fixed + automata == players
        assert fixed == (1 if players - automata == 1 else 0)  # one person's seat: no picker
    # an invalid seed is refused with the engine's translated message, and the lobby stays
    page.get_by_test_id(f"game-{FIRST_GAME}").click()
    page.get_by_test_id("seed-input").fill("-5")
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("lobby-error")).to_be_visible()
    assert page.evaluate("marquee.screen()") == "lobby"
    no_problems(page)


SIZES = {"1366": (1366, 768), "1920": (1920, 1080), "390": (390, 844)}
IN_VIEW = """el => { const r = el.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; }"""


def test_lobby_start_in_view_solo_seat_fixed_and_help_where_it_applies(page, site_url, screenshot):
    open_page(page, site_url)
    games = {g["id"]: g for g in page.evaluate("marquee.games()")}
    for size, (w, h) in SIZES.items():
        page.set_viewport_size({"width": w, "height": h})
        for game in games:
            page.get_by_test_id(f"game-{game}").click()
            start = page.get_by_test_id("start-game")
            if size != "390":  # a phone scrolls past the game list first
                assert start.evaluate(IN_VIEW), (size, game)
            # no horizontal scroll
            assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), (size, game)
        page.get_by_test_id("game-oracle").scroll_into_view_if_needed()
        page.get_by_test_id("game-oracle").click()
        start = page.get_by_test_id("start-game")
        start.scroll_into_view_if_needed()
        assert start.evaluate(IN_VIEW), size
        screenshot(page, f"page-lobby-oracle-{size}")

    page.set_viewport_size({"width": 1366, "height": 768})
    # the entry against an automaton says so, and its one human seat has no bot menu
    solo = next((g for g in games.values() if g.get("automata")), None)
    if solo:
        expect(page.get_by_test_id(f"game-{solo['id']}")).to_contain_text(
            ui("ui.lobby.players_automaton"), use_inner_text=True
        )
        page.get_by_test_id(f"game-{solo['id']}").click()
        expect(page.get_by_test_id("setup-players")).to_have_text(ui("ui.lobby.players_automaton"))
        expect(page.get_by_test_id("seat-0-human")).to_be_visible()
        expect(page.get_by_test_id("seat-0-kind")).to_have_count(0)
    # the bot menu's entries are short; what the chosen level does is written beside it
    if MULTI_GAME:
        page.get_by_test_id(f"game-{MULTI_GAME}").click()
        kind = page.get_by_test_id("seat-1-kind")
        about = page.get_by_test_id("seat-1-about")
        kind.select_option("bot:hard")
        # (its time budget follows: e2e/test_lobby_levels.py checks that line)
        expect(about).to_have_text(re.compile("^" + re.escape(ui("ui.bot.hard_about"))))
        assert ui("ui.bot.hard_about") not in kind.locator("option:checked").inner_text()
        kind.select_option("bot:normal")
        expect(about).to_have_text(re.compile("^" + re.escape(ui("ui.bot.normal_about"))))
        screenshot(page, "page-lobby-trickerion-1366")
    # an option that needs another is greyed out, with that instead of its help, while it is off
    needing = [(g["id"], o) for g in games.values() for o in g["options"] if o.get("requires")]
    for game, spec in needing[:1]:
        page.get_by_test_id(f"game-{game}").click()
        base = page.get_by_test_id(f"option-{spec['requires']}")
        help_ = page.get_by_test_id(f"option-{spec['id']}-help")
        expect(help_).to_have_text(spec["help"]["en"])
        base.uncheck()
        expect(page.get_by_test_id(f"option-{spec['id']}")).to_be_disabled()
        expect(help_).not_to_have_text(spec["help"]["en"])
        base.check()
        expect(page.get_by_test_id(f"option-{spec['id']}")).to_be_enabled()
        expect(help_).to_have_text(spec["help"]["en"])
    no_problems(page)


def test_language_switch_changes_the_page_and_persists(page, site_url, screenshot):
    open_page(page, site_url)
    start = page.get_by_test_id("start-game")
    expect(start).to_have_text(ui("ui.lobby.start", "en"), use_inner_text=True)
    for lang in ("ru", "fr"):
        page.get_by_test_id("lang-select").select_option(lang)
        expect(start).to_have_text(ui("ui.lobby.start", lang), use_inner_text=True)
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.evaluate("marquee.lang") == lang
        name = GAMES[FIRST_GAME].presenter.names[lang]
        expect(page.get_by_test_id(f"game-{FIRST_GAME}")).to_contain_text(name, use_inner_text=True)
        if lang == "ru":
            screenshot(page, "page-lobby-ru")

    reload_page(page)
    assert page.evaluate("marquee.lang") == "fr"
    expect(page.get_by_test_id("start-game")).to_have_text(
        ui("ui.lobby.start", "fr"), use_inner_text=True
    )

    # at the table too: the header and the log follow the language
    page.get_by_test_id("start-game").click()
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("marquee.idle()")
    log_fr = page.evaluate("marquee.snapshot().log.map(e => e.text)")
    page.get_by_test_id("lang-select").select_option("en")
    expect(page.get_by_test_id("to-lobby")).to_have_text(
        ui("ui.table.lobby", "en"), use_inner_text=True
    )
    log_en = page.evaluate("marquee.snapshot().log.map(e => e.text)")
    assert len(log_en) == len(log_fr)
    if log_en:
        assert log_en != log_fr
        assert page.get_by_test_id("log").inner_text().count(log_en[-1]) >= 1
    no_problems(page)


# --------------------------------------------------------------------------- a real game


def test_a_real_game_is_played_saved_loaded_and_resumed(
    booted_page, site_url, screenshot, figures, tmp_path
):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.get_by_test_id(f"game-{FIRST_GAME}").click()
    page.get_by_test_id("seed-input").fill("20240")
    page.get_by_test_id("start-game").click()
    assert page.evaluate("marquee.screen()") == "table"
    page.get_by_test_id("speed-select").select_option("0")  # instant bots and chance
    page.evaluate("marquee.idle()")
    assert page.get_by_test_id("turn-status").inner_text()
    screenshot(page, "page-table")

    rng = random.Random(7)
    resumed = {}

    def midway(clicks):
        if clicks == 3:
            # undo takes back the move just made, when the engine allows it
            snap = page.evaluate("marquee.snapshot()")
            undo = page.get_by_test_id("undo")
            if snap["can_undo"]:
                undo.click()
                assert page.evaluate("marquee.snapshot().step") == snap["step"] - 1
            else:
                assert (
                    undo.is_disabled()
                    and undo.get_attribute("title") == snap["undo_refusal"]["message"]
                )
        if clicks == 10:
            page.evaluate("marquee.idle()")
            before = page.evaluate("marquee.hash()")
            reload_page(page)
            assert page.evaluate("marquee.screen()") == "table"
            assert page.evaluate("marquee.hash()") == before
            resumed["hash"] = before
            page.set_viewport_size({"width": 1920, "height": 1080})
            screenshot(page, "page-table-1920")
            page.set_viewport_size({"width": 1366, "height": 768})

    clicks = play_to_end(page, rng, on_click=midway)
    assert resumed, "the game ended before the reload check"
    expect(page.get_by_test_id("game-over")).to_be_visible()
    assert page.get_by_test_id("turn-status").inner_text().startswith(ui("ui.turn.over"))
    snap = page.evaluate("marquee.snapshot()")
    result = snap["result"]
    for seat, score in enumerate(result["scores"]):
        assert page.get_by_test_id(f"score-{seat}").inner_text().startswith(str(score))
    screenshot(page, "page-game-over")

    # the same game in CPython: the page's moves replay to the same final position
    with page.expect_download() as dl:
        page.get_by_test_id("save").click()
    saved = Path(dl.value.path()).read_text()
    path = tmp_path / dl.value.suggested_filename
    path.write_text(saved)
    cpython = json.loads(Bridge().call("load", json.dumps({"text": saved, "viewer": 0})))
    assert cpython["hash"] == snap["hash"] and cpython["result"] == result

    # a fresh page with empty storage loads the file from the lobby
    page.evaluate("localStorage.clear()")
    page.goto("about:blank")
    open_page(page, site_url)
    assert page.evaluate("marquee.screen()") == "lobby"
    expect(page.get_by_test_id("resume-game")).to_have_count(0)
    page.get_by_test_id("lobby-load-input").set_input_files(str(path))
    page.wait_for_function("marquee.screen() === 'table'")
    assert page.evaluate("marquee.hash()") == snap["hash"]
    expect(page.get_by_test_id("game-over")).to_be_visible()
    load_ms = page.evaluate("marquee.timings.load")
    save = page.evaluate("marquee.save()")
    save_ms = page.evaluate("marquee.timings.save")
    assert json.loads(save["text"])["steps"] == json.loads(saved)["steps"]
    no_problems(page)
    figures[f"page: {FIRST_GAME} game through the buttons"] = (
        f"{clicks} clicks, {snap['step']} steps"
    )
    figures["page: save / load in the page"] = (
        f"{save_ms:.1f} ms / {load_ms:.1f} ms ({len(saved)} bytes)"
    )


def test_start_refuses_an_option_the_game_does_not_have(booted_page):
    """A script's misspelt option (`fast` for `fast_game`) once started the game without it."""
    page = booted_page
    before = page.evaluate("marquee.setup()")
    err = page.evaluate(
        "marquee.start({game: 'trickerion', players: 2, options: {fast: true}}).catch(e => e)"
    )
    assert err["code"] == "ui.error.unknown_options"
    assert "fast" in err["message"] and "fast_game" in err["message"]
    assert page.evaluate("marquee.screen()") == "lobby"
    assert page.evaluate("marquee.setup()") == before


def test_a_bad_save_file_shows_its_error_and_the_game_stays(booted_page, screenshot, tmp_path):
    page = booted_page
    page.get_by_test_id(f"game-{FIRST_GAME}").click()
    page.get_by_test_id("start-game").click()
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("marquee.idle()")
    page.get_by_test_id("actions").locator("button").first.click()
    page.evaluate("marquee.idle()")
    before = page.evaluate("marquee.hash()")
    good = page.evaluate("marquee.save()")["text"]

    cases = {
        "truncated.json": good[: len(good) // 2],
        "foreign.json": json.dumps({"format": "something-else"}),
        "empty.json": "",
    }
    for name, text in cases.items():
        expected = json.loads(Bridge().call("load", json.dumps({"text": text})))["error"]
        bad = tmp_path / name
        bad.write_text(text)
        page.get_by_test_id("load-input").set_input_files(str(bad))
        banner = page.get_by_test_id("error-banner")
        banner.wait_for(state="visible")
        assert banner.inner_text().strip().startswith(expected["message"]), (name, expected)
        assert page.evaluate("marquee.hash()") == before
        if name == "truncated.json":
            screenshot(page, "page-error")
        page.get_by_test_id("error-dismiss").click()
        assert banner.is_hidden()

    # the API rejects with the error object; the lobby shows the same message
    err = page.evaluate("marquee.load('{}').catch(e => e)")
    assert err["code"].startswith("save.") and err["message"]
    page.get_by_test_id("to-lobby").click()
    bad = tmp_path / "foreign.json"
    page.get_by_test_id("lobby-load-input").set_input_files(str(bad))
    page.get_by_test_id("lobby-error").wait_for(state="visible")
    expect(page.get_by_test_id("lobby-error")).to_have_text(ui("save.foreign"), use_inner_text=True)
    page.get_by_test_id("resume-game").click()
    assert page.evaluate("marquee.hash()") == before
    no_problems(page)


# --------------------------------------------------------------------------- hotseat & bots


def test_the_one_person_at_a_table_left_unnamed_is_you(booted_page):
    """A solo game's person (or the one person against bots) who gave no name is "You": the
    lobby's name field says so, the seat, the turn ("Your move", not "You to play") and the
    moves' title too, in EN and RU; they read "Player 1" beside the lobby's "You play this
    seat". Two people at one device stay numbered: each must tell whose turn it is."""
    page = booted_page
    page.evaluate("marquee.setSpeed(0)")
    page.get_by_test_id("game-trickerion-solo").click()
    expect(page.get_by_test_id("seat-0-name")).to_have_attribute("placeholder", "You")
    # against a bot "You"; a second person at the device makes both numbered players, at once
    page.get_by_test_id("game-trickerion").click()
    first, other = page.get_by_test_id("seat-0-name"), page.get_by_test_id("seat-1-kind")
    other.select_option("bot:easy")
    expect(first).to_have_attribute("placeholder", "You")
    other.select_option("human")
    expect(first).to_have_attribute("placeholder", "Player 1")
    expect(page.get_by_test_id("seat-1-name")).to_have_attribute("placeholder", "Player 2")
    other.select_option("bot:easy")
    expect(first).to_have_attribute("placeholder", "You")
    page.evaluate(
        "marquee.start({game: 'trickerion-solo', seed: 3, players: 2,"
        " seats: [{kind: 'human', name: ''}, {kind: 'bot'}]})"
    )
    page.evaluate("marquee.idle()")
    assert page.evaluate("marquee.toAct().seats") == [0]
    for lang, you, move in (("en", "You", "Your move"), ("ru", "Вы", "Ваш ход")):
        page.evaluate(f"marquee.setLang('{lang}')")
        expect(page.get_by_test_id("seat-0").locator(".seat-name")).to_have_text(you)
        expect(page.get_by_test_id("turn-status")).to_have_text(move)
        expect(page.locator("#actions-title")).to_have_text(move)
    page.evaluate("marquee.setLang('en')")
    # a name is set apart (its own <bdi>) as a whole word: "Вы" began "Выберите" as well
    isolated = page.evaluate("""async () => {
        const m = await import('./web/ui/dom.js');
        return m.isolateNames('Выберите: Вы ходите, Anna и Ann', ['Вы', 'Ann'])
            .map((n) => (typeof n === 'string' ? n : `<${n.textContent}>`));
    }""")
    assert isolated == ["Выберите: ", "<Вы>", " ходите, Anna и ", "<Ann>"]
    # two people: numbered, each told by name whose move it is
    seats = "[{kind: 'human'}, {kind: 'human'}]"
    page.evaluate(f"marquee.start({{game: 'trickerion', seed: 3, options: {{}}, seats: {seats}}})")
    page.evaluate("marquee.idle()")
    expect(page.get_by_test_id("seat-0").locator(".seat-name")).to_have_text("Player 1")
    no_problems(page)


def test_whose_screen_and_simultaneous_decisions(booted_page):
    """web/ui/seats.js: the pure rules behind the viewer and the hotseat cover."""
    out = booted_page.evaluate("""async () => {
      const m = await import('./web/ui/seats.js');
      const seats = [{kind: 'human'}, {kind: 'bot'}, {kind: 'human'}];
      const snap = (kind, s, step = 0) => ({seats, to_act: {kind, seats: s}, step});
      const g1 = m.trackGroup(null, snap('players', [0, 2], 4));
      const g2 = m.trackGroup(g1, snap('players', [2], 5));
      const g3 = m.trackGroup(g2, snap('players', [0], 6));
      const g4 = m.trackGroup(m.trackGroup(null, snap('players', [0, 2], 1)), snap('players', [0, 2], 1));
      return {
        first: m.chooseViewer(snap('players', [0, 2]), null),
        stays: m.chooseViewer(snap('players', [0, 2]), 2),
        next: m.chooseViewer(snap('players', [2]), 0),
        botTurn: m.chooseViewer(snap('players', [1]), 2),
        chance: m.chooseViewer(snap('chance', [-1]), null),
        spectator: m.chooseViewer({seats: [{kind: 'bot'}], to_act: {kind: 'players', seats: [0]}}, null),
        auto: [m.autoPending(snap('players', [0, 1])), m.autoPending(snap('players', [0, 2])),
               m.autoPending(snap('chance', [-1])), m.autoPending(snap('terminal', []))],
        groups: [g1.group, g2.group, g3.group, g4.group],
      };
    }""")
    assert out == {
        "first": 0,
        "stays": 2,
        "next": 2,
        "botTurn": 2,
        "chance": 0,
        "spectator": None,
        "auto": [True, False, True, False],
        # a simultaneous decision lasts while each step removes seats from it
        "groups": [[0, 2], [0, 2], None, [0, 2]],
    }


@pytest.mark.skipif(MULTI_GAME is None, reason="no game for two or more players is registered")
def test_hotseat_covers_the_table_before_a_secret_choice(booted_page, screenshot):
    page = booted_page
    page.evaluate(
        """game => marquee.start({game, seed: 11, options: {},
        seats: [{kind: 'human', name: 'Ann'}, {kind: 'human', name: 'Bob'}]})""",
        MULTI_GAME,
    )
    page.evaluate("marquee.setSpeed(0)")
    names = ["Ann", "Bob"]
    before = None  # (to_act, viewer) when the last human move was made
    for _ in range(400):
        page.evaluate("marquee.idle()")
        if page.evaluate("marquee.screen()") == "pass":
            viewer = page.evaluate("marquee.viewer()")
            # nothing of the table is drawn under the cover
            assert page.get_by_test_id("board").evaluate("el => el.children.length") == 0
            assert page.get_by_test_id("actions").evaluate("el => el.children.length") == 0
            expect(page.locator("#pass-title")).to_have_text(
                ui("ui.pass.title", name=names[viewer]), use_inner_text=True
            )
            if before and len(before[0]["seats"]) > 1 and before[1] != viewer:
                break  # one human chose secretly, the other is next: the case this is for
            page.get_by_test_id("pass-confirm").click()
            continue
        to_act = page.evaluate("marquee.toAct()")
        assert to_act["kind"] != "terminal", "no simultaneous decision came up"
        before = (to_act, page.evaluate("marquee.viewer()"))
        page.get_by_test_id("actions").locator("button").first.click()
    else:
        pytest.fail("no hand-over in a simultaneous decision came up in 400 moves")
    screenshot(page, "page-pass-device")

    # a reload keeps the cover up
    reload_page(page)
    assert page.evaluate("marquee.screen()") == "pass"
    assert page.evaluate("marquee.viewer()") == viewer

    page.get_by_test_id("pass-confirm").click()
    assert page.evaluate("marquee.screen()") == "table"
    expect(page.get_by_test_id("actions").locator("button")).to_have_count(
        len(page.evaluate("marquee.legal()"))
    )
    assert page.get_by_test_id("turn-status").inner_text()
    no_problems(page)


@pytest.mark.skipif(MULTI_GAME is None, reason="no game for two or more players is registered")
def test_bots_play_one_step_at_a_time_and_skip_runs_them_out(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    # the pace set first (the shared page keeps the last test's), the steps watched from the start
    page.evaluate("""() => {
        marquee.setSpeed(300);
        window.__steps = [];
        const note = (e) => window.__steps.push([e.detail.step, performance.now()]);
        document.addEventListener('marquee:snapshot', note);
        window.__unwatch = () => document.removeEventListener('marquee:snapshot', note);
    }""")
    page.evaluate(
        """game => marquee.start({game, seed: 5,
        seats: [{kind: 'bot', bot: 'random'}, {kind: 'bot', bot: 'random'}]})""",
        MULTI_GAME,
    )
    page.wait_for_function("window.__steps.length >= 4", timeout=60_000)
    steps = page.evaluate("window.__steps")[:4]
    # one step at a time, each after the delay
    assert [s for s, _ in steps] == list(range(steps[0][0], steps[0][0] + 4))
    assert all(b - a >= 290 for (_, a), (_, b) in zip(steps, steps[1:])), steps
    assert page.evaluate("marquee.viewer()") is None  # every seat a bot: a spectator
    page.get_by_test_id("skip-bots").click()
    page.wait_for_function("marquee.toAct().kind === 'terminal'", timeout=300_000)
    expect(page.get_by_test_id("game-over")).to_be_visible()
    assert page.get_by_test_id("score-table").locator("tbody tr").count() >= 1
    screenshot(page, "page-game-over-bots")
    no_problems(page)
    page.evaluate("window.__unwatch()")  # the shared page without this test's listener


def test_a_pace_set_while_instant_bots_run_holds_from_the_next_step(booted_page):
    """Instant bots run their steps in batches (each step still announced); a pace chosen while
    a batch runs ends it after the step under way, and the next step waits for the pace (the
    batch once ran on for up to 250 ms of steps at the old pace)."""
    page = booted_page
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate(
        """game => marquee.start({game, seed: 5,
        seats: [{kind: 'bot', bot: 'random'}, {kind: 'bot', bot: 'random'}]})""",
        MULTI_GAME,
    )
    page.wait_for_function("marquee.snapshot().step >= 3", timeout=60_000)
    page.evaluate("""() => {
        window.__steps = [];
        const note = (e) => window.__steps.push([e.detail.step, performance.now()]);
        document.addEventListener('marquee:snapshot', note);
        window.__unwatch = () => document.removeEventListener('marquee:snapshot', note);
        marquee.setSpeed(300);
    }""")
    page.wait_for_function("window.__steps.length >= 4", timeout=60_000)
    steps = page.evaluate("window.__steps")[:4]
    page.evaluate("window.__unwatch()")
    # the first may be the step under way when the pace was set; each after it waits for the pace
    assert all(b - a >= 290 for (_, a), (_, b) in zip(steps, steps[1:])), steps


def test_a_decision_with_hundreds_of_choices_is_folded_behind_a_filter(booted_page):
    """A decision with hundreds of legal actions (The Magnificent's die taken onto a master card,
    by colour and face: 252 at this position) shows a filter and the first matches in the action
    list instead of a button each. (The Oracle companion's thousand throws are a form now.)"""
    page = booted_page
    if "magnificent" not in GAMES:
        pytest.skip("The Magnificent is not registered")
    page.evaluate("""marquee.start({game: 'magnificent', seed: 3, options: {},
        seats: [{kind: 'human', name: 'Ann'}, {kind: 'human', name: 'Bob'}]})""")
    for _ in range(10):
        page.evaluate("marquee.idle()")
        if page.evaluate("marquee.legalActions().length") > 60:
            break
        page.evaluate("marquee.act(0)")
    total = page.evaluate("marquee.legalActions().length")
    assert total > 60
    buttons = page.get_by_test_id("actions").locator('button[data-testid^="action-"]')
    assert buttons.count() == 60
    expect(page.get_by_test_id("actions-count")).to_contain_text("60", use_inner_text=True)
    first_label = buttons.first.inner_text()
    page.get_by_test_id("actions-filter").fill(first_label)
    assert 1 <= buttons.count() <= 60
    # the filter keeps the labels holding every word typed, in any order
    words = first_label.lower().split()
    assert all(all(w in b.lower() for w in words) for b in buttons.all_inner_texts())
    step = page.evaluate("marquee.snapshot().step")
    buttons.first.click()
    page.evaluate("marquee.idle()")
    assert page.evaluate("marquee.snapshot().step") > step
    no_problems(page)
