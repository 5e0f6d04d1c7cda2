"""The log reads as written by a native speaker, in English, Russian and French.

Every event and label code of every registered game (its catalog, iterated: a new game is
picked up with no edit here) is rendered in the three languages with the numbers 0, 1, 2, 5,
11, 21 and 22, and so is every line of real seeded games (a 4-player Trickerion game with the
Dark Alley, a solo game, an Oracle session) and the labels of the actions offered on the way.
A line fails on a count whose noun is in the wrong plural form ("1 coins", "2 монет"), a
doubled punctuation mark ("..", ". ;"), an internal id (``plan_prep_3``, ``#0``), a field left
unfilled, or an English word in Russian or French outside the names the publishers never
translated (terms whose official name in that language is the English one, per the packs).
"""

from __future__ import annotations

import re
from functools import cache

import msgspec
import pytest

from engine.core import registry
from engine.core.bots import bot_seed, make_bot
from engine.core.events import Event
from engine.core.i18n import (
    LANGS,
    _Branch,
    _branches,
    _Field,
    _List,
    _Node,
    action_label,
    catalog,
    game_package,
    parse,
    plural_category,
    render,
)
from engine.core.match import Match
from engine.core.presenter import presenter_of

NUMBERS = (0, 1, 2, 5, 11, 21, 22)
GAMES = registry.all_games()
# Seeded whole games: (game id, players, options, seed).
# Seeded whole games: game id -> (players, options, seed). A game not named here (a new one)
# plays with its fewest players and default options.
REAL_GAMES = {
    "trickerion": (4, {"dark_alley": True}, 7),
    "trickerion-solo": (2, {}, 7),
    "oracle": (1, {}, 7),
}

DOUBLED = re.compile(r"[.;:,!?]\s*[.;,]|[;,]\s*:|\(\s*\)|\s{2,}| [.,)]|\( ")
# "link(s)", "heure(s)": a count that did not choose its form
HEDGED = re.compile(r"\w\((?:s|es|x)\)")
INTERNAL_ID = re.compile(r"\b[a-z0-9]+_[a-z0-9_]+\b|#\d|\b[a-z]\d\d_|\b[a-z]+:\d")
LATIN_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]*[A-Za-z]")
WORD = re.compile(r"[^\W\d_][\w'’-]*", re.UNICODE)
# A number and the word after it; "+2 slot" (a prophecy's words) names a slot, not a count.
COUNT = re.compile(r"(?<![\w.,+])(\d+) ([^\W\d_][\w'’-]*)")
# A sentence that opens in lower case after the one before it ("… 155. le Successeur gagne")
LOWER_START = re.compile(r"[.!?] [a-zà-ÿа-яё]\w*")
# The person at the screen with a verb of the third person ("You gains", "Вы получает",
# "Vous gagne"): a sentence about them that took the seat's name for the pronoun.
THIRD_PERSON_YOU = {
    "en": re.compile(r"\bYou (?!\w*ss\b)[a-z]+s\b"),
    "ru": re.compile(r"\b[Вв]ы (?:[а-яё]+(?:ет|ёт|ит)|должен)\b"),
    # its verb after the pronouns that may stand between ("Vous n'en avez", "vous en avez")
    "fr": re.compile(
        r"(?:^|[.:;] )[Vv]ous (?:(?:ne|en|y|le|la|les|lui|leur) |n'|l')*+"
        r"(?!(?:[\w-]*(?:ez|ons)|êtes|faites|dites|et)\b)\S+"
    ),
}


# --- what the catalogs hold -------------------------------------------------------------------


def _codes(cls) -> list[str]:
    """Event, error and label codes of a game (not page strings nor noun forms)."""
    return sorted(
        code
        for code in catalog(game_package(cls))
        if not code.startswith(("ui.", "noun.", "term."))
    )


def _fields(node: _Node):
    """(name, kind) of every field in a parsed template, branches and lists included."""
    for child in node.children:
        if isinstance(child, _Field):
            yield child.name, (child.parts[0] if child.parts else None)
        elif isinstance(child, _Branch):
            yield child.name, "#"
            for _, sub in child.branches:
                yield from _fields(sub)
        elif isinstance(child, _List):
            for sub in child.items:
                yield from _fields(sub)


