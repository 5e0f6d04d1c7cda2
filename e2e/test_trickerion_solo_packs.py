"""A box owner's pack files in the solo set-up (web/ui/packs.js): the Successor's plan cards
replaced by the lean example set (tests/trickerion/solo/packs/plans-lean.json) and the solo
performance cards by the moved set (performances-moved.json), both invented for testing, checked
when chosen, a broken file refused with its path while the loaded one stays, then a solo game
against the Successor on those packs played to its end (cheap weighted moves, no search bot),
its plans drawn from the file, its row drawn with the file's cards and its save carrying both;
a shipped game loaded after it is drawn with the shipped cards again (the renderer reloads them).

The moves go through the engine's door (``marqueeBridge.call``) in one batch inside the page,
not through ``marquee.act``: the board is drawn at the positions checked (after the set-up, at
the end, the shipped game), not after each of its ~230 steps. The test prints its time.

Screenshots: build/screenshots/solo-pack-lobby-1366.png, solo-pack-lobby-390.png,
solo-pack-cards-1366.png.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from playwright.sync_api import expect

from engine.core import save as savefile
from engine.core.match import Match
from helpers import no_problems, open_page

PACKS = Path(__file__).resolve().parent.parent / "tests/trickerion/solo/packs"
FIXTURE = PACKS / "plans-lean.json"
CARDS = PACKS / "performances-moved.json"
PLANS = "trickerion-solo.plans"
PERFORMANCES = "trickerion-solo.performances"

# Seat 0's moves through the door until `until` ("setup": the row is dealt and seat 0 is to act;
# "end"), the automaton's and chance steps between them: pick_action's weights
# (e2e/test_trickerion_solo.py) with a seeded generator. Each plan on the view is checked
# against the file's faces. Answers {steps, seen, wrong, kind}.
DRIVE = """async ({faces, until, seed}) => {
    const call = async (method, args) => {
        const out = JSON.parse(await window.marqueeBridge.call(method, JSON.stringify(args)));
        if (out && out.error) throw new Error(JSON.stringify(out.error));
        return out;
    };
    const W = {set_up_trick: 6, perform: 6, prepare: 6, learn_trick: 4, buy: 3, make_idle: 0.05};
    let r = seed;
    const rand = () => ((r = (r * 1103515245 + 12345) % 2147483648) / 2147483648);
    const pick = (legal) => {
        const w = legal.map((e) => W[e.action.type] ?? 1);
        let x = rand() * w.reduce((a, b) => a + b, 0);
        for (let i = 0; i < legal.length; i++) if ((x -= w[i]) < 0) return legal[i].action;
        return legal[legal.length - 1].action;
    };
    const seen = new Set(), wrong = [];
    let snap = await call("snapshot", {viewer: 0, lang: "en"});
    for (let steps = 0; steps < 4000; steps++) {
        const plan = snap.view.solo?.plan;
        if (plan) {
            seen.add(plan.id);
            const locs = plan.entries.map((e) => e.location);
            if (JSON.stringify(locs) !== JSON.stringify(faces[plan.id])) wrong.push(plan);
        }
        const kind = snap.to_act.kind;
        const mine = kind === "players" && snap.to_act.seats.includes(0) && snap.legal.length;
        const dealt = snap.view.row?.length && snap.view.solo;
        if (kind === "terminal" || (until === "setup" && mine && dealt)) {
            return {steps, seen: [...seen], wrong, kind};
        }
        snap = mine
            ? await call("act", {seat: 0, action: pick(snap.legal), viewer: 0, lang: "en"})
            : await call("step", {viewer: 0, lang: "en"});
    }
    return {steps: 4000, seen: [...seen], wrong, kind: snap.to_act.kind};
}"""


def show_on_page(page, text: str) -> None:
    """The engine's game drawn on the page as a player would open it (the door moved it on
    behind the page's back): load its save text."""
    page.evaluate("t => marquee.load(t)", text)
    page.evaluate("marquee.idle()")
    expect(page.get_by_test_id("trk-board")).to_be_visible()


