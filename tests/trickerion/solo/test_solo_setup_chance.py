"""The Successor's setup (issue #33 part 3): what the solo book has face down is dealt before
play with the other decks, its performance deck of solo cards («ОБЩАЯ ПОДГОТОВКА» 1), the
prophecy stack without the removed tokens (2) and its plan deck (setup.12); what it picks at
random in view, its magician (setup.6), start trick (setup.7) and specialists (setup.9), is one
chance step carrying the picks. A save of format 6 or older was dealt the base way and drew the
whole setup inside that step: it replays so (solo/legacy.py)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core import CHANCE, IllegalAction
from engine.core import save as savefile
from engine.core.copier import copy_state
from engine.core.loop import apply_owned
from engine.core.match import Match
from engine.core.rng import Rng
from engine.games.trickerion.actions import Chance
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo import setup as SU
from engine.games.trickerion.solo.actions import SuccessorDraw, SuccessorSetup

V6 = Path(__file__).parents[2] / "core" / "saves_v6"


def _at_setup(seed: int = 1, **options) -> Match:
    """A random game up to the Successor's setup step (your own setup made)."""
    m = Match.new("trickerion-solo", 2, options, seed=seed)
    pick = random.Random(seed)
    while m.state.phase in ("setup", "setup_initiative") and m.state.solo is None:
        to = m.to_act()
        if to.kind == "chance":
            return m
        m.act(to.seats[0], pick.choice(m.legal(to.seats[0])))
    raise AssertionError("no setup step")


def test_the_hidden_decks_are_dealt_before_play():
    g = Match.new("trickerion-solo", 2, {}, seed=3).game
    s = g.initial_state(3)
    sp = R.table_packs(g.cat).performances_pack
    assert len(s.perf_deck) == sum(sp.deck.values())
    assert {c.id for c in s.row} | set(s.perf_deck) <= {c.id for c in sp.cards}
    assert len(s.row) == sp.active_at_start
    assert not set(s.prophecy_stack) & R.packs().removed_prophecies
    assert sorted(s.prophecy_stack) == sorted(SU.prophecy_pool(g.cat))
    plans = R.table_packs(g.cat).plans_pack
    assert len(s.plans) == len(SU.build_plan_deck(g.cat, Rng.from_seed(0)))
    assert set(s.plans) <= {c.id for c in plans.cards_for(False)}
    assert g.initial_state(3) == s  # from the seed alone
    # face down: a viewer sees how many plans lie there, not which
    assert g.view(s, 0)["plans"] == len(s.plans) > 0


def test_the_setup_step_carries_the_picks_and_deals_nothing_while_applied():
    m = _at_setup()
    g, s = m.game, m.state
    drawn = g.chance_action(s)
    assert isinstance(drawn, SuccessorSetup)
    assert g.chance_action(s) == drawn and s.rng == m.state.rng  # asking draws nothing
    human = s.players[0].school
    assert drawn.magician in SU.magician_choices(g.cat, human, True)
    after, events = g.apply(s, CHANCE, drawn)
    p = after.players[1]
    assert (p.magician, p.tricks[0].id) == (drawn.magician, drawn.trick)
    assert [c.kind for c in p.chars][1 : 1 + len(drawn.specialists)] == list(drawn.specialists)
    assert after.solo.plan_deck == s.plans and after.plans == []
    params = {e.code: e.params for e in events}
    assert params["trickerion.solo.magician"]["magician"] == drawn.magician
    assert params["trickerion.solo.start_trick"]["trick"] == drawn.trick
    assert after.perf_deck == s.perf_deck and after.row == s.row  # dealt before play


def test_a_forced_setup_deals_on_as_the_seed_would_and_a_forged_one_is_refused():
    m = _at_setup()
    g, s = m.game, m.state
    drawn = g.chance_action(s)
    school = g.cat.magicians[drawn.magician].school
    tricks = [t for t in SU.start_trick_choices(g.cat, s, school) if t != drawn.trick]
    other = SuccessorSetup(drawn.magician, tricks[0], drawn.specialists)
    with pytest.raises(IllegalAction, match="core.forced.chance"):
        g.apply(s, CHANCE, other)
    mine = copy_state(s)
    apply_owned(g, mine, CHANCE, other)
    engine_own, _ = g.apply(s, CHANCE, drawn)
    assert mine.rng == engine_own.rng and mine.players[1].tricks[0].id == tricks[0]
    assert g.codec.encode_state(mine) != g.codec.encode_state(engine_own)


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"magician": "nobody"}, "trickerion.solo.draw.not_a_magician"),
        ({"trick": "nothing"}, "trickerion.solo.draw.not_a_start_trick"),
        ({"specialists": ("assistant", "assistant")}, "trickerion.solo.draw.not_the_specialists"),
        ({"specialists": ("juggler",)}, "trickerion.solo.draw.not_the_specialists"),
    ],
)
def test_an_impossible_setup_is_refused_naming_its_rule(change, code):
    m = _at_setup()
    g, s = m.game, m.state
    drawn = g.chance_action(s)
    fields = {"magician": drawn.magician, "trick": drawn.trick, "specialists": drawn.specialists}
    before = g.codec.encode_state(s)
    with pytest.raises(IllegalAction, match=code):
        apply_owned(g, copy_state(s), CHANCE, SuccessorSetup(**{**fields, **change}))
    assert g.codec.encode_state(s) == before


def test_your_own_school_is_not_the_successors():
    m = _at_setup()
    g, s = m.game, m.state
    mine = next(x.id for x in g.cat.magicians.values() if x.school == s.players[0].school)
    drawn = g.chance_action(s)
    with pytest.raises(IllegalAction, match="trickerion.solo.draw.not_a_magician"):
        apply_owned(g, copy_state(s), CHANCE, SuccessorSetup(mine, drawn.trick, drawn.specialists))


def test_another_draw_is_not_the_setups():
    m = _at_setup()
    g, s = m.game, m.state
    for other in (SuccessorDraw(coin="heads"), Chance()):
        with pytest.raises(IllegalAction, match="trickerion.solo.draw.not_this_draw"):
            apply_owned(g, copy_state(s), CHANCE, other)


def test_a_format_6_save_before_the_setup_goes_on_with_the_old_setup():
    """saves_v6/trickerion-solo-5 rests at the setup step; -13 is the same game further on:
    loaded, the first takes the old setup step (a bare Chance drawing it all) and reaches the
    second's position."""
    before = savefile.load((V6 / "trickerion-solo-5.json").read_bytes())
    further = savefile.load((V6 / "trickerion-solo-13.json").read_bytes())
    assert before.state.plans == [] and before.state.phase == "setup_initiative"
    assert before.game.chance_action(before.state) == Chance()
    before.auto_step()
    assert before.state == further.states[6]
    assert before.state.solo.plan_deck and before.state.players[1].magician