@cache
def _noun_forms() -> dict[str, dict[str, set[str]]]:
    """lang -> the first word after the number in each plural form -> the CLDR categories it
    is right for (a form given for "other" stands for every category not named)."""
    out: dict[str, dict[str, set[str]]] = {lang: {} for lang in LANGS}
    every = {
        "en": {"one", "other"},
        "fr": {"one", "many", "other"},
        "ru": {"one", "few", "many", "other"},
    }
    packages = {"engine.core"} | {game_package(cls) for cls in GAMES}
    for package in packages:
        for code, entry in catalog(package).items():
            if not code.startswith("noun."):
                continue
            for key, body in entry.items():
                lang = key.partition(".")[0]
                table = dict(_branches(body))
                named = set(table) - {"other"}
                for cat, node in table.items():
                    text = "".join(c for c in node.children if isinstance(c, str))
                    m = re.match(r"#\s+([^\W\d_][\w'’-]*)", text)
                    if not m:
                        continue
                    cats = (every[lang] - named) if cat == "other" else {cat}
                    out[lang].setdefault(m.group(1), set()).update(cats)
    return out


# --- the checks -------------------------------------------------------------------------------


# Russian verbs of the log that take their object in the accusative ("покупает верёвку").
ACCUSATIVE_VERBS = (
    "покупает",
    "заказывает",
    "получает",
    "нанимает",
    "отправляет",
    "теряет",
    "платит",
    "Купить",
    "Заказать",
    "Нанять",
)


def problems(
    text: str,
    lang: str,
    allowed_latin: set[str],
    english_only: set[str],
    nominatives: frozenset[str] = frozenset(),
) -> list[str]:
    """What is wrong with a line; ``nominatives``: Russian term names whose accusative differs
    (such a name right after an accusative verb is in the wrong case)."""
    found = []
    if any(c in text for c in "{}[]"):
        found.append("unfilled field")
    if DOUBLED.search(text):
        found.append(f"punctuation {DOUBLED.search(text).group(0)!r}")
    if INTERNAL_ID.search(text):
        found.append(f"internal id {INTERNAL_ID.search(text).group(0)!r}")
    if HEDGED.search(text):
        found.append(f"plural hedged {HEDGED.search(text).group(0)!r}")
    if LOWER_START.search(text):
        found.append(f"lower-case sentence {LOWER_START.search(text).group(0)!r}")
    if THIRD_PERSON_YOU[lang].search(text):
        found.append(f"person {THIRD_PERSON_YOU[lang].search(text).group(0)!r}")
    forms = _noun_forms()[lang]
    for number, word in COUNT.findall(text):
        if word in forms and plural_category(int(number), lang) not in forms[word]:
            found.append(f"plural {number} {word}")
    if lang == "ru" and nominatives:
        verbs = "|".join(ACCUSATIVE_VERBS)
        names = "|".join(re.escape(n) for n in sorted(nominatives, key=len, reverse=True))
        wrong = re.search(rf"\b(?:{verbs}) (?:{names})(?![\w-])", text)
        if wrong:
            found.append(f"case {wrong.group(0)!r}")
    if lang == "ru":
        for word in LATIN_WORD.findall(text):
            if word not in allowed_latin:
                found.append(f"English {word!r}")
    elif lang == "fr":
        for word in WORD.findall(text):
            if word.lower() in english_only and word not in allowed_latin:
                found.append(f"English {word!r}")
    return found


# --- the samples: real games give each term kind real values ------------------------------------


def _bots(match: Match, seed: int) -> dict:
    return {s: make_bot(match.game, "random", bot_seed(seed, s)) for s in range(match.game.players)}


@cache
def _played(game_id: str):
    """A seeded whole game: its match and the labels of the actions offered on the way."""
    cls = registry.get(game_id)
    players, options, seed = REAL_GAMES.get(game_id, (cls.seating.fewest, {}, 7))
    match = Match.new(game_id, players, options, seed=seed)
    bots = _bots(match, seed)
    offered = []
    for _ in range(100_000):
        to = match.to_act()
        if to.kind == "terminal":
            break
        if match.auto_step() is not None:
            continue
        seat = to.seats[0]
        legal = match.game.legal_actions(match.state, seat)
        offered.extend(legal[:25])
        match.act(seat, bots[seat].choose(match.game, match.state, seat, legal))
    assert match.terminal, game_id
    return match, offered


