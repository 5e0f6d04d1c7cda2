"""Issue 9, item 1: a step nobody chooses (chance, an automaton) is the engine's own.

A save file or a script may not choose the dice or Dahlgaard's Successor's moves: such a step is
accepted only when it equals ``chance_action``/``automaton_action`` for the position, except
where the game lets a person enter physical outcomes (the Oracle's companion mode). Checked at
the root (``Game.apply``), so live play, save replay and the page's bridge all refuse it.
"""

from __future__ import annotations

import json

import pytest

from engine.bridge import Bridge
from engine.core import CHANCE, IllegalAction, SaveError
from engine.core import save as savefile
from engine.core.bots import make_bot
from engine.core.copier import copy_state
from engine.core.match import Match
from engine.games.oracle import actions as OA
from engine.games.oracle.available import all_entries
from engine.games.oracle.game import OracleGame
from engine.games.trickerion.solo.actions import SuccessorStep
from engine.games.trickerion.solo.game import TrickerionSolo


def forge(match: Match, seat: int, action) -> None:
    """What a save-file editor's own tool does: apply the rules without the root check, so the
    forged file replays under the old code and its hash is right."""
    after = copy_state(match.state)
    match._push(seat, action, after, match.game._apply(after, seat, action))


def solo_at_successor(seed: int = 7) -> Match:
    """A solo game at the Successor's first placement."""
    g = TrickerionSolo(2, {})
    m = Match(g, seed)
    human = make_bot(g, "random", seed)
    while not (m.to_act().kind == "automaton" and m.state.phase == "place"):
        if m.auto_step() is None:
            m.act(0, human.choose(g, m.state, 0, m.legal(0)))
    return m


def idle_instead(m: Match):
    """The forger's edit: the Successor idles instead of placing its character."""
    real = m.game.automaton_action(m.state, 1)
    assert real.do == "place", real
    return SuccessorStep(step=real.step, do="idle", char=real.char)


def test_a_forged_successor_step_is_refused_live_and_leaves_the_game_alone():
    m = solo_at_successor()
    forged = idle_instead(m)
    m.game._apply(copy_state(m.state), 1, forged)  # the rules alone would take it
    before, steps = m.game.codec.encode_state(m.state), len(m.steps)
    with pytest.raises(IllegalAction) as err:
        m.game.apply(m.state, 1, forged)  # the root check is in Game.apply itself
    assert err.value.code == "core.forced.automaton"
    with pytest.raises(IllegalAction) as err:
        m.act(1, forged)
    assert err.value.code == "core.forced.automaton"
    assert m.game.codec.encode_state(m.state) == before and len(m.steps) == steps
    m.act(1, m.game.automaton_action(m.state, 1))  # the engine's own step is taken


def test_a_forged_solo_save_with_a_recomputed_hash_is_refused():
    m = solo_at_successor()
    forge(m, 1, idle_instead(m))
    text = savefile.dump(m)  # a consistent file: replaying the forged step gives its hash
    with pytest.raises(SaveError) as err:
        savefile.load(text)
    assert err.value.code == "save.illegal_step"
    assert err.value.params == {"step": len(m.steps) - 1, "rule": "core.forced.automaton"}


def test_the_bridge_refuses_moves_for_the_automaton_and_for_chance():
    b = Bridge()
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}]
    snap = json.loads(
        b.call(
            "new",
            json.dumps(
                {"game": "trickerion-solo", "players": 2, "seed": 7, "seats": seats, "viewer": 0}
            ),
        )
    )
    assert [s["kind"] for s in snap["seats"]] == ["human", "automaton"]
    assert b.table.seats[1].kind == "automaton"  # stored as the game says, not as the lobby sent
    step = {"type": "successor_step", "step": "place.1", "do": "idle"}
    err = json.loads(b.call("act", json.dumps({"seat": 1, "action": step})))["error"]
    assert err["code"] == "bridge.seat_is_automaton"
    err = json.loads(b.call("act", json.dumps({"seat": CHANCE, "action": {"type": "chance"}})))[
        "error"
    ]
    assert err["code"] == "bridge.bad_seat"
    assert json.loads(b.call("snapshot", json.dumps({"viewer": 0})))["step"] == snap["step"]


def test_forged_throws_are_refused_in_oracle_practice():
    g = OracleGame(1, {"mode": "practice"})
    m = Match(g, 3)
    while m.to_act().kind != "chance" or m.state.phase != "roll":
        m.auto_step() or m.act(0, m.legal(0)[0])
    best = all_entries(True)[5]
    before = g.codec.encode_state(m.state)
    with pytest.raises(IllegalAction) as err:
        m.act(CHANCE, best)
    assert err.value.code == "core.forced.chance" and g.codec.encode_state(m.state) == before
    forge(m, CHANCE, best)
    with pytest.raises(SaveError) as err:
        savefile.load(savefile.dump(m))
    assert err.value.params["rule"] == "core.forced.chance"


def test_a_forced_adventurer_draw_is_refused_in_practice():
    g = OracleGame(1, {"mode": "practice"})
    m = Match(g, 3)
    assert m.to_act().kind == "chance" and m.state.phase == "draw"
    with pytest.raises(IllegalAction) as err:
        m.act(CHANCE, OA.AdventurerDrawn(("grey", "grey")))
    assert err.value.code == "core.forced.chance"


def test_companion_mode_declares_that_people_enter_physical_outcomes():
    g = OracleGame(1, {"mode": "companion"})
    m = Match(g, 3)
    m.act(0, OA.RollInApp())
    assert m.to_act().kind == "chance"
    entry = all_entries(True)[5]
    assert g.enters_outcomes(m.state, CHANCE, entry)
    assert not OracleGame(1, {"mode": "practice"}).enters_outcomes(m.state, CHANCE, entry)
    m.act(CHANCE, entry)  # the throw made at the real table
    assert list(m.state.bowl.dice) == list(entry.dice)
    assert savefile.load(savefile.dump(m)).state == m.state


def test_malformed_successor_steps_are_illegal_actions_not_crashes():
    """Wrong step ids, character indexes past the list, absurd slots: each one the rules alone
    answered with IndexError/KeyError/ValueError is refused before the rules see it."""
    m = solo_at_successor()
    before = m.game.codec.encode_state(m.state)
    bad = [
        SuccessorStep(step="nope", do="place", char=99),
        SuccessorStep(step="place.1", do="place", char=-7),
        SuccessorStep(step="x", do="learn", trick="no_such_trick"),
        SuccessorStep(step="", do=""),
        SuccessorStep(step="place.1", do="place", char=0, location="moon", slot=10**9),
    ]
    for action in bad:
        with pytest.raises(IllegalAction) as err:
            m.act(1, action)
        assert err.value.code == "core.forced.automaton"
        assert m.game.codec.encode_state(m.state) == before
