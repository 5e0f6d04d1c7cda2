"""The guided first games (engine/guides, docs/guides.md): every guide file is valid, its texts
read in EN/RU/FR, and walked through the bridge as the page walks it, every step it asks for is a
legal move where it shows; a rule, seed or label change that breaks one fails here by step."""

from __future__ import annotations

import json

import msgspec
import pytest

from engine.core import registry
from engine.core.i18n import LANGS, catalog, game_package
from engine.guides import Guide, GuideError, Seat, human_seat, load
from engine.guides.walk import record, replay


def guided() -> list[str]:
    from engine.guides import available

    return [cls.id for cls in registry.all_games() if available(cls.id)]


def test_at_least_one_game_has_a_guide():
    assert "oracle" in guided()


@pytest.mark.parametrize("game", guided())
def test_guide_replays_against_the_engine(game):
    guide = load(game)
    shown = replay(guide)
    assert len(shown) == len(guide.steps)
    asks = [s for s in guide.steps if s.action is not None]
    assert asks, "a guide makes the player do moves"
    # the walk leaves the same game going on: the last step is a note, the game not over
    assert guide.steps[-1].action is None
    assert shown[-1]["to_act"]["kind"] != "terminal"


@pytest.mark.parametrize("game", guided())
def test_guide_survives_a_reload_at_every_step(game):
    """A reload mid-guide loads the autosave into a fresh engine: the walk goes on the same."""
    guide = load(game)
    plain = [s["hash"] for s in replay(guide)]
    assert [s["hash"] for s in replay(guide, reload=True)] == plain


@pytest.mark.parametrize("game", guided())
def test_guide_script_holds_the_steps_moves_in_order(game):
    """The recorded script (python -m engine.guides <game>) agrees with the steps: the human's
    moves in it are the steps' moves, in order, and it is what a walk of the guide plays."""
    guide = load(game)
    seat = human_seat(guide)
    asked = [s.action for s in guide.steps if s.action is not None]
    assert [m.action for m in guide.script if m.seat == seat] == asked
    assert record(guide) == guide.script


def test_only_the_guides_own_table_follows_its_script():
    """The same game and seed with another bot at the table: that bot chooses for itself."""
    from engine.core.match import Match
    from engine.guides import scripted

    guide = load("magnificent")
    match = Match.new(guide.game, guide.players, guide.options, guide.seed)
    human = human_seat(guide)
    while match.auto_step() is not None:  # the opening throw
        pass
    match.act(human, match.game.codec.action_from_builtins(guide.script[0].action))
    while match.auto_step() is not None:
        pass
    bot = guide.script[1].seat
    assert match.to_act().seats == (bot,)
    legal = match.game.legal_actions(match.state, bot)
    assert scripted(match, list(guide.seats), bot, legal) is not None
    other = [Seat("human"), Seat("bot", "random")]  # (the bridge's seats have kind and bot too)
    assert scripted(match, other, bot, legal) is None


@pytest.mark.parametrize("game", guided())
def test_guide_texts_exist_in_every_language(game):
    guide = load(game)
    entries = catalog(game_package(registry.get(game)))
    for n, step in enumerate(guide.steps, 1):
        assert step.text.startswith(f"ui.guide.{game}."), f"step {n}: {step.text}"
        entry = entries.get(step.text)
        assert entry is not None, f"step {n}: no catalogue entry {step.text}"
        for lang in LANGS:
            assert entry.get(lang), f"step {n}: {step.text} has no {lang} text"
        assert entry["ru"] != entry["en"] and entry["fr"] != entry["en"], f"step {n}: untranslated"


def test_page_texts_of_the_guide_exist_in_every_language():
    core = catalog("engine.core")
    keys = [k for k in core if k.startswith("ui.guide.")]
    assert {"ui.guide.not_yet", "ui.guide.next", "ui.guide.leave", "ui.guide.play_on"} <= set(keys)
    for key in keys:
        assert all(core[key].get(lang) for lang in LANGS), key


def test_a_broken_step_is_named():
    guide = load("oracle")
    n = next(i for i, s in enumerate(guide.steps) if s.action is not None)
    broken = msgspec.structs.replace(
        guide,
        steps=(
            *guide.steps[:n],
            msgspec.structs.replace(guide.steps[n], action={"type": "horoscope", "half": 7}),
            *guide.steps[n + 1 :],
        ),
    )
    with pytest.raises(GuideError, match=rf"step {n + 1} \({guide.steps[n].text}\)"):
        replay(broken)


def test_a_guide_file_with_an_unknown_field_is_refused():
    data = json.loads(json.dumps(msgspec.to_builtins(load("oracle"))))
    data["steps"][0]["target"] = "somewhere"
    with pytest.raises(msgspec.ValidationError, match="target"):
        msgspec.json.decode(json.dumps(data), type=Guide)


def test_the_bridge_hands_the_guide_and_refuses_an_unknown_game():
    from engine.bridge import Bridge

    bridge = Bridge()
    out = json.loads(bridge.call("guide", json.dumps({"game": "oracle"})))
    assert out["seed"] == load("oracle").seed and len(out["steps"]) == len(load("oracle").steps)
    refused = json.loads(bridge.call("guide", json.dumps({"game": "nope"})))
    assert refused["error"]["code"] == "bridge.no_guide"
    games = json.loads(bridge.call("games", "{}"))
    assert {g["id"]: g["guide"] for g in games}["oracle"] is True
