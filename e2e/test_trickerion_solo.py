"""Trickerion solo in the page (web/games/trickerion/solo.js): a solo game against Dahlgaard's
Successor set up in the lobby and played to the scoring table. The prep-dice choice is made by
clicking two dice on the Successor's panel, some placements by clicking board slots; the rest
through ``marquee.act`` among the legal actions.

Screenshots: build/screenshots/solo-lobby.png, solo-panel-en.png, solo-panel-ru.png,
solo-board-en.png, solo-over-en.png, solo-over-ru.png. Figures (printed, never asserted): the
Successor's step time in the page (engine step + snapshot + autosave, at speed 0), the board's
render time with the solo panel, how the human's moves were made.
"""

from __future__ import annotations

import random
import statistics
from pathlib import Path

from playwright.sync_api import expect

from helpers import no_problems, tid, wait_for_step_after

SHOTS = Path(__file__).resolve().parent.parent / "build" / "screenshots"
SOLO_CATEGORIES = [
    "fame",
    "leftover_markers",
    "shards",
    "special_assignments",
    "level3_tricks",
    "extra_characters",
]

# records every step the page announces, with the time and what was to act before it (until
# window.__unwatchSteps(): the next test on the shared page gets it as it was)
STEP_WATCH = """() => {
    window.__soloSteps = [];
    const note = (e) => {
        window.__soloSteps.push({t: performance.now(), step: e.detail.step, kind: e.detail.to_act.kind});
    };
    document.addEventListener('marquee:snapshot', note);
    window.__unwatchSteps = () => document.removeEventListener('marquee:snapshot', note);
}"""


def start_solo_from_the_lobby(page, screenshot, seed: int) -> None:
    page.evaluate(STEP_WATCH)
    page.get_by_test_id("game-trickerion-solo").click()
    # its own entry, the options from its specs, two fixed seats, seat 2 the Successor
    for opt in (
        "difficulty",
        "easier",
        "harder_no_ability",
        "harder_coins",
        "prophecies",
        "first_game",
    ):
        assert page.get_by_test_id(f"option-{opt}").count() == 1, opt
    expect(page.get_by_test_id("option-dark_alley")).to_have_count(0)
    expect(page.get_by_test_id("option-fast_game")).to_have_count(0)
    expect(page.get_by_test_id("players-select")).to_have_value("2")
    expect(page.get_by_test_id("players-select")).to_be_disabled()
    expect(page.get_by_test_id("seat-1-automaton")).to_contain_text(
        "Dahlgaard's Successor", use_inner_text=True
    )
    expect(page.get_by_test_id("seat-1-kind")).to_have_count(0)
    expect(page.get_by_test_id("seat-0-human")).to_have_count(1)  # the one person's seat
    page.get_by_test_id("option-difficulty").select_option("high")
    page.get_by_test_id("option-first_game").check()
    page.get_by_test_id("option-harder_coins").check()
    page.get_by_test_id("seed-input").fill(str(seed))
    screenshot(page, "solo-lobby")
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("trk-board")).to_be_visible(timeout=60_000)


# What the player reads of the table once it is idle, in one call to the page: whose turn, the
# legal moves, the Successor's state and row, whether its panel is drawn, the board's draw time.
LOOK = """async () => {
    await marquee.idle();
    const s = marquee.snapshot();
    const board = document.querySelector('[data-testid="trk-board"]');
    return {kind: s.to_act.kind, legal: s.legal, solo: s.view.solo, row: s.view.row,
            phase: s.view.phase, step: s.step,
            panel: !!document.querySelector('[data-testid="solo-panel"]'),
            render_ms: Number(board?.dataset.renderMs || 0)};
}"""


def click_prep_dice(page) -> list[str]:
    """Choose the two dice to reroll by clicking them on the Successor's panel."""
    expect(page.get_by_test_id("solo-dice-prompt")).to_be_visible()
    first = page.get_by_test_id("solo-dice").locator("button.solo-die.hot").first
    first_id = first.get_attribute("data-die")
    first.click()
    expect(page.get_by_test_id(f"solo-die-{first_id}")).to_have_attribute("data-picked", "true")
    second = (
        page.get_by_test_id("solo-dice")
        .locator('button.solo-die.hot:not([data-picked="true"])')
        .first
    )
    second_id = second.get_attribute("data-die")
    before = page.evaluate("marquee.snapshot().step")
    second.click()
    page.wait_for_function(f"marquee.snapshot().step > {before}")
    return [first_id, second_id]


