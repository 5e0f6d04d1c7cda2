"""Issue #22's findings on Trickerion's table and the phone (items 4, 5 and 7): each setup choice
says what it is for, the Theater's Perform line says who performs and when, a die rolled X is
not called used, the solo lobby speaks of no Dark Alley switch it lacks, the solo cards' badge
leaves their name readable, and a phone keeps the prompt, Undo and Hint at the bottom of the
window with 44 px targets.

Screenshots: build/screenshots/whole-<what>-<lang>.png.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from playwright.sync_api import expect

from helpers import drive_until, no_problems, tid

ROOT = Path(__file__).resolve().parents[1]
TRK = json.loads((ROOT / "engine" / "games" / "trickerion" / "messages.json").read_text("utf-8"))


def start(page, game: str, seed: int, kinds: tuple[str, ...] = ("human", "bot:greedy")) -> None:
    page.get_by_test_id(f"game-{game}").click()
    if game == "trickerion":
        for i, kind in enumerate(kinds):
            page.get_by_test_id(f"seat-{i}-kind").select_option(kind)
        if page.get_by_test_id("option-first_game").is_checked():
            page.get_by_test_id("option-first_game").click()
    page.get_by_test_id("seed-input").fill(str(seed))
    page.get_by_test_id("start-game").click()
    page.wait_for_function(f"document.querySelector('{tid('trk-board')} [data-target]')")
    page.get_by_test_id("speed-select").select_option("0")


def prompt(page) -> str:
    page.evaluate("marquee.idle()")
    return page.get_by_test_id("trk-prompt").inner_text()


def play(page, kind: str, pick=lambda a: True) -> dict:
    """Play the first legal action of type ``kind`` that ``pick`` accepts."""
    page.evaluate("marquee.idle()")
    legal = [a for a in page.evaluate("marquee.legalActions()") if a["type"] == kind and pick(a)]
    assert legal, (kind, page.evaluate("marquee.legalActions()"))
    page.evaluate("a => marquee.act(a)", legal[0])
    page.evaluate("marquee.idle()")
    return legal[0]


def to_placement(page, pick) -> None:
    """Set up with the first of each choice, then answer Advertise and the assignments with
    ``pick(legal)`` until the human places characters."""
    for kind in ("choose_magician", "choose_trick", "choose_props", "choose_specialist"):
        play(page, kind)
    for _ in range(60):
        if page.evaluate("marquee.idle().then(() => marquee.state().phase)") == "place":
            break
        legal = page.evaluate("marquee.legalActions()")
        if not legal:
            page.wait_for_timeout(100)
            continue
        page.evaluate("a => marquee.act(a)", pick(legal))
        page.evaluate("marquee.idle()")
    assert page.evaluate("marquee.state().phase") == "place", page.evaluate("marquee.state()")


def test_each_setup_choice_says_what_it_is_for(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, "trickerion", seed=7)
    assert prompt(page) == TRK["ui.trk.prompt.setup_magician"]["en"]
    play(page, "choose_magician")
    assert prompt(page) == TRK["ui.trk.prompt.setup_trick"]["en"]
    play(page, "choose_trick")
    # the starting props name their value; the specialist has a prompt of its own
    props = prompt(page)
    assert "2 coins" in props and props != TRK["ui.trk.prompt.setup"]["en"], props
    screenshot(page, "whole-setup-props-en")
    play(page, "choose_props")
    spec = prompt(page)
    assert spec == TRK["ui.trk.prompt.pend.specialist"]["en"], spec
    # the Engineer's extra trick is not "your starting trick"
    play(page, "choose_specialist", lambda a: a["specialist"] == "engineer")
    for _ in range(20):
        pend = page.evaluate("marquee.state().pending ?? []")
        if any(p["kind"] == "engineer_trick" and p["seat"] == 0 for p in pend):
            break
        page.evaluate("marquee.idle()")
        page.wait_for_timeout(200)
    extra = prompt(page)
    assert extra != TRK["ui.trk.prompt.setup_trick"]["en"] and "Engineer" in extra, extra
    for lang in ("ru", "fr"):
        page.evaluate(f"marquee.setLang('{lang}')")
        page.evaluate("marquee.idle()")
        assert prompt(page) not in (extra, TRK["ui.trk.prompt.setup_trick"][lang])
        screenshot(page, f"whole-setup-engineer-{lang}")
    page.evaluate("marquee.setLang('en')")
    no_problems(page)


def test_theater_backstage_says_who_performs_and_a_rolled_x_is_not_used(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, "trickerion", seed=7)
    # the Magician to the Theater, the others anywhere: then pass the rest
    to_placement(
        page,
        lambda legal: (
            next(
                (
                    a
                    for a in legal
                    if a["type"] == "assign"
                    and a.get("card") == "theater"
                    and a.get("character") == 0
                ),
                None,
            )
            or next((a for a in legal if a["type"] in ("advertise", "end_assignments")), legal[0])
        ),
    )
    # rolled this round: seed 7 shows X on two dice
    dice = page.locator(f"{tid('trk-board')} .die[data-face='x'][data-used='false']")
    assert dice.count() >= 1
    for i in range(dice.count()):
        die = dice.nth(i)
        names = " ".join(
            filter(None, [die.get_attribute("title"), die.get_attribute("aria-label")])
        )
        assert "used" not in names.lower(), names
    play(
        page,
        "place_character",
        lambda a: a["character"] == 0 and a["location"] == "theater" and a["slot"] % 3 != 2,
    )
    row = page.get_by_test_id("trk-act-perform")
    expect(row).to_have_attribute("data-ok", "false")
    expect(row.locator(".act-why")).to_have_text(TRK["ui.trk.perform_stage_only"]["en"])
    screenshot(page, "whole-theater-backstage-en")
    # no card belongs to a day; from round 3 the last card of the row says it will be discarded
    expect(page.get_by_test_id("trk-perf-note")).to_have_text(TRK["ui.trk.perf_any_day"]["en"])
    assert not page.locator('[data-testid^="trk-perf-leaves-"]').count()
    drive_until(page, random.Random(3), "marquee.state().round >= 3", limit=3000)
    cards = page.evaluate("marquee.state().row.length")
    leaving = page.locator('[data-testid^="trk-perf-leaves-"]')
    expect(leaving).to_have_count(1)
    expect(leaving).to_have_attribute("data-testid", f"trk-perf-leaves-{cards - 1}")
    leaving.scroll_into_view_if_needed()
    screenshot(page, "whole-theater-round3-en")
    no_problems(page)


def test_the_solo_lobby_and_its_provisional_cards(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.get_by_test_id("game-trickerion-solo").click()
    help_text = page.get_by_test_id("option-prophecies-help").inner_text()
    # the solo lobby has no Dark Alley switch: its help says the Dark Alley is always there
    assert "always" in help_text, help_text
    assert not page.get_by_test_id("option-dark_alley").count()
    page.get_by_test_id("seed-input").fill("7")
    page.get_by_test_id("start-game").click()
    page.wait_for_function(f"document.querySelector('{tid('trk-board')} [data-target]')")
    page.get_by_test_id("speed-select").select_option("0")
    # play on until a solo performance card is in the row
    for _ in range(400):
        page.evaluate("marquee.idle()")
        if page.locator(f"{tid('trk-board')} .perf-card.solo-card").count():
            break
        legal = page.evaluate("marquee.legalActions()")
        if legal:
            pass_ = next(
                (a for a in legal if a["type"] in ("end_turn", "end_assignments")), legal[0]
            )
            page.evaluate("a => marquee.act(a).catch(() => null)", pass_)
    card = page.locator(f"{tid('trk-board')} .perf-card.solo-card").first
    card.scroll_into_view_if_needed()
    badge = card.get_by_test_id("solo-prov")
    expect(badge).to_be_visible()
    name = card.locator(".perf-name").bounding_box()
    box = badge.bounding_box()
    assert name and box
    overlap = not (
        box["x"] >= name["x"] + name["width"]
        or box["x"] + box["width"] <= name["x"]
        or box["y"] >= name["y"] + name["height"]
        or box["y"] + box["height"] <= name["y"]
    )
    assert not overlap, (name, box)
    screenshot(page, "whole-solo-card-en")
    no_problems(page)


def test_a_phone_keeps_the_decision_undo_and_hint_in_view(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 390, "height": 844})
    start(page, "trickerion", seed=7)
    page.evaluate("marquee.idle()")
    bar = page.get_by_test_id("phone-bar")
    expect(bar).to_be_visible()
    # the magician choice is part of the page, not a scroll box inside it
    strip = page.get_by_test_id("trk-decision")
    assert strip.evaluate("e => e.scrollHeight <= e.clientHeight + 1")
    screenshot(page, "whole-phone-setup-en")
    # every character gets a card, so the human has placements to make
    to_placement(
        page,
        lambda legal: next(
            (a for a in legal if a["type"] in ("advertise", "assign")),
            next((a for a in legal if a["type"] == "end_assignments"), legal[0]),
        ),
    )
    page.evaluate("window.scrollTo(0, document.body.scrollHeight / 2)")
    page.evaluate("marquee.idle()")
    expect(page.get_by_test_id("phone-prompt")).to_have_text(prompt(page))
    for name in ("phone-undo", "phone-hint", "phone-moves"):
        button = page.get_by_test_id(name)
        expect(button).to_be_in_viewport()
        assert button.bounding_box()["height"] >= 44, name
    page.get_by_test_id("phone-hint").click()
    expect(page.get_by_test_id("phone-hint-text")).to_be_visible(timeout=60_000)
    best = page.get_by_test_id("hint-move").first.locator(".hint-label").inner_text()
    assert best in page.get_by_test_id("phone-hint-text").inner_text()
    screenshot(page, "whole-phone-place-en")
    for lang in ("ru", "fr"):
        page.evaluate(f"marquee.setLang('{lang}')")
        page.evaluate("marquee.idle()")
        expect(page.get_by_test_id("phone-prompt")).to_have_text(prompt(page))
        screenshot(page, f"whole-phone-place-{lang}")
    page.evaluate("marquee.setLang('en')")
    # a wider screen has all of it in the side column: no bar
    page.set_viewport_size({"width": 1366, "height": 768})
    expect(bar).to_be_hidden()
    no_problems(page)


HINTED = """() => {
    const best = document.querySelector('[data-testid="hint-move"][data-rank="1"]')?.dataset.index;
    const marked = [...document.querySelectorAll('[data-testid="board"] .hint-target')];
    return { best, marked: marked.map((e) => e.dataset.moves) };
}"""


def test_the_hint_marks_its_best_move_on_the_board(booted_page, screenshot):
    """Item 1: the hint's best move is shown where the player would click it, and in view in
    the move list, in Trickerion and in the Oracle."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, "trickerion", seed=7)
    for game in ("trickerion", "oracle"):
        if game == "oracle":
            page.get_by_test_id("to-lobby").click()
            page.get_by_test_id("game-oracle").click()
            page.get_by_test_id("seed-input").fill("3")
            page.get_by_test_id("start-game").click()
        page.evaluate("marquee.idle()")
        page.get_by_test_id("hint").click()
        expect(page.get_by_test_id("hint-move").first).to_be_visible(timeout=60_000)
        page.evaluate("marquee.idle()")
        seen = page.evaluate(HINTED)
        assert seen["best"], seen
        assert seen["marked"] and all(seen["best"] in m.split() for m in seen["marked"]), seen
        button = page.locator(f'{tid("actions")} [data-index="{seen["best"]}"]')
        if button.count():
            expect(button).to_be_in_viewport()
        screenshot(page, f"whole-hint-board-{game}")
    no_problems(page)


