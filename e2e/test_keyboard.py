"""Issue #22 item 6, the keyboard at the table: after every move (and after the bots hand the
turn back) the focus is on the new decision, so that Enter plays again without a Tab; only what
can be played is in the board's tab order; and a new decision never takes the focus out of a
field the person went to.

Screenshots: build/screenshots/keyboard-<game>-<size>.png (the focused decision after a few
moves, at 1366x768 and 390x844).
"""

from __future__ import annotations

import pytest
from finished import MODES
from playwright.sync_api import expect

from helpers import no_problems

# each game id with the number of seats its table is opened with (finished.MODES)
GAMES = {mode: players for mode, (_game, players, _options) in MODES.items()}
SIZES = {"1366": (1366, 768), "390": (390, 844)}

# What the focus is on: a control that plays (a legal target of the board, a choice of its
# panel, a button of the side list), or where it fell.
FOCUSED = """() => {
    const a = document.activeElement;
    const board = document.querySelector('[data-testid="board"]');
    const list = document.querySelector('[data-testid="actions"]');
    const plays = a && a !== document.body && (board.contains(a) || list.contains(a))
        && (a.matches('[data-legal="true"], [data-target]') || a.closest('[role="dialog"]') || list.contains(a))
        && a.tabIndex >= 0;
    return {plays: Boolean(plays), what: a === document.body ? 'body' : a.outerHTML.slice(0, 120)};
}"""

# The board's tab order, less what plays: a legal target, or a control of the board's own
# (zoom, help, a chip that scrolls to a player, a <summary>) that does something on Enter.
IDLE_IN_TAB_ORDER = """() => {
    const board = document.querySelector('[data-testid="board"]');
    const control = (e) => ['BUTTON', 'SUMMARY', 'SELECT', 'INPUT', 'A'].includes(e.tagName);
    return [...board.querySelectorAll('*')]
        .filter(e => e.tabIndex >= 0 && !e.disabled && e.getClientRects().length)
        .filter(e => !e.matches('[data-legal="true"], [data-target], [data-quiet]'))
        .filter(e => !control(e) || e.dataset.legal === 'false' || e.getAttribute('aria-disabled') === 'true')
        .map(e => e.outerHTML.slice(0, 100));
}"""


def start(page, game: str, players: int, speed: int = 0) -> None:
    seats = [
        {"kind": "human" if i == 0 else "bot", "bot": "random", "name": f"Seat {i + 1}"}
        for i in range(players)
    ]
    page.evaluate(f"marquee.setSpeed({speed})")
    page.evaluate(
        "([game, seats]) => marquee.start({game, seats, players: seats.length, seed: 5})",
        [game, seats],
    )
    page.evaluate("marquee.idle()")
    page.wait_for_function("!document.querySelector('[data-testid=generic-view]')")


def wait_focus(page) -> dict:
    """The focus once the page has drawn the position (and put the focus, a frame later)."""
    page.evaluate("marquee.idle()")
    page.evaluate("marquee.settled()")
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    return page.evaluate(FOCUSED)


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(GAMES))
def test_enter_plays_move_after_move(booted_page, screenshot, game, size):
    """From the first decision on, Enter alone plays: each move (the bots answering at once)
    leaves the focus on the next decision, not on <body>."""
    page = booted_page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    start(page, game, GAMES[game])
    first = page.evaluate("marquee.snapshot().step")
    seen = [wait_focus(page)]
    assert seen[0]["plays"], f"the first decision has no focus: {seen[0]['what']}"
    for _ in range(5):
        if page.evaluate("marquee.toAct().kind") == "terminal":
            break
        page.keyboard.press("Enter")
        seen.append(wait_focus(page))
        assert seen[-1]["plays"], f"after a move the focus is on {seen[-1]['what']}"
    assert page.evaluate("marquee.snapshot().step") > first, "Enter played nothing"
    screenshot(page, f"keyboard-{game}-{size}")
    no_problems(page)


@pytest.mark.parametrize("game", list(GAMES))
def test_only_what_plays_is_in_the_tab_order(booted_page, game):
    """Cards that only explain themselves (Trickerion's sixty) and refused buttons (the Oracle's)
    are not in the tab order: Tab goes from one playable target to the next."""
    page = booted_page
    start(page, game, GAMES[game])
    for _ in range(4):
        idle = page.evaluate(IDLE_IN_TAB_ORDER)
        assert not idle, f"{len(idle)} elements in the tab order do nothing on Enter: {idle[:5]}"
        if page.evaluate("marquee.toAct().kind") == "terminal":
            break
        page.evaluate("marquee.act(0)")
        page.evaluate("marquee.idle()")
    no_problems(page)