def click_a_slot(page, rng: random.Random) -> bool:
    """Place a character by clicking a highlighted board slot (and a choice in its panel)."""
    slots = page.locator('[data-testid="trk-board"] [data-target^="slot-"]')
    n = slots.count()
    if not n:
        return False
    before = page.evaluate("marquee.snapshot().step")
    slots.nth(rng.randrange(n)).click()
    choices = page.get_by_test_id("trk-panel").locator("button.trk-choice:not(.select)")
    if page.get_by_test_id("trk-panel").count():
        if not choices.count():
            return False
        choices.first.click()
    page.wait_for_function(f"marquee.snapshot().step > {before}")
    return True


def pick_action(legal: list[dict], rng: random.Random) -> dict:
    """A plausible move: leans towards setting up and performing tricks, avoids going idle."""

    def weight(entry):
        kind = entry["action"]["type"]
        return {
            "set_up_trick": 6,
            "perform": 6,
            "prepare": 6,
            "learn_trick": 4,
            "buy": 3,
            "make_idle": 0.05,
        }.get(kind, 1)

    return rng.choices(legal, weights=[weight(e) for e in legal])[0]["action"]


def shoot(locator, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    locator.scroll_into_view_if_needed()
    locator.screenshot(path=str(SHOTS / f"{name}.png"))


def shoot_panel(page, screenshot, name: str) -> None:
    """The panel as the player sees it: scrolled up to just below the board's decision strip
    (which stays on top of the board while it scrolls), in a tall window."""
    size = page.viewport_size
    page.set_viewport_size({"width": size["width"], "height": 1500})
    page.evaluate("""() => {
        const panel = document.querySelector('[data-testid="solo-panel"]');
        const strip = document.querySelector('.trk-top');
        let box = panel.parentElement;
        while (box && !(box.scrollHeight > box.clientHeight + 4
                        && /(auto|scroll)/.test(getComputedStyle(box).overflowY))) box = box.parentElement;
        if (box && strip) box.scrollTop += panel.getBoundingClientRect().top - strip.getBoundingClientRect().bottom - 8;
    }""")
    SHOTS.mkdir(parents=True, exist_ok=True)
    box = page.get_by_test_id("solo-panel").bounding_box()
    page.screenshot(path=str(SHOTS / f"{name}.png"), clip=box)
    page.set_viewport_size(size)


def test_a_solo_game_against_the_successor_from_the_lobby_to_the_scoring_table(
    booted_page, screenshot, figures
):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 900})
    start_solo_from_the_lobby(page, screenshot, seed=21)
    page.get_by_test_id("speed-select").select_option("0")
    page.evaluate("marquee.idle()")
    assert page.evaluate("marquee.snapshot().seats[1].kind") == "automaton"
    assert page.evaluate("marquee.snapshot().seats[1].name") == "Dahlgaard's Successor"

    rng = random.Random(5)
    counts = {"dice clicks": 0, "slot clicks": 0, "act": 0}
    panel_checked = False
    neutral_seen = False
    renders: list[float] = []
    for _ in range(4000):
        snap = page.evaluate(LOOK)
        if snap["kind"] == "terminal":
            break
        solo = snap["solo"]
        if solo and snap["panel"]:
            renders.append(snap["render_ms"])
            if any(-3 in card["m"] for card in snap["row"]) and not neutral_seen:
                assert page.locator('[data-testid^="trk-neutral-"]').count() >= 1
                expect(page.locator(".perf-card.solo-card")).to_have_count(len(snap["row"]))
                neutral_seen = True
                theater = page.get_by_test_id("trk-theater")
                theater.scroll_into_view_if_needed()
                shoot(theater, "solo-theater-en")
        legal = snap["legal"]
        if not legal:
            wait_for_step_after(page, snap["step"])
            continue
        if any(e["action"]["type"] == "reroll_prep_dice" for e in legal):
            if not panel_checked:
                check_panel(page, solo)
                shoot_panel(page, screenshot, "solo-panel-en")
                page.evaluate("marquee.setLang('ru')")
                expect(page.get_by_test_id("trk-board")).to_have_attribute("lang", "ru")
                expect(page.get_by_test_id("solo-panel")).to_contain_text(
                    "Преемник Далгарда", use_inner_text=True
                )
                shoot_panel(page, screenshot, "solo-panel-ru")
                page.evaluate("marquee.setLang('en')")
                expect(page.get_by_test_id("trk-board")).to_have_attribute("lang", "en")
                screenshot(page, "solo-board-en", full_page=True)
                panel_checked = True
            dice = click_prep_dice(page)
            assert len(set(dice)) == 2
            counts["dice clicks"] += 1
            continue
        placing = [e for e in legal if e["action"]["type"] == "place_character"]
        if placing and counts["slot clicks"] < 12 and rng.random() < 0.6:
            if click_a_slot(page, rng):
                counts["slot clicks"] += 1
                continue
        page.evaluate("a => marquee.act(a)", pick_action(legal, rng))
        counts["act"] += 1
    else:
        raise AssertionError("the solo game did not end")

    assert panel_checked and counts["dice clicks"] >= 1 and counts["slot clicks"] >= 3, counts
    assert neutral_seen

    # the Successor's steps were logged with the rule step they followed
    log = page.get_by_test_id("log").locator('[data-code^="trickerion.solo."]')
    assert log.count() > 50
    texts = page.evaluate("""() => marquee.snapshot().log.filter(e => e.code.startsWith('trickerion.solo.'))
        .map(e => e.text)""")
    # plain words first, the book's step after them as a detail (issue 13)
    assert any(
        t.startswith("The Successor") and t.endswith(")") and "(Downtown, step" in t for t in texts
    )
    assert any("(Contested)" in t or "(Location order)" in t for t in texts)

    # the scoring table with the solo categories, labelled
    over = page.get_by_test_id("game-over")
    over.wait_for()
    table = page.get_by_test_id("score-table")
    for key in SOLO_CATEGORIES:
        row = table.locator(f'tr[data-category="{key}"] th')
        assert row.count() == 1, key
        label = row.inner_text()
        assert label and "_" not in label, (key, label)
    expect(table.locator('tr[data-category="level3_tricks"] th')).to_have_text(
        "Level-3 tricks", use_inner_text=True
    )
    shoot(over, "solo-over-en")
    page.evaluate("marquee.setLang('ru')")
    expect(page.get_by_test_id("trk-board")).to_have_attribute("lang", "ru")
    expect(
        page.get_by_test_id("score-table").locator('tr[data-category="level3_tricks"] th')
    ).to_have_text("Номера 3-го уровня", use_inner_text=True)
    shoot(page.get_by_test_id("game-over"), "solo-over-ru")
    page.evaluate("marquee.setLang('en')")

    # figures: the Successor's steps as the page took them
    steps = page.evaluate("window.__soloSteps")
    gaps = [
        b["t"] - a["t"]
        for a, b in zip(steps, steps[1:])
        if a["kind"] == "automaton" and b["step"] == a["step"] + 1
    ]
    if gaps:
        figures["trickerion-solo: Successor step in the page (median / p90, speed 0)"] = (
            f"{statistics.median(gaps):.1f} / {sorted(gaps)[int(len(gaps) * 0.9)]:.1f} ms over {len(gaps)} steps"
        )
    if renders:
        figures["trickerion-solo: board + Successor panel render (median)"] = (
            f"{statistics.median(renders):.1f} ms"
        )
    figures["trickerion-solo: human moves"] = ", ".join(f"{k} {v}" for k, v in counts.items())
    no_problems(page)
    page.evaluate("window.__unwatchSteps()")


