"""Save files: round trip, and every way a file can be refused."""

from __future__ import annotations

import base64
import json

import pytest
from core.test_core import play_out

import engine
from engine.core import SaveError
from engine.core import save as savefile
from engine.core.match import Match


@pytest.fixture
def finished() -> Match:
    m = Match.new("tiny", 3, {"rounds": 3}, seed=12)
    play_out(m)
    return m


def test_round_trip_reproduces_the_final_state(finished):
    loaded = savefile.load(savefile.dump(finished))
    assert loaded.game.codec.state_hash(loaded.state) == finished.game.codec.state_hash(
        finished.state
    )
    assert loaded.game.options == finished.game.options and loaded.seed == 12


def test_round_trip_mid_game_keeps_undo_policy():
    m = Match.new("tiny", 2, seed=3)
    m.act(0, m.legal(0)[1])
    loaded = savefile.load(savefile.dump(m).decode())
    assert loaded.state == m.state
    loaded.undo(0)
    assert loaded.to_act().seats == (0, 1)


def test_save_file_names_what_the_brief_requires(finished):
    data = json.loads(savefile.dump(finished))
    assert set(data) == {
        "format",
        "format_version",
        "game",
        "engine_version",
        "players",
        "table",
        "options",
        "seed",
        "packs",
        "steps",
        "state_hash",
        "note",
    }
    assert data["engine_version"] == engine.__version__
    assert "full record" in data["note"]
    steps = json.loads(base64.b64decode(data["steps"]))
    assert steps[0][1]["type"] == "pick"
    # the record is not readable at a glance: no action type appears in clear
    assert b'"pick"' not in savefile.dump(finished)


def _edit(match: Match, change) -> bytes:
    """The save as JSON with its steps decoded to ``[[seat, action], ...]``, changed, encoded."""
    data = json.loads(savefile.dump(match))
    data["steps"] = json.loads(base64.b64decode(data["steps"]))
    change(data)
    data["steps"] = base64.b64encode(json.dumps(data["steps"]).encode()).decode()
    return json.dumps(data).encode()


def _set(key, value):
    return lambda d: d.__setitem__(key, value)


@pytest.mark.parametrize(
    "make,code",
    [
        (lambda m: b"", "save.empty"),
        (lambda m: b"   \n", "save.empty"),
        (lambda m: savefile.dump(m)[:-40], "save.truncated"),
        (lambda m: b"\x89PNG\r\n\x1a\n\x00\x00", "save.corrupt"),
        (lambda m: b'{"format": "marquee-save", "format_version": 1,, }', "save.corrupt"),
        (lambda m: b'{"players": 2, "moves": []}', "save.foreign"),
        (lambda m: b"[1, 2, 3]", "save.foreign"),
        (lambda m: _edit(m, _set("format_version", 99)), "save.newer_format"),
        (lambda m: _edit(m, _set("format_version", "1")), "save.bad_format_version"),
        (lambda m: _edit(m, _set("engine_version", "99.0.0")), "save.newer_engine"),
        (lambda m: _edit(m, _set("engine_version", "banana")), "save.bad_engine_version"),
        (lambda m: _edit(m, lambda d: d.pop("seed")), "save.invalid"),
        (lambda m: _edit(m, _set("extra", 1)), "save.invalid"),
        (lambda m: _edit(m, _set("seed", -5)), "save.invalid"),
        (lambda m: _edit(m, _set("game", "chess")), "save.unknown_game"),
        (lambda m: _edit(m, _set("players", 9)), "save.bad_options"),
        (lambda m: _edit(m, _set("options", {"rounds": 4, "dice": False})), "save.bad_options"),
        (
            lambda m: _edit(m, lambda d: d["steps"][0].__setitem__(1, {"type": "jump"})),
            "save.bad_action",
        ),
        (lambda m: _edit(m, lambda d: d["steps"][0][1].__setitem__("n", 7)), "save.illegal_step"),
        (lambda m: _edit(m, lambda d: d["steps"].append(d["steps"][0])), "save.illegal_step"),
        (lambda m: _edit(m, lambda d: d["steps"].pop()), "save.hash_mismatch"),
        # the steps carry the die the seed threw: under another seed they are forged
        (lambda m: _edit(m, _set("seed", 13)), "save.illegal_step"),
        (lambda m: _edit(m, _set("state_hash", "0" * 64)), "save.hash_mismatch"),
    ],
)
def test_bad_files_are_refused_with_a_specific_code(finished, make, code):
    before = finished.game.codec.state_hash(finished.state)
    with pytest.raises(SaveError) as err:
        savefile.load(make(finished))
    assert err.value.code == code
    assert finished.game.codec.state_hash(finished.state) == before


def test_a_swapped_pick_is_detected_as_tampering(finished):
    def swap(d):
        first = d["steps"][0][1]
        first["n"] = 1 if first["n"] != 1 else 2

    with pytest.raises(SaveError) as err:
        savefile.load(_edit(finished, swap))
    assert err.value.code == "save.hash_mismatch"