def test_trickerion_props_need_no_tab(booted_page):
    """Trickerion's set-up: magician, trick, then the props decision, all by Enter and no Tab
    (63 Tabs on the old page once the first two were made)."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    start(page, "trickerion", 2)
    for _ in range(6):
        if page.evaluate("marquee.legal().some(a => a.action.type === 'choose_props')"):
            break
        page.keyboard.press("Enter")
        wait_focus(page)
    assert page.evaluate("marquee.legal().some(a => a.action.type === 'choose_props')")
    focus = wait_focus(page)
    assert focus["plays"], focus["what"]
    # the focused target is one of this decision's: Enter plays it
    step = page.evaluate("marquee.snapshot().step")
    page.keyboard.press("Enter")
    page.evaluate("marquee.idle()")
    assert page.evaluate("marquee.snapshot().step") > step
    no_problems(page)


@pytest.mark.parametrize(
    ("game", "where"),
    [("magnificent", "speed-select"), ("trickerion", "trk-zoom-fit")],
)
def test_where_the_person_went_keeps_the_focus(booted_page, game, where):
    """The bots hand the turn back while the person is in the speed menu (a field) or on a
    control of the board (Trickerion's zoom): the focus stays there."""
    page = booted_page
    start(page, game, GAMES[game], speed=400)
    wait_focus(page)
    step = page.evaluate("marquee.snapshot().step")
    # (not Locator.click: the e2e harness waits after it until the bots have moved)
    page.evaluate(
        """where => {
        document.querySelector('[data-testid="action-0"]').click();
        document.querySelector(`[data-testid="${where}"]`).focus();
    }""",
        where,
    )
    page.wait_for_function(
        "s => marquee.snapshot().step > s && marquee.legal().length > 0", arg=step, timeout=60_000
    )
    page.evaluate("new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")
    expect(page.get_by_test_id(where)).to_be_focused()
    no_problems(page)


def test_hotseat_by_enter_alone(booted_page, screenshot):
    """Two people at one device: Enter plays, Enter lifts the cover for the other, and Enter
    plays again for them (the cover's button, then the decision, hold the focus)."""
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate("""() => marquee.start({game: 'trickerion', seed: 5,
        seats: [{kind: 'human', name: 'Ann'}, {kind: 'human', name: 'Bo'}]})""")
    page.wait_for_function("!document.querySelector('[data-testid=generic-view]')")
    wait_focus(page)
    for _ in range(10):
        if page.evaluate("marquee.screen()") == "pass":
            break
        page.keyboard.press("Enter")
        wait_focus(page)
    assert page.evaluate("marquee.screen()") == "pass"
    expect(page.get_by_test_id("pass-confirm")).to_be_focused()
    viewer = page.evaluate("marquee.viewer()")
    page.keyboard.press("Enter")
    focus = wait_focus(page)
    assert (
        page.evaluate("marquee.screen()") == "table" and page.evaluate("marquee.viewer()") == viewer
    )
    assert focus["plays"], focus["what"]
    screenshot(page, "keyboard-hotseat-1366")
    step = page.evaluate("marquee.snapshot().step")
    page.keyboard.press("Enter")
    page.evaluate("marquee.idle()")
    assert page.evaluate("marquee.snapshot().step") > step
    no_problems(page)


# What the focus would play: the legal moves of the focused target (data-moves), by type.
FOCUSED_MOVES = """() => {
    const a = document.activeElement;
    const legal = marquee.legalActions();
    const own = a?.closest?.('[data-moves]')?.dataset.moves ?? a?.dataset?.index ?? '';
    return own.split(' ').filter(Boolean).map(i => legal[Number(i)]?.type);
}"""


def to_assignment(page) -> None:
    """Trickerion from its setup to the first Assignment, the person's choices drawn at random
    (a seeded first pick among the legal moves), no character assigned yet."""
    for _ in range(60):
        page.evaluate("marquee.idle()")
        legal = page.evaluate("marquee.legalActions()")
        if any(a["type"] == "assign" for a in legal):
            return
        page.evaluate("a => marquee.act(a).catch(() => null)", legal[0])
    raise AssertionError("no Assignment within 60 moves")


@pytest.mark.parametrize("size", list(SIZES))
def test_ending_a_phase_with_nothing_done_asks_first(booted_page, screenshot, size):
    """Issue #31 item 3: one Enter ended Assignment with 0 of 3 characters assigned and the
    round was lost. The first focus is never the phase's end; the end, from the board or the
    move list, asks first (No focused, Escape goes back) and plays only on Yes."""
    page = booted_page
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    start(page, "trickerion", 2)
    to_assignment(page)
    wait_focus(page)
    moves = page.evaluate(FOCUSED_MOVES)
    assert moves and "end_assignments" not in moves, moves
    step = page.evaluate("marquee.snapshot().step")
    ends = page.evaluate(
        "marquee.legalActions().flatMap((a, i) => a.type === 'end_assignments' ? [i] : [])"
    )
    assert len(ends) == 1
    warning = page.evaluate(f"marquee.legal()[{ends[0]}].warning")
    assert warning and "3" in warning, warning
    # the board's Done assigning: a panel asks, No first; Escape leaves the phase as it was
    done = page.locator(f'[data-testid="board"] [data-moves="{ends[0]}"]').first
    done.click()
    panel = page.get_by_test_id("trk-panel")
    expect(panel).to_be_visible()
    expect(panel).to_contain_text(warning)
    screenshot(page, f"confirm-end-assign-{size}")
    assert page.evaluate("document.activeElement.dataset.testid") == "trk-confirm-no"
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    assert page.evaluate("marquee.snapshot().step") == step
    # the move list's button: the same question in the list, No focused
    button = page.get_by_test_id(f"action-{ends[0]}")
    button.scroll_into_view_if_needed()
    button.click()
    expect(page.get_by_test_id("action-confirm")).to_contain_text(warning)
    assert page.evaluate("document.activeElement.dataset.testid") == "confirm-no"
    page.keyboard.press("Enter")
    expect(page.get_by_test_id("action-confirm")).to_be_hidden()
    assert page.evaluate("marquee.snapshot().step") == step
    # Yes plays it
    done.click()
    page.get_by_test_id("trk-confirm-yes").click()
    page.wait_for_function(f"marquee.snapshot().step > {step}")
    no_problems(page)
