"""Whole solo games on the real engine: the Successor as the automaton seat of
``trickerion-solo`` (docs/solo.md part 4).

Seeded games with a random or a greedy human, the base engine's invariants after every step;
the automaton's determinism; a save/load round trip; the options.
"""

from __future__ import annotations

import os

import pytest

from engine.core import registry
from engine.core import save as savefile
from engine.core.bots import make_bot
from engine.core.copier import copy_state
from engine.core.errors import IllegalAction, OptionsError
from engine.core.i18n import action_label, render
from engine.core.match import Match
from engine.core.presenter import presenter_of
from engine.games.trickerion.solo.actions import RerollPrepDice, SuccessorDraw, SuccessorStep
from engine.games.trickerion.solo.automaton import DRAWS
from engine.games.trickerion.solo.game import TrickerionSolo

from ..helpers import check_invariants

LEVELS = ("low", "medium", "high")
# 1,000 games in all (issue 6): half with a random human, half with the greedy bot.
GAMES = int(os.environ.get("SOLO_GAMES", "1000"))


def options(seed: int) -> dict:
    """A spread of difficulties and adjustments by seed."""
    return {
        "difficulty": LEVELS[seed % 3],
        "easier": seed % 7 == 1,
        "harder_no_ability": seed % 5 == 2,
        "harder_coins": seed % 4 == 3,
        "prophecies": seed % 11 != 5,
        "first_game": seed % 6 == 4,
    }


def play(seed: int, bot: str, opts: dict | None = None, check: bool = True) -> Match:
    g = TrickerionSolo(2, options(seed) if opts is None else opts)
    m = Match(g, seed)
    human = make_bot(g, bot, seed)
    for _ in range(20_000):
        to = m.to_act()
        if to.kind == "terminal":
            return m
        if to.kind == "automaton":
            assert to.seats == (1,)
            assert g.legal_actions(m.state, 1) == []
            action = g.automaton_action(m.state, 1)
            assert isinstance(action, SuccessorStep) and action.step
            m.act(1, action)
        elif m.auto_step() is None:
            assert to.seats == (0,), to
            legal = g.legal_actions(m.state, 0)
            assert legal, m.state.phase
            m.act(0, human.choose(g, m.state, 0, legal))
        if check:
            check_invariants(g, m.state)
    raise AssertionError("solo game did not end")


def check_successor(s) -> None:
    """The Successor's own state at the end of a game (beyond the base invariants)."""
    solo = s.solo
    p = s.players[solo.seat]
    kinds = [c.kind for c in p.chars]
    assert kinds[0] == "magician" and len(kinds) <= 8
    ranks = [{"magician": 0, "apprentice": 2}.get(k, 1) for k in kinds]
    assert ranks == sorted(ranks), kinds  # end.return: magician, specialists, apprentices
    assert len(solo.plan_discard) == 6 and not solo.plan_deck and solo.turn is None


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(10))
def test_seeded_solo_games(chunk):
    """GAMES seeded whole games without an exception, invariants after every action."""
    per = GAMES // 10
    for seed in range(chunk * per, (chunk + 1) * per):
        m = play(seed, "random" if seed % 2 else "greedy")
        check_successor(m.state)
        result = m.result()
        assert result is not None and len(result.scores) == 2
        b = result.breakdown[1]
        assert set(b) == {
            "fame",
            "leftover_markers",
            "shards",
            "special_assignments",
            "level3_tricks",
            "extra_characters",
            "total",
        }
        assert b["total"] == sum(v for k, v in b.items() if k != "total")


def test_every_successor_step_names_its_rule_and_renders():
    m = play(3, "greedy")
    seen = set()
    for i, (step, events) in enumerate(zip(m.steps, m.events)):
        if step.seat == 1 or isinstance(step.action, SuccessorDraw):
            for lang in ("en", "ru", "fr"):
                label = action_label(m.game, step.action, lang)
                assert "{" not in label and "=" not in label, label
        if step.seat == 1:
            if step.action.do in DRAWS:  # its events come with the chance step that draws
                assert isinstance(m.steps[i + 1].action, SuccessorDraw) and not events
                events = m.events[i + 1]
            assert any(
                e.code.startswith("trickerion.solo.") and e.params.get("step") for e in events
            ), step.action
        for e in events:
            for lang in ("en", "ru", "fr"):
                text = render(e.code, e.params, lang, m.game)
                assert text != e.code and "{" not in text, (e.code, lang, text)
            seen.add(e.code)
    for code in (
        "placed",
        "plan_drawn",
        "mood",
        "prep_dice",
        "advertised",
        "perform",
        "yield",
        "assigned",
        "safe",
    ):
        assert f"trickerion.solo.{code}" in seen, code