@cache
def _term_samples(game_id: str) -> dict[str, list]:
    """Term kind -> values seen in the real game's events (one of each)."""
    match, offered = _played(game_id)
    labels = [
        Event(f"action.{d.pop('type', '')}", d)
        for d in (msgspec.to_builtins(a) for a in offered)
        if isinstance(d, dict)
    ]
    out: dict[str, list] = {}
    for e in [e for events in match.events for e in events] + labels:
        entry = catalog(game_package(match.game)).get(e.code) or catalog().get(e.code) or {}
        for name, kind in _fields(parse(entry.get("en", ""))):
            if kind in (None, "#", "n", "nth") or name not in e.params:
                continue
            values = e.params[name]
            for v in values if isinstance(values, (list, tuple)) else [values]:
                if v not in ("", None) and v not in out.setdefault(kind, []):
                    out[kind].append(v)
    return out


@cache
def _vocabulary(game_id: str) -> tuple[frozenset, frozenset]:
    """(Latin words allowed in RU/FR: the words of names with no official translation,
    English-only words: in the game's English templates and names but in none of the French)."""
    game = _played(game_id)[0].game
    allowed, en_words, fr_words = set(), set(), set()
    for kind, values in _term_samples(game_id).items():
        for v in values:
            names = {lang: presenter_of(game).term_name(kind, v, lang) for lang in LANGS}
            en_words |= {w.lower() for w in WORD.findall(names["en"])}
            fr_words |= {w.lower() for w in WORD.findall(names["fr"])}
            for lang in ("ru", "fr"):
                if names[lang] == names["en"]:
                    allowed |= set(LATIN_WORD.findall(names[lang]))
    for package in (game_package(game), "engine.core"):
        for entry in catalog(package).values():
            en_words |= {w.lower() for w in WORD.findall(_plain(entry.get("en", "")))}
            fr_words |= {w.lower() for w in WORD.findall(_plain(entry.get("fr", "")))}
    # Single letters and words French shares with English ("Manager", "Score") are not English.
    english_only = {w for w in en_words - fr_words if len(w) > 2}
    return frozenset(allowed), frozenset(english_only)


@cache
def _nominatives(game_id: str) -> frozenset[str]:
    """Russian names of the game's terms whose accusative is another word (верёвка/верёвку)."""
    game = _played(game_id)[0].game
    out = set()
    for kind, values in _term_samples(game_id).items():
        for v in values:
            name = presenter_of(game).term_name(kind, v, "ru")
            if presenter_of(game).term_form(kind, v, "ru", "acc") != name:
                out.add(name)
    return frozenset(out)


def _plain(template: str) -> str:
    return re.sub(r"\{[^{}]*\}", " ", template)


def _table_names(game, lang: str) -> list[str | None]:
    """The seats' names in the log as the bridge gives them to a table of unnamed seats: an
    automaton's own ("le Successeur de Dahlgaard", written mid-sentence), the others' left to
    the game ("Player 1")."""
    names: list[str | None] = [None] * game.players
    for seat in game.seating.automata:
        named = presenter_of(game).automaton_names
        names[seat] = named.get(lang) or named.get("en")
    return names


def _seats_named(template: str, params: dict) -> set[int]:
    """The seats a template's seat fields name with ``params`` (a list of seats counts too)."""
    out: set[int] = set()
    for name, kind in _fields(parse(template)):
        if kind == "seat":
            value = params.get(name)
            out |= {v for v in (value if isinstance(value, list) else [value]) if type(v) is int}
    return out


def _params(template: str, n: int, samples: dict[str, list]) -> dict:
    params = {}
    for name, kind in _fields(parse(template)):
        if kind in (None, "#", "n", "nth"):
            params.setdefault(name, n)
        elif name not in params:
            values = samples.get(kind)
            params[name] = values[n % len(values)] if values else n
    return params


# --- the tests --------------------------------------------------------------------------------


