"""The page's text: every ``ui.*`` code the page's own modules use is in the core catalog,
in English, Russian and French, with the same ``{placeholders}`` in each language."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.core.i18n import format_template

ROOT = Path(__file__).resolve().parents[2]
CATALOG = json.loads((ROOT / "engine" / "core" / "messages.json").read_text(encoding="utf-8"))
PAGE = [
    ROOT / "web" / "app.js",
    *sorted((ROOT / "web" / "ui").glob("*.js")),
    ROOT / "web" / "games" / "generic.js",
]
CODE = re.compile(r"""["'`](ui(?:\.[a-z0-9_]+)+)["'`]""")
# a field's name in every form of the template language ({p}, {p:kind}, {p, plural, ...})
FIELD = re.compile(r"\{(\w+)[:,}]")


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


TRICKERION = json.loads(
    (ROOT / "engine" / "games" / "trickerion" / "messages.json").read_text(encoding="utf-8")
)
BOARD_WORD = re.compile(r"""\bw\(\s*["'`]([a-z0-9_.]+)["'`]""")


def test_the_trickerion_board_words_come_from_the_catalog():
    """The board's own words are catalog strings (``ui.trk.*``), not a table in the page."""
    assert not (ROOT / "web" / "games" / "trickerion" / "strings.js").exists()
    sources = sorted((ROOT / "web" / "games" / "trickerion").glob("*.js"))
    used = {key for path in sources for key in BOARD_WORD.findall(path.read_text(encoding="utf-8"))}
    assert len(used) > 40
    assert sorted(k for k in used if f"ui.trk.{k}" not in TRICKERION) == []
    for code, entry in TRICKERION.items():
        if code.startswith("ui."):
            assert set(entry) == {"en", "ru", "fr"} and all(entry.values()), code


def test_the_page_formats_counts_with_the_engine_rules():
    """``web/ui/i18n.js`` picks plural forms with ``Intl.PluralRules`` (the CLDR rules of
    ``plural_category``), so the page's own counts read like the log's."""
    text = (ROOT / "web" / "ui" / "i18n.js").read_text(encoding="utf-8")
    assert "Intl.PluralRules" in text and '"ui.lang"' in text
    assert CATALOG["ui.lang"] == {"en": "en", "ru": "ru", "fr": "fr"}


def _node() -> str | None:
    """Playwright's bundled Node (always installed with the test tools), else one on PATH."""
    try:
        import playwright
    except ImportError:
        return shutil.which("node")
    bundled = Path(playwright.__file__).parent / "driver" / "node"
    return str(bundled) if bundled.exists() else shutil.which("node")


def test_the_page_keeps_the_sign_of_a_negative_count_as_the_engine_does():
    """A plural's ``#`` drops the sign only where a ``neg`` branch words it ("loses 3 fame");
    a negative final score stays negative ("scores -13 points"), as engine/core/i18n.py says."""
    node = _node()
    if node is None:
        pytest.skip("no Node to run the page's formatter")
    cases = [
        ("{score, plural, one {# point} other {# points}}", {"score": -13}),
        ("{score, plural, one {# point} other {# points}}", {"score": 1}),
        ("{fame, plural, neg {loses #} other {gains #}}", {"fame": -3}),
        ("{fame, plural, neg {loses #} other {gains #}}", {"fame": 2}),
    ]
    script = (
        f"import({json.dumps((ROOT / 'web' / 'ui' / 'i18n.js').as_uri())}).then((m) => "
        f"console.log(JSON.stringify({json.dumps(cases)}.map(([t, p]) => m.format(t, p)))))"
    )
    out = subprocess.run(
        [node, "--input-type=module", "-e", script], capture_output=True, text=True, check=True
    )
    page = json.loads(out.stdout)
    engine = [format_template(t, p, "en") for t, p in cases]
    assert page == engine == ["-13 points", "1 point", "loses 3", "gains 2"]
