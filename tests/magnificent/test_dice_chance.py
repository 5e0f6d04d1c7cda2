"""R6, R75(d) and R92: every throw of the dice is a chance step that carries its faces. The
engine computes them from the state's RNG, a forged throw is refused, a test can force one and
the game deals on as the seed would, and a save of format 3 (which threw with the deal and
inside the step that ended a round) loads with the engine's own throws filled in."""

from __future__ import annotations

import base64
import json

import msgspec
import pytest

from engine.core import CHANCE, IllegalAction
from engine.core import save as savefile
from engine.core.copier import copy_state
from engine.core.loop import apply_owned
from engine.core.match import Match
from engine.games.magnificent import Magnificent, roundend
from engine.games.magnificent import actions as A
from engine.games.magnificent.solo import SoloDiscard
from tests.magnificent.helpers import act, ready


def _at_round_throw(seed: int = 2):
    g, s = ready(3, seed=seed)
    s = copy_state(s)
    roundend.prepare(g.rules, s, [])
    return g, s


def test_a_new_round_waits_for_its_throw_and_the_step_carries_the_faces():
    g, s = _at_round_throw()
    assert g.to_act(s).kind == "chance" and s.phase == "roll"
    assert g.legal_actions(s, s.first) == []  # nobody chooses the throw
    throw = g.chance_action(s)
    assert len(throw.faces) == len(s.throw) == sum(g.rules.dice)
    after, events = g.apply(s, CHANCE, throw)
    assert [d.face for d in after.tent_dice] == list(throw.faces)
    assert [d.colour for d in after.tent_dice] == list(s.throw)
    (rolled,) = events
    assert rolled.code == "mag.round"
    assert rolled.params["dice"] == [[d.colour, d.face] for d in after.tent_dice]


def test_a_throw_other_than_the_engines_is_refused():
    g, s = _at_round_throw()
    throw = g.chance_action(s)
    other = tuple(f % 6 + 1 for f in throw.faces)
    with pytest.raises(IllegalAction, match="core.forced.chance"):
        g.apply(s, CHANCE, A.Roll(other))
    with pytest.raises(IllegalAction, match="core.not_your_turn"):
        g.apply(s, s.first, throw)  # not a player's step


def test_a_test_can_force_a_throw_and_the_game_deals_on_as_the_seed_would():
    g, s = _at_round_throw()
    forced = (6,) * len(s.throw)
    mine = copy_state(s)
    apply_owned(g, mine, CHANCE, A.Roll(forced))
    engine_own, _ = g.apply(s, CHANCE, g.chance_action(s))
    assert [d.face for d in mine.tent_dice] == list(forced)
    assert mine.rng == engine_own.rng


def test_the_deals_throw_is_the_first_step_and_the_deal_does_not_depend_on_it():
    """R6: the first round's dice are thrown between the deal's shuffles; the deal threw them,
    the game's first step shows the faces and draws nothing, so a forced throw changes the dice
    and nothing else, and nobody sees them before."""
    g = Magnificent(3)
    s = g.initial_state(4)
    assert g.to_act(s).kind == "chance" and not s.tent_dice and len(s.throw) == sum(g.rules.dice)
    assert "dealt" not in g.view(s, 0) and "rng" not in g.view(s, 0)
    assert g.chance_action(s).faces == s.dealt
    own, events = g.apply(s, CHANCE, g.chance_action(s))
    assert [e.code for e in events] == ["mag.round"] and not own.dealt and own.rng == s.rng
    forced = copy_state(s)
    apply_owned(g, forced, CHANCE, A.Roll((1,) * len(s.throw)))
    assert [d.face for d in forced.tent_dice] == [1] * len(s.throw)
    forced.tent_dice = own.tent_dice
    assert forced == own  # the same deal, decks and RNG: only the faces were forced
    assert g.chance_action(s) == g.chance_action(s)  # computed from a copy, state untouched


@pytest.mark.parametrize("faces", [(7,), (0,), ()])
def test_a_forced_throw_must_be_a_face_for_each_die(faces):
    g, s = _at_round_throw()
    with pytest.raises(IllegalAction, match="mag.refuse.not_the_dice"):
        apply_owned(g, copy_state(s), CHANCE, A.Roll(faces * len(s.throw) if faces else ()))


def test_the_solo_discards_die_is_thrown_by_a_chance_step_of_its_own():
    g, s = ready(1)
    colour = g.rules.posters[s.new_posters[0]].symbol
    s, _ = act(g, s, SoloDiscard(0))
    assert g.to_act(s).kind == "chance" and s.throw == (colour,)
    forced, _ = g.apply(s, CHANCE, g.chance_action(s))
    assert forced.tent_dice[-1].colour == colour and not forced.throw


def test_a_format_3_save_gets_the_engines_throws_on_load():
    """A format-3 save holds no Roll steps: loading takes the engine's own throws, and the
    game goes on from the recorded position (its hash, in format 3's shape, checked by load)."""
    match = Match.new("magnificent", 2, {}, seed=9)
    while match.state.round < 2 or match.state.turn_no < 1:  # into round 2
        to = match.to_act()
        if match.auto_step(to) is None:
            match.act(to.seats[0], match.legal(to.seats[0])[0])
    steps = [st for st in match.steps if not isinstance(st.action, A.Roll)]
    assert len(steps) < len(match.steps)  # the round's throw was a step of its own
    raw = savefile.dump(match)
    doc = json.loads(raw)
    doc["format_version"] = 3
    doc["steps"] = base64.b64encode(
        msgspec.json.encode([[st.seat, msgspec.to_builtins(st.action)] for st in steps])
    ).decode()
    doc["state_hash"] = match.game.legacy(match.game).saved_state_hash(match.state, 3)
    loaded = savefile.load(json.dumps(doc))
    assert loaded.state == match.state and len(loaded.steps) == len(match.steps)
