"""Issue 9 (trust), the page's side: what a player at the screen sees when something is refused
or goes wrong, and what a crafted file or a second tab can no longer do.

  - a refused Undo says why (hover and keyboard focus);
  - the Save note, 64-bit seeds, no seed in the file's name;
  - oversized or absurdly nested files (and autosaves) stopped before Python, the game untouched;
  - names with bidi controls cannot rewrite a sentence: stripped, and isolated wherever shown;
  - a second tab never overwrites the first tab's game; a full storage is reported at once;
  - a stalled download is named, and a reload offered with the reason.

Screenshots: build/screenshots/trust-*.png (1366x768 and 390x844).
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

from playwright.sync_api import expect

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

CATALOG = json.loads((ROOT / "engine" / "core" / "messages.json").read_text(encoding="utf-8"))
READY_TIMEOUT_MS = 120_000
DESKTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
BIDI = re.compile("[\u202a-\u202e\u2066-\u2069\u200e\u200f]")


def ui(code: str, lang: str = "en", **params) -> str:
    text = CATALOG[code][lang]
    for k, v in params.items():
        text = text.replace("{" + k + "}", str(v))
    return text


def open_page(page, url: str) -> None:
    page.goto(url)
    page.wait_for_function("window.marquee", timeout=READY_TIMEOUT_MS)
    page.evaluate("marquee.ready()")


def start_oracle(page, seed: int = 11, name: str = "Ann") -> None:
    page.evaluate(
        """([seed, name]) => marquee.start({game: 'oracle', seed,
        seats: [{kind: 'human', name}], options: {mode: 'practice'}})""",
        [seed, name],
    )
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("marquee.idle()")


def play_to_end(page) -> None:
    """The first legal action each time, bots and chance at speed 0, until the game ends."""
    page.evaluate("""async () => {
        for (let n = 0; n < 2000; n++) {
            await marquee.idle();
            if (marquee.toAct().kind === 'terminal') return;
            if (marquee.legalActions().length) await marquee.act(0);
        }
        throw new Error('the game did not end');
    }""")


# Counts the texts handed to the engine's `load` (the page's guard must stop bad ones first).
SPY_LOADS = """() => {
    window.__loads = 0;
    const door = window.marqueeBridge, call = door.call;
    door.call = (method, args) => { if (method === 'load') window.__loads++; return call(method, args); };
}"""


# ----------------------------------------------------------------------------- (a) undo


def test_a_refused_undo_says_why_on_hover_and_focus(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size(DESKTOP)
    start_oracle(page)
    snap = page.evaluate("marquee.snapshot()")
    assert not snap["can_undo"] and snap["undo_refusal"], snap["undo_refusal"]
    reason = snap["undo_refusal"]["message"]

    undo = page.get_by_test_id("undo")
    tip = page.get_by_test_id("undo-reason")
    expect(undo).to_be_disabled()
    expect(undo).to_have_attribute("aria-description", reason)
    expect(tip).to_have_text(reason)
    expect(tip).to_be_hidden()  # only on demand

    undo.hover()
    expect(tip).to_be_visible()
    screenshot(page, "trust-undo-reason")
    page.mouse.move(5, 5)
    expect(tip).to_be_hidden()

    # keyboard users reach it too: the refused button stays focusable
    undo.focus()
    expect(undo).to_be_focused()
    expect(tip).to_be_visible()
    page.set_viewport_size(PHONE)
    undo.scroll_into_view_if_needed()
    screenshot(page, "trust-undo-reason-phone")
    page.keyboard.press("Enter")  # refused: nothing happens
    assert page.evaluate("marquee.snapshot().step") == snap["step"]


# ----------------------------------------------------------------------------- (b) save & seeds


def test_the_save_note_64_bit_seeds_and_no_seed_in_the_file_name(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size(DESKTOP)
    page.get_by_test_id("game-oracle").click()

    # the lobby's random seeds come from the whole 64-bit range
    seeds = []
    for _ in range(8):
        page.get_by_test_id("seed-random").click()
        seeds.append(int(page.get_by_test_id("seed-input").input_value()))
    assert all(0 <= s < 2**64 for s in seeds) and max(seeds) > 999_999, seeds
    assert len(set(seeds)) == len(seeds)

    # a seed above 2^53 reaches the engine exactly (a JS number would round it)
    seed = 2**64 - 59
    page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("screen-table")).to_be_visible()
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("marquee.idle()")
    assert json.loads(page.evaluate("marquee.save()")["text"])["seed"] == seed

    # next to Save: a save file is the full record of the game
    note = page.get_by_test_id("save-note")
    expect(note).to_be_visible()
    expect(note).to_have_text(ui("ui.table.save_note"))
    expect(page.get_by_test_id("save")).to_have_attribute("aria-describedby", "save-note")
    # (in a short window the paragraph gives its room to the moves: Save's tooltip says it)
    expect(page.get_by_test_id("save")).to_have_attribute("title", ui("ui.table.save_note"))
    screenshot(page, "trust-save-note")
    page.set_viewport_size(PHONE)
    note.scroll_into_view_if_needed()
    screenshot(page, "trust-save-note-phone")
    page.set_viewport_size(DESKTOP)

    with page.expect_download() as download:
        page.get_by_test_id("save").click()
    name = download.value.suggested_filename
    assert name.startswith("marquee-oracle") and str(seed) not in name, name

    # an empty seed: the engine draws one (not the page), a different one each game
    page.get_by_test_id("to-lobby").click()
    page.get_by_test_id("seed-input").fill("")
    drawn = []
    for _ in range(2):
        page.get_by_test_id("start-game").click()
        expect(page.get_by_test_id("screen-table")).to_be_visible()
        drawn.append(json.loads(page.evaluate("marquee.save()")["text"])["seed"])
        page.get_by_test_id("to-lobby").click()
    assert drawn[0] != drawn[1] and max(drawn) > 999_999, drawn


# ----------------------------------------------------------------------------- (c) crafted files


def test_oversized_and_nested_files_are_refused_before_python(page, site_url, tmp_path, screenshot):
    page.set_viewport_size(DESKTOP)
    open_page(page, site_url)
    start_oracle(page)
    page.evaluate("marquee.act(0)")
    page.evaluate("marquee.idle()")
    before = page.evaluate("({hash: marquee.hash(), step: marquee.snapshot().step})")
    page.evaluate(SPY_LOADS)

    nested = tmp_path / "nested.json"
    nested.write_text("[" * 200_000)
    big = tmp_path / "big.json"
    big.write_text(json.dumps({"format": "marquee-save", "name": "x" * 2_100_000}))
    banner = page.get_by_test_id("error-banner")
    for path, code, params in (
        (nested, "ui.error.file_too_deep", {"limit": 32}),
        (big, "ui.error.file_too_large", {"size": "2.1", "limit": "2.0"}),
    ):
        page.get_by_test_id("load-input").set_input_files(str(path))
        expect(banner).to_be_visible()
        expect(banner).to_contain_text(ui(code, **params))
        if path is nested:
            screenshot(page, "trust-nested-file")
        page.get_by_test_id("error-dismiss").click()
        expect(banner).to_be_hidden()
    # the automation API is guarded the same way, and rejects with the page's code
    err = page.evaluate(
        "marquee.load('{\"a\":' + '['.repeat(100) + ']'.repeat(100) + '}').catch(e => e)"
    )
    assert err["code"] == "ui.error.file_too_deep", err

    assert page.evaluate("window.__loads") == 0  # Python never saw them
    after = page.evaluate("({hash: marquee.hash(), step: marquee.snapshot().step})")
    assert after == before and page.evaluate("marquee.screen()") == "table"
    assert not page.marquee.page_errors, page.marquee.page_errors

    # an autosave read back from storage is checked as well: the lobby says why
    game = page.evaluate("marquee.gameId()")
    page.evaluate(
        """id => {
        const key = 'marquee:autosave:' + id;
        const slot = JSON.parse(localStorage.getItem(key));
        slot.text = '['.repeat(5000);
        localStorage.setItem(key, JSON.stringify(slot));
    }""",
        game,
    )
    page.reload()
    page.wait_for_function("window.marquee", timeout=READY_TIMEOUT_MS)
    page.evaluate("marquee.ready()")
    assert page.evaluate("marquee.screen()") == "lobby"
    expect(page.get_by_test_id("lobby-error")).to_contain_text(
        ui("ui.error.file_too_deep", limit=32)
    )
    assert not page.marquee.page_errors, page.marquee.page_errors


# ----------------------------------------------------------------------------- (d) names

# Text nodes of the page (outside the board, whose renderers get FSI…PDI-isolated names) that
# show a name without a <bdi> around it, or that carry a bidi control.
UNISOLATED = """names => {
    const out = [];
    const controls = /[\\u202A-\\u202E\\u200E\\u200F]/;
    const walk = document.createTreeWalker(document.getElementById('app'), NodeFilter.SHOW_TEXT);
    for (let n = walk.nextNode(); n; n = walk.nextNode()) {
        const el = n.parentElement;
        if (controls.test(n.data)) out.push(['control', n.data]);
        if (el.closest('[data-testid="board"]')) {
            for (const name of names) if (n.data.includes(name) && !n.data.includes('\\u2068' + name + '\\u2069'))
                out.push(['board', n.data]);
            continue;
        }
        for (const name of names) if (n.data.includes(name) && !el.closest('bdi')) out.push(['plain', n.data]);
    }
    return out;
}"""


def test_names_with_bidi_controls_are_stripped_and_isolated(booted_page, tmp_path, screenshot):
    page = booted_page
    page.set_viewport_size(DESKTOP)

    # the lobby: controls stripped as they are typed, 40 characters at most
    page.get_by_test_id("game-trickerion").click()
    first = page.get_by_test_id("seat-0-name")
    first.fill("\u202eOlleh\u202c")
    expect(first).to_have_value("Olleh")
    first.fill("N" * 60)
    assert len(first.input_value()) == 40
    first.fill("Olleh\u200f")
    page.get_by_test_id("seat-1-kind").select_option("human")
    page.get_by_test_id("seat-1-name").fill("Bo\u2067b")
    expect(page.get_by_test_id("seat-1-name")).to_have_value("Bob")
    page.get_by_test_id("seed-input").fill("5")
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("screen-table")).to_be_visible()
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("marquee.idle()")
    assert [s["name"] for s in page.evaluate("marquee.snapshot().seats")] == ["Olleh", "Bob"]
    expect(page.locator('[data-testid="seat-0"] bdi')).to_have_text("Olleh")

    # hotseat: play until the device changes hands; the cover names the next player isolated
    covered = False
    for n in range(60):
        page.evaluate("marquee.idle()")
        if n > 3 and page.evaluate("marquee.screen()") == "pass":
            covered = True
            break
        page.evaluate("marquee.act(0).catch(() => null)")
    assert covered, "the device never changed hands"
    expect(page.locator('[data-testid="pass-screen"] h2 bdi')).to_have_count(1)
    assert page.evaluate(UNISOLATED, ["Olleh", "Bob"]) == []
    screenshot(page, "trust-bidi-cover")
    page.get_by_test_id("pass-confirm").click()
    expect(page.locator('[data-testid="log"] bdi').first).to_be_visible()
    assert page.evaluate(UNISOLATED, ["Olleh", "Bob"]) == []

    # a save file whose table carries override controls (edited by hand): stripped on loading,
    # isolated in the log, the turn line and the scores
    page.get_by_test_id("to-lobby").click()
    start_oracle(page, seed=3, name="Zoe")
    play_to_end(page)
    text = page.evaluate("marquee.save()")["text"]
    assert '"Zoe"' in text
    crafted = tmp_path / "bidi.json"
    crafted.write_text(text.replace('"Zoe"', json.dumps("\u202eZoe\u202c\u2066")), encoding="utf-8")
    page.get_by_test_id("load-input").set_input_files(str(crafted))
    expect(page.get_by_test_id("game-over")).to_be_visible()
    # a file may hold any earlier position: loading one is said to the whole table
    steps = page.evaluate("marquee.snapshot().step")
    expect(page.get_by_test_id("load-notice")).to_contain_text(ui("ui.table.loaded", step=steps))
    expect(page.locator('[data-testid="score-table"] th bdi')).to_have_text("Zoe")
    # (the turn line speaks to her, the one person at the table: "Game over: you score…")
    expect(page.locator('[data-testid="seat-0"] .seat-name bdi')).to_have_text("Zoe")
    assert page.evaluate(UNISOLATED, ["Zoe"]) == []
    assert not BIDI.search(page.get_by_test_id("log").inner_text())
    screenshot(page, "trust-bidi-scores")


# ----------------------------------------------------------------------------- (e) autosave


def test_a_second_tab_never_overwrites_the_first_tabs_game(page, site_url, screenshot):
    page.set_viewport_size(DESKTOP)
    open_page(page, site_url)
    start_oracle(page, seed=11, name="First")
    page.evaluate("marquee.act(0)")
    page.evaluate("marquee.idle()")
    first = page.evaluate(
        "({hash: marquee.hash(), step: marquee.snapshot().step, id: marquee.gameId()})"
    )

    # a second tab (same browser storage) starts another game
    other = page.context.new_page()
    other.set_viewport_size(DESKTOP)
    open_page(other, site_url)
    assert other.evaluate("marquee.screen()") == "lobby"
    expect(other.get_by_test_id("resume-info")).to_contain_text("First")
    start_oracle(other, seed=12, name="Second")
    assert other.evaluate("marquee.gameId()") != first["id"]

    # the first tab's game is still there: a reload resumes it, not the second tab's
    page.reload()
    page.wait_for_function("window.marquee", timeout=READY_TIMEOUT_MS)
    page.evaluate("marquee.ready()")
    assert page.evaluate("marquee.screen()") == "table"
    assert (
        page.evaluate(
            "({hash: marquee.hash(), step: marquee.snapshot().step, id: marquee.gameId()})"
        )
        == first
    )

    # both tabs on the same game: when one saves over it, the other keeps its own copy, says so
    other.get_by_test_id("to-lobby").click()
    games = other.get_by_test_id("saved-games").locator("li")
    expect(games).to_have_count(2)
    other.locator(f'[data-id="{first["id"]}"] button', has_text=ui("ui.lobby.resume")).click()
    assert other.evaluate("marquee.gameId()") == first["id"]
    other.evaluate("marquee.setSpeed(0)")
    other.evaluate("marquee.act(0)")
    other.evaluate("marquee.idle()")
    notice = page.get_by_test_id("tab-banner")
    expect(notice).to_be_visible()
    expect(notice).to_contain_text(ui("ui.autosave.other_tab"))
    moved = page.evaluate("marquee.gameId()")
    assert moved != first["id"]
    saved = {g["id"]: g for g in page.evaluate("marquee.savedGames()")}
    assert saved[moved]["hash"] == first["hash"]  # this tab's position, under its new id
    assert saved[first["id"]]["step"] > first["step"]  # the other tab's moves
    screenshot(page, "trust-tab-banner")
    page.set_viewport_size(PHONE)
    screenshot(page, "trust-tab-banner-phone")
    page.get_by_test_id("tab-banner-dismiss").click()
    expect(notice).to_be_hidden()
    other.set_viewport_size(PHONE)
    other.get_by_test_id("to-lobby").click()
    expect(other.get_by_test_id("saved-games").locator("li")).to_have_count(3)
    other.get_by_test_id("saved-games").scroll_into_view_if_needed()
    screenshot(other, "trust-saved-games-phone")
    other.close()


def test_a_full_storage_is_reported_at_once(page, site_url, screenshot):
    page.set_viewport_size(DESKTOP)
    open_page(page, site_url)
    start_oracle(page)
    banner = page.get_by_test_id("storage-banner")
    expect(banner).to_be_hidden()
    page.evaluate("""() => {
        const set = Storage.prototype.setItem;
        window.__restoreStorage = () => { Storage.prototype.setItem = set; };
        Storage.prototype.setItem = function (key, value) {
            if (String(key).startsWith('marquee:autosave')) {
                throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
            }
            return set.call(this, key, value);
        };
    }""")
    page.evaluate("marquee.act(0)")
    expect(banner).to_be_visible()
    expect(banner).to_have_text(ui("ui.autosave.full"))
    screenshot(page, "trust-storage-full")
    page.set_viewport_size(PHONE)
    screenshot(page, "trust-storage-full-phone")
    page.set_viewport_size(DESKTOP)

    page.evaluate("window.__restoreStorage()")
    page.evaluate("marquee.idle()")
    page.evaluate("marquee.act(0)")
    expect(banner).to_be_hidden()  # saved again: nothing more to say

    # The table kept for the next start (app/lastview.js, written when the page is left) gives
    # way to the autosave: a storage with no room left beside it still saves the next move.
    kept = "localStorage.getItem('marquee:lastview') !== null"
    page.evaluate("marquee.idle()")
    page.evaluate("dispatchEvent(new Event('pagehide'))")
    assert page.evaluate(kept)
    page.evaluate(NO_ROOM_LEFT)
    step = page.evaluate("marquee.snapshot().step")
    page.evaluate("marquee.act(0)")
    page.evaluate("marquee.idle()")
    expect(banner).to_be_hidden()
    assert not page.evaluate(kept)
    saved = "marquee.savedGames().find(g => g.id === marquee.gameId()).step"
    assert page.evaluate(saved) > step
    page.evaluate("window.__restoreStorage()")
    # and it is removed when the page is shown again (written anew when it is next left)
    page.evaluate("dispatchEvent(new Event('pagehide'))")
    assert page.evaluate(kept)
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")  # still visible
    assert not page.evaluate(kept)


# A quota at what the site's storage holds now: a write that would make it hold more fails as a
# full storage does.
NO_ROOM_LEFT = """() => {
    const set = Storage.prototype.setItem;
    window.__restoreStorage = () => { Storage.prototype.setItem = set; };
    const size = (s) => {
        let n = 0;
        for (let i = 0; i < s.length; i++) n += s.key(i).length + s.getItem(s.key(i)).length;
        return n;
    };
    const quota = size(localStorage);
    Storage.prototype.setItem = function (key, value) {
        const old = this.getItem(key);
        const after = size(this) - (old === null ? 0 : key.length + old.length) + key.length + String(value).length;
        if (this === localStorage && after > quota) {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
        }
        return set.call(this, key, value);
    };
}"""


# ----------------------------------------------------------------------------- (f) stalled boot


def test_a_stalled_download_is_named_and_a_reload_offered(
    page, site_url, wait_for_boot, screenshot
):
    page.set_viewport_size(DESKTOP)
    # tests only: a short stall limit instead of the players' 25 s
    page.add_init_script("window.MARQUEE_BOOT_STALL_MS = 1500")
    held = []
    wheel = re.compile(r".*/pyodide/msgspec-[^/]*\.whl$")
    page.route(wheel, lambda route: held.append(route))  # never answered
    page.goto(site_url)

    # The notice may show and go while the other downloads still arrive (a slow machine counts
    # their bytes after the limit): once they are in, only the held wheel is left and the notice
    # stays. The notice, the note and marqueeBoot are read together, in one look at the page.
    page.wait_for_function(
        r"""() => {
            const box = document.querySelector('[data-testid="boot-stalled"]');
            const note = document.querySelector('[data-testid="boot-waiting"]');
            const s = window.marqueeBoot;
            return box && !box.hidden && box.checkVisibility() && s && s.state === 'loading'
                && /pyodide\/msgspec-[^ ]*\.whl/.test(box.textContent)
                && box.textContent.includes('stalled') && note.textContent.includes('msgspec')
                && (s.stalled?.file ?? '').includes('msgspec');
        }""",
        timeout=READY_TIMEOUT_MS,
    )
    screenshot(page, "trust-boot-stalled")
    page.set_viewport_size(PHONE)
    screenshot(page, "trust-boot-stalled-phone")

    # the offered reload, with the network back, boots
    page.unroute(wheel)
    page.get_by_test_id("boot-stalled-reload").click()
    assert wait_for_boot(page)["state"] == "ready"
    expect(page.get_by_test_id("boot-stalled")).to_be_hidden()
