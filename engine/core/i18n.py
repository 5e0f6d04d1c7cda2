"""The one message catalog: event codes, error codes and page text in English, Russian, French.

Each catalog file maps a code to ``{"en": ..., "ru": ..., "fr": ...}``. The core's catalog lives
beside this module; each game ships ``messages.json`` in its own package. The template language
(the same on the page, ``web/ui/i18n.js``):

- ``{p}`` a value; ``{p:nth}`` a 0-based index shown 1-based ("slot 1" for slot 0);
- ``{p:kind}`` a game term named in the requested language (``Presenter.term_name``), so card and
  location names follow the official editions; ``{p:kind:case}`` the term in a grammatical
  case or with its preposition (``Presenter.term_form``: Russian ``acc``, ``gen``, ``ins``, ``dat``;
  ``loc``/``dir`` "в театре"/"в театр", "au Théâtre"); a list of terms reads "A, B and C",
  a repeated term "A ×3";
- ``{p:n:noun}`` / ``{p:n:noun:case}`` a count (or a list's length) with its noun in the right CLDR plural form,
  the forms in the catalog's ``noun.<noun>`` entry (``"one {# coin} other {# coins}"``;
  a case's forms under the language key ``"ru.acc"``);
- ``{p, plural, =0 {..} neg {..} one {..} few {..} many {..} other {..}}``: a branch by the
  number's CLDR category (en/fr: one, other; ru: one, few, many), an exact value ``=N`` or
  ``neg`` for a negative number, where ``#`` and ``{p:n:..}`` then show its absolute value;
- ``{p, select, key {..} none {..} other {..}}``: a branch by value (``none``: empty or absent;
  ``you``: a seat's value when that seat is the person the log speaks to, ``render``'s ``you``,
  so a sentence about them reads in the second person: "You gain 3 coins", «Вы получаете»);
  a seat field naming that person outside such a branch (a list of seats) reads as the pronoun
  ``term.seat.you``;
- ``[[part|part|part]]``: the parts joined as a list ("A, B and C"), leaving out a part that
  renders empty or whose numbers are all 0; a last part ``~text`` stands when none is left.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache, lru_cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from engine.core.presenter import presenter_of

if TYPE_CHECKING:
    from engine.core.game import Game

LANGS = ("en", "ru", "fr")


@cache
def catalog(package: str = "engine.core") -> dict[str, dict[str, str]]:
    path = resources.files(package).joinpath("messages.json")
    if not path.is_file():
        return {}
    messages: dict[str, dict[str, str]] = json.loads(path.read_text(encoding="utf-8"))
    return messages


def game_package(game: Any) -> str:
    """The package holding a game's ``messages.json``: the one its class is defined in."""
    cls: type[Game] = game if isinstance(game, type) else type(game)
    return cls.presenter.messages_package or cls.__module__.rpartition(".")[0]


def _packages(game: Any) -> tuple[str, ...]:
    return ((game_package(game),) if game is not None else ()) + ("engine.core",)


def _entry(code: str, game: Any) -> dict[str, str] | None:
    for package in _packages(game):
        entry = catalog(package).get(code)
        if entry is not None:
            return entry
    return None


def _template(code: str, lang: str, game: Any) -> str | None:
    entry = _entry(code, game)
    if entry is None:
        return None
    return entry.get(lang) or entry.get("en")


# --- CLDR plural categories (cardinal, integers and decimals as the languages need) --------


def plural_category(n: float, lang: str) -> str:
    """The CLDR cardinal category of ``n`` (same as ``Intl.PluralRules`` on the page)."""
    n = abs(n)
    whole = n == int(n)
    i = int(n)
    if lang == "ru":
        if not whole:
            return "other"
        if i % 10 == 1 and i % 100 != 11:
            return "one"
        if 2 <= i % 10 <= 4 and not 12 <= i % 100 <= 14:
            return "few"
        return "many"
    if lang == "fr":
        if i in (0, 1):
            return "one"
        if whole and i != 0 and i % 1_000_000 == 0:
            return "many"
        return "other"
    return "one" if n == 1 and whole else "other"


# --- parsing ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Field:
    name: str
    parts: tuple[str, ...] = ()  # kind, then its arguments (case, noun)


