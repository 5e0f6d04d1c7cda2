"""The registry imports a shipped game when it is first asked for it (engine.games.BUILTIN):
a page resuming one game pays for that game's modules only (docs/boot.md, issue #32)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from engine.core import registry
from engine.games import BUILTIN

ROOT = Path(__file__).resolve().parents[2]

# (in a fresh interpreter: this one has imported every game by now)
ASK_ONE = """
import json, sys
from engine.core import registry
registry.get(sys.argv[1])
print(json.dumps(sorted({m.split(".")[2] for m in sys.modules if m.startswith("engine.games.")})))
"""


def test_each_builtin_id_names_the_game_its_module_registers():
    for game_id, module in BUILTIN.items():
        cls = registry.get(game_id)
        assert cls.id == game_id
        assert cls.__module__.startswith(module)
    assert {cls.id for cls in registry.all_games()} >= set(BUILTIN)


def test_asking_for_one_game_imports_that_game_only():
    for game_id, own in (("oracle", ["oracle"]), ("trickerion-solo", ["trickerion"])):
        run = subprocess.run(
            [sys.executable, "-c", ASK_ONE, game_id],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONPATH": str(ROOT), "PATH": ""},
        )
        assert json.loads(run.stdout) == own, run.stdout
