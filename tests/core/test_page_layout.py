"""The page's house order (issue #33 part 5): every script of the page (``web/``, ``index.html``'s
inline ones) stays under 600 lines, and no module name is used by both the rooms of
``web/app/`` and the drawings of ``web/ui/``, so that an import or a stack trace names one
file. Stylesheets are not judged: their size is their rules' count, not a module's jobs.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"
MAX_LINES = 600


def names(folder: Path) -> set[str]:
    """The module names under ``folder``: a file's stem, a folder's name."""
    return {p.stem if p.is_file() else p.name for p in folder.iterdir()}


def test_no_page_script_over_600_lines():
    sizes = {
        str(p.relative_to(ROOT)): len(p.read_text(encoding="utf-8").splitlines())
        for p in [*WEB.rglob("*.js"), *WEB.rglob("*.mjs")]
    }
    html = (ROOT / "index.html").read_text(encoding="utf-8")
    for i, body in enumerate(re.findall(r"<script\b[^>]*>(.*?)</script>", html, re.S)):
        sizes[f"index.html script {i + 1}"] = len(body.splitlines())
    assert len(sizes) > 50  # the page's scripts were found
    assert {k: n for k, n in sizes.items() if n > MAX_LINES} == {}


def test_no_module_name_in_both_app_and_ui():
    assert names(WEB / "app") & names(WEB / "ui") == set()
