"""Dead-code check of the lint suite: functions, classes, methods and properties nothing calls.

    python scripts/deadcode.py

Runs vulture over the Python of the project (the engine, its tests, the e2e suite, the scripts
and the page's worker) and fails on every unused function, class, method or property it finds.
Unused fields and variables are not judged: msgspec schemas and Structs declare fields that
only the decoder and encoder read. Names called from outside Python are listed in
``scripts/deadcode_allow.txt`` with the reason; a name that becomes dead goes, not into it.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PATHS = ["engine", "tests", "e2e", "scripts", "web/main.py"]
# The page's bridge methods (m_*) are called by name from JavaScript; pytest finds its hooks
# (pytest_*) and fixtures by name.
IGNORE = "m_*,pytest_*"
JUDGED = re.compile(r"unused (function|class|method|property) '([^']+)'")


def allowed() -> set[str]:
    out = set()
    for line in (ROOT / "scripts" / "deadcode_allow.txt").read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip()
        if name:
            out.add(name)
    return out


def main() -> int:
    proc = subprocess.run(
        [sys.executable, "-m", "vulture", *PATHS, "--min-confidence", "60"]
        + ["--ignore-names", IGNORE],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    ok = allowed()
    dead = [
        line
        for line in proc.stdout.splitlines()
        if (m := JUDGED.search(line)) and m.group(2) not in ok
    ]
    for line in dead:
        print(line)
    if proc.returncode not in (0, 3):  # 3: vulture found something (judged above)
        print(proc.stdout + proc.stderr)
        return proc.returncode
    print(f"dead code: {len(dead)} unused functions, classes, methods or properties")
    return 1 if dead else 0


if __name__ == "__main__":
    sys.exit(main())
