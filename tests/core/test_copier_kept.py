"""The state copiers kept as modules in a folder (``copier.keep_in``: the page keeps them with
the wheels, so a new tab imports them instead of making them again; docs/speed.md "Issue #32,
session 26")."""

import sys

import msgspec
import pytest

from engine.core import copier as copier_module
from engine.core.bots import RandomBot
from engine.core.match import Match
from engine.core.play import play_to_end


@pytest.fixture
def kept(tmp_path, monkeypatch):
    """A keeping folder, with no copier made yet (the module's cache emptied for the test),
    and CPython writing bytecode, as the page's worker lets it."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    monkeypatch.setattr(copier_module, "_KEPT", [])
    monkeypatch.setattr(copier_module, "_COPIERS", {})
    copier_module.keep_in(str(tmp_path / "copiers"))
    return tmp_path / "copiers"


def _states(game_id, players):
    match = Match.new(game_id, players, seed=5)
    play_to_end(match, {s: RandomBot(s) for s in range(players)})
    return match.game, match.states[::13]


def _unchecked(code, source: bytes) -> bytes:
    import importlib.util
    from importlib._bootstrap_external import _code_to_hash_pyc

    return bytes(_code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False))


def _refuse_to_make(monkeypatch):
    def made(self, cls):
        raise AssertionError(f"{cls.__name__}'s copier made again")

    monkeypatch.setattr(copier_module._Builder, "module", made)


@pytest.mark.parametrize("game_id,players", [("oracle", 1), ("trickerion", 3), ("magnificent", 2)])
def test_a_copier_made_once_is_imported_from_its_kept_module(kept, monkeypatch, game_id, players):
    game, states = _states(game_id, players)
    state_type = game.state_type
    copier_module.copier(state_type)
    (path,) = kept.glob("*.py")
    assert state_type.__name__ in path.name
    assert list((kept / "__pycache__").glob(path.stem + ".*.pyc"))  # imported: its bytecode beside
    # a new process: nothing made in memory, the annotations never read again
    monkeypatch.setattr(copier_module, "_COPIERS", {})
    _refuse_to_make(monkeypatch)
    decode = msgspec.msgpack.Decoder(state_type).decode
    for state in states:
        copy = copier_module.copy_state(state)
        assert copy == decode(game.codec.encode_state(state))
        assert copy is not state


def test_a_kept_copier_made_for_other_fields_is_made_again(kept, monkeypatch):
    game, states = _states("oracle", 1)
    state_type = game.state_type
    copier_module.copier(state_type)
    (path,) = kept.glob("*.py")
    # as if the state had gained a field since: the kept module names the fields it copies
    first = state_type.__struct_fields__[0]
    source = path.read_text().replace(f"({first!r}, ", "('gone', ", 1)
    assert "'gone'" in source
    path.write_text(source)
    # (its bytecode too, unchecked as the page keeps it: only the fields' check can refuse it)
    (pyc,) = (kept / "__pycache__").glob("*.pyc")
    pyc.write_bytes(_unchecked(compile(source, str(path), "exec"), source.encode()))
    monkeypatch.setattr(copier_module, "_COPIERS", {})
    copy = copier_module.copy_state(states[-1])
    assert copy == states[-1]
    assert "'gone'" not in path.read_text()  # made again, and kept in its place
    # ... and the new module runs, not the old one's bytecode left beside it
    fields = dict(copier_module._COPIERS[state_type].__globals__["FIELDS"])
    assert fields[state_type] == state_type.__struct_fields__


def test_without_a_keeping_folder_nothing_is_written(tmp_path, monkeypatch):
    monkeypatch.setattr(copier_module, "_KEPT", [])
    monkeypatch.setattr(copier_module, "_COPIERS", {})
    monkeypatch.chdir(tmp_path)
    game, states = _states("oracle", 1)
    assert copier_module.copy_state(states[-1]) == states[-1]
    assert not list(tmp_path.rglob("*.py"))
