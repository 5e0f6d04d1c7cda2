"""Record a guide's script (every player's move of its walk, bots' included) into its file:
``python -m engine.guides <game>``, after changing the guide's steps or seed (docs/guides.md)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import msgspec

from engine.guides import load
from engine.guides.walk import record


def main(game: str) -> None:
    path = Path(__file__).with_name(f"{game}.json")
    guide = load(game)
    guide = msgspec.structs.replace(guide, script=())
    data = json.loads(path.read_text(encoding="utf-8"))
    data["script"] = [msgspec.to_builtins(m) for m in record(guide)]
    keys = ["game", "players", "options", "seed", "seats", "steps", "script"]
    lines = [f'  "{k}": {json.dumps(data[k])}' for k in keys if k not in ("steps", "script")]
    for k in ("steps", "script"):
        items = ",\n".join(f"    {json.dumps(x)}" for x in data[k])
        lines.append(f'  "{k}": [\n{items}\n  ]')
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")
    print(f"{path}: {len(data['script'])} moves recorded")


if __name__ == "__main__":
    main(sys.argv[1])
