"""Saves recorded by earlier releases keep loading: for every game id, games in progress and
finished ones. ``saves_v2/``: format 2, engine as of main 7d29268 (before house order II);
``saves_v3/``: format 3, engine 0.4.2 (main c04c978, random seeded games, the Oracle also at a
pending reward and in companion mode); ``saves_v4/``: format 4, engine 0.5.1 (main 6f33766,
random-bot games of seed 1), Trickerion and its solo game at their first Reroll Die and at
the end, the draws format 5 makes chance steps of their own; The Magnificent (2 players and
solo) and the Oracle (practice and companion) at their 60th step and at the end, their throws
and draws before format 5 carried them; ``saves_v5/``: format 5, engine 0.6.0 (main bdbc81a,
random-bot games of seed 1), every game id at its 60th step and at the end, and the solo game
right after each kind of the Successor's draw (a trick learnt, a prop ordered, the Dark Alley
coin, a Downtown die rerolled, a prophecy its Priestess turned up: seed 26 at high) and after
your prep dice, the draws format 6 makes chance steps of their own; ``saves_v6/``: format 6,
engine 0.7.0 (main 204fb59, random-bot games: players' picks by ``random.Random(seed)``, seed 1),
every game id at its 60th step and at the end, and the solo game dealt the base way before
format 7: before its setup step (4, 5), in round I (13), at 60 and at the end, and at high with
seed 26 (40, end). The files were written once
by that release's code and are never regenerated: they stand for the save files and browser autosaves
people hold."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import save as savefile
from engine.core.registry import all_games

DIRS = [
    Path(__file__).parent / d for d in ("saves_v2", "saves_v3", "saves_v4", "saves_v5", "saves_v6")
]
FILES = sorted(f for d in DIRS for f in d.glob("*.json"))


@pytest.mark.parametrize("folder", DIRS, ids=lambda d: d.name)
def test_every_game_id_has_saves_in_progress_and_finished(folder):
    files = sorted(folder.glob("*.json"))
    ids = {json.loads(f.read_bytes())["game"] for f in files}
    # The shipped games (a test may register its own).
    assert ids == {g.id for g in all_games() if g.__module__.startswith("engine.games.")}
    for game_id in ids:
        kinds = {
            f.stem.rsplit("-", 1)[1] for f in files if json.loads(f.read_bytes())["game"] == game_id
        }
        assert "end" in kinds and kinds - {"end"}, game_id


@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_a_save_of_the_previous_release_loads_to_its_recorded_position(path):
    data = path.read_bytes()
    match = savefile.load(data)
    # load() replays every step and compares the state hash: reaching here is the proof.
    assert match.terminal == path.stem.endswith("-end")
    # Saved again (in the current format) and reloaded, the game is the same one.
    again = savefile.load(savefile.dump(match))
    assert again.state == match.state and len(again.steps) == len(match.steps)
