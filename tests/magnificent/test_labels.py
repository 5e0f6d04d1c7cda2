"""Every label the page lists and every log line of seeded games, in English, Russian and French,
read as a person reads them (issue #20): no 0-based number, no raw catalog key or unfilled
field, no rule id, no article error. The games go through the bridge, as the page gets them:
every seat is a person at the screen, playing random legal moves, so every kind of choice comes
up; each snapshot's labels are those of the seat to act.

Also: what a choice gives, computed by the engine before the click (a stop's tent and gems,
a gem into a full storage, a card's points, a perform with nothing to perform), and refusals
in words and numbers."""

from __future__ import annotations

import json
import re

import pytest
from seated import Seated

from engine.bridge import Bridge
from engine.core.bots import make_bot
from engine.core.copier import copy_state
from engine.core.errors import IllegalAction
from engine.core.presenter import presenter_of
from engine.games.magnificent import actions as A
from engine.games.magnificent import labels, travel
from engine.games.magnificent.turn import ap

LANGS = ("en", "ru", "fr")
GAMES = [
    ("magnificent", 2, {}, 3),
    ("magnificent", 2, {}, 8),
    ("magnificent", 3, {"advanced": True}, 5),
    ("magnificent-solo", 1, {}, 4),
]

RAW_KEY = re.compile(r"\b(?:ui|mag|term|action|noun|core|options|bridge)\.[a-z_]+")
FIELD = re.compile(r"\{[a-z_]+(?:[:,}])")
RULE_ID = re.compile(r"\b[RABKCDST]\d{1,3}\b")
ZERO_INDEX = {
    "en": r"\b(?:level|card|slot|slots|space|pair|column|row|orientation|die|poster|from|to) 0\b"
    r"|\d+,\d+ \(\d+\)",
    "ru": r"(?<!\w)(?:уровень строительства|карт[ау]|ячейк[уеи]|ячейках|делени[ея]|пар[ау]|столбец"
    r"|ряд|поворот|кубик|афиш[ау]|с|на) 0\b|\d+,\d+ \(\d+\)",
    "fr": r"\b(?:niveau|carte|emplacement|emplacements|case|paire|colonne|rangée|orientation|dé"
    r"|affiche|de|à) 0\b|\d+,\d+ \(\d+\)",
}
ARTICLE = {
    # (and a camp tile placed with none: "You place small purple camp tile")
    "en": r"\b[Aa] (?=[aeiouAEIOU])|\b[Aa]n (?=[^aeiouAEIOU\W])|\b[Pp]laces? (?:small|large)\b",
    "ru": r"(?!)",
    "fr": r"\b(?:de|à) (?:le|les)\b|\b(?:le|la) (?=[aeiouéèh])|\bune dé\b|\bun gemme\b",
}


def problems(text: str, lang: str) -> list[str]:
    found = []
    for name, pattern in (
        ("raw key", RAW_KEY),
        ("unfilled field", FIELD),
        ("rule id", RULE_ID),
        ("0-based number", re.compile(ZERO_INDEX[lang], re.IGNORECASE)),
        ("article", re.compile(ARTICLE[lang])),
    ):
        if pattern.search(text):
            found.append(f"{name}: {text!r}")
    return found


def played(game: str, players: int, options: dict, seed: int, lang: str):
    """Snapshots of a seeded game where every seat is a person choosing random legal moves."""
    table = Bridge()
    table.automation = True  # any seat's view, as the seat to act sees it

    def call(method: str, **args) -> dict:
        out = json.loads(table.call(method, json.dumps(args)))
        assert "error" not in out, out
        return out

    seats = [{"kind": "human"}] * players
    snap = call(
        "new", game=game, players=players, options=options, seed=seed, seats=seats, lang=lang
    )
    match = table.table.match
    person = {s: make_bot(match.game, "random", seed + s) for s in range(players)}
    for _ in range(5000):
        to = snap["to_act"]
        if to["kind"] == "terminal":
            yield snap
            return
        if to["kind"] != "players":
            snap = call("step", lang=lang)
            continue
        seat = to["seats"][0]
        snap = call("snapshot", viewer=seat, lang=lang)
        yield snap
        action = person[seat].choose(match.game, match.state, seat, match.legal(seat))
        snap = call(
            "act",
            seat=seat,
            action=match.game.codec.action_to_builtins(action),
            viewer=seat,
            lang=lang,
        )
    raise AssertionError("no end within 5000 steps")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game,players,options,seed", GAMES)
def test_every_label_and_log_line_reads_as_words(game, players, options, seed, lang):
    seen: set[str] = set()
    bad: list[str] = []
    last = None
    for snap in played(game, players, options, seed, lang):
        last = snap
        for entry in snap["legal"]:
            for text in (entry["label"], entry.get("warning") or ""):
                if text not in seen:
                    seen.add(text)
                    bad += problems(text, lang)
    assert last is not None
    for line in last["log"]:
        bad += problems(line["text"], lang)
    assert not bad, "\n".join(sorted(set(bad))[:30])
    assert len(seen) > 50  # the walk met many kinds of choice