@pytest.mark.parametrize("cls", GAMES, ids=lambda c: c.id)
def test_every_code_renders_in_every_language_with_every_number(cls):
    match = _played(cls.id)[0]
    samples = _term_samples(cls.id)
    allowed, english_only = _vocabulary(cls.id)
    case = _nominatives(cls.id)
    bad = []
    codes = _codes(cls)
    assert codes
    for code in codes:
        entry = catalog(game_package(cls))[code]
        for lang in LANGS:
            for n in NUMBERS:
                params = _params(entry["en"], n, samples)
                # as any seat reads it, and as the person it names reads it ("You gain…")
                for you in {None} | _seats_named(entry["en"], params):
                    text = render(code, params, lang, match.game, you=you)
                    bad += [
                        (code, lang, n, you, p, text)
                        for p in problems(text, lang, allowed, english_only, case)
                    ]
    assert not bad, "\n".join(map(str, bad[:40]))


@pytest.mark.parametrize("game_id", [cls.id for cls in GAMES])
def test_every_line_of_a_real_game_reads_well(game_id):
    match, offered = _played(game_id)
    allowed, english_only = _vocabulary(game_id)
    case = _nominatives(game_id)
    bad, lines = [], 0
    for events in match.events:
        for e in events:
            for lang in LANGS:
                names = _table_names(match.game, lang)
                for you in (None, 0):  # as the table reads it, and spoken to seat 0
                    text = render(e.code, e.params, lang, match.game, names, you)
                    lines += 1
                    bad += [
                        (e.code, lang, you, p, text)
                        for p in problems(text, lang, allowed, english_only, case)
                    ]
    for action in offered:
        for lang in LANGS:
            text = action_label(match.game, action, lang)
            bad += [
                ("label", lang, p, text) for p in problems(text, lang, allowed, english_only, case)
            ]
    assert lines > (100 if game_id in REAL_GAMES else 0)
    assert not bad, "\n".join(map(str, bad[:40]))


@pytest.mark.parametrize(
    ("text", "lang", "why"),
    [
        ("Player 1 buys wood for 1 coins.", "en", "plural"),
        ("Игрок 1 платит 2 монет.", "ru", "plural"),
        ("Игрок 1 платит 1 монеты.", "ru", "plural"),
        ("Joueur 1 paie 2 Pièce.", "fr", "plural"),
        ("Player 1 creates 2 link(s).", "en", "plural"),
        ("Prophecies — active: Every character has 1 action point..", "en", "punctuation"),
        ("Пророчества — активное: У каждого 1 очко действия.; грядущие", "ru", "punctuation"),
        ("Assignments step 2: draws plan plan_prep_3.", "en", "internal id"),
        ("Setup: start_trick.", "en", "internal id"),
        ("Player 1 chooses steal:1:3.", "en", "internal id"),
        ("Игрок 1 покупает wood.", "ru", "English"),
        ("Игрок 1 покупает верёвка за 1 монету.", "ru", "case"),
        ("Игрок 1 нанимает инженер.", "ru", "case"),
        ("Joueur 1 achète wood for 2 Pièces.", "fr", "English"),
        ("You gains 2 coins (advertise).", "en", "person"),
        ("You takes props: rope.", "en", "person"),
        ("Вы получает 2 монеты.", "ru", "person"),
        ("Вы берёт реквизит: верёвка.", "ru", "person"),
        ("Vous gagne 2 Pièces.", "fr", "person"),
        ("Part dans l'Affaire : vous reçoit 2 Pièces.", "fr", "person"),
        ("Scores finaux : 7, 155. le Successeur de Dahlgaard gagne.", "fr", "lower-case"),
    ],
)
def test_the_checks_catch_what_they_claim(text, lang, why):
    _, english_only = _vocabulary("trickerion")
    case = _nominatives("trickerion")
    assert any(p.startswith(why) for p in problems(text, lang, set(), english_only, case)), text


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Player 1 pays 1 coin and 21 shards.", "en"),
        ("Игрок 1 платит 21 монету, 22 монеты и 11 монет.", "ru"),
        ("Игрок 1 получает 1 славу и 5 славы.", "ru"),
        ("Joueur 1 paie 0 Pièce et 2 Pièces.", "fr"),
        ("Игрок 1 заказывает пилу.", "ru"),  # our own name (props.json unofficial), declined
        ("Игрок 1 покупает верёвку и нанимает инженера.", "ru"),
        ("You pass. You gain 2 coins.", "en"),
        ("Вы пасуете. Вы берёте реквизит: верёвка.", "ru"),
        ("Vous n'avez aucun marqueur. Vous passez.", "fr"),
        ("Vous ne prenez pas d'affiche ; vous en avez 2.", "fr"),
        ("Ordre d'Initiative : Joueur 2 et vous.", "fr"),
    ],
)
def test_the_checks_pass_good_prose(text, lang):
    allowed, english_only = _vocabulary("trickerion")
    assert problems(text, lang, allowed, english_only, _nominatives("trickerion")) == []


