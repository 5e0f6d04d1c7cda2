"""The shipped games. Importing a game's package registers it."""

import importlib

# Each entry is a package whose import calls ``engine.core.registry.register``.
BUILTIN = (
    "engine.games.oracle",
    "engine.games.trickerion",
    "engine.games.trickerion.solo.game",
    "engine.games.magnificent",
    "engine.games.magnificent.solo",
)

for _name in BUILTIN:
    importlib.import_module(_name)