@pytest.mark.parametrize("lang", LANGS)
def test_the_checks_catch_what_issue_20_saw(lang):
    """The patterns fail on the texts of the old catalog (a test that cannot fail proves
    nothing)."""
    old = {
        "en": [
            "Build level 0",
            "Place large green camp tile at 0,0 (0)",
            "Player 1 takes a orange die showing 3",
            "That move is not allowed now (rule R31: action)",
            "… ui.mgn.colour.null",
            "You place small purple camp tile.",
        ],
        "ru": ["Уровень строительства 0", "Положить маленький зелёный фрагмент в 0,0 (0)"],
        "fr": ["Niveau 0", "Poser petite tuile de camp verte en 0,0 (0)", "déplace de 0 à 3"],
    }[lang]
    for text in old:
        assert problems(text, lang), text


def _game_at(predicate, seeds=range(1, 40), players: int = 2):
    """The first position of seeded random games where ``predicate(game, state, seat)``."""
    for seed in seeds:
        for match, seat in _random_positions(seed, 3000, players):
            if predicate(match.game, match.state, seat):
                return match.game, match.state, seat
    raise AssertionError("no such position in the seeded games")


def test_a_travel_stop_names_its_tent_and_the_gems_on_the_way():
    def at_travel(game, s, seat):
        return s.phase == "turn" and not s.pending and s.turn.stage == "travel"

    game, s, seat = _game_at(at_travel)
    r = game.rules
    for a in game.legal_actions(s, seat):
        if not isinstance(a, A.Move):
            continue
        pv = travel.preview(r, s, seat, a.distance)
        after, events = game.apply(s, seat, a)
        got = [e.params["gem"] for e in events if e.code == "mag.gem"]
        full = [e.params["gem"] for e in events if e.code == "mag.gem_to_coin"]
        assert list(pv.gems) == got and list(pv.full) == full
        tent = next((p.tent for p in after.pending if hasattr(p, "tent")), None)
        assert pv.tent == tent
        label = presenter_of(game).label_terms(s, a, seat)
        assert label["gems"] == pv.gems and label["tent"] == (pv.tent or "")


def test_a_gem_into_a_full_storage_says_it_becomes_a_coin():
    from engine.core.i18n import action_label

    game, s, seat = _game_at(lambda g, s, seat: bool(s.pending) and s.phase == "turn")
    s = copy_state(s)
    p = Seated(s, seat)
    cap = game.rules.boards[p.board].storage_per_type
    p.gems = {**p.gems, "orange": cap}
    label = action_label(
        game,
        A.PickGem("orange"),
        "en",
        presenter_of(game).label_terms(s, A.PickGem("orange"), seat),
    )
    assert label == "Take an orange gem — storage full: 1 coin instead"
    p.gems = {**p.gems, "orange": cap - 1}
    label = action_label(
        game,
        A.PickGem("orange"),
        "en",
        presenter_of(game).label_terms(s, A.PickGem("orange"), seat),
    )
    assert label == "Take an orange gem"


def test_a_perform_with_nothing_to_perform_warns_and_build_short_of_power_says_the_numbers():
    def act_stage(game, s, seat):
        return s.phase == "turn" and not s.pending and s.turn.stage == "act"

    def idle_perform(game, s, seat):
        return (
            act_stage(game, s, seat)
            and A.Choose("perform") in game.legal_actions(s, seat)
            and (labels.performable(game.rules, s, seat) == 0)
        )

    game, s, seat = _game_at(idle_perform)
    warning = game.presenter(game).action_warning(s, A.Choose("perform"), seat)
    assert warning is not None and warning[0] == "ui.mgn.why.perform_nothing"

    def no_build(game, s, seat):
        return act_stage(game, s, seat) and A.Choose("build") not in game.legal_actions(s, seat)

    game, s, seat = _game_at(no_build)
    with pytest.raises(IllegalAction) as info:
        game.apply(s, seat, A.Choose("build"))
    from engine.core.i18n import render

    text = render(info.value.code, info.value.params, "en", game)
    assert info.value.code in ("mag.refuse.power", "mag.refuse.supply"), text
    if info.value.code == "mag.refuse.power":
        need = info.value.params["need"]
        assert text.startswith(f"Build needs {need} power; you have {ap(s)}"), text
        assert text.endswith("(rule R33).")
        gems = s.players[seat].gems[s.turn.colour] + s.players[seat].gems["clear"]
        assert ("discard a gem first" in text) == (ap(s) + 2 * gems >= need), text