def test_plural_categories_follow_cldr():
    assert [plural_category(n, "en") for n in (0, 1, 2)] == ["other", "one", "other"]
    assert [plural_category(n, "fr") for n in (0, 1, 2, 1_000_000)] == [
        "one",
        "one",
        "other",
        "many",
    ]
    assert [plural_category(n, "ru") for n in (0, 1, 2, 5, 11, 21, 22, 111, 1.5)] == [
        "many",
        "one",
        "few",
        "many",
        "many",
        "one",
        "few",
        "many",
        "other",
    ]


# --- the person at the screen: "You gain 3 coins" -----------------------------------------------

# A seat param holding a list of seats (an initiative order) names the person among them with
# the pronoun ("Player 2 and you", term.seat.you); checked to be a list in the real games.
SEAT_LISTS = frozenset({"order"})


def _unaddressed(node: _Node, spoken: frozenset[str] = frozenset()):
    """The seat fields of a parsed template that would name the person at the screen by the
    pronoun in a sentence about them: outside the ``other`` branch of a ``{p, select, you
    {…} other {…}}`` on their own param ``p`` (``spoken``: the params whose other branch this
    is), or inside its ``you`` branch."""
    for child in node.children:
        if isinstance(child, _Field):
            kind = child.parts[0] if child.parts else None
            if kind == "seat" and child.name not in spoken and child.name not in SEAT_LISTS:
                yield child.name
        elif isinstance(child, _Branch):
            you = child.how == "select" and any(key == "you" for key, _ in child.branches)
            for key, sub in child.branches:
                inner = spoken
                if you:
                    inner = spoken - {child.name} if key == "you" else spoken | {child.name}
                yield from _unaddressed(sub, inner)
        elif isinstance(child, _List):
            for sub in child.items:
                yield from _unaddressed(sub, spoken)


def _every_catalog() -> list[str]:
    return sorted({"engine.core"} | {game_package(cls) for cls in GAMES})


def test_every_sentence_about_a_seat_has_its_second_person_form():
    """The log speaks to the person at the screen (engine.bridge.seats: ``Table.addressed``):
    every message naming a seat words that seat's sentence for them too ("You gain 3 coins",
    «Вы получаете», «Vous gagnez»), in each language."""
    missing, spoken = [], 0
    for package in _every_catalog():
        for code, entry in catalog(package).items():
            if code.startswith("noun."):
                continue
            for lang in LANGS:
                template = entry.get(lang)
                if template is None:
                    missing.append((package, code, lang, "no text"))
                    continue
                missing += [(package, code, lang, p) for p in _unaddressed(parse(template))]
                spoken += "you {" in template
    assert not missing, "\n".join(map(str, missing[:40]))
    assert spoken >= 3 * 80  # Trickerion's and The Magnificent's events, in three languages


@pytest.mark.parametrize(
    ("template", "found"),
    [
        ("{seat:seat} gains 3 coins.", ["seat"]),
        ("{seat, select, you {{seat:seat} gains} other {{seat:seat} gains}}", ["seat"]),
        ("{seat, select, you {You gain} other {{seat:seat} gains}} from {from:seat}.", ["from"]),
        ("{n, plural, one {{seat:seat} gains} other {{seat:seat} gain}}", ["seat", "seat"]),
        ("{seat, select, you {You gain} other {{seat:seat} gains}} [[{n}|~nothing]].", []),
        ("Initiative order: {order:seat}.", []),
    ],
)
def test_the_second_person_check_sees_a_sentence_left_in_the_third(template, found):
    assert list(_unaddressed(parse(template))) == found


@pytest.mark.parametrize("game_id", [cls.id for cls in GAMES])
def test_a_list_of_seats_is_a_list(game_id):
    """The params left to the pronoun (``SEAT_LISTS``) hold lists in the real games."""
    match = _played(game_id)[0]
    for events in match.events:
        for e in events:
            for name in SEAT_LISTS & set(e.params):
                assert isinstance(e.params[name], list), (e.code, name, e.params[name])