def neutral_schools(page) -> dict[str, str]:
    """The drawn neutral markers: {"<card id>/<cell>": school}."""
    return page.evaluate("""() => {
        const row = marquee.snapshot().view.row, out = {};
        for (const el of document.querySelectorAll('[data-testid^="trk-neutral-"]')) {
            const [ci, k] = el.dataset.testid.split('-').slice(2).map(Number);
            out[`${row[ci].id}/${k}`] = el.dataset.school;
        }
        return out;
    }""")


def printed_schools(cards: list[dict], drawn: dict[str, str]) -> dict[str, str]:
    """What the pack's cards print on the drawn markers' cells."""
    by_id = {c["id"]: c for c in cards}
    out = {}
    for key in drawn:
        cid, k = key.split("/")
        cell = by_id[cid]["cells"][int(k)]
        out[key] = next(n["school"] for n in by_id[cid]["neutral"] if n["cell"] == cell)
    return out


def test_a_solo_game_on_replaced_plan_and_card_packs_loaded_in_the_lobby(
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

    page.get_by_test_id("pack-file-input").set_input_files(str(CARDS))
    cards_row = page.locator(f'[data-testid="pack-row"][data-pack="{PERFORMANCES}"]')
    expect(cards_row).to_have_attribute("data-own", "yes")

    began = time.monotonic()
    page.get_by_test_id("start-game").click()
    expect(page.get_by_test_id("trk-board")).to_be_visible(timeout=60_000)
    page.get_by_test_id("speed-select").select_option("0")
    page.evaluate("marquee.idle()")

    faces = {c["id"]: [e["location"] for e in c["entries"]] for c in lean["cards"]}
    moved = json.loads(CARDS.read_text())["cards"]
    # the row dealt from the file's cards, drawn with their neutral markers (schools moved on)
    dealt = page.evaluate(DRIVE, {"faces": faces, "until": "setup", "seed": 3})
    show_on_page(page, page.evaluate("marquee.save().then(s => s.text)"))
    drawn = neutral_schools(page)
    assert drawn and drawn == printed_schools(moved, drawn), drawn
    page.mouse.move(0, 0)
    page.locator('[data-testid^="trk-neutral-"]').first.scroll_into_view_if_needed()
    screenshot(page, "solo-pack-cards-1366")

    played = page.evaluate(DRIVE, {"faces": faces, "until": "end", "seed": 3})
    assert played["kind"] == "terminal", played
    assert not dealt["wrong"] and not played["wrong"], played["wrong"]
    # the Successor's plan card on its panel is the file's face, not the shipped one
    assert len(set(dealt["seen"]) | set(played["seen"])) >= 5  # a plan a round, of the file's 8
    saved_text = page.evaluate("marquee.save().then(s => s.text)")
    show_on_page(page, saved_text)
    assert page.evaluate("marquee.toAct().kind") == "terminal"
    plan = page.evaluate("marquee.snapshot().view.solo.plan")
    assert [e["location"] for e in plan["entries"]] == faces[plan["id"]]
    expect(page.get_by_test_id("solo-plan")).to_be_visible()
    prov = page.evaluate("marquee.snapshot().view.solo.provisional")
    reasons = {p["reason"] for p in prov if p["path"].startswith(("plans.", "performances."))}
    assert reasons and all("Invented for testing" in r for r in reasons), reasons

    saved = json.loads(saved_text)
    assert saved["packs"]["user"] == {PLANS: FIXTURE.read_text(), PERFORMANCES: CARDS.read_text()}
    assert len(saved["packs"]["fingerprint"][PLANS]) == 64

    # a shipped game opened after it: the renderer asks for the shipped cards again
    m = Match.new("trickerion-solo", 2, {"difficulty": "low"}, seed=50003)
    while m.state.solo is None or m.game.to_act(m.state).kind != "players":
        m.auto_step() or m.act(0, m.game.legal_actions(m.state, 0)[0])
    show_on_page(page, savefile.dump(m).decode())
    assert page.evaluate("marquee.snapshot().packs") == {}
    shipped = json.loads(
        (PACKS.parents[3] / "engine/games/trickerion/solo/data/performances.json").read_text()
    )["cards"]
    drawn = neutral_schools(page)
    assert drawn and drawn == printed_schools(shipped, drawn), drawn
    no_problems(page)
    steps = dealt["steps"] + played["steps"]
    print(f"solo pack game: {steps} steps, {time.monotonic() - began:.1f} s from Start")