def check_panel(page, solo: dict) -> None:
    """Everything view.solo holds is on the panel, with the provisional marks."""
    panel = page.get_by_test_id("solo-panel")
    assert panel.get_attribute("data-mood") == solo["mood"]
    expect(page.get_by_test_id("solo-difficulty")).to_have_attribute("data-level", "high")
    assert "harder_coins" in page.get_by_test_id("solo-adjustments").get_attribute("data-on")
    expect(page.get_by_test_id("solo-difficulty").get_by_test_id("solo-prov")).to_have_count(1)
    plan = solo["plan"]
    if plan:
        expect(page.get_by_test_id("solo-plan-entry")).to_have_count(len(plan["entries"]))
        expect(page.get_by_test_id("solo-plan").get_by_test_id("solo-prov")).to_have_count(1)
        specials = [e for e in plan["entries"] if e["special"]]
        assert page.locator(f'{tid("solo-plan-entry")}[data-special="true"]').count() == len(
            specials
        )
    deck = page.get_by_test_id("solo-plan-deck")
    assert deck.get_attribute("data-deck") == str(solo["plan_deck"])
    safe = page.get_by_test_id("solo-safe").locator(".solo-safe-line")
    assert safe.get_attribute("data-coins") == str(solo["safe"]["coins"])
    assert safe.get_attribute("data-shards") == str(solo["safe"]["shards"])
    expect(page.get_by_test_id("solo-shopping").locator("[data-prop]")).to_have_count(
        len(solo["shopping"])
    )
    expect(page.get_by_test_id("solo-ability").locator("[data-off]")).to_have_attribute(
        "data-off", str(solo["ability"]["off"]).lower()
    )
    for die in solo["prep_dice"]:
        el = page.get_by_test_id(f"solo-die-{die['id']}")
        assert el.get_attribute("data-marked") == str(die["marked"]).lower()
    # one mark for the dice as a group (not one per die), its reasons in the tooltip
    expect(page.get_by_test_id("solo-dice").get_by_test_id("solo-prov")).to_have_count(1)
    assert page.get_by_test_id("solo-closed").get_attribute("data-slots") == " ".join(
        map(str, solo["closed_slots"])
    )
    expect(page.get_by_test_id("solo-turn")).to_be_visible()
    assert page.get_by_test_id("solo-last-step").inner_text()
    summary = page.get_by_test_id("solo-provisional").locator("summary").first.inner_text()
    # the details: one section per component group
    groups = {p["path"].split(".")[0].split("[")[0] for p in solo["provisional"]}
    expect(page.get_by_test_id("solo-provisional").locator(".solo-prov-group")).to_have_count(
        len(groups)
    )
    assert f"({len(solo['provisional'])})" in summary
    # the fallback: the same choice among the action buttons
    assert page.get_by_test_id("actions").locator("button").count() >= 1


