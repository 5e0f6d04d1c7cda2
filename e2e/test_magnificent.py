"""The Magnificent at the table (web/games/magnificent.js): a person against the greedy bot,
played by clicking on the board (dice, action buttons, build levels, the camp with ghost
placement, wagon stops, tent spaces, hats, posters, pairs, cards), with a build of a rotated and
of a reflected camp tile, a travel that takes a tent and a perform; a 4-bot game watched to the
final scores; a solo game clicked to its result; a reload mid-turn that resumes the same hash;
the same position in EN, RU and FR.

Every click is chosen among the board's legal targets (``[data-legal="true"]``, whose action is
one of ``marquee.legalActions()``), so the test follows the rules without knowing them.
Screenshots: build/screenshots/mgn-*.png. Figures (printed, never asserted): board vs strip
clicks, click -> redrawn board (median, p95), largest legal-action count on a build, full-table
render time.
"""

from __future__ import annotations

import json
import random
import statistics

import pytest
from playwright.sync_api import expect

from helpers import no_problems, open_page, reload_page

BOARD = '[data-testid="mgn-board"]'
TARGETS = f"{BOARD} [data-legal='true']"
LANGS = ("en", "ru", "fr")
SIZES = {"1366": (1366, 768), "1920": (1920, 1080), "390": (390, 844)}


def lobby_start(page, game: str, players: int, kinds: list[str], seed: int) -> None:
    page.get_by_test_id(f"game-{game}").click()
    if players > 1:
        page.get_by_test_id("players-select").select_option(str(players))
    for i, kind in enumerate(kinds):
        page.get_by_test_id(f"seat-{i}-kind").select_option(kind)
    page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("start-game").click()
    expect(page.locator(BOARD)).to_be_visible(timeout=60_000)


def shoot_board(page, screenshot, name: str, parts: int = 4) -> list[str]:
    """The board part by part (the page scrolls the board's own container)."""
    page.evaluate("""() => {
        const b = document.querySelector('[data-testid="mgn-board"]');
        let el = b.parentElement;
        while (el && el.scrollHeight <= el.clientHeight + 2) el = el.parentElement;
        window.__mgnScroller = el || document.scrollingElement;
        window.__mgnScroller.scrollTop = 0;
    }""")
    shots = [str(screenshot(page, f"{name}-0"))]
    for i in range(1, parts):
        moved = page.evaluate("""() => {
            const el = window.__mgnScroller;
            const before = el.scrollTop; el.scrollTop += el.clientHeight * 0.85; return el.scrollTop > before;
        }""")
        if not moved:
            break
        shots.append(str(screenshot(page, f"{name}-{i}")))
    return shots


def legal(page) -> list[dict]:
    return page.evaluate("marquee.legalActions()")


def wait_moved(page, step: int, render: int) -> None:
    """Until the match moved past ``step`` or the board redrew (a ghost turned or pinned)."""
    page.wait_for_function(
        "([s, r]) => marquee.snapshot().step > s || "
        "Number(document.querySelector('[data-testid=\"mgn-board\"]')?.dataset.render) > r",
        arg=[step, render],
        timeout=30_000,
    )


