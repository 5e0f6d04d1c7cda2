"""The Magnificent at the table (web/games/magnificent/): a person against the greedy bot,
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

import base64
import itertools
import json
import random
import statistics
from collections import Counter
from typing import Any

import msgspec
import pytest
from playwright.sync_api import expect

from engine.bridge import Bridge
from engine.core import save as savefile
from engine.core.bots import make_bot
from engine.games.magnificent import bots, common, perform
from engine.games.magnificent.turn import ap
from helpers import no_problems, open_page, reload_page, tid

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


SURE = tid("mgn-sure-yes")

# What the clicking player reads of the page once it is idle, in one call (a move costs a
# handful of calls to the page, not a dozen): the legal moves, the board's decision (phase,
# stage, pending), its lit targets with their titles and counts, the places lit as the others'
# last moves, the ghost's orientation, the strip's moves; with ``withSave``, the page's save (the
# planning person's copy of the match follows it).
LOOK = f"""async (withSave) => {{
    await marquee.idle();
    if (marquee.toAct().kind === 'terminal') return {{terminal: true}};
    const snap = marquee.snapshot();
    const board = document.querySelector('{BOARD}');
    const orient = document.querySelector('{tid("mgn-orient")}');
    const targets = [...document.querySelectorAll({json.dumps(TARGETS + ":not(.anchor)")})];
    return {{
        terminal: false,
        legal: snap.legal,
        round: snap.view?.round,
        phase: board?.getAttribute('data-phase'),
        stage: board?.getAttribute('data-stage'),
        pending: board?.getAttribute('data-pending'),
        lit: document.querySelectorAll({json.dumps(BOARD + " [data-last='true']")}).length,
        ghost: !!document.querySelector('{tid("mgn-ghost-tools")}'),
        orient: orient ? Number(orient.dataset.orient) : null,
        anchors: orient ? Number(orient.dataset.anchors) : 0,
        pins: document.querySelectorAll('{BOARD} .anchor').length,
        targets: targets.map(e => e.dataset.target),
        titles: targets.map(e => e.querySelector('title')?.textContent ?? e.title ?? ''),
        counts: targets.map(e => e.dataset.count ?? null),
        strip: [...document.querySelectorAll('{tid("mgn-strip")} button')].map(e => e.dataset.action),
        save: withSave ? await marquee.save() : null,
    }};
}}"""

# The step and the board's draw count before a click.
AIMED = f"""() => ({{
    step: marquee.snapshot().step,
    render: Number(document.querySelector('{BOARD}')?.dataset.render || 0),
}})"""

# What a click opened: a panel of choices, or the question a choice that gives something up asks.
OPENED = f"""() => ({{
    panel: !!document.querySelector('{tid("mgn-pop-panel")}'),
    yes: !!document.querySelector('{SURE}'),
}})"""

# Until the match moved past ``step``, the board redrew (a ghost turned or pinned) or an "are you
# sure" came up.
MOVED = (
    f"([s, r]) => marquee.snapshot().step > s || !!document.querySelector('{SURE}') || "
    f"Number(document.querySelector('{BOARD}')?.dataset.render) > r"
)

# After a click's answer: the question (null when none asks), the step, the board's draw count,
# the ghost's orientation, its lit anchors and the move its confirm button would play.
AFTER = f"""() => {{
    const yes = document.querySelector('{SURE}');
    const orient = document.querySelector('{tid("mgn-orient")}');
    const question = document.querySelectorAll('{tid("mgn-pop-panel")} strong');
    return {{
        question: yes ? (question.length === 1 ? question[0].innerText : question.length) : null,
        step: marquee.snapshot().step,
        render: Number(document.querySelector('{BOARD}')?.dataset.render || 0),
        orient: orient ? Number(orient.dataset.orient) : null,
        anchors: orient ? Number(orient.dataset.anchors) : 0,
        pins: document.querySelectorAll('{BOARD} .anchor').length,
        confirm: document.querySelector('{tid("mgn-confirm")}')?.dataset.action ?? null,
    }};
}}"""

# A panel's choices: their indexes into the legal moves, and the labels set out as columns.
CHOICES = """els => ({
    indexes: els.map(e => Number(e.dataset.index)),
    columns: els.filter(e => e.querySelector('.term') && getComputedStyle(e).display.includes('flex'))
        .map(e => e.innerText),
})"""


def wait_moved(page, step: int, render: int) -> dict:
    """Until the match moved past ``step``, the board redrew or an "are you sure" came up: then
    the page after it (AFTER)."""
    page.wait_for_function(MOVED, arg=[step, render], timeout=30_000)
    return page.evaluate(AFTER)


def look(page, with_save: bool = False) -> dict:
    return page.evaluate(LOOK, with_save)


class Player:
    """Clicks on the board the way a person would; counts where the clicks went."""

    with_save = False  # whether a look brings the page's save

    def __init__(self, page, rng: random.Random):
        self.page = page
        self.rng = rng
        self.counts = {"board": 0, "panel": 0, "ghost": 0, "strip": 0, "sure": 0}
        self.sure: list[str] = []  # the "are you sure" questions answered yes
        self.lit = 0  # the most places lit as the others' last moves at once
        self.ghost_shots: list[str] = []
        self.actions: dict[str, int] = {}
        self.builds: list[str] = []  # "rotate" / "reflect" / "plain" per placed tile
        self.tent_taken = False
        self.rewards: list[int] = []
        self.max_place = 0
        self.taken_tents = 0
        self.round = 1

    def click(self, locator, kind: str) -> dict:
        """A real click on ``locator``, the panel it opens answered, then the question a choice
        that gives something up asks; the page after it (AFTER)."""
        aimed = self.page.evaluate(AIMED)
        step = aimed["step"]
        locator.click()
        self.counts[kind] += 1
        opened = self.page.evaluate(OPENED)
        if opened["panel"] and not opened["yes"]:
            self.choose_in_panel()
        return self.answer_sure(step, wait_moved(self.page, step, aimed["render"]))

    def answer_sure(self, step: int, after: dict) -> dict:
        """A choice that gives something up asks first (no first: nothing is played)."""
        if after["question"] is None:
            return after
        assert after["step"] == step, "played before the answer"
        assert isinstance(after["question"], str), f"{after['question']} questions in the panel"
        self.sure.append(after["question"])
        self.page.get_by_test_id("mgn-sure-yes").click()
        self.counts["sure"] += 1
        return wait_moved(self.page, step, after["render"])

    def choose_in_panel(self) -> None:
        choices = self.page.get_by_test_id("mgn-pop-panel").locator(".mgn-pop-choice")
        panel = choices.evaluate_all(CHOICES)
        indexes = panel["indexes"]
        n = len(indexes)
        assert n > 1
        acts = legal(self.page)
        # A label is running text with term links: a flex button sets each term apart as a column.
        assert not panel["columns"], panel["columns"][:3]
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

    def place(self, seen: dict) -> None:
        """Ghost placement: turn the tile (rotate / reflect by turns), pick a lit anchor, confirm."""
        page = self.page
        self.max_place = max(self.max_place, len(seen["legal"]))
        how = ("rotate", "reflect", "plain")[len(self.builds) % 3]
        start = seen["orient"]
        now = seen
        turned = False
        if how != "plain":
            for _ in range(4):
                now = self.click(page.get_by_test_id(f"mgn-{how}"), "ghost")
                if now["orient"] != start:
                    turned = True
                if turned and now["anchors"] > 0:
                    break
        while now["anchors"] == 0:
            now = self.click(page.get_by_test_id("mgn-rotate"), "ghost")
        anchors = page.locator(f"{BOARD} .anchor")
        now = self.click(anchors.nth(self.rng.randrange(now["pins"])), "ghost")
        act = json.loads(now["confirm"])
        self.note(act)
        self.builds.append(how if turned else "plain")
        self.click(page.get_by_test_id("mgn-confirm"), "board")

    def act_once(self, seen: dict | None = None) -> None:
        """One move, from what the page showed when it was idle (``seen``, a LOOK)."""
        page = self.page
        seen = seen or look(page, self.with_save)
        if seen["ghost"]:
            self.place(seen)
            return
        keys = seen["targets"]
        n = len(keys)
        if n == 0:
            k = len(seen["strip"])
            assert k, "no target on the board nor in the strip: " + json.dumps(
                page.evaluate(
                    "({screen: marquee.screen(), viewer: marquee.viewer(), toAct: marquee.toAct(), "
                    "legal: marquee.legal().length, phase: marquee.state()?.phase, "
                    "board: !!document.querySelector('[data-testid=\"mgn-board\"]'), "
                    "sure: !!document.querySelector('[data-testid=\"mgn-sure-yes\"]'), "
                    "pop: !!document.querySelector('[data-testid=\"mgn-pop-panel\"]')})"
                )
            )
            pick = self.rng.randrange(k)
            self.note(json.loads(seen["strip"][pick]))
            self.click(page.get_by_test_id("mgn-strip").locator("button").nth(pick), "strip")
            return
        self.round = seen["round"]
        weights = [self.weight(k, tt) for k, tt in zip(keys, seen["titles"])]
        i = self.rng.choices(range(n), weights)[0]
        if seen["counts"][i] == "1":
            entry = next(e for e in seen["legal"] if keys[i] in keys_of(e["action"]))
            self.note(entry["action"])
        note_action_choice(self, keys[i])
        self.click(page.locator(f"{TARGETS}:not(.anchor)").nth(i), "board")

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


# --------------------------------------------------------------------------- a person with intent
#
# Random clicks almost never collect what two posters need together (their tents, the camp tiles
# as a multiset, the gems), so the person of the main game plays with a plan: a one-step look
# ahead through the engine's own legal actions (the page's save loaded into CPython's engine),
# valuing the greedy bot's measures plus how close two held posters are to being rewarded
# together, and performing only when a two-poster space is within reach. The moves it picks are
# then clicked on the board like any other.


def pair_deficit(g, s, seat: int, combo: tuple[int, ...]) -> int:
    """What two posters still lack together: tents, camp tiles (a large one counts twice), gems."""
    r, p = g.rules, s.players[seat]
    miss = sum(1 for i in combo if p.tents[i] is None)
    frags: Counter = Counter()
    gems: Counter = Counter()
    for i in combo:
        poster = r.posters[p.posters[i]]
        frags.update(poster.fragments)
        gems.update(poster.gems)
        tent = p.tents[i]
        if tent not in (None, "start") and r.tents[tent].gem:
            gems[r.tents[tent].gem] += 1
    built = Counter(b.fragment for b in p.built)
    miss += sum(max(0, k - built[f]) * (2 if "large" in f else 1) for f, k in frags.items())
    short = sum(max(0, k - p.gems[g_]) for g_, k in gems.items() if g_ != "clear") + gems["clear"]
    return miss + max(0, short - p.gems["clear"])


def best_pair(g, s, seat: int) -> int:
    p = s.players[seat]
    held = [i for i, x in enumerate(p.posters) if x is not None]
    return min((pair_deficit(g, s, seat, c) for c in itertools.combinations(held, 2)), default=12)


def pair_ready(g, s, seat: int) -> bool:
    p = s.players[seat]
    filled = [i for i, x in enumerate(p.posters) if x is not None and p.tents[i] is not None]
    return any(perform.eligible(g.rules, s, seat, c, "") for c in itertools.combinations(filled, 2))


def two_poster_ap(g, s) -> int:
    taken = common.occupied(s)
    return min(
        (
            sp.ap
            for i, sp in enumerate(g.rules.track)
            if i not in taken and sp.ap and sp.posters >= 2
        ),
        default=99,
    )


# The person's own sense of a position: the greedy value with the hand-set weights it was
# calibrated on (the offsets below), not the bot's tuned ones, which may change again.
PERSON = {
    "coin": 3.0,
    "gem": 4.0,
    "short": 10.0,
    "camp": 3.0,
    "tent": 12.0,
    "poster": 6.0,
    "poster_ready": 8.0,
    "marker": 5.0,
    "card": 3.0,
    "power": 2.0,
}


def planned(g, s, seat: int, legal: list, rng: random.Random):
    """The action the person means to play (an engine action), by a one-step look ahead."""
    ready = pair_ready(g, s, seat)
    best, top = [], float("-inf")
    for a in legal:
        d = msgspec.to_builtins(a)
        after, _ = g.apply(s, seat, a)
        v = bots.value(g, after, seat, PERSON) - 30 * best_pair(g, after, seat)
        v += 150 if pair_ready(g, after, seat) else 0
        kind = d["type"]
        if kind == "reward":
            v += 1000 if len(d["slots"]) >= 2 else (-300 if ready else 0)
        elif kind == "action" and d["action"] == "perform":
            v += 400 if ready and ap(s) >= two_poster_ap(g, s) else -200
        elif kind == "gem" and ready and s.turn.stage == "act":
            need = two_poster_ap(g, s)
            v += 100 if ap(s) < need <= ap(s) + 2 * sum(s.players[seat].gems.values()) else 0
        elif kind == "hat":
            v += 300 if g.rules.track[d["space"]].posters >= 2 else 0
        if v > top + 1e-9:
            top, best = v, [a]
        elif abs(v - top) <= 1e-9:
            best.append(a)
    return rng.choice(best)


def as_dict(a) -> dict:
    """An engine action as the page holds it (JSON: tuples are lists)."""
    return msgspec.json.decode(msgspec.json.encode(a))


def _norm(cells) -> list[tuple[int, int]]:
    mx = min(x for x, _ in cells)
    my = min(y for _, y in cells)
    return sorted((x - mx, y - my) for x, y in cells)


def ghost_path(shapes: list, start: int, goal: int) -> list[str] | None:
    """The rotate / reflect clicks that turn the ghost from ``start`` to ``goal`` (the page's
    turn(): a quarter turn (x, y) -> (y, -x), a mirror (x, y) -> (-x, y))."""
    norm = [_norm(sh) for sh in shapes]
    paths = {start: []}
    todo = [start]
    while todo:
        o = todo.pop(0)
        for how in ("rotate", "reflect"):
            moved = _norm([(y, -x) if how == "rotate" else (-x, y) for x, y in norm[o]])
            n = norm.index(moved) if moved in norm else o
            if n not in paths:
                paths[n] = paths[o] + [how]
                todo.append(n)
    return paths.get(goal)


class Replica:
    """CPython's copy of the page's match: the page's save loaded once, then advanced by the
    steps each later save adds (a whole replay a move made the game's cost grow with its square),
    its state hash checked against the save's after every catch-up."""

    def __init__(self) -> None:
        self.match = None

    def follow(self, saved) -> Any:
        text = saved["text"] if isinstance(saved, dict) else saved
        if self.match is None:
            self.match = savefile.load(text)
            return self.match
        raw = msgspec.json.decode(text)
        steps = msgspec.json.decode(base64.b64decode(raw["steps"]), type=list[savefile.SavedStep])
        m = self.match
        assert len(steps) >= len(m.steps), "the page's save lost steps"
        for step in steps[len(m.steps) :]:
            m.act(step.seat, m.game.codec.action_from_builtins(step.action))
        assert m.game.codec.state_hash(m.state) == raw["state_hash"], (
            "CPython's copy left the page's"
        )
        return m


class Planner(Player):
    """The person of the main game: picks by ``planned`` and clicks the pick on the board."""

    SAMPLE = 60  # placements considered per build (the bot samples as many)
    with_save = True

    def __init__(self, page, rng: random.Random, screenshot):
        super().__init__(page, rng)
        self.want: int | None = None
        self.screenshot = screenshot
        self.replica = Replica()

    def choose_in_panel(self) -> None:
        panel = self.page.get_by_test_id("mgn-pop-panel")
        choice = panel.locator(f".mgn-pop-choice[data-index='{self.want}']")
        assert choice.count() == 1, f"the planned choice {self.want} is not in the panel"
        choice.click()
        self.counts["panel"] += 1

    def act_once(self, seen: dict | None = None) -> None:
        page = self.page
        seen = seen or look(page, self.with_save)
        m = self.replica.follow(seen["save"])
        seat = m.to_act().seats[0]
        entries = seen["legal"]
        legal = m.legal(seat)
        assert [as_dict(a) for a in legal] == [e["action"] for e in entries]
        places = [a for a in legal if as_dict(a)["type"] == "place"]
        pool = [a for a in legal if as_dict(a)["type"] != "place"] + self.place_pool(places)
        pick = planned(m.game, m.state, seat, pool, self.rng)
        if pick in places:
            self.place(pick, places, seen)
            return
        act = as_dict(pick)
        entry = next(e for e in entries if e["action"] == act)
        self.want = entry["index"]
        self.note(act)
        note_action_choice(self, keys_of(act)[0] if keys_of(act) else "")
        for key in keys_of(act):
            if key in seen["targets"]:
                el = page.locator(f"{TARGETS}[data-target='{key}']:not(.anchor)")
                self.click(el.first, "board")
                return
        self.click(page.get_by_test_id(f"mgn-strip-{entry['index']}"), "strip")

    def place_pool(self, places: list) -> list:
        """One rotated and one reflected build first (the issue asks for both), then any."""
        if not places:
            return []
        self.max_place = max(self.max_place, len(places))
        self.shapes = self.page.evaluate("marquee.state().table.shapes")
        need = next((how for how in ("rotate", "reflect") if how not in self.builds), None)

        def start_of(a) -> int:
            # a picked tile's ghost starts at its first legal orientation (camp.js firstOrient)
            return next(
                b.orient for b in places if (b.pending, b.fragment) == (a.pending, a.fragment)
            )

        pool = [
            a
            for a in places
            if need is None
            or need in (ghost_path(self.shapes[a.fragment], start_of(a), a.orient) or [])
        ] or places
        return self.rng.sample(pool, self.SAMPLE) if len(pool) > self.SAMPLE else pool

    def place(self, a, places: list, seen: dict) -> None:
        """Ghost placement: pick the tile, turn it, pin the anchor, confirm."""
        page = self.page
        picks = list(dict.fromkeys((b.pending, b.fragment) for b in places))
        orient = seen["orient"]
        if len(picks) > 1:
            pick = picks.index((a.pending, a.fragment))
            orient = self.click(page.get_by_test_id(f"mgn-frag-{pick}"), "ghost")["orient"]
        clicks = ghost_path(self.shapes[a.fragment], orient, a.orient)
        for how in clicks:
            orient = self.click(page.get_by_test_id(f"mgn-{how}"), "ghost")["orient"]
        assert orient == a.orient
        now = self.click(page.get_by_test_id(f"mgn-anchor-{a.x}-{a.y}"), "ghost")
        if not self.ghost_shots:  # the ghost pinned, its covered bonuses shown, not yet placed
            self.ghost_shots = shoot_sizes(page, self.screenshot, "mgn-2p-ghost")
        act = json.loads(now["confirm"])
        assert act == as_dict(a)
        self.note(act)
        self.builds.append("reflect" if "reflect" in clicks else "rotate" if clicks else "plain")
        self.click(page.get_by_test_id("mgn-confirm"), "board")


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
        "final_choice": lambda: [f"card-{a['card']}"],
        "pay_gems": lambda: ["pay"],
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


def shoot_sizes(
    page, screenshot, name: str, sizes=("1366", "1920"), top: bool = False
) -> list[str]:
    """The page as it is (or scrolled to the top), at each desktop size (back to the size it
    had after)."""
    was = page.viewport_size
    out = []
    for size in sizes:
        w, h = SIZES[size]
        page.set_viewport_size({"width": w, "height": h})
        if top:
            page.evaluate("() => { if (window.__mgnScroller) window.__mgnScroller.scrollTop = 0; }")
        else:  # as the page brings the decision into view on this layout
            page.evaluate(
                '() => document.querySelector(\'[data-testid="mgn-board"] [data-focus="true"]\')'
                "?.scrollIntoView({block: 'nearest'})"
            )
        out.append(str(screenshot(page, f"{name}-{size}")))
    page.set_viewport_size(was)
    return out


def play_by_clicking(
    page, player: Player, screenshot, shots: list[str], prefix: str, limit: int = 2000
) -> set[str]:
    seen: set[str] = set()
    for _ in range(limit):
        now = look(page, player.with_save)
        if now["terminal"]:
            return seen
        if not now["legal"]:
            continue
        stage = f"{now['phase']}-{now['pending'] or now['stage']}"
        player.lit = max(player.lit, now["lit"])
        if stage not in seen:
            seen.add(stage)
            shots += shoot_sizes(page, screenshot, f"{prefix}-{stage}")
            now = look(page, player.with_save)  # the board as the size changes left it
        player.act_once(now)
    pytest.fail("the game did not end")


# --------------------------------------------------------------------------- the human game


def test_a_person_plays_against_the_greedy_bot_by_clicking_on_the_board(
    booted_page, screenshot, figures
):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
    lobby_start(page, "magnificent", 2, ["human", "bot:greedy"], seed=3)
    page.get_by_test_id("speed-select").select_option("0")
    page.evaluate("marquee.idle()")
    expect(page.get_by_test_id("mgn-provisional-badge")).to_be_visible()
    page.get_by_test_id("mgn-provisional-badge").click()
    expect(page.get_by_test_id("mgn-provisional-details")).to_be_visible()
    page.get_by_test_id("mgn-provisional-badge").click()
    shots: list[str] = []
    player = Planner(page, random.Random(3), screenshot)
    seen = play_by_clicking(page, player, screenshot, shots, "mgn-2p")

    expect(page.get_by_test_id("score-table")).to_be_visible()
    result = page.evaluate("marquee.snapshot().result")
    assert result and len(result["scores"]) == 2
    shots += shoot_board(page, screenshot, "mgn-2p-over", parts=2)
    shots += shoot_sizes(page, screenshot, "mgn-2p-over-top", top=True) + player.ghost_shots
    assert player.lit > 0, "the others' last moves were never lit on the board"
    assert "rotate" in player.builds and "reflect" in player.builds, player.builds
    assert player.taken_tents >= 1, player.actions
    assert max(player.rewards, default=0) >= 2, player.rewards
    assert player.counts["board"] + player.counts["ghost"] > 5 * max(1, player.counts["strip"]), (
        player.counts
    )
    no_problems(page)
    m = page.evaluate(
        "({click: window.marqueeBoards.magnificent.clickMs, render: window.marqueeBoards.magnificent.renderMs})"
    )
    clicks = sorted(m["click"])
    renders = sorted(m["render"])
    figures["magnificent: human clicks (2p vs greedy)"] = (
        f"{player.counts['board']} board targets + {player.counts['ghost']} ghost controls/anchors, "
        f"{player.counts['panel']} choice panels, {player.counts['strip']} decision strip, "
        f"{player.counts['sure']} confirmations"
    )
    figures["magnificent: builds (rotated/reflected/plain)"] = ", ".join(player.builds)
    figures["magnificent: rewards (posters per perform)"] = str(player.rewards)
    figures["magnificent: asked 'are you sure' (answered yes)"] = (
        f"{len(player.sure)}: {player.sure[:3]}"
    )
    figures["magnificent: most places lit as the others' last moves"] = str(player.lit)
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


def test_four_bots_play_to_the_final_scores(booted_page, screenshot, figures):
    page = booted_page
    page.set_viewport_size({"width": 1920, "height": 1080})
    page.evaluate("marquee.setSpeed(0)")
    # Random bots, the cheapest level: this game checks a 4-seat table played to its scores,
    # not a bot's play (greedy plays in the page in the clicked game above). Two greedy seats
    # cost 12.7 s of CPU natively for this game, four random ones 0.03 s (docs/boot.md, #32
    # session 16).
    lobby_start(page, "magnificent", 4, ["bot:random"] * 4, seed=8)
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


def test_a_new_board_draws_the_opponents_a_frame_later(page, site_url):
    """A new board is drawn in two tasks (as Trickerion's Residence): the first leaves the
    opponents' sections out, so that the first frame styles and lays out the main board and
    the viewer's own area alone, and the next draw of the same board, after that frame, adds
    them, keeping the main board's elements."""
    open_page(page, site_url)
    page.evaluate(
        """() => { window.__draws = [];
        new MutationObserver((records) => { for (const r of records) {
            const board = r.target;
            if (board.dataset.testid !== 'mgn-board') continue;
            window.__draws.push({board, main: board.querySelector('[data-testid="mgn-main"]'),
                opponents: board.querySelectorAll('[data-testid^="mgn-opp-"]').length});
        } }).observe(document.body, {subtree: true, attributes: true, attributeFilter: ['data-render']}); }"""
    )
    lobby_start(page, "magnificent", 3, ["human", "bot:greedy", "bot:greedy"], seed=21)
    page.evaluate("marquee.idle()")
    draws = page.evaluate(
        """window.__draws.map((d) => [d.board === window.__draws[0].board,
            d.main === window.__draws[0].main, d.opponents])"""
    )
    assert draws[0] == [True, True, 0], draws
    # the next draw of the same board, a frame later, has both opponents, the main board kept
    assert draws[1] == [True, True, 2], draws
    expect(page.get_by_test_id("mgn-opponents").locator("section")).to_have_count(2)
    no_problems(page)


# --------------------------------------------------------------------------- solo


def test_a_solo_game_clicked_to_its_result(booted_page, screenshot, figures):
    page = booted_page
    page.set_viewport_size({"width": 1920, "height": 1080})
    lobby_start(page, "magnificent-solo", 1, [], seed=4)  # its one seat is a person's
    page.get_by_test_id("speed-select").select_option("0")
    expect(page.get_by_test_id("mgn-solo-targets")).to_be_visible()
    shots: list[str] = []
    player = Player(page, random.Random(9))
    play_by_clicking(page, player, screenshot, shots, "mgn-solo")
    expect(page.get_by_test_id("score-table")).to_be_visible()
    result = page.evaluate("marquee.snapshot().result")
    shoot_board(page, screenshot, "mgn-solo-over", parts=2)
    shoot_sizes(page, screenshot, "mgn-solo-over-top", top=True)
    figures["magnificent solo: result"] = f"{result['scores']} ({player.counts})"
    no_problems(page)


# --------------------------------------------------------------------------- hotseat


def test_hotseat_covers_the_table_for_the_master_card_draft_only(booted_page, screenshot, figures):
    """Two people at one screen, advanced setup: the draft (R19) is a secret choice, so the shell's
    cover comes up before each hand-over in it; afterwards nothing is secret and the device
    changes hands uncovered."""
    page = booted_page  # the game is started here: the boot is none of this test's business
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate(
        """() => marquee.start({game: 'magnificent', seed: 2, options: {advanced: true},
        seats: [{kind: 'human', name: 'Ann'}, {kind: 'human', name: 'Bob'}]})"""
    )
    page.evaluate("marquee.setSpeed(0)")
    player = Player(page, random.Random(5))
    covers: list[str] = []  # the phase under each cover
    uncovered = 0  # hand-overs after the draft with no cover
    last_viewer = page.evaluate("marquee.viewer()")
    shots: list[str] = []
    for _ in range(300):
        page.evaluate("marquee.idle()")
        phase = page.evaluate("marquee.snapshot().view.phase")
        if page.evaluate("marquee.screen()") == "pass":
            assert page.get_by_test_id("board").evaluate("el => el.children.length") == 0
            covers.append(phase)
            if len(covers) == 1:
                shots.append(str(screenshot(page, "mgn-hotseat-cover")))
            page.get_by_test_id("pass-confirm").click()
            last_viewer = page.evaluate("marquee.viewer()")
            continue
        viewer = page.evaluate("marquee.viewer()")
        if viewer != last_viewer and phase == "turn":
            uncovered += 1
        last_viewer = viewer
        if phase == "draft":
            other = 1 - viewer
            assert isinstance(page.evaluate(f"marquee.state().players[{other}].draft"), int)
            if not any("draft" in s for s in shots):
                expect(page.get_by_test_id("mgn-offers")).to_be_visible()
                shots += shoot_sizes(page, screenshot, "mgn-hotseat-draft")
        if phase == "turn" and uncovered >= 3:
            break
        if page.evaluate("marquee.legal().length"):
            # the first draw waits for the component pack (and each uncovered screen is redrawn)
            expect(page.locator(BOARD)).to_be_visible(timeout=60_000)
            player.act_once()
    else:
        pytest.fail("the table never got past three hand-overs after the draft")
    assert covers and set(covers) == {"draft"}, covers
    figures["magnificent hotseat: covers (phase) / uncovered hand-overs after the draft"] = (
        f"{len(covers)} ({', '.join(sorted(set(covers)))}) / {uncovered}"
    )
    no_problems(page)


# fully inside the window
IN_VIEW_JS = """els => els.map(e => {
    const r = e.getBoundingClientRect();
    return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth;
})"""


def save_at_a_gem_payment() -> str:
    """A real game (seed 21: a person playing random legal moves against the random bot) played
    by the engine itself up to the person's choice of how to pay a poster's gems (R52, D1), as
    the page's save file. Such a choice needs clear gems that could stand in for coloured ones:
    no greedy-played game reached it in 39 seeds, and since greedy looks a turn ahead (issue
    #30) the game against greedy no longer does either; against random it comes at step 191."""
    table = Bridge()
    call = lambda method, **args: json.loads(table.call(method, json.dumps(args)))
    seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
    snap = call("new", game="magnificent", players=2, seed=21, viewer=0, seats=seats)
    match = table.table.match
    person = make_bot(match.game, "random", 21)
    for _ in range(3000):
        if any(e["action"]["type"] == "pay_gems" for e in snap["legal"]):
            return call("save")["text"]
        to = snap["to_act"]
        assert to["kind"] != "terminal", "the game ended before a gem payment"
        if to["kind"] == "players" and 0 in to["seats"]:
            legal = match.game.legal_actions(match.state, 0)
            action = person.choose(match.game, match.state, 0, legal)
            snap = call("act", seat=0, action=match.game.codec.action_to_builtins(action), viewer=0)
        else:
            snap = call("step", viewer=0)
    raise AssertionError("no gem payment within 3000 steps")


def test_the_gem_payment_is_chosen_at_the_gem_storage(booted_page, screenshot):
    """D1: when clear gems could stand in for coloured ones, the person picks the payment at
    their gem storage; the engine's save brings the page to that choice."""
    page = booted_page  # the position is loaded here: the boot is none of this test's business
    page.set_viewport_size({"width": 1366, "height": 768})
    page.evaluate("t => marquee.load(t)", save_at_a_gem_payment())
    expect(page.locator(BOARD)).to_be_visible(timeout=60_000)
    legal = page.evaluate("marquee.legal()")
    assert len(legal) >= 2 and {e["action"]["type"] for e in legal} == {"pay_gems"}
    step = page.evaluate("marquee.snapshot().step")
    pay = page.get_by_test_id("mgn-pay")
    expect(pay).to_be_visible()
    pay.scroll_into_view_if_needed()
    pay.click()
    choices = page.locator('[data-testid^="mgn-choice-"]')
    expect(choices).to_have_count(len(legal))
    for k, entry in enumerate(legal):
        expect(choices.nth(k)).to_contain_text(entry["label"])
    # the move list beside the board keeps every payment in view (it showed one and a half)
    assert page.get_by_test_id("action-1").evaluate_all(IN_VIEW_JS) == [True]
    screenshot(page, "mgn-pay-choice")
    choices.nth(len(legal) - 1).click()
    page.evaluate("marquee.idle()")
    assert page.evaluate("marquee.snapshot().step") > step
    assert not any(e["action"]["type"] == "pay_gems" for e in page.evaluate("marquee.legal()"))
    no_problems(page)


# --------------------------------------------------------------------------- reload, languages, sizes


def test_reload_mid_turn_resumes_and_the_table_reads_in_three_languages(booted_page, screenshot):
    page = booted_page
    page.set_viewport_size({"width": 1366, "height": 768})
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
            # the first draw waits for the component pack (and each uncovered screen is redrawn)
            expect(page.locator(BOARD)).to_be_visible(timeout=60_000)
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


# every word of the elements `sel` matches on one line (a word cut in two, "представ|лению",
# has two boxes); returns the words that are not
SPLIT_WORDS = """sel => [...document.querySelectorAll(sel)].flatMap((el) => {
    const cut = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) {
        const node = walker.currentNode;
        for (const m of node.nodeValue.matchAll(/\\S+/g)) {
            const range = document.createRange();
            range.setStart(node, m.index);
            range.setEnd(node, m.index + m[0].length);
            const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
            if (lines.size > 1) cut.push(m[0]);
        }
    }
    return cut;
})"""


def _ann_against_random(page):
    """Ann against a random bot, seed 11, the bots at once: the table the two tests below
    drive to the position they look at."""
    page.evaluate("marquee.setSpeed(0)")
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random", "name": ""}]
    page.evaluate(
        "s => marquee.start({game: 'magnificent', players: 2, seed: 11, seats: s})", seats
    )
    page.evaluate("marquee.idle()")


def test_a_ready_posters_word_is_never_cut_in_two(booted_page, screenshot):
    """A poster that can be performed says so on its slot in whole words, in every language and
    at the three sizes: "готова к представлению" and "jouable maintenant" were cut mid-word in
    a narrow slot (\u201cпредстав|лению\u201d, \u201cmaintena|nt\u201d)."""
    from helpers import drive_until

    page = booted_page
    _ann_against_random(page)
    drive_until(page, random.Random(5), "!!document.querySelector('.need-line.ok')")
    for lang in ("en", "ru", "fr"):
        page.evaluate("l => marquee.setLang(l)", lang)
        for width, height in ((1366, 768), (1920, 1080), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("marquee.settled()")
            page.locator(".need-line.ok").first.scroll_into_view_if_needed()
            screenshot(page, f"mgn-ready-poster-{lang}-{width}")
            assert page.evaluate(SPLIT_WORDS, ".need-line") == [], (lang, width)
    page.evaluate("marquee.setLang('en')")
    no_problems(page)


# the artists' names on the player's poster slots whose text is wider than their box
CUT_ARTISTS = """() => [...document.querySelectorAll('.mgn-posters .mgn-poster .artist')]
    .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)"""


def test_the_endings_posters_show_their_artists_whole(booted_page, screenshot):
    """The ending's own area (a finished solo game: five posters, three of Alberic) names each
    poster's artist in full at the three sizes: at 390 px the five slots cut every name to a
    letter ("А…"), and at 1366 px the symbol beside it cut "Альберик" to "Альбер…"."""
    from finished import played

    page = booted_page
    page.evaluate("t => marquee.load(t)", played("magnificent-solo").finished)
    page.evaluate("marquee.idle()")
    assert page.evaluate("marquee.toAct().kind") == "terminal"
    for lang in ("ru", "en"):
        page.evaluate("l => marquee.setLang(l)", lang)
        for width, height in ((390, 844), (1366, 768), (1920, 1080)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("marquee.settled()")
            artists = page.locator(".mgn-posters .mgn-poster .artist")
            assert artists.count() >= 3, (lang, width)
            artists.first.scroll_into_view_if_needed()
            screenshot(page, f"mgn-ending-posters-{lang}-{width}")
            assert page.evaluate(CUT_ARTISTS) == [], (lang, width)
    page.evaluate("marquee.setLang('en')")
    no_problems(page)


# the contrast of an element's text with its own face (WCAG's ratio)
CONTRAST = """b => {
    const st = getComputedStyle(b);
    const rgb = (s) => s.match(/rgba?\\(([^)]*)\\)/)[1].split(",").slice(0, 3).map(Number);
    const lum = ([r, g, bl]) => [r, g, bl].map((v) => {
        v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }).reduce((a, v, i) => a + v * [0.2126, 0.7152, 0.0722][i], 0);
    const [a, c] = [lum(rgb(st.color)), lum(rgb(st.backgroundColor))].sort((x, y) => y - x);
    return (a + 0.05) / (c + 0.05);
}"""


def test_a_lit_red_button_stays_readable_under_the_pointer_and_the_focus(booted_page, screenshot):
    """End turn (a red button, white text) lit as a move: under the mouse or the keyboard's
    focus the lit targets' pale yellow face replaced its red one, and its white text could not
    be read (contrast 1.1)."""
    from helpers import drive_until

    page = booted_page
    _ann_against_random(page)
    end = page.locator('[data-testid="mgn-end"].legal')
    drive_until(page, random.Random(5), "!!document.querySelector('[data-testid=mgn-end].legal')")
    end.scroll_into_view_if_needed()
    end.hover()
    assert end.evaluate(CONTRAST) >= 4.5, "under the pointer"
    page.mouse.move(0, 0)
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")  # the keyboard's focus, as a keyboard player moves it
    end.focus()
    assert end.evaluate("b => b.matches(':focus-visible')")
    assert end.evaluate(CONTRAST) >= 4.5, "under the focus"
    screenshot(page, "mgn-end-turn-focused")
    no_problems(page)


# a solo target's words on one line, its meter beside them on that line
ONE_LINE = """el => {
    const range = document.createRange();
    range.selectNodeContents([...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE));
    const words = [...range.getClientRects()].filter((r) => r.width > 0);
    const meter = el.querySelector("meter").getBoundingClientRect();
    const middle = (meter.top + meter.bottom) / 2;
    return words.length === 1 && middle >= words[0].top && middle <= words[0].bottom;
}"""


def test_each_solo_target_keeps_its_meter_and_its_words_on_one_line(booted_page, screenshot):
    """The solo game's targets beside the round: at 390 px "1 of 200 / points" broke inside a
    target and the next meter followed "points" on its line, one target running into the next."""
    page = booted_page
    page.evaluate("marquee.setSpeed(0)")
    seats = [{"kind": "human", "name": "Ann"}]
    page.evaluate(
        "s => marquee.start({game: 'magnificent-solo', players: 1, seed: 11, seats: s})", seats
    )
    page.evaluate("marquee.idle()")
    targets = page.get_by_test_id("mgn-solo-targets").locator(".mgn-target")
    for lang in ("en", "ru", "fr"):
        page.evaluate("l => marquee.setLang(l)", lang)
        for width, height in ((390, 844), (1366, 768)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("marquee.settled()")
            assert targets.count() == 3
            for i in range(3):
                assert targets.nth(i).evaluate(ONE_LINE), (lang, width, i)
        screenshot(page, f"mgn-solo-targets-{lang}-1366")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "mgn-solo-targets-fr-390")
    page.evaluate("marquee.setLang('en')")
    no_problems(page)
