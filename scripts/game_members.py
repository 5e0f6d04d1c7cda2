"""How many members ``engine.core.game.Game`` declares (issue #33 part 4: Game keeps the rules):

    python3 scripts/game_members.py [module:Class]

Counts what the class body itself defines: methods (public and private, ``__init__`` included;
other dunders are Python's), and class settings (annotated or assigned names, the
``legacy``/``presenter`` classes it names among them). Instance attributes set in ``__init__``
and inherited members are not counted. Prints each group and the total.
"""

from __future__ import annotations

import importlib
import inspect
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def members(cls: type) -> tuple[list[str], list[str]]:
    body = {
        k: v
        for k, v in vars(cls).items()
        if k == "__init__" or not (k.startswith("__") and k.endswith("__"))
    }
    names = set(body) | set(vars(cls).get("__annotations__", {}))
    methods = sorted(
        k
        for k in names
        if inspect.isfunction(body.get(k)) or isinstance(body.get(k), (classmethod, staticmethod))
    )
    settings = sorted(names - set(methods))
    return methods, settings


def main() -> None:
    target = sys.argv[1] if len(sys.argv) > 1 else "engine.core.game:Game"
    module, _, name = target.partition(":")
    methods, settings = members(getattr(importlib.import_module(module), name))
    print(f"methods ({len(methods)}): {', '.join(methods)}")
    print(f"class settings ({len(settings)}): {', '.join(settings)}")
    print(f"total: {len(methods) + len(settings)}")


if __name__ == "__main__":
    main()