class Player:
    """Clicks on the board the way a person would; counts where the clicks went."""

    def __init__(self, page, rng: random.Random):
        self.page = page
        self.rng = rng
        self.counts = {"board": 0, "panel": 0, "ghost": 0, "strip": 0}
        self.actions: dict[str, int] = {}
        self.builds: list[str] = []  # "rotate" / "reflect" / "plain" per placed tile
        self.tent_taken = False
        self.rewards: list[int] = []
        self.max_place = 0
        self.taken_tents = 0
        self.round = 1

    def state(self) -> dict:
        return self.page.evaluate("marquee.state()")

    def render_no(self) -> int:
        return int(self.page.locator(BOARD).get_attribute("data-render") or 0)

    def click(self, locator, kind: str) -> None:
        step, render = self.page.evaluate("marquee.snapshot().step"), self.render_no()
        locator.click()
        self.counts[kind] += 1
        if self.page.get_by_test_id("mgn-pop-panel").count():
            self.choose_in_panel()
        wait_moved(self.page, step, render)

    def choose_in_panel(self) -> None:
        choices = self.page.get_by_test_id("mgn-pop-panel").locator(".mgn-pop-choice")
        n = choices.count()
        assert n > 1
        acts = legal(self.page)
        indexes = choices.evaluate_all("els => els.map(e => Number(e.dataset.index))")
        weights = []
        for i in indexes:
            a = acts[i]
            w = 1.0
            if a["type"] == "reward":
                w = 10.0 ** len(a["slots"])  # a perform of two posters when it can
            if a["type"] == "take" and (a.get("flip") or a.get("face")):
                w = 0.3
            if a["type"] == "poster" and a["slot"] < 0:
                w = 0.1
            weights.append(w)
        pick = (
            self.rng.choices(range(n), weights)[0]
            if self.rng.random() < 0.5
            else max(range(n), key=weights.__getitem__)
        )
        act = acts[indexes[pick]]
        self.note(act)
        choices.nth(pick).click()
        self.counts["panel"] += 1

    def note(self, act: dict) -> None:
        self.actions[act["type"]] = self.actions.get(act["type"], 0) + 1
        if act["type"] == "tent" and act["slot"] >= 0:
            self.taken_tents += 1
        if act["type"] == "reward":
            self.rewards.append(len(act["slots"]))

    def place(self) -> None:
        """Ghost placement: turn the tile (rotate / reflect by turns), pick a lit anchor, confirm."""
        page = self.page
        self.max_place = max(self.max_place, len(legal(page)))
        how = ("rotate", "reflect", "plain")[len(self.builds) % 3]
        orient = page.get_by_test_id("mgn-orient")
        start = orient.get_attribute("data-orient")
        turned = False
        if how != "plain":
            for _ in range(4):
                self.click(page.get_by_test_id(f"mgn-{how}"), "ghost")
                if orient.get_attribute("data-orient") != start:
                    turned = True
                if turned and int(orient.get_attribute("data-anchors")) > 0:
                    break
        while int(orient.get_attribute("data-anchors")) == 0:
            self.click(page.get_by_test_id("mgn-rotate"), "ghost")
        anchors = page.locator(f"{BOARD} .anchor")
        self.click(anchors.nth(self.rng.randrange(anchors.count())), "ghost")
        confirm = page.get_by_test_id("mgn-confirm")
        act = json.loads(confirm.get_attribute("data-action"))
        self.note(act)
        self.builds.append(how if turned else "plain")
        self.click(confirm, "board")

    def act_once(self) -> None:
        page = self.page
        if page.get_by_test_id("mgn-ghost-tools").count():
            self.place()
            return
        targets = page.locator(f"{TARGETS}:not(.anchor)")
        n = targets.count()
        if n == 0:
            strip = page.get_by_test_id("mgn-strip").locator("button")
            k = strip.count()
            assert k, "no target on the board nor in the strip"
            pick = self.rng.randrange(k)
            self.note(json.loads(strip.nth(pick).get_attribute("data-action")))
            self.click(strip.nth(pick), "strip")
            return
        keys = targets.evaluate_all("els => els.map(e => e.dataset.target)")
        titles = targets.evaluate_all(
            "els => els.map(e => e.querySelector('title')?.textContent ?? e.title ?? '')"
        )
        self.round = page.evaluate("marquee.state().round")
        weights = [self.weight(k, tt) for k, tt in zip(keys, titles)]
        i = self.rng.choices(range(n), weights)[0]
        if targets.nth(i).get_attribute("data-count") == "1":
            entry = next(
                e
                for e in page.evaluate("marquee.snapshot().legal")
                if keys[i] in keys_of(e["action"])
            )
            self.note(entry["action"])
        note_action_choice(self, keys[i])
        self.click(targets.nth(i), "board")

    def weight(self, key: str, title: str = "") -> float:
        kind = key.split("-")[0]
        if kind == "act":
            # tents and camp tiles first, performing later: a perform then has posters to reward
            return {"build": 10.0, "travel": 10.0, "perform": 1.0 if self.round == 1 else 40.0}[
                key[4:]
            ]
        if kind == "end":
            return 0.5
        if kind == "space":
            return 0.3
        if kind == "gem":
            return 0.2
        if kind == "tentslot":
            return 5.0
        if kind == "stop":
            return 8.0 if "tent" in title else 1.0  # the preview names a tent at that stop
        return 1.0