@dataclass(frozen=True)
class _Branch:
    name: str
    how: str  # "plural" or "select"
    branches: tuple[tuple[str, _Node], ...] = ()


@dataclass(frozen=True)
class _List:
    items: tuple[_Node, ...] = ()


@dataclass(frozen=True)
class _Node:
    children: tuple[str | _Field | _Branch | _List, ...] = field(default_factory=tuple)


class TemplateError(ValueError):
    pass


def _matching(text: str, i: int) -> int:
    """Index of the ``}`` closing the ``{`` at ``i``."""
    depth = 0
    for j in range(i, len(text)):
        if text[j] == "{":
            depth += 1
        elif text[j] == "}":
            depth -= 1
            if depth == 0:
                return j
    raise TemplateError(f"unclosed brace in {text!r}")


def _split_top(text: str, sep: str) -> list[str]:
    out, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c == "{" or text.startswith("[[", i):
            depth += 1
            i += 1 if c == "{" else 2
            continue
        if c == "}" or text.startswith("]]", i):
            depth -= 1
            i += 1 if c == "}" else 2
            continue
        if depth == 0 and text.startswith(sep, i):
            out.append(text[start:i])
            start = i + len(sep)
        i += 1
    out.append(text[start:])
    return out


def _list_end(text: str, i: int) -> int:
    """Index of the ``]]`` closing the ``[[`` at ``i``."""
    depth, j = 0, i
    while j < len(text):
        if text.startswith("[[", j):
            depth += 1
            j += 2
            continue
        if text.startswith("]]", j):
            depth -= 1
            if depth == 0:
                return j
            j += 2
            continue
        if text[j] == "{":
            j = _matching(text, j) + 1
            continue
        j += 1
    raise TemplateError(f"unclosed [[ in {text!r}")


def _branches(body: str) -> tuple[tuple[str, _Node], ...]:
    out, i = [], 0
    while i < len(body):
        if body[i].isspace():
            i += 1
            continue
        j = body.index("{", i)
        key = body[i:j].strip()
        end = _matching(body, j)
        out.append((key, parse(body[j + 1 : end])))
        i = end + 1
    return tuple(out)


@lru_cache(maxsize=4096)
def parse(text: str) -> _Node:
    children: list[Any] = []
    buf: list[str] = []
    i = 0
    while i < len(text):
        if text.startswith("[[", i):
            end = _list_end(text, i)
            children.append("".join(buf))
            buf = []
            children.append(_List(tuple(parse(p) for p in _split_top(text[i + 2 : end], "|"))))
            i = end + 2
            continue
        c = text[i]
        if c == "{":
            end = _matching(text, i)
            inner = text[i + 1 : end]
            children.append("".join(buf))
            buf = []
            if "," in inner.split("{", 1)[0]:
                name, how, body = (
                    s.strip() if k < 2 else s for k, s in enumerate(inner.split(",", 2))
                )
                if how not in ("plural", "select"):
                    raise TemplateError(f"unknown selector {how!r} in {text!r}")
                children.append(_Branch(name, how, _branches(body)))
            else:
                name, *parts = inner.split(":")
                children.append(_Field(name, tuple(parts)))
            i = end + 1
            continue
        buf.append(c)
        i += 1
    children.append("".join(buf))
    return _Node(tuple(c for c in children if c != ""))


# --- rendering --------------------------------------------------------------------------------


@dataclass
class _Ctx:
    lang: str
    game: Any
    params: dict[str, Any]
    seat_names: list[str | None] | None
    you: int | None = None  # the seat addressed in the second person (render's ``you``)
    negated: frozenset[str] = frozenset()
    number: str | None = None  # the text '#' stands for
    numbers: list[Any] | None = None  # numeric values a list part used


def _count(ctx: _Ctx, name: str) -> Any:
    value = ctx.params[name]
    if ctx.numbers is not None and isinstance(value, (int, float)):
        ctx.numbers.append(value)
    return value


def _noun(ctx: _Ctx, noun: str, case: str | None, n: Any) -> str:
    entry = _entry(f"noun.{noun}", ctx.game) or {}
    body = (case and entry.get(f"{ctx.lang}.{case}")) or entry.get(ctx.lang) or entry.get("en")
    if body is None:
        return f"{n} {noun}"
    return _choose(ctx, _branches(body), n, str(n))