def test_a_hotseat_game_ends_in_view_not_behind_the_cover(booted_page, screenshot):
    """Two people at one device: once the game is over nothing is secret, so the ending shows
    at once instead of the "pass the device" cover (issue #21's gap). (This game reaches its end
    with the cover already lifted, so it passes without the fix in web/app/play.js too: it
    guards the ending of a hotseat game, the fix covers an end reached while covered.)"""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    # Trickerion's assignments are secret; the shortest game: no Dark Alley, the fast start
    page.get_by_test_id("game-trickerion").click()
    page.get_by_test_id("players-select").select_option("2")
    for i in range(2):
        page.get_by_test_id(f"seat-{i}-kind").select_option("human")
    for opt, on in (("dark_alley", False), ("fast_game", True), ("first_game", True)):
        box = page.get_by_test_id(f"option-{opt}")
        if box.is_checked() != on:
            box.click()
    page.get_by_test_id("seed-input").fill("5")
    page.get_by_test_id("start-game").click()
    page.evaluate("marquee.setSpeed(0)")
    rng = random.Random(5)
    covers = 0
    for _ in range(3000):
        page.evaluate("marquee.idle()")
        if page.evaluate("marquee.toAct().kind") == "terminal":
            break
        covers += page.get_by_test_id("pass-screen").is_visible()
        legal = page.evaluate("marquee.legalActions()")
        keep = [a for a in legal if a["type"] not in ("return_trick", "discard_props")] or legal
        if keep:
            page.evaluate("a => marquee.act(a).catch(() => null)", rng.choice(keep))
    assert page.evaluate("marquee.toAct().kind") == "terminal"
    assert covers, "the device changed hands during the game"
    page.evaluate("marquee.idle()")
    expect(page.get_by_test_id("pass-screen")).to_be_hidden()
    expect(page.get_by_test_id("game-over")).to_be_visible()
    screenshot(page, "whole-hotseat-ending")
    no_problems(page)


def test_the_oracles_callouts_follow_the_page_language(booted_page):
    """A reward's callout on the Oracle sheet is the log's line: after a switch of language it
    reads in the new one (issue #21's gap: it stayed English)."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.get_by_test_id("game-oracle").click()
    page.get_by_test_id("seed-input").fill("3")
    page.get_by_test_id("start-game").click()
    page.evaluate("marquee.setSpeed(0)")
    toasts = page.get_by_test_id("oracle-toast")
    drive_until(
        page,
        random.Random(2),
        f"document.querySelector({tid('oracle-toast')!r}) !== null",
        limit=400,
    )
    assert toasts.count(), "no callout in 400 moves"
    english = toasts.first.inner_text()
    page.evaluate("marquee.setLang('ru')")
    page.evaluate("marquee.idle()")
    russian = toasts.first.inner_text()
    texts = page.evaluate("marquee.snapshot().log.map((e) => e.text)")
    # (the callout is its icon, then the log's line)
    assert russian != english and any(russian.endswith(t) for t in texts), (english, russian)
    page.evaluate("marquee.setLang('en')")
    no_problems(page)