def keys_of(a: dict) -> list[str]:
    t = a["type"]
    table = {
        "take": lambda: [f"die-{a['die']}"],
        "action": lambda: [f"act-{a['action']}"],
        "level": lambda: [f"level-{a['index']}"],
        "move": lambda: [f"stop-{a['distance']}"],
        "tent": lambda: [f"tentslot-{a['slot']}"],
        "hat": lambda: [f"track-{a['space']}"],
        "pair": lambda: [f"pair-{a['index']}"],
        "discard_pair": lambda: [f"pair-{a['index']}"],
        "end": lambda: ["end"],
        "marker": lambda: [f"space-{a['space']}"],
        "bonus": lambda: [f"card-{a['card']}"],
        "score": lambda: [f"card-{a['card']}"],
        "gem": lambda: [f"gem-{a['gem']}"],
        "pick_gem": lambda: [f"gem-{a['gem']}"],
        "tile": lambda: [f"reveal-{a['tile']}"],
        "keep": lambda: [f"offer-{a['card']}"],
        "poster": lambda: ["deck" if a["source"] < 0 else f"np-{a['source']}"],
        "solo_discard": lambda: [f"np-{a['slot']}"],
        "reward": lambda: [f"poster-{s}" for s in a["slots"]],
    }
    return table.get(t, lambda: [])()


def note_action_choice(player: Player, key: str) -> None:
    if key.startswith("act-"):
        player.actions[f"action-{key[4:]}"] = player.actions.get(f"action-{key[4:]}", 0) + 1


def play_by_clicking(
    page, player: Player, screenshot, shots: list[str], prefix: str, limit: int = 2000
) -> set[str]:
    seen: set[str] = set()
    for _ in range(limit):
        page.evaluate("marquee.idle()")
        if page.evaluate("marquee.toAct().kind") == "terminal":
            return seen
        if not page.evaluate("marquee.legal().length"):
            continue
        board = page.locator(BOARD)
        stage = f"{board.get_attribute('data-phase')}-{board.get_attribute('data-stage')}"
        if board.get_attribute("data-pending"):
            stage = f"{board.get_attribute('data-phase')}-{board.get_attribute('data-pending')}"
        if stage not in seen:
            seen.add(stage)
            shots.append(str(screenshot(page, f"{prefix}-{stage}")))
        player.act_once()
    pytest.fail("the game did not end")


# --------------------------------------------------------------------------- the human game


def test_a_person_plays_against_the_greedy_bot_by_clicking_on_the_board(
    page, site_url, screenshot, figures
):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_page(page, site_url)
    lobby_start(page, "magnificent", 2, ["human", "bot:greedy"], seed=5)
    page.get_by_test_id("speed-select").select_option("0")
    page.evaluate("marquee.idle()")
    expect(page.get_by_test_id("mgn-provisional-badge")).to_be_visible()
    page.get_by_test_id("mgn-provisional-badge").click()
    expect(page.get_by_test_id("mgn-provisional-details")).to_be_visible()
    page.get_by_test_id("mgn-provisional-badge").click()
    shots: list[str] = []
    player = Player(page, random.Random(3))
    seen = play_by_clicking(page, player, screenshot, shots, "mgn-2p")

    expect(page.get_by_test_id("score-table")).to_be_visible()
    result = page.evaluate("marquee.snapshot().result")
    assert result and len(result["scores"]) == 2
    shots += shoot_board(page, screenshot, "mgn-2p-over", parts=2)
    assert "rotate" in player.builds and "reflect" in player.builds, player.builds
    assert player.taken_tents >= 1, player.actions
    assert player.actions.get("reward", 0) >= 1, player.actions
    assert player.counts["board"] + player.counts["ghost"] > 5 * max(1, player.counts["strip"]), (
        player.counts
    )
    no_problems(page)
    m = page.evaluate(
        "({click: window.marqueeMagnificent.clickMs, render: window.marqueeMagnificent.renderMs})"
    )
    clicks = sorted(m["click"])
    renders = sorted(m["render"])
    figures["magnificent: human clicks (2p vs greedy)"] = (
        f"{player.counts['board']} board targets + {player.counts['ghost']} ghost controls/anchors, "
        f"{player.counts['panel']} choice panels, {player.counts['strip']} decision strip"
    )
    figures["magnificent: builds (rotated/reflected/plain)"] = ", ".join(player.builds)
    figures["magnificent: rewards (posters per perform)"] = str(player.rewards)
    figures["magnificent: click -> redrawn board (median / p95)"] = (
        f"{statistics.median(clicks):.0f} / {clicks[int(0.95 * (len(clicks) - 1))]:.0f} ms over {len(clicks)} clicks"
    )
    figures["magnificent: full-table render (median / max)"] = (
        f"{statistics.median(renders):.1f} / {max(renders):.1f} ms over {len(renders)} renders"
    )
    figures["magnificent: largest legal-action count on a build"] = str(player.max_place)
    figures["magnificent: decisions seen"] = ", ".join(sorted(seen))
    figures["magnificent: final scores (2p)"] = str(result["scores"])
    print("screenshots:", *shots, sep="\n  ")