def _choose(ctx: _Ctx, branches: tuple[tuple[str, _Node], ...], n: Any, shown: str) -> str:
    table = dict(branches)
    key = f"={n}"
    if key not in table:
        key = (
            "neg"
            if isinstance(n, (int, float)) and n < 0 and "neg" in table
            else plural_category(n, ctx.lang)
            if isinstance(n, (int, float))
            else "other"
        )
        if key not in table:
            key = "other"
    node = table.get(key)
    if node is None:
        return shown
    sub = _Ctx(
        ctx.lang, ctx.game, ctx.params, ctx.seat_names, ctx.you, ctx.negated, shown, ctx.numbers
    )
    return _render_node(node, sub)


def _term(ctx: _Ctx, kind: str, case: str | None, v: Any) -> str:
    if kind == "seat" and _is_you(ctx, v):
        # the pronoun as written mid-sentence: render would capitalize it
        return _template("term.seat.you", ctx.lang, None) or "you"
    if (
        kind == "seat"
        and ctx.seat_names
        and isinstance(v, int)
        and 0 <= v < len(ctx.seat_names)
        and ctx.seat_names[v]
    ):
        return ctx.seat_names[v]  # type: ignore[return-value]
    if ctx.game is None:
        return str(v)
    words = presenter_of(ctx.game)
    return words.term_form(kind, v, ctx.lang, case) if case else words.term_name(kind, v, ctx.lang)


def _is_you(ctx: _Ctx, value: Any) -> bool:
    # a bool is an int too: a flag's True is never seat 1
    return ctx.you is not None and type(value) is int and value == ctx.you