def test_perform_counts_a_poster_a_trainer_marker_makes_ready():
    """R52 with T10: the guide's third turn holds Kimora (needs a large orange camp tile, none
    built) and a trainer marker for "ignore one camp tile", which goes on only after Perform is
    chosen; so before it the label must count Kimora, and only one poster in all, since the one
    ignored tile cannot serve both posters (the starting one wants a small purple tile)."""
    import msgspec

    from engine.core.match import Match
    from engine.guides import human_seat, load

    guide = load("magnificent")
    seat = human_seat(guide)
    match = Match.new("magnificent", 2, guide.options, guide.seed)
    game = match.game
    perform_at = next(
        i
        for i, m in enumerate(guide.script)
        if m.seat == seat and m.action == {"type": "action", "action": "perform"}
    )
    for move in guide.script[:perform_at]:
        while match.to_act().kind != "players":
            match.auto_step()
        match.act(move.seat, game.codec.action_from_builtins(move.action))
    s = match.state
    assert s.players[seat].markers > 0 and "t10_ignore_fragment" in s.players[seat].tiles
    assert labels.performable(game.rules, s, seat) == 1
    players = list(s.players)
    players[seat] = msgspec.structs.replace(players[seat], markers=0)
    bare = msgspec.structs.replace(s, players=players)
    assert labels.performable(game.rules, bare, seat) == 0
    for move in guide.script[perform_at : perform_at + 2]:  # Perform, then the marker on T10
        match.act(move.seat, game.codec.action_from_builtins(move.action))
    assert match.state.turn.ignore == 1
    assert labels.performable(game.rules, match.state, seat) == 1  # not 2: one ignore in all


@pytest.mark.parametrize("seed", [2, 6])
def test_a_greyed_choice_says_why_in_words_in_three_languages(seed):
    """The probes the board asks about when pointed at (an action button, a build level, a die,
    a trainer space) get the player's reason, never the bare rule of old ("rule R31: action")."""
    from engine.core.i18n import render

    codes: set[str] = set()
    bad: list[str] = []
    for match, seat in _random_positions(seed, 600):
        game, s = match.game, match.state
        if s.phase == "turn":
            legal = game.legal_actions(s, seat)
            probes = [A.Choose(x) for x in ("build", "travel", "perform")]
            probes += [A.Level(i) for i in range(8)]
            probes += [A.TakeDie(d.id, 0) for d in s.tent_dice[:2]]
            probes += [A.Marker(sp) for sp in game.rules.board_spaces]
            for probe in probes:
                if probe in legal:
                    continue
                with pytest.raises(IllegalAction) as info:
                    game.apply(s, seat, probe)
                codes.add(info.value.code)
                for lang in LANGS:
                    text = render(info.value.code, info.value.params, lang, game)
                    bad += [p for p in problems(text, lang) if not p.startswith("rule id")]
                    if "not allowed now" in text or not re.search(r"\w{4,}", text):
                        bad.append(text)
    assert not bad, bad[:20]
    assert {"mag.refuse.power", "mag.refuse.not_now"} <= codes, codes


def test_a_build_with_every_fragment_placed_asks_for_the_extras_not_the_placing():
    """After a Build's last fragment is placed the turn keeps the stage ``place`` while only
    extras (a Master Card's bonus, a trainer marker) and End are left: the prompt and the
    refusal of a second action say so, not "Place your camp tiles" (R31, R34)."""
    from engine.core.i18n import render
    from engine.games.magnificent.refusals import expected

    seen = 0
    for seed in (1, 2, 3):
        for match, seat in _random_positions(seed, 400):
            game, s = match.game, match.state
            if s.phase == "turn" and not s.pending and s.turn.stage == "place":
                placing = any(isinstance(a, (A.Place, A.Skip)) for a in match.legal(seat))
                assert expected(s) == ("place" if placing else "extras")
                if not placing:
                    seen += 1
                    with pytest.raises(IllegalAction) as info:
                        game.apply(s, seat, A.Choose("perform"))
                    assert info.value.params["stage"] == "extras"
                    text = render(info.value.code, info.value.params, "en", game)
                    assert "end the turn" in text and "Place your camp" not in text, text
    assert seen, "no Build ended with its fragments placed in these games"


def _random_positions(seed: int, steps: int, players: int = 2):
    """Each position of a game of random bots where a player is to act (the match and the
    seat), the bots' move played after the caller has looked; chance steps taken on the way."""
    from engine.core.match import Match

    match = Match.new("magnificent", players, {}, seed)
    game = match.game
    bots = {s: make_bot(game, "random", seed * 10 + s) for s in range(players)}
    for _ in range(steps):
        to = match.to_act()
        if to.kind == "terminal":
            return
        if to.kind != "players":
            match.auto_step()
            continue
        seat = to.seats[0]
        yield match, seat
        s = match.state
        match.act(seat, bots[seat].choose(game, s, seat, match.legal(seat)))