def test_the_successors_steps_show_on_its_panel_and_in_the_log_as_they_happen(
    booted_page, screenshot, figures
):
    """At the normal bot speed each Successor step is drawn on its own: the panel's turn line
    and last step match the snapshot and the log's newest entry names the rule step."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 900})
    page.evaluate("""marquee.start({game: 'trickerion-solo', seed: 4, players: 2,
        options: {difficulty: 'low', first_game: true}, seats: [{kind: 'human', name: 'Ann'}, {kind: 'bot'}]})""")
    page.get_by_test_id("speed-select").select_option("120")
    rng = random.Random(2)
    seen = []
    highlighted: set[int] = set()
    for _ in range(600):
        probe = page.evaluate("""() => {
            const s = marquee.snapshot();
            const turn = s.view.solo?.turn;
            const panel = document.querySelector('[data-testid="solo-turn"] .solo-turn-text');
            const last = document.querySelector('[data-testid="solo-last-step"]');
            const log = [...document.querySelectorAll('[data-testid="log-entry"]')].at(-1);
            const board = document.querySelector('[data-testid="trk-board"]');
            const fresh = (board?.dataset.fresh ?? '').split(' ').filter(Boolean);
            const lit = fresh.filter(id => document.querySelector(`[data-testid="${id}"]`)?.classList.contains('arrived'));
            return {kind: s.to_act.kind, step: s.step, turn, legal: s.legal.length,
                    drawnStep: Number(board?.dataset.freshStep ?? -1), fresh, lit,
                    panelLoc: panel?.dataset.loc ?? null, lastStep: last?.dataset.step ?? null,
                    lastCode: last?.dataset.code ?? null, logCode: log?.dataset.code ?? null,
                    logStep: log?.dataset.step ?? null, lastText: last?.textContent ?? ''};
        }""")
        if probe["kind"] == "automaton" and probe["turn"]:
            # once the page has drawn this step (on a loaded machine the probe can fall between
            # the engine's step and its drawing): the panel names the turn's location, and what
            # the step changed on the board is highlighted (issue 13)
            if probe["drawnStep"] == probe["step"]:
                assert probe["panelLoc"] == probe["turn"]["loc"], probe
                assert probe["lit"] == probe["fresh"], probe
                if probe["fresh"]:
                    highlighted.add(probe["step"])
            if probe["lastCode"] and probe["logCode"].startswith("trickerion.solo."):
                assert probe["lastStep"] == probe["logStep"], probe
                seen.append(probe)
            if len(seen) >= 6 and len(highlighted) >= 2:
                break
            wait_for_step_after(page, probe["step"])
            continue
        if probe["kind"] == "players" and probe["legal"]:
            page.evaluate("marquee.idle()")
            legal = page.evaluate("marquee.snapshot().legal")
            if legal:
                page.evaluate("a => marquee.act(a)", pick_action(legal, rng))
            continue
        wait_for_step_after(page, probe["step"])
    assert len(seen) >= 6, seen
    assert len({p["step"] for p in seen}) >= 2  # several steps, each drawn
    assert len(highlighted) >= 2, "Successor steps did not highlight what they changed"
    figures["trickerion-solo: Successor steps seen with their changes highlighted"] = str(
        len(highlighted)
    )
    # the Successor keeps stepping at the normal speed: let its turn end before the shots,
    # or an element is redrawn (detached) while it is being photographed
    page.evaluate("marquee.idle()")
    shoot_panel(page, screenshot, "solo-panel-turn-en")
    shoot(page.get_by_test_id("trk-player-1"), "solo-successor-area-en")
    no_problems(page)
