"""Issue 9: thousands of malformed automaton/chance steps, bridge calls and save files, each
refused with a coded error and the game byte-identical (property-based, derandomized: the same
examples on every run; ``database=None`` keeps nothing on disk).

Families and example counts: forged Successor steps (1,200), forged chance steps in Trickerion
and the Oracle (1,200), raw JSON through the bridge's act/why/step/snapshot/load for every kind
of seat (1,000), mutated save files (1,500, of which 300 also through the bridge's load while a
game is in progress).
"""

from __future__ import annotations

import base64
import functools
import json

import msgspec
from core.test_core import play_out
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import tinygame  # noqa: F401  (registers "tiny")
from engine.bridge import Bridge
from engine.core import CHANCE, IllegalAction, MarqueeError, SaveError
from engine.core import save as savefile
from engine.core.bots import make_bot
from engine.core.i18n import render
from engine.core.match import Match
from engine.games.oracle import actions as OA
from engine.games.oracle.game import OracleGame
from engine.games.trickerion import actions as TA
from engine.games.trickerion.game import Trickerion
from engine.games.trickerion.solo.actions import DO, SuccessorStep
from engine.games.trickerion.solo.game import TrickerionSolo


def fuzz(examples: int) -> settings:
    return settings(
        max_examples=examples,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


STEP_IDS = (
    "alley.1",
    "alley.2",
    "assign.2",
    "assign.3",
    "downtown.1",
    "downtown.4",
    "market.1",
    "market.2",
    "order.1",
    "order.2",
    "perform.1",
    "theater.3",
    "theater.skip",
    "theater.card.1+theater.cell.1",
    "",
    "nope",
    "order.99",
)
INTS = st.one_of(st.integers(-3, 12), st.integers(-(2**63), 2**63), st.sampled_from([-1, 0, 10**9]))
TEXT = st.one_of(
    st.sampled_from(
        [
            "",
            "downtown",
            "market_row",
            "dark_alley",
            "theater",
            "workshop",
            "x",
            "up",
            "down",
            "rope",
            "t01_",
            "mechanical",
            "optical",
        ]
    ),
    st.text(max_size=12),
)


def coded(exc: MarqueeError) -> bool:
    """A refusal with a code the catalogue translates (not the bare code rendered back)."""
    return all(render(exc.code, exc.params, lang) != exc.code for lang in ("en", "ru", "fr"))


# --- positions ---------------------------------------------------------------------------------


@functools.cache
def successor_positions() -> tuple[Match, ...]:
    """Solo matches stopped where the Successor acts: assignment, placements, performance."""
    out, kinds = [], set()
    g = TrickerionSolo(2, {})
    m = Match(g, 11)
    human = make_bot(g, "random", 11)
    while not m.terminal and len(out) < 12:
        if m.to_act().kind == "automaton":
            do = g.automaton_action(m.state, 1).do
            if do not in kinds or len(out) < 6:
                kinds.add(do)
                copy = Match(g, 11)
                copy.states, copy.steps, copy.events = list(m.states), list(m.steps), list(m.events)
                out.append(copy)
        if m.auto_step() is None:
            m.act(0, human.choose(g, m.state, 0, m.legal(0)))
    return tuple(out)


@functools.cache
def chance_positions() -> tuple[Match, ...]:
    out = []
    for game, seed in ((OracleGame(1, {"mode": "practice"}), 5), (Trickerion(2, {}), 5)):
        m = Match(game, seed)
        bots = {s: make_bot(game, "random", seed + s) for s in range(game.players)}
        found = 0
        while not m.terminal and found < 4:
            if m.to_act().kind == "chance":
                copy = Match(game, seed)
                copy.states, copy.steps, copy.events = list(m.states), list(m.steps), list(m.events)
                out.append(copy)
                found += 1
            if m.auto_step() is None:
                seat = m.to_act().seats[0]
                m.act(seat, bots[seat].choose(game, m.state, seat, m.legal(seat)))
    return tuple(out)


def refused_untouched(m: Match, seat: int, action) -> None:
    before, steps = m.game.codec.encode_state(m.state), len(m.steps)
    try:
        m.act(seat, action)
    except IllegalAction as exc:
        assert coded(exc), exc.code
    else:
        raise AssertionError(f"accepted {action!r}")
    assert m.game.codec.encode_state(m.state) == before and len(m.steps) == steps


# --- forged automaton and chance steps --------------------------------------------------------

successor_steps = st.builds(
    SuccessorStep,
    step=st.sampled_from(STEP_IDS),
    do=st.sampled_from((*DO, "perform", "", "win")),
    char=INTS,
    location=TEXT,
    slot=INTS,
    die=INTS,
    card=INTS,
    cell=INTS,
    facing=TEXT,
    prop=TEXT,
    trick=TEXT,
    school=TEXT,
    level=INTS,
    n=INTS,
)


@fuzz(1200)
@given(where=st.integers(0, 11), action=successor_steps)
def test_forged_successor_steps_are_refused(where, action):
    positions = successor_positions()
    m = positions[where % len(positions)]
    assume(action != m.game.automaton_action(m.state, 1))
    refused_untouched(m, 1, action)


oracle_chance = st.one_of(
    st.builds(
        OA.EnterRoll,
        halves=st.tuples(*[st.integers(-1, 2)] * 5),
        dice=st.tuples(st.integers(-1, 7), st.integers(-1, 7)),
        coin=st.sampled_from(["tree", "skull"]),
    ),
    st.builds(
        OA.AdventurerDrawn,
        colours=st.lists(
            TEXT | st.sampled_from(["grey", "red", "blue", "green", "yellow"]), max_size=4
        ).map(tuple),
    ),
    st.sampled_from([OA.Roll(), OA.DrawAdventurers(), OA.RollInApp()]),
)
trickerion_chance = st.one_of(
    st.just(TA.Chance()), successor_steps, st.builds(TA.Advertise, advertise=st.booleans())
)


@fuzz(1200)
@given(where=st.integers(0, 7), oracle=oracle_chance, trick=trickerion_chance)
def test_forged_chance_steps_are_refused(where, oracle, trick):
    positions = chance_positions()
    m = positions[where % len(positions)]
    action = oracle if isinstance(m.game, OracleGame) else trick
    assume(msgspec.json.encode(action) != msgspec.json.encode(m.game.chance_action(m.state)))
    refused_untouched(m, CHANCE, action)


# --- raw JSON through the bridge ---------------------------------------------------------------

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | TEXT,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(TEXT, inner, max_size=4),
    max_leaves=12,
)
actions = st.one_of(
    json_values,
    st.fixed_dictionaries(
        {
            "type": st.sampled_from(
                ["successor_step", "chance", "pick", "roll", "enter_roll", "advertise", "assign"]
            )
        },
        optional={
            "step": TEXT,
            "do": TEXT,
            "n": json_values,
            "char": json_values,
            "halves": json_values,
            "dice": json_values,
        },
    ),
)


