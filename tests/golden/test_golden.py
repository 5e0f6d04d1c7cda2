"""Golden playthroughs: fresh recordings of the seeded games in ``cases.py`` must equal the
committed text files, so a restructuring that keeps behaviour is proved to keep it.

Every case must have its committed file (a registered game without one fails, it is not
skipped); ``python -m tests.golden.record`` writes the files of a game that has none (a new
game in the registry is listed there by itself).
"""

from __future__ import annotations

import difflib
import tomllib
from pathlib import Path

import pytest

import engine
from tests.golden.cases import all_cases
from tests.golden.record import path_of, record

ROOT = Path(__file__).resolve().parents[2]
HOW = (
    "If this change is deliberate: regenerate with `python -m tests.golden.record --force`, "
    "bump __version__ in engine/__init__.py (pyproject.toml reads it), and say in the commit "
    "which goldens changed and why. Otherwise the engine's behaviour changed by accident."
)


@pytest.mark.parametrize("case", all_cases(), ids=lambda c: f"{c.game}/{c.name}")
def test_playthrough_matches_golden(case):
    path = path_of(case)
    if not path.exists():
        # A new game passing silently would prove nothing: its playthrough must be recorded.
        pytest.fail(f"no golden file {path}: run `python -m tests.golden.record` and commit it")
    want = path.read_text().splitlines()
    got = record(case).splitlines()
    if got != want:
        diff = list(difflib.unified_diff(want, got, "committed", "now", n=1, lineterm=""))
        shown = "\n".join(line[:300] for line in diff[:40])
        pytest.fail(f"{case.game}/{case.name} differs from {path.name}:\n{shown}\n\n{HOW}")


def test_every_game_file_is_a_recorded_case():
    # A golden file no case produces would never be diffed again.
    cases = {path_of(c) for c in all_cases()}
    here = Path(__file__).resolve().parent
    stray = [p.relative_to(here) for p in here.glob("*/*.txt") if p not in cases]
    assert not stray, f"golden files without a case in cases.py: {stray}"


def test_version_is_single_sourced():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    dynamic = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["dynamic"]
    assert "version" not in project and "version" in project["dynamic"]
    assert dynamic["version"] == {"attr": "engine.__version__"}
    assert tuple(int(x) for x in engine.__version__.split(".")) >= (0, 1, 0)


def test_every_registered_game_has_cases():
    # A new game needs no edit here: default_cases lists it from the registry.
    from engine.core import registry

    shipped = {cls.id for cls in registry.all_games() if cls.__module__.startswith("engine.games.")}
    assert {c.game for c in all_cases()} == shipped
