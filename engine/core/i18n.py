"""The one message catalog: event codes, error codes and page text in English, Russian, French.

Each catalog file maps a code to ``{"en": ..., "ru": ..., "fr": ...}``. Templates use
``{param}`` for a value and ``{param:kind}`` for a game term, which the game names in the
requested language (``Game.term_name``), so card and location names follow the official
editions. The core's catalog lives beside this module; each game ships ``messages.json`` in
its own package.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from engine.core.game import Game

LANGS = ("en", "ru", "fr")
_FIELD = re.compile(r"\{(\w+)(?::(\w+))?\}")


@lru_cache(maxsize=None)
def catalog(package: str = "engine.core") -> dict[str, dict[str, str]]:
    path = resources.files(package).joinpath("messages.json")
    if not path.is_file():
        return {}
    return json.loads(path.read_text(encoding="utf-8"))


def game_package(game: Any) -> str:
    """The package holding a game's ``messages.json``: the one its class is defined in."""
    cls: type[Game] = game if isinstance(game, type) else type(game)
    return cls.messages_package or cls.__module__.rpartition(".")[0]


def _template(code: str, lang: str, game: Any) -> str | None:
    for package in ((game_package(game),) if game is not None else ()) + ("engine.core",):
        entry = catalog(package).get(code)
        if entry is not None:
            return entry.get(lang) or entry.get("en")
    return None


def render(code: str, params: dict[str, Any] | None = None, lang: str = "en",
           game: Any = None, seat_names: list[str | None] | None = None) -> str:
    """Prose for a code. An unknown code renders as itself, so a gap shows instead of hiding.

    ``seat_names`` are the names the table gave its seats (the page's, e.g. "Ann" or "Bot 2");
    a ``{param:seat}`` field uses them where given, so the log and the seat strip agree."""
    if lang not in LANGS:
        lang = "en"
    template = _template(code, lang, game)
    if template is None:
        return code
    params = params or {}

    def fill(m: re.Match[str]) -> str:
        name, kind = m.group(1), m.group(2)
        if name not in params:
            return m.group(0)
        value = params[name]

        def term(v: Any) -> str:
            seat_name = seat_names[v] if kind == "seat" and seat_names and isinstance(v, int) \
                and 0 <= v < len(seat_names) else None
            if seat_name:
                return seat_name
            return game.term_name(kind, v, lang)

        if kind and game is not None:
            if isinstance(value, (list, tuple)):
                return ", ".join(term(v) for v in value)
            return term(value)
        if isinstance(value, (list, tuple)):
            return ", ".join(str(v) for v in value)
        return str(value)

    return _FIELD.sub(fill, template)


def page_strings(lang: str, game: Any = None) -> dict[str, str]:
    """Every ``ui.*`` string for the page in one language (English where a gap)."""
    out: dict[str, str] = {}
    packages = ["engine.core"]
    if game is not None:
        packages.append(game_package(game))
    for package in packages:
        for code, entry in catalog(package).items():
            if code.startswith("ui."):
                out[code] = entry.get(lang) or entry["en"]
    return out


def action_label(game: Any, action: Any, lang: str) -> str:
    """A button's text for an action: the catalog's ``action.<tag>`` template over its fields."""
    import msgspec

    data = msgspec.to_builtins(action)
    tag = data.pop("type", type(action).__name__) if isinstance(data, dict) else type(action).__name__
    code = f"action.{tag}"
    text = render(code, data if isinstance(data, dict) else {}, lang, game)
    if text != code:
        return text
    detail = ", ".join(f"{k}={v}" for k, v in data.items()) if isinstance(data, dict) else ""
    return f"{tag}({detail})" if detail else tag
