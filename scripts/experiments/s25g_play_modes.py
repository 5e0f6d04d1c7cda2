"""Session 25 (helper g): play one way to play as a person would and photograph each phase at
1366x768, 1920x1080 and 390x844, to look at the shots by eye.

The human seat (seat 0) clicks six moves through the move buttons, then plays random legal moves
with the bots (random, speed 0) to the middle of the game and to its end; the same position is
shot at the three sizes, the middle and the ending also in Russian and French; then the review
and its verdicts. Serve the build first (``python3 scripts/server.py --dir build/site --port
8771``), then::

    python3 scripts/experiments/s25g_play_modes.py trk2 /tmp/shots --named

Modes: trk2 trk4 (every lobby option ticked: Dark Alley, prophecies, fast game, first-game
kits), trksolo, mag2, mag4, magsolo, oracle. ``--named`` names seat 0 "Ann" at the lobby.
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path

from playwright.sync_api import sync_playwright

URL = "http://127.0.0.1:8771/"
SIZES = {"d": (1366, 768), "l": (1920, 1080), "p": (390, 844)}
MODES = {
    "trk2": ("trickerion", 2),
    "trk4": ("trickerion", 4),
    "trksolo": ("trickerion-solo", 2),
    "mag2": ("magnificent", 2),
    "mag4": ("magnificent", 4),
    "magsolo": ("magnificent-solo", 1),
    "oracle": ("oracle", 1),
}
KEEP_OUT = ("return_trick", "discard_props")  # moves a person rarely makes: the game goes on


def shots(page, out: Path, name: str, sizes: str = "dlp", full: bool = False) -> None:
    for s in sizes:
        width, height = SIZES[s]
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("marquee.idle()")
        page.wait_for_timeout(150)
        page.screenshot(path=str(out / f"{name}-{s}.png"), full_page=full)
    page.set_viewport_size({"width": 1366, "height": 768})


def play_random(page, rng: random.Random, until_step: int | None = None, limit: int = 3000) -> None:
    for _ in range(limit):
        page.evaluate("marquee.idle()")
        if page.evaluate("marquee.toAct().kind") == "terminal":
            return
        if until_step is not None and page.evaluate("marquee.snapshot().step") >= until_step:
            return
        legal = page.evaluate("marquee.legalActions()")
        keep = [a for a in legal if a["type"] not in KEEP_OUT] or legal
        if keep:
            page.evaluate("a => marquee.act(a).catch(() => null)", rng.choice(keep))


def lobby(page, game: str, players: int, named: bool) -> None:
    page.click(f'[data-testid="game-{game}"]')
    select = page.locator('[data-testid="players-select"]')
    if select.count() and select.is_enabled():
        select.select_option(str(players))
    for i in range(1, players):
        kind = page.locator(f'[data-testid="seat-{i}-kind"]')
        if kind.count():
            kind.select_option("bot:random")
    if named:
        page.fill('[data-testid="seat-0-name"]', "Ann")
    page.fill('[data-testid="seed-input"]', "11")
    for box in page.locator(".lobby input[type=checkbox]").all():
        if "hint" not in (box.get_attribute("data-testid") or "") and not box.is_checked():
            box.check()


def main(mode: str, out: Path, named: bool) -> None:
    game, players = MODES[mode]
    out.mkdir(parents=True, exist_ok=True)
    rng = random.Random(5)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(
            executable_path="/usr/bin/chromium", args=["--no-sandbox", "--disable-gpu"]
        )
        page = browser.new_context(viewport={"width": 1366, "height": 768}).new_page()
        errors: list[str] = []
        page.on("console", lambda m: m.type == "error" and errors.append(m.text))
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(URL)
        page.wait_for_function("window.marquee", timeout=120_000)
        page.evaluate("marquee.ready()")
        lobby(page, game, players, named)
        shots(page, out, f"{mode}-lobby")
        page.click('[data-testid="start-game"]')
        page.evaluate("marquee.setSpeed(0)")
        shots(page, out, f"{mode}-first")
        for _ in range(6):  # a few moves clicked, as a person picks among the buttons
            page.evaluate("marquee.idle()")
            buttons = page.locator('[data-testid^="action-"]:visible')
            if page.evaluate("marquee.toAct().kind") == "terminal" or not buttons.count():
                break
            buttons.nth(rng.randrange(buttons.count())).click()
        shots(page, out, f"{mode}-turns")
        step = page.evaluate("marquee.snapshot().step")
        play_random(page, rng, until_step=step + (150 if mode.startswith("trk") else 60))
        shots(page, out, f"{mode}-mid")
        for lang in ("ru", "fr"):
            page.evaluate("l => marquee.setLang(l)", lang)
            shots(page, out, f"{mode}-mid-{lang}", "dp")
        page.evaluate("marquee.setLang('en')")
        started = time.time()
        play_random(page, rng)
        print("to the end", round(time.time() - started), "s")
        page.evaluate("scrollTo(0, 0)")
        shots(page, out, f"{mode}-end")
        page.locator('[data-testid="chart"]').scroll_into_view_if_needed()
        shots(page, out, f"{mode}-chart")
        for lang in ("ru", "fr"):
            page.evaluate("l => marquee.setLang(l)", lang)
            shots(page, out, f"{mode}-end-{lang}", "dp")
        page.evaluate("marquee.setLang('en')")
        print("result", json.dumps(page.evaluate("marquee.snapshot().result"))[:300])
        page.click('[data-testid="game-over-review"]')
        page.wait_for_selector('[data-testid="screen-review"]', timeout=30_000)
        shots(page, out, f"{mode}-review")
        page.click('[data-testid="review-analyse"]')
        page.wait_for_function(
            "!document.querySelector('[data-testid=review-progress]')"
            " && document.querySelector('[data-testid=review-verdict-status]')",
            timeout=300_000,
        )
        shots(page, out, f"{mode}-verdicts")
        page.locator('[data-testid="review-verdicts"]').scroll_into_view_if_needed()
        shots(page, out, f"{mode}-verdictpanel", "dp")
        print("errors", errors)
        browser.close()


if __name__ == "__main__":
    main(sys.argv[1], Path(sys.argv[2]), "--named" in sys.argv)
