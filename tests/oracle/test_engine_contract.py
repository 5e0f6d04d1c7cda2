"""The engine contract: illegal actions leave the state untouched, legal lists match what
apply accepts, determinism, save/load, undo barriers, the view and the catalog."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engine.core import CHANCE, IllegalAction
from engine.core import save as savefile
from engine.core.bots import RandomBot, bot_seed
from engine.core.i18n import LANGS, action_label, catalog, render
from engine.core.match import Match
from engine.games.oracle import actions as A
from engine.games.oracle.decisions import TABLE
from engine.games.oracle.state import PendingLines

from .helpers import L, R, act, game, refused, started

PKG = Path(__file__).resolve().parents[2] / "engine" / "games" / "oracle"


def random_match(mode: str, seed: int, max_steps: int = 400) -> Match:
    m = Match.new("oracle", 1, {"mode": mode}, seed=seed)
    bot = RandomBot(bot_seed(seed, 0))
    for _ in range(max_steps):
        if m.terminal:
            break
        if m.auto_step() is None:
            m.act(0, bot.choose(m.game, m.state, 0, m.legal(0)))
    if not m.terminal and not m.state.pending and m.state.phase == "roll":
        m.act(0, A.EndGame())
    return m


def test_wrong_moment_errors_name_the_rule():
    g, s = started("companion")
    assert refused(g, s, A.MarketPhase()) == "oracle.turn.choose_action"
    s2, _ = act(g, s, A.Pass())
    assert refused(g, s2, A.Pass()) == "oracle.turn.runes_first"
    assert refused(g, s2, A.RecordCorruption(-1)) == "oracle.corruption.none_held"
    assert refused(g, s2, A.RecordCorruption(2)) == "oracle.corruption.one_card_at_a_time"
    assert refused(g, s2, A.AdventurerDrawn(("pink",))) == "oracle.adventurer.unknown_colour"
    assert refused(g, s2, A.AdventurerDrawn(("red",) * 3)) == "oracle.adventurer.one_or_two"
    assert refused(g, s2, A.EnterRoll((0, 1, 2, 0, 0), (1, 1), "tree")) == "oracle.bowl.bad_half"
    assert refused(g, s2, A.EnterRoll((0, 1, 1, 0, 0), (5, 1), "tree")) == "oracle.bowl.bad_die"
    s.pending.append(PendingLines(remaining=1, source="stargazing"))
    assert refused(g, s, A.TakeGood("tome", "red")) == "oracle.pending.answer_first"


def test_practice_chance_steps_only_from_chance():
    g = game()
    s = g.initial_state(0)
    assert refused(g, s, A.Pass()) == "core.not_your_turn"
    # Practice: only the engine draws, so any other chance step is refused at the root.
    assert refused(g, s, A.Roll(), seat=CHANCE) == "core.forced.chance"
    assert refused(g, s, A.AdventurerDrawn(("red",)), seat=CHANCE) == "core.forced.chance"
    s.bag["blue"] = 0
    assert refused(g, s, A.AdventurerDrawn(("blue", "red")), seat=CHANCE) == "core.forced.chance"


CANDIDATES = (
    [A.AdjustDie(d, x) for d in (0, 1) for x in (1, -1)]
    + [A.MoveRune(r) for r in ("d4_a", "coin", "doll")]
    + [A.ThreadsOfFate(p) for p in ("die", "bone", "doll")]
    + [A.Stargazing(), A.ActivateStaff(), A.Pass()]
    + [A.Prediction(d, c) for d in (0, 1) for c in ("red", "blue")]
    + [A.Horoscope(h) for h in (0, 1)]
    + [A.HireTownsfolk(i) for i in range(5)]
    + [A.DrawLine(r, c, d) for r in range(0, 7, 2) for c in range(0, 7, 3) for d in "hv"]
    + [A.TownsfolkSymbol("red"), A.TownsfolkSymbol("purple"), A.TownsfolkDone()]
    + [A.WriteHoroscope(v, row) for v in (1, 3, 4) for row in ("top", "bottom")]
    + [A.MarkHoroscope("top"), A.MarkGuild("red", "x"), A.MarkGuild("blue", "market")]
    + [A.TakeGood("talisman", "red"), A.TakeGood("tome", "yellow")]
    + [A.FillCircle("move"), A.FillCircle("plus_minus")]
    + [A.ActivateSlot(i) for i in range(4)]
    + [A.ResolveDraw("red"), A.ResolveDraw("grey")]
    + [A.MarketPhase(), A.EndGame(), A.RollInApp()]
)


@pytest.mark.parametrize("mode", ["practice", "companion"])
def test_apply_accepts_exactly_the_legal_actions(mode):
    """For sampled states, every candidate action is accepted iff legal_actions lists it."""
    g = game(mode)
    for seed in range(40):
        m = random_match(mode, seed, max_steps=150)
        for state in m.states[::3]:
            if g.to_act(state).kind != "players":
                continue
            legal = g.legal_actions(state, 0)
            for a in legal[:60]:
                g.apply(state, 0, a)
            for a in CANDIDATES:
                if a in legal:
                    continue
                with pytest.raises(IllegalAction):
                    g.apply(state, 0, a)


def test_same_seed_and_actions_give_the_same_state():
    for seed in (0, 1, 2):
        a = random_match("practice", seed)
        b = random_match("practice", seed)
        assert a.game.codec.state_hash(a.state) == b.game.codec.state_hash(b.state)
    assert random_match("practice", 1).game.codec.state_hash(
        random_match("practice", 1).state
    ) != random_match("practice", 2).game.codec.state_hash(random_match("practice", 2).state)


@pytest.mark.parametrize("mode", ["practice", "companion"])
def test_save_and_load_round_trip(mode):
    for seed in (3, 4):
        m = random_match(mode, seed, max_steps=120)
        text = savefile.dump(m)
        loaded = savefile.load(text)
        assert loaded.game.codec.state_hash(loaded.state) == m.game.codec.state_hash(m.state)
        assert len(loaded.steps) == len(m.steps) and loaded.game.options == {"mode": mode}


def test_undo_inside_a_turn_but_not_across_a_throw():
    m = Match(game("companion"), 9)
    m.act(0, A.EnterRoll((L, L, R, R, L), (2, 3), "tree"))
    m.act(0, A.AdjustDie(0, 1))
    m.undo(0)
    assert m.state.bowl.dice == [2, 3]
    m.act(0, A.Pass())
    m.act(0, A.RollInApp())
    m.run_auto()
    assert m.steps[-1].barrier == "random"  # the app's throw drew from the RNG
    with pytest.raises(IllegalAction) as exc:
        m.undo(0)
    assert exc.value.code in ("core.undo.random", "core.undo.not_yours")
    m2 = Match(game("companion"), 9)
    m2.act(0, A.EnterRoll((L, L, R, R, L), (2, 3), "tree"))
    m2.undo(0)  # a mistyped physical throw can be undone
    assert m2.state.turn == 0


def test_view_is_json_ready_and_describes_every_pending():
    seen = set()
    for mode in ("practice", "companion"):
        g = game(mode)
        for seed in range(30):
            m = random_match(mode, seed, max_steps=300)
            for state in m.states:
                v = g.view(state, 0)
                assert json.loads(json.dumps(v)) == v
                assert v["provisional"] is True and "rng" not in v
                if v["pending"]:
                    seen.add(v["pending"]["type"])
                    assert v["pending"]["prompt"] in catalog("engine.games.oracle")
    assert {"action", "lines", "horoscope", "reward", "roll"} <= seen


def test_view_shape_matches_the_docs():
    g, s = started("practice")
    v = g.view(s, 0)
    for key in (
        "mode",
        "phase",
        "provisional",
        "layout",
        "frame",
        "bowl",
        "figure",
        "actions",
        "threads",
        "stargazing",
        "predictions",
        "horoscope",
        "guilds",
        "staff",
        "clock",
        "goods",
        "corruption",
        "funding",
        "adventurers",
        "score",
        "pending",
    ):
        assert key in v, key
        assert f"`{key}`" in (PKG.parents[2] / "docs" / "oracle.md").read_text()
    geo = g.rules.geo
    assert len(v["stargazing"]["cells"]) == geo.n_cells
    assert v["stargazing"]["dots"] == {"rows": geo.rows + 1, "cols": geo.cols + 1}
    assert [line["kind"] for line in v["stargazing"]["lines"]] == ["cross"] * len(geo.cross)


def test_every_code_has_en_ru_fr_and_every_term_is_named():
    cat = catalog("engine.games.oracle")
    for entry in cat.values():
        # grammatical forms ride beside a language ("ru.gen", see engine/core/i18n.py)
        assert {k.partition(".")[0] for k in entry} == set(LANGS) and all(
            entry[lang] for lang in LANGS
        )
    source = "\n".join(p.read_text() for p in PKG.glob("*.py"))
    used = set(re.findall(r'"(oracle\.[a-z_]+\.[a-z_]+)"', source))
    assert used and used <= set(cat), sorted(used - set(cat))
    for cls in A.ALL_ACTIONS:
        assert f"action.{cls.__struct_config__.tag}" in cat, cls
    g = game()
    sheet = g.rules.sheet
    terms = (
        [("colour", c) for c in sheet.adventurers]
        + [("guild", gid) for gid in g.rules.guild_ids]
        + [("ability", s.ability) for s in sheet.staff]
        + [("row", r.id) for r in g.rules.rows]
        + [("action", a) for a in sheet.figure_spaces]
        + [("action", "pass")]
    )
    for kind, value in terms:
        assert f"term.{kind}.{value}" in cat, (kind, value)


def test_rendered_log_and_labels_have_no_gaps():
    for mode in ("practice", "companion"):
        g = game(mode)
        for seed in range(15):
            m = random_match(mode, seed, max_steps=250)
            for events in m.events:
                for e in events:
                    for lang in LANGS:
                        text = render(e.code, e.params, lang, g)
                        assert text != e.code and not re.search(r"\{\w+(:\w+)?\}", text), (
                            e,
                            lang,
                            text,
                        )
            for state in m.states[::10]:
                if g.to_act(state).kind == "players":
                    for a in g.legal_actions(state, 0)[:40]:
                        for lang in LANGS:
                            label = action_label(g, a, lang)
                            assert not label.startswith(a.__struct_config__.tag + "("), label


def test_random_companion_sessions_end_with_their_game():
    for seed in range(20):
        m = random_match("companion", seed)
        if not m.terminal:
            continue
        assert m.result().winners == [0]


def test_every_action_kind_has_a_place_in_the_flow():
    """Exhaustive dispatch: each action Struct is a turn action, a manipulation, an answer to a
    pending decision, a companion table entry or a chance outcome."""
    from engine.games.oracle import available as T

    placed = set(T.TURN_ACTIONS) | set(T.MANIPULATIONS) | set(T.ROLL_PHASE)
    placed |= set(TABLE.rules())
    placed |= {A.Roll, A.DrawAdventurers}
    assert placed == set(A.ALL_ACTIONS)