@functools.cache
def solo_bridge() -> tuple[Bridge, str]:
    b = Bridge()
    b.call(
        "new",
        json.dumps(
            {
                "game": "trickerion-solo",
                "players": 2,
                "seed": 9,
                "viewer": 0,
                "seats": [{"kind": "human", "name": "Ann"}, {"kind": "human"}],
            }
        ),
    )
    while json.loads(b.call("step", '{"viewer": 0}'))["moved"]:
        pass
    return b, b.table.match.game.codec.encode_state(b.table.match.state)


@fuzz(1000)
@given(
    method=st.sampled_from(["act", "why", "undo", "snapshot", "step", "load", "new", "render"]),
    args=st.dictionaries(
        st.sampled_from(
            [
                "seat",
                "action",
                "viewer",
                "lang",
                "text",
                "game",
                "players",
                "seed",
                "seats",
                "code",
                "params",
                "x",
            ]
        ),
        json_values | actions,
        max_size=4,
    ),
)
def test_raw_bridge_calls_give_coded_errors_and_keep_the_table(method, args):
    b, before = solo_bridge()
    if method == "new":
        args.pop("game", None)  # a valid new game would replace the table on purpose
        args["players"] = 7
    if method == "step":
        args["viewer"] = 1  # the automaton's view: refused outside automation
    out = json.loads(b.call(method, json.dumps(args)))
    if isinstance(out, dict) and "error" in out:
        assert out["error"]["message"] != out["error"]["code"], out
    else:  # an answer only where the call was well-formed and allowed: nothing moved
        assert method in ("snapshot", "why", "render", "act"), (method, args)
    assert b.table.match.game.codec.encode_state(b.table.match.state) == before or method == "act"
    if method == "act" and "error" not in out:
        b.table.match.undo(args["seat"])