def test_every_kind_of_step_happens():
    from engine.games.trickerion.solo.actions import DO, DO_BASE

    seen = set()
    for seed in range(30):
        m = play(seed, "greedy", {"difficulty": "high"}, check=False)
        seen |= {s.action.do for s in m.steps if s.seat == 1}
    assert seen >= set(DO + DO_BASE) - {"idle"}, set(DO + DO_BASE) - seen


def test_a_successor_line_reads_without_the_book_and_names_its_step():
    """Issue 13: the line says what happened; the book's step follows as a detail."""
    g = TrickerionSolo(2, {})
    text = render("trickerion.solo.bank", {"step": "downtown.4", "die": 5, "coins": 3}, "en", g)
    assert text == "The Successor takes a Bank die and puts 3 coins in its safe. (Downtown, step 4)"
    placed = {"step": "order.1", "kind": "magician", "location": "downtown", "slot": 0}
    assert (
        render("trickerion.solo.placed", placed, "en", g)
        == "The Successor sends its Magician Downtown (slot 1). (Contested)"
    )
    count = {"step": "downtown.0", "n": 2}
    assert render("trickerion.solo.count", count, "ru", g).startswith(
        "Преемник использует в центре кубики: 2"
    )
    mood = {"step": "mood.2", "mood": "busy", "plan_slot": "lower"}
    assert render("trickerion.solo.mood", mood, "fr", g).startswith(
        "Le Successeur est occupé : sa carte Plan passe dans la case du bas"
    )
    gained = {"seat": 1, "why": "solo_safe", "fame": 6, "coins": 0, "shards": 0}
    assert render("trickerion.gain", gained, "en", g).startswith("Dahlgaard's Successor gains 6")


def test_the_successors_characters_are_named_by_kind_in_its_lines():
    """Issue 13 (human labels): "gives the card Theater to its Apprentice 2", not "to its
    character 3"; the kind and number come from the Successor's own characters."""
    m = play(3, "greedy", check=False)
    lines = [
        e
        for evs in m.events
        for e in evs
        if e.code in ("trickerion.solo.assigned", "trickerion.solo.idle")
    ]
    assert any(e.code == "trickerion.solo.assigned" for e in lines)
    for e in lines:
        kind = e.params["kind"]
        assert kind in ("magician", "apprentice", "engineer", "manager", "assistant"), e
        text = render(e.code, e.params, "en", m.game)
        assert "character" not in text, text
        assert presenter_of(m.game).term_name("character", kind, "en") in text, text


def test_the_automaton_is_deterministic_given_state_and_seed():
    a, b = play(11, "greedy", check=False), play(11, "greedy", check=False)
    assert [s.action for s in a.steps] == [s.action for s in b.steps]
    assert [s.action for s in a.steps] != [s.action for s in play(12, "greedy").steps]
    assert a.game.codec.state_hash(a.state) == b.game.codec.state_hash(b.state)
    # Given a state, its next step is a function of that state alone.
    for state in a.states[::25]:
        if a.game.to_act(state).kind == "automaton":
            assert a.game.automaton_action(state, 1) == b.game.automaton_action(
                copy_state(state), 1
            )


def test_save_and_load_round_trip():
    m = play(21, "greedy", {"difficulty": "high", "harder_coins": True}, check=False)
    text = savefile.dump(m, {})
    loaded, _meta = savefile.load_with_table(text.decode())
    assert loaded.game.id == "trickerion-solo"
    assert loaded.game.options == m.game.options
    assert loaded.game.codec.state_hash(loaded.state) == m.game.codec.state_hash(m.state)
    assert loaded.result() == m.result()


def test_a_half_played_solo_game_saves_and_goes_on():
    m = Match(TrickerionSolo(2, {"difficulty": "low"}), 8)
    human = make_bot(m.game, "random", 8)
    while len(m.steps) < 150:
        if m.auto_step() is None:
            m.act(0, human.choose(m.game, m.state, 0, m.legal(0)))
    loaded, _ = savefile.load_with_table(savefile.dump(m, {}).decode())
    assert loaded.game.codec.state_hash(loaded.state) == m.game.codec.state_hash(m.state)
    assert loaded.to_act() == m.to_act()


def test_options_and_lobby_entry():
    d = registry.describe(TrickerionSolo)
    assert d["id"] == "trickerion-solo" and d["min_players"] == d["max_players"] == 2
    assert d["automata"] == [1] and d["automaton_names"]["ru"] == "Преемник Далгарда"
    assert [o["id"] for o in d["options"]] == [
        "difficulty",
        "easier",
        "harder_no_ability",
        "harder_coins",
        "prophecies",
        "first_game",
    ]
    with pytest.raises(OptionsError) as e:
        TrickerionSolo(2, {"fast_game": True})
    assert e.value.code == "trickerion.solo.no_fast_game"
    with pytest.raises(OptionsError) as e:
        TrickerionSolo(2, {"dark_alley": False})
    assert e.value.code == "trickerion.solo.needs_dark_alley"
    with pytest.raises(OptionsError):
        TrickerionSolo(2, {"difficulty": "extreme"})
    with pytest.raises(OptionsError):
        TrickerionSolo(3, {})