# --------------------------------------------------------------------------- four bots


def test_four_bots_play_to_the_final_scores(page, site_url, screenshot, figures):
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_page(page, site_url)
    page.evaluate("marquee.setSpeed(0)")
    lobby_start(
        page, "magnificent", 4, ["bot:greedy", "bot:random", "bot:greedy", "bot:random"], seed=8
    )
    page.wait_for_function("marquee.toAct().kind === 'terminal'", timeout=600_000)
    expect(page.get_by_test_id("score-table")).to_be_visible()
    result = page.evaluate("marquee.snapshot().result")
    assert len(result["scores"]) == 4
    expect(page.get_by_test_id("mgn-opponents").locator("section")).to_have_count(
        4 if page.evaluate("marquee.viewer") is None else 3
    )
    shoot_board(page, screenshot, "mgn-bots4-over-1920", parts=3)
    figures["magnificent: 4 bots final scores"] = str(result["scores"])
    no_problems(page)


# --------------------------------------------------------------------------- solo


def test_a_solo_game_clicked_to_its_result(page, site_url, screenshot, figures):
    page.set_viewport_size({"width": 1920, "height": 1080})
    open_page(page, site_url)
    lobby_start(page, "magnificent-solo", 1, [], seed=4)  # its one seat is a person's
    page.get_by_test_id("speed-select").select_option("0")
    expect(page.get_by_test_id("mgn-solo-targets")).to_be_visible()
    shots: list[str] = []
    player = Player(page, random.Random(9))
    play_by_clicking(page, player, screenshot, shots, "mgn-solo")
    expect(page.get_by_test_id("score-table")).to_be_visible()
    result = page.evaluate("marquee.snapshot().result")
    shoot_board(page, screenshot, "mgn-solo-over", parts=2)
    figures["magnificent solo: result"] = f"{result['scores']} ({player.counts})"
    no_problems(page)


# --------------------------------------------------------------------------- reload, languages, sizes


def test_reload_mid_turn_resumes_and_the_table_reads_in_three_languages(page, site_url, screenshot):
    page.set_viewport_size({"width": 1366, "height": 768})
    open_page(page, site_url)
    lobby_start(page, "magnificent", 2, ["human", "bot:greedy"], seed=11)
    page.get_by_test_id("speed-select").select_option("0")
    player = Player(page, random.Random(1))
    # click until the person is mid-turn: a die taken, an action still to choose
    for _ in range(60):
        page.evaluate("marquee.idle()")
        v = page.evaluate("marquee.state()")
        if v["phase"] == "turn" and v["seat"] == 0 and v["turn"]["stage"] == "act":
            break
        if page.evaluate("marquee.legal().length"):
            player.act_once()
    else:
        pytest.fail("no mid-turn position reached")
    before = page.evaluate("({hash: marquee.hash(), step: marquee.snapshot().step})")
    reload_page(page)
    expect(page.locator(BOARD)).to_be_visible()
    after = page.evaluate("({hash: marquee.hash(), step: marquee.snapshot().step})")
    assert after == before
    expect(page.locator(f"{TARGETS}[data-target^='act-']").first).to_be_visible()
    for lang in LANGS:
        page.evaluate(f"marquee.setLang('{lang}')")
        expect(page.locator(BOARD)).to_have_attribute("lang", lang)
        for name, (w, h) in SIZES.items():
            page.set_viewport_size({"width": w, "height": h})
            shoot_board(page, screenshot, f"mgn-act-{lang}-{name}", parts=4 if name == "390" else 3)
        page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate("marquee.setLang('en')")
    no_problems(page)
