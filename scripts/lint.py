"""Lint, format and type checks: the "lint" suite of scripts/test (and so of CI).

    python scripts/lint.py [--junit FILE]

Runs ruff (lint, then format --check) over the Python, mypy over engine/, a dead-code check
(scripts/deadcode.py, vulture), and biome (lint and format check) over web/ — each with the configuration in pyproject.toml / biome.json and the
versions pinned in scripts/requirements-test.txt / package.json. Exits non-zero when any check
fails. ``scripts/fix-style`` applies the fixes the tools can make on their own.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path
from xml.sax.saxutils import escape, quoteattr

ROOT = Path(__file__).resolve().parent.parent
BIOME = ROOT / "node_modules" / ".bin" / "biome"

CHECKS = [
    ("ruff check", [sys.executable, "-m", "ruff", "check", "--output-format=concise", "."]),
    (
        "ruff format",
        [sys.executable, "-m", "ruff", "format", "--check", "--output-format=concise", "."],
    ),
    ("mypy engine", [sys.executable, "-m", "mypy"]),  # files and options: pyproject.toml
    ("dead code", [sys.executable, str(ROOT / "scripts" / "deadcode.py")]),
    ("biome", [str(BIOME), "ci", "--colors=off", "--max-diagnostics=200"]),
]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--junit", type=Path, help="write a JUnit XML report here")
    args = parser.parse_args(argv)
    cases = []
    for name, command in CHECKS:
        print(
            f"--- {name}: {' '.join(Path(c).name if i == 0 else c for i, c in enumerate(command))}",
            flush=True,
        )
        start = time.monotonic()
        proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
        out = (proc.stdout + proc.stderr).rstrip()
        print(out if proc.returncode else (out.splitlines() or ["ok"])[-1], flush=True)
        cases.append((name, proc.returncode, out, time.monotonic() - start))
    failed = [name for name, rc, _, _ in cases if rc]
    print(
        f"lint: {len(cases) - len(failed)} of {len(cases)} checks clean"
        + (f"; failing: {', '.join(failed)}" if failed else "")
    )
    if args.junit:
        args.junit.parent.mkdir(parents=True, exist_ok=True)
        args.junit.write_text(_junit(cases), encoding="utf-8")
    return 1 if failed else 0


def _junit(cases: list[tuple[str, int, str, float]]) -> str:
    failures = sum(1 for _, rc, _, _ in cases if rc)
    rows = []
    for name, rc, out, secs in cases:
        body = f'<failure message="exit {rc}">{escape(out)}</failure>' if rc else ""
        rows.append(
            f'<testcase classname="lint" name={quoteattr(name)} time="{secs:.2f}">{body}</testcase>'
        )
    return (
        f'<?xml version="1.0" encoding="utf-8"?>\n<testsuites><testsuite name="lint" '
        f'tests="{len(cases)}" failures="{failures}" errors="0" skipped="0">'
        + "".join(rows)
        + "</testsuite></testsuites>\n"
    )


if __name__ == "__main__":
    sys.exit(main())
