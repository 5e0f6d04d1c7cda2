"""The Successor's public draws are chance steps carrying their outcome (issue #33 part 3): your
prep dice («ФАЗА БРОСКА КУБИКОВ» dice.2–dice.4), its Downtown die (downtown.reroll) and trick
(downtown.1), the prop it orders (market.2), the Dark Alley coin (alley.1) and the prophecy the
Priestess of Mysticism turns up. The step that draws stops there; the chance step carries what
was drawn, a forced outcome deals on as the seed would, an impossible one is refused naming its
rule, and a format-5 save (the draw made inside the step) takes the engine's own draw."""

from __future__ import annotations

import random

import pytest

from engine.core import CHANCE, IllegalAction
from engine.core.copier import copy_state
from engine.core.loop import apply_owned
from engine.core.match import Match
from engine.games.trickerion.solo.actions import RerollPrepDice, SuccessorDraw

SEED = 46  # at high, random play: every kind of draw, a Priestess's prophecy too


def _draws() -> dict[str, Match]:
    """The first position of each kind of draw (the match up to its chance node)."""
    m = Match.new("trickerion-solo", 2, {"difficulty": "high"}, seed=SEED)
    pick = random.Random(SEED)
    found: dict[str, Match] = {}
    while not m.terminal and len(found) < 6:
        to = m.to_act()
        if to.kind == "chance" and m.state.solo is not None and m.state.solo.draw is not None:
            draw = m.game.chance_action(m.state)
            kind = next((f for f in ("prep", "face", "trick", "prop") if getattr(draw, f)), "")
            kind = kind or ("prophecy" if draw.prophecy else draw.coin)
            found.setdefault(kind, m.prefix(len(m.steps)))
        if m.auto_step() is None:
            seat = to.seats[0]
            m.act(seat, pick.choice(m.legal(seat)))
    return found


DRAWS = _draws()
# Heads turns up a prophecy here (the Successor is the Priestess): "prophecy" is its heads.
KINDS = ("prep", "face", "trick", "prop", "tails", "prophecy")


def test_every_kind_of_draw_happens_in_the_sample_game():
    assert set(DRAWS) == set(KINDS)


@pytest.mark.parametrize("kind", KINDS)
def test_a_draw_is_a_chance_node_and_its_step_finishes_the_stopped_one(kind):
    m = DRAWS[kind]
    g, s = m.game, m.state
    assert g.to_act(s).kind == "chance" and g.legal_actions(s, 0) == []
    assert g.legal_actions(s, 1) == []
    drawn = g.chance_action(s)
    assert drawn == g.chance_action(s) and s.rng == m.state.rng  # asking draws nothing
    after, events = g.apply(s, CHANCE, drawn)
    assert after.solo.draw is None and events
    # what the step carries is what the log reports
    params = [e.params for e in events]
    if kind == "face":
        assert any(p.get("face") == drawn.face for p in params)
    if kind == "trick":
        assert any(p.get("trick") == drawn.trick for p in params)
    if kind == "prop":
        assert any(p.get("prop") == drawn.prop for p in params)
    if kind == "prophecy":
        assert any(p.get("new") == drawn.prophecy for p in params)
    if kind in ("tails", "prophecy"):
        outcome = {"prophecy": "moved", "tails": "stayed"}[kind]
        assert any(p.get("outcome") == outcome for p in params)


def _other(m: Match, drawn: SuccessorDraw) -> SuccessorDraw | None:
    """Another outcome the same draw could give, or None."""
    s, g = m.state, m.game
    solo = s.solo
    if drawn.prep:
        return SuccessorDraw(prep=tuple(0 if f else 1 for f in drawn.prep))
    if drawn.face:
        return next(
            (SuccessorDraw(face=f) for f in g.cat.die_faces[solo.draw.die] if f != drawn.face),
            None,
        )
    if drawn.trick:
        from engine.games.trickerion.solo.downtown import pool

        st = solo.draw
        others = [t for t in pool(g.cat, s, st.school, st.level) if t != drawn.trick]
        return SuccessorDraw(trick=others[0]) if others else None
    if drawn.prop:
        from engine.games.trickerion.solo.market import orderable

        others = [x for x in orderable(s, solo) if x != drawn.prop]
        return SuccessorDraw(prop=others[0]) if others else None
    if drawn.prophecy:
        others = [x for x in s.prophecy_stack if x != drawn.prophecy]
        return SuccessorDraw(coin="heads", prophecy=others[0]) if others else None
    # tails: heads, with the prophecy the Successor's Priestess then turns up
    return SuccessorDraw(coin="heads", prophecy=s.prophecy_stack[0] if s.prophecy_stack else "")


@pytest.mark.parametrize("kind", KINDS)
def test_a_forced_outcome_deals_on_as_the_seed_would_and_a_forged_one_is_refused(kind):
    m = DRAWS[kind]
    g, s = m.game, m.state
    drawn = g.chance_action(s)
    other = _other(m, drawn)
    if other is None:
        pytest.skip("this draw had one possible outcome")
    with pytest.raises(IllegalAction, match="core.forced.chance"):
        g.apply(s, CHANCE, other)
    mine = copy_state(s)
    apply_owned(g, mine, CHANCE, other)
    engine_own, _ = g.apply(s, CHANCE, drawn)
    assert mine.rng == engine_own.rng and mine.solo.draw is None
    assert g.codec.encode_state(mine) != g.codec.encode_state(engine_own)


IMPOSSIBLE = {
    "prep": (SuccessorDraw(prep=(99,)), "trickerion.solo.draw.not_prep_faces"),
    "face": (SuccessorDraw(face="nothing"), "trickerion.draw.not_a_face"),
    "trick": (SuccessorDraw(trick="nothing"), "trickerion.solo.draw.not_a_candidate"),
    "prop": (SuccessorDraw(prop="nothing"), "trickerion.solo.draw.not_orderable"),
    "tails": (SuccessorDraw(coin="edge"), "trickerion.solo.draw.not_a_coin"),
    "prophecy": (
        SuccessorDraw(coin="heads", prophecy="nothing"),
        "trickerion.solo.draw.not_a_coin",
    ),
}


@pytest.mark.parametrize("kind", KINDS)
def test_an_impossible_outcome_is_refused_naming_its_rule(kind):
    m = DRAWS[kind]
    g, s = m.game, m.state
    action, code = IMPOSSIBLE[kind]
    before = g.codec.encode_state(s)
    with pytest.raises(IllegalAction, match=code):
        apply_owned(g, copy_state(s), CHANCE, action)
    # another draw's outcome, or the base game's bare Chance, is not this draw's
    with pytest.raises(IllegalAction, match="trickerion.solo.draw.not_this_draw"):
        apply_owned(g, copy_state(s), CHANCE, SuccessorDraw(coin="heads", prop="wood"))
    assert g.codec.encode_state(s) == before


def test_your_prep_dice_stop_at_their_throw():
    m = DRAWS["prep"]
    while not (m.state.round == 2 and m.state.pending):
        if m.auto_step() is None:
            m.act(0, m.legal(0)[0])
    choice = m.legal(0)[0]
    assert isinstance(choice, RerollPrepDice)
    m.act(0, choice)
    assert m.state.solo.draw == choice and m.to_act().kind == "chance"
    drawn = m.game.chance_action(m.state)
    assert len(drawn.prep) == 2
    m.auto_step()
    assert m.state.solo.prep_marked == list(choice.dice)
