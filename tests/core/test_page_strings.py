"""The page's text: every ``ui.*`` code the page's own modules use is in the core catalog,
in English, Russian and French, with the same ``{placeholders}`` in each language."""

from __future__ import annotations

import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CATALOG = json.loads((ROOT / "engine" / "core" / "messages.json").read_text(encoding="utf-8"))
PAGE = [ROOT / "web" / "app.js", *sorted((ROOT / "web" / "ui").glob("*.js")), ROOT / "web" / "games" / "generic.js"]
CODE = re.compile(r"""["'`](ui(?:\.[a-z0-9_]+)+)["'`]""")
FIELD = re.compile(r"\{(\w+)(?::\w+)?\}")


def test_every_page_code_is_in_the_catalog():
    used = {code for path in PAGE for code in CODE.findall(path.read_text(encoding="utf-8"))}
    assert len(used) > 50
    assert sorted(used - set(CATALOG)) == []


def test_page_strings_exist_in_every_language_with_the_same_fields():
    for code, entry in CATALOG.items():
        if not code.startswith("ui."):
            continue
        assert set(entry) == {"en", "ru", "fr"} and all(entry.values()), code
        fields = {lang: sorted(set(FIELD.findall(text))) for lang, text in entry.items()}
        assert fields["ru"] == fields["en"] == fields["fr"], (code, fields)