def join_list(items: list[str], lang: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return render("ui.list.and", {"first": ", ".join(items[:-1]), "last": items[-1]}, lang)


def _field(f: _Field, ctx: _Ctx) -> str:
    if f.name not in ctx.params:
        return "{" + ":".join((f.name,) + f.parts) + "}"
    kind = f.parts[0] if f.parts else None
    if kind == "n":
        n = _count(ctx, f.name)
        if isinstance(n, (list, tuple)):  # a list counts its items
            n = len(n)
        shown = abs(n) if f.name in ctx.negated and isinstance(n, (int, float)) else n
        noun = f.parts[1] if len(f.parts) > 1 else None
        case = f.parts[2] if len(f.parts) > 2 else None
        return _noun(ctx, noun, case, shown) if noun else str(shown)
    value = _count(ctx, f.name)
    if kind == "nth":
        return str(value + 1) if isinstance(value, int) else str(value)
    if kind:
        case = f.parts[1] if len(f.parts) > 1 else None
        if isinstance(value, (list, tuple)):
            names: list[str] = []
            counts: dict[str, int] = {}
            for v in value:
                name = _term(ctx, kind, case, v)
                if name not in counts:
                    names.append(name)
                counts[name] = counts.get(name, 0) + 1
            return join_list(
                [n if counts[n] == 1 else f"{n} ×{counts[n]}" for n in names], ctx.lang
            )
        return _term(ctx, kind, case, value)
    if isinstance(value, (list, tuple)):
        return ", ".join(str(v) for v in value)
    return str(value)


def _render_node(node: _Node, ctx: _Ctx) -> str:
    out: list[str] = []
    for child in node.children:
        if isinstance(child, str):
            out.append(child.replace("#", ctx.number) if ctx.number is not None else child)
        elif isinstance(child, _Field):
            out.append(_field(child, ctx))
        elif isinstance(child, _Branch):
            if child.name not in ctx.params:
                # a select's "none" branch stands for an absent value too (see the module doc)
                none = dict(child.branches).get("none") if child.how == "select" else None
                out.append(_render_node(none, ctx) if none is not None else "{" + child.name + "}")
                continue
            value = _count(ctx, child.name)
            if child.how == "plural" and isinstance(value, (list, tuple)):
                value = len(value)  # a list counts its items
            if child.how == "select":
                table = dict(child.branches)
                key = "none" if value in ("", None, [], ()) and "none" in table else str(value)
                if "you" in table and _is_you(ctx, value):
                    key = "you"
                node_ = table.get(key, table.get("other"))
                out.append(_render_node(node_, ctx) if node_ is not None else str(value))
                continue
            negated = ctx.negated
            shown = value
            if isinstance(value, (int, float)) and value < 0 and "neg" in dict(child.branches):
                negated = negated | {child.name}
                shown = abs(value)
            sub = _Ctx(
                ctx.lang,
                ctx.game,
                ctx.params,
                ctx.seat_names,
                ctx.you,
                negated,
                ctx.number,
                ctx.numbers,
            )
            out.append(_choose(sub, child.branches, value, str(shown)))
        else:
            parts = []
            items, fallback = child.items, None
            if (
                items
                and items[-1].children[:1]
                and isinstance(items[-1].children[0], str)
                and items[-1].children[0].startswith("~")
            ):
                first = items[-1].children[0][1:]
                fallback = _Node(((first,) if first else ()) + items[-1].children[1:])
                items = items[:-1]
            for item in items:
                used: list[Any] = []
                sub = _Ctx(
                    ctx.lang,
                    ctx.game,
                    ctx.params,
                    ctx.seat_names,
                    ctx.you,
                    ctx.negated,
                    ctx.number,
                    used,
                )
                text = _render_node(item, sub).strip()
                if ctx.numbers is not None:
                    ctx.numbers.extend(used)
                if text and not (used and all(u == 0 for u in used)):
                    parts.append(text)
            if not parts and fallback is not None:
                parts.append(_render_node(fallback, ctx))
            out.append(join_list(parts, ctx.lang))
    return "".join(out)


def format_template(
    template: str,
    params: dict[str, Any] | None = None,
    lang: str = "en",
    game: Any = None,
    seat_names: list[str | None] | None = None,
    you: int | None = None,
) -> str:
    return _render_node(parse(template), _Ctx(lang, game, params or {}, seat_names, you))


def render(
    code: str,
    params: dict[str, Any] | None = None,
    lang: str = "en",
    game: Any = None,
    seat_names: list[str | None] | None = None,
    you: int | None = None,
) -> str:
    """Prose for a code. An unknown code renders as itself, so a gap shows instead of hiding.

    ``seat_names`` are the names the table gave its seats (the page's, e.g. "Ann" or "Bot 2");
    a ``{param:seat}`` field uses them where given, so the log and the seat strip agree.
    ``you``: the seat the text speaks to (the one person at a table of bots:
    ``engine.bridge.seats.Table.addressed``), whose sentences take their ``you`` branch."""
    if lang not in LANGS:
        lang = "en"
    template = _template(code, lang, game)
    if template is None:
        return code
    text = format_template(template, params, lang, game, seat_names, you)
    if not code.startswith("ui.") and text[:1].islower():
        # a sentence of the log may open on a term written mid-sentence ("le Successeur")
        text = text[0].upper() + text[1:]
    return text


def page_strings(lang: str, game: Any = None) -> dict[str, str]:
    """Every ``ui.*`` string and ``noun.*`` plural form for the page in one language (English
    where a gap); a case's forms as ``noun.<noun>.<case>``."""
    out: dict[str, str] = {}
    packages = ["engine.core"]
    if game is not None:
        packages.append(game_package(game))
    for package in packages:
        for code, entry in catalog(package).items():
            if code.startswith("ui."):
                out[code] = entry.get(lang) or entry["en"]
            elif code.startswith("noun."):
                out[code] = entry.get(lang) or entry["en"]
                for key, text in entry.items():
                    if key.startswith(f"{lang}."):
                        out[f"{code}.{key.partition('.')[2]}"] = text
    return out


def action_label(game: Any, action: Any, lang: str, terms: dict[str, Any] | None = None) -> str:
    """A button's text for an action: the catalog's ``action.<tag>`` template over its fields
    and the ``terms`` the position adds (``Presenter.label_terms``)."""
    import msgspec

    data = msgspec.to_builtins(action)
    tag = (
        data.pop("type", type(action).__name__) if isinstance(data, dict) else type(action).__name__
    )
    if isinstance(data, dict):
        extra = (
            terms
            if terms is not None
            else (presenter_of(game).label_terms(None, action, None) if game else {})
        )
        data = {**data, **extra}
    code = f"action.{tag}"
    text = render(code, data if isinstance(data, dict) else {}, lang, game)
    if text != code:
        return text
    detail = ", ".join(f"{k}={v}" for k, v in data.items()) if isinstance(data, dict) else ""
    return f"{tag}({detail})" if detail else tag