def test_setup_difficulty_and_adjustments():
    from engine.games.trickerion.solo.rules import packs

    for level in LEVELS:
        chars = packs().board.difficulty(level).characters.total(False)
        m = play_until(
            TrickerionSolo(2, {"difficulty": level, "harder_coins": True}),
            4,
            lambda s: s.solo is not None,
        )
        s = m.state
        assert s.solo.difficulty == level and s.order == (0, 1)
        succ = s.players[1]
        assert len(succ.chars) == chars and succ.coins == 8 and succ.shards == 0
        assert succ.school != s.players[0].school
        assert all(pc.id.startswith("spf") for pc in s.row)
        assert not set(s.prophecy_stack) & {"pr09", "pr20"}


def play_until(g, seed: int, stop) -> Match:
    m = Match(g, seed)
    human = make_bot(g, "random", seed)
    while not stop(m.state):
        if m.auto_step() is None:
            m.act(0, human.choose(g, m.state, 0, m.legal(0)))
    return m


def test_you_choose_the_prep_dice_from_round_two():
    m = play_until(TrickerionSolo(2, {}), 5, lambda s: s.round == 2 and s.pending)
    s = m.state
    assert s.pending[0].kind == "prep_dice" and m.to_act().seats == (0,)
    legal = m.legal(0)
    assert legal and all(isinstance(a, RerollPrepDice) and len(a.dice) == 2 for a in legal)
    m.act(0, legal[0])
    assert m.to_act().kind == "chance" and m.state.solo.prep_marked == []  # stopped at the throw
    m.auto_step()
    assert s is not m.state and m.state.solo.prep_marked == list(legal[0].dice)


def test_the_successor_assigns_after_you_face_up():
    m = play_until(TrickerionSolo(2, {}), 6, lambda s: s.phase == "assign")
    assert m.to_act().seats == (0,) and m.to_act().kind == "players"
    legal = m.legal(0)
    m.act(0, next(a for a in legal if type(a).__name__ == "Assign"))
    assert any(c.shown for c in m.state.players[0].chars)
    m.act(0, next(a for a in m.legal(0) if type(a).__name__ == "EndAssignments"))
    assert m.to_act().kind == "automaton"
    step = m.game.automaton_action(m.state, 1)
    assert step.step == "assign.2" and step.do == "plan"
    with pytest.raises(IllegalAction):
        m.act(0, step)


def test_the_successor_refuses_foreign_actions():
    m = play_until(
        TrickerionSolo(2, {}),
        7,
        lambda s: s.phase == "place" and s.order[s.turn] == 1 and not s.pending,
    )
    from engine.games.trickerion import actions as A

    with pytest.raises(IllegalAction):
        m.act(1, A.EndTurn())
    with pytest.raises(IllegalAction):
        m.act(1, SuccessorStep(step="assign.2", do="plan"))


def test_the_page_bridge_plays_the_successor():
    """Through the page's door: the solo lobby entry, its packs, the automaton's steps."""
    import json

    from engine.bridge import Bridge

    def call(b, method, **args):
        return json.loads(b.call(method, json.dumps(args)))

    b = Bridge()
    entry = next(g for g in call(b, "games") if g["id"] == "trickerion-solo")
    assert entry["automata"] == [1]
    data = call(b, "game_data", game="trickerion-solo")
    assert "tricks" in data and data["solo/performances"]["cards"][0]["id"] == "spf01"
    snap = call(
        b,
        "new",
        game="trickerion-solo",
        players=2,
        seed=4,
        options={"difficulty": "high"},
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "?"}],
        viewer=0,
    )
    assert snap["view"]["solo"] is None  # until its setup, after your magician
    while snap["to_act"]["kind"] == "players" or snap["to_act"]["kind"] == "chance":
        if snap["to_act"]["kind"] == "chance":
            snap = call(b, "step", viewer=0)
            continue
        snap = call(b, "act", seat=0, action=snap["legal"][0]["action"], viewer=0)
        if snap["to_act"]["kind"] == "automaton":
            break
    assert snap["to_act"] == {"kind": "automaton", "seats": [1]}
    assert snap["view"]["solo"]["difficulty"] == "high"
    snap = call(b, "step", viewer=0)
    assert snap["moved"]


def test_harder_adjustment_switches_your_ability_off_and_its_base_ability_never_fires():
    for flag in (False, True):
        g = TrickerionSolo(2, {"harder_no_ability": flag})
        s = play_until(g, 9, lambda s: s.solo is not None).state
        assert g.rules.has_ability(s, 0, s.players[0].magician) is (not flag)
        assert not g.rules.has_ability(s, 1, s.players[1].magician)
        assert not g.rules.has_ability(s, 0, "m99_nobody")
