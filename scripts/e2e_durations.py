"""Write e2e/durations.json, the browser tests' lengths in seconds by test id, from the JUnit
reports of a browser stage run (e2e/conftest.py runs the tests longest first by it).

    python scripts/e2e_durations.py build/test-results/browser.xml [more.xml ...]

A test in several reports keeps its longest time. Only the order matters: refresh it when
tests are added or their lengths change much (a test not listed runs at the median's place).
"""

from __future__ import annotations

import json
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "e2e" / "durations.json"


def node_id(case: ET.Element) -> str:
    """pytest's id of a JUnit test case: ``e2e.test_x`` + ``name`` -> ``e2e/test_x.py::name``."""
    return f"{case.get('classname', '').replace('.', '/')}.py::{case.get('name')}"


def main(reports: list[str]) -> int:
    seconds: dict[str, float] = {}
    for report in reports:
        for case in ET.parse(report).getroot().iter("testcase"):
            key = node_id(case)
            seconds[key] = max(seconds.get(key, 0.0), round(float(case.get("time", 0)), 1))
    OUT.write_text(json.dumps(dict(sorted(seconds.items())), indent=1) + "\n", encoding="utf-8")
    print(f"{OUT}: {len(seconds)} tests")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