# --- mutated save files ----------------------------------------------------------------------


@functools.cache
def saves() -> tuple[tuple[bytes, str], ...]:
    tiny = Match.new("tiny", 3, {"rounds": 3}, seed=12)
    play_out(tiny)
    solo = Match(TrickerionSolo(2, {}), 4)
    human = make_bot(solo.game, "random", 4)
    while len(solo.steps) < 40:
        if solo.auto_step() is None:
            solo.act(0, human.choose(solo.game, solo.state, 0, solo.legal(0)))
    table = savefile.SavedTable(
        [savefile.SavedSeat("human", "random", "Ann"), savefile.SavedSeat("automaton")]
    )
    return tuple(
        (savefile.dump(m, t), m.game.codec.state_hash(m.state))
        for m, t in ((tiny, None), (solo, table))
    )


FIELDS = (
    "format",
    "format_version",
    "game",
    "engine_version",
    "players",
    "options",
    "seed",
    "table",
    "packs",
    "steps",
    "state_hash",
    "note",
    "extra",
)


@st.composite
def mutated(draw) -> tuple[bytes, str]:
    text, digest = saves()[draw(st.integers(0, 1))]
    kind = draw(st.sampled_from(["field", "drop", "bytes", "cut", "steps", "seats", "bomb"]))
    data = json.loads(text)
    steps = json.loads(base64.b64decode(data["steps"]))
    if kind == "field":
        data[draw(st.sampled_from(FIELDS))] = draw(json_values)
    elif kind == "drop":
        data.pop(draw(st.sampled_from(FIELDS[:-1])), None)
    elif kind in ("bytes", "cut"):
        raw = bytearray(text)
        at = draw(st.integers(0, len(raw) - 1))
        if kind == "cut":
            return bytes(raw[:at]), digest
        raw[at] = draw(st.integers(0, 255))
        return bytes(raw), digest
    elif kind == "steps":
        i = draw(st.integers(0, len(steps) - 1))
        edit = draw(st.sampled_from(["seat", "action", "drop", "dup", "swap", "junk"]))
        if edit == "seat":
            steps[i][0] = draw(st.integers(-3, 4) | st.integers(-(2**70), 2**70))
        elif edit == "action":
            steps[i][1] = draw(actions.filter(lambda a: a != steps[i][1]))
        elif edit == "drop":
            steps.pop(i)
        elif edit == "dup":
            steps.insert(i, steps[i])
        elif edit == "swap" and i + 1 < len(steps) and steps[i] != steps[i + 1]:
            steps[i], steps[i + 1] = steps[i + 1], steps[i]
        else:
            steps[i] = draw(json_values)
        data["steps"] = base64.b64encode(json.dumps(steps).encode()).decode()
    elif kind == "seats":
        data["table"] = {
            "seats": draw(
                st.lists(
                    st.fixed_dictionaries(
                        {},
                        optional={
                            "kind": json_values | st.sampled_from(["human", "bot", "automaton"]),
                            "bot": json_values,
                            "name": st.text(min_size=38, max_size=60) | TEXT,
                            "age": json_values,
                        },
                    ),
                    max_size=5,
                )
                | json_values
            )
        }
    else:
        return draw(
            st.sampled_from(
                [
                    b"[" * 200_000,
                    b'{"a":' * 5000,
                    b" " * 3_000_000,
                    b'["' + b"\\" * 10_000,
                    text.replace(b"{", b"[" * 40, 1),
                ]
            )
        ), digest
    return json.dumps(data).encode(), digest


@fuzz(1500)
@given(case=mutated())
def test_mutated_save_files_replay_to_their_position_or_are_refused(case):
    text, digest = case
    try:
        loaded = savefile.load(text)
    except SaveError as exc:
        assert exc.code.startswith("save.") and coded(exc), exc.code
    else:  # only a change nothing depends on (the note, a name) loads, to the same position
        assert loaded.game.codec.state_hash(loaded.state) == digest


@fuzz(300)
@given(case=mutated())
def test_a_bad_file_through_the_bridge_leaves_the_game_in_progress(case):
    b, before = solo_bridge()
    out = json.loads(b.call("load", json.dumps({"text": case[0].decode("utf-8", "replace")})))
    if "error" in out:
        assert out["error"]["code"].startswith("save."), out["error"]
        assert b.table.match.game.codec.encode_state(b.table.match.state) == before
    else:
        solo_bridge.cache_clear()
