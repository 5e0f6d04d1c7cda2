"""A box owner's pack file in the solo set-up (web/ui/packs.js): the Successor's plan cards
replaced by the lean example set (tests/trickerion/solo/packs/plans-lean.json, invented for
testing), checked when chosen, a broken file refused with its path while the loaded one stays,
then a solo game against the Successor on those plans played to its end through
``marquee.act`` (cheap moves, no search bot), its plans drawn from the file and its save
carrying it.

Screenshots: build/screenshots/solo-pack-lobby-1366.png, solo-pack-lobby-390.png.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from playwright.sync_api import expect
from test_trickerion_solo import pick_action

from helpers import no_problems, open_page, wait_for_step_after

FIXTURE = Path(__file__).resolve().parent.parent / "tests/trickerion/solo/packs/plans-lean.json"
PLANS = "trickerion-solo.plans"


def test_a_solo_game_on_a_replaced_plan_pack_loaded_in_the_lobby(
    page, site_url, screenshot, tmp_path
):
    lean = json.loads(FIXTURE.read_text())
    page.set_viewport_size({"width": 1366, "height": 768})
    open_page(page, site_url)
    page.get_by_test_id("game-trickerion-solo").click()
    # the difficulty's help says in one line that the plans are provisional
    expect(page.get_by_test_id("option-difficulty-help")).to_contain_text(
        "plan cards are provisional"
    )
    page.get_by_test_id("option-difficulty").select_option("low")
    page.get_by_test_id("seed-input").fill("50003")
    row = page.locator(f'[data-testid="pack-row"][data-pack="{PLANS}"]')
    expect(row).to_have_attribute("data-own", "no")

    page.get_by_test_id("pack-file-input").set_input_files(str(FIXTURE))
    expect(row).to_have_attribute("data-own", "yes")
    expect(row.get_by_test_id("pack-own")).to_contain_text("still marked provisional")

    # a broken copy (a plan card fewer than its deck counts): refused with its path, the
    # loaded pack stays
    broken = dict(lean, cards=lean["cards"][:-1])
    bad = tmp_path / "plans-broken.json"
    bad.write_text(json.dumps(broken))
    page.get_by_test_id("pack-file-input").set_input_files(str(bad))
    error = page.get_by_test_id("lobby-error")
    expect(error).to_contain_text("$.decks[0].cards.preparation")
    expect(error).to_contain_text("4 preparation cards, but the pack has 3")
    expect(row).to_have_attribute("data-own", "yes")
    assert page.evaluate("() => Object.keys(marquee.setup().packs)") == [PLANS]

    page.get_by_test_id("packs-setup").scroll_into_view_if_needed()
    screenshot(page, "solo-pack-lobby-1366")
    page.set_viewport_size({"width": 390, "height": 844})
    page.get_by_test_id("packs-setup").scroll_into_view_if_needed()
    screenshot(page, "solo-pack-lobby-390")
    page.set_viewport_size({"width": 1366, "height": 768})

    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("trk-board")).to_be_visible(timeout=60_000)
    page.get_by_test_id("speed-select").select_option("0")

    faces = {c["id"]: [e["location"] for e in c["entries"]] for c in lean["cards"]}
    rng = random.Random(3)
    seen: set[str] = set()
    for _ in range(4000):
        page.evaluate("marquee.idle()")
        snap = page.evaluate("""() => { const s = marquee.snapshot();
            return {kind: s.to_act.kind, legal: s.legal, plan: s.view.solo?.plan ?? null,
                    prov: s.view.solo?.provisional ?? [], step: s.step}; }""")
        if snap["plan"]:
            plan = snap["plan"]
            # the Successor's plan card on its panel is the file's face, not the shipped one
            assert [e["location"] for e in plan["entries"]] == faces[plan["id"]], plan
            seen.add(plan["id"])
        if snap["kind"] == "terminal":
            break
        if not snap["legal"]:
            wait_for_step_after(page, snap["step"])
            continue
        page.evaluate("a => marquee.act(a)", pick_action(snap["legal"], rng))
    else:
        raise AssertionError("the solo game did not end")
    assert len(seen) >= 5  # a plan a round, drawn from the file's 8 cards
    reasons = {p["reason"] for p in snap["prov"] if p["path"].startswith("plans.")}
    assert reasons and all("Invented for testing" in r for r in reasons), reasons
    expect(page.get_by_test_id("solo-plan")).to_be_visible()

    saved = json.loads(page.evaluate("marquee.save().then(s => s.text)"))
    assert saved["packs"]["user"] == {PLANS: FIXTURE.read_text()}
    assert len(saved["packs"]["fingerprint"][PLANS]) == 64
    no_problems(page)
