"""The page's JSON door into the engine, exercised without a browser."""

from __future__ import annotations

import json

import pytest

import tinygame  # noqa: F401  (registers "tiny")
from engine.bridge import Bridge
from engine.core.levels import BUDGET_CAP, UNTIMED, LevelBot
from engine.core.match import Match
from engine.core.presenter import presenter_of


def call(bridge: Bridge, method: str, **args):
    return json.loads(bridge.call(method, json.dumps(args)))


def new(bridge: Bridge, **extra):
    return call(
        bridge,
        "new",
        game="tiny",
        players=2,
        seed=3,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}],
        viewer=0,
        **extra,
    )


def test_lists_games_and_starts_a_table():
    b = Bridge()
    assert "tiny" in [g["id"] for g in call(b, "games")]
    snap = new(b)
    assert snap["to_act"] == {"kind": "players", "seats": [0, 1]}
    assert [a["action"] for a in snap["legal"]] == [{"type": "pick", "n": n} for n in (1, 2, 3)]
    assert "rng" not in snap["view"]


def test_errors_come_back_translated_and_leave_the_table_alone():
    b = Bridge()
    before = new(b)["hash"]
    err = call(b, "act", seat=0, action={"type": "pick", "n": 9}, lang="ru")["error"]
    assert err["code"] == "tiny.pick.range"
    err = call(b, "act", seat=1, action={"type": "pick", "n": 1})["error"]
    assert err["code"] == "bridge.seat_is_bot" and "bot" in err["message"]
    err = call(b, "act", seat=0, action={"type": "fly"})["error"]
    assert err["code"] == "bridge.bad_action"
    assert call(b, "nonsense")["error"]["code"] == "bridge.unknown_method"
    assert call(b, "snapshot", viewer=0)["hash"] == before


def test_bots_and_chance_advance_one_step_at_a_time():
    b = Bridge()
    new(b)
    call(b, "act", seat=0, action={"type": "pick", "n": 2})
    snap = call(b, "step", viewer=0)
    assert snap["moved"] and snap["step"] == 2
    snap = call(b, "step", viewer=0)  # the die
    assert snap["moved"] and snap["log"][-1]["code"] == "tiny.rolled"
    assert call(b, "step", viewer=0)["moved"]  # the bot's secret pick of round 2
    assert call(b, "step", viewer=0)["moved"] is False  # now only the human may act


def test_undo_and_its_refusal_are_reported():
    b = Bridge()
    new(b)
    snap = call(b, "act", seat=0, action={"type": "pick", "n": 2})
    assert snap["can_undo"]
    snap = call(b, "undo", seat=0)
    assert snap["step"] == 0 and snap["undo_refusal"]["code"] == "core.undo.nothing"


def test_save_and_load_restore_the_table_and_seats():
    b = Bridge()
    new(b)
    call(b, "act", seat=0, action={"type": "pick", "n": 3})
    saved = call(b, "save")
    other = Bridge()
    snap = call(other, "load", text=saved["text"], viewer=0)
    assert snap["hash"] == call(b, "snapshot", viewer=0)["hash"]
    assert snap["seats"][1]["kind"] == "bot" and snap["seats"][0]["name"] == "Ann"


def test_a_bad_load_keeps_the_game_in_progress():
    b = Bridge()
    before = new(b)["hash"]
    err = call(b, "load", text='{"format": "something-else"}')["error"]
    assert err["code"] == "save.foreign"
    assert call(b, "snapshot", viewer=0)["hash"] == before


def test_log_is_rendered_in_the_requested_language():
    b = Bridge()
    new(b)
    call(b, "act", seat=0, action={"type": "pick", "n": 2})
    assert call(b, "snapshot", viewer=0, lang="fr")["log"][0]["text"] == "Le joueur 0 a choisi 2."


def test_a_remembered_log_line_is_the_line_rendered_afresh():
    """The door remembers the log's lines (every snapshot carries the whole log): a line read
    again in another language, under other seat names or at a new table of the same game is
    that table's own line, as a door that never saw the game before renders it."""

    def lines(b: Bridge, names: tuple[str, str], lang: str) -> list[str]:
        seats = [{"kind": "bot", "bot": "random", "name": n} for n in names]
        call(b, "new", game="magnificent", players=2, seed=3, seats=seats, lang=lang)
        for _ in range(30):
            snap = call(b, "step", lang=lang)
        return [e["text"] for e in snap["log"]]

    door = Bridge()
    seen = set()
    for names, lang in ((("Ann", "Bo"), "en"), (("Ann", "Bo"), "fr"), (("Cy", "Di"), "en")):
        texts = lines(door, names, lang)
        assert texts == lines(Bridge(), names, lang)
        assert any(names[0] in t for t in texts)
        seen.add(tuple(texts))
    assert len(seen) == 3


def test_a_remembered_label_is_the_label_of_the_tables_own_pack():
    """A box owner's Magnificent pack names the artists otherwise: a door that played the
    shipped pack labels the owner's table's moves as a door that never saw the shipped one."""
    from engine.games.magnificent import components as C

    data = json.loads(C.shipped_bytes())
    for names in data["artist_names"].values():
        names.update({lang: f"{name} II" for lang, name in names.items()})
    own = {C.PACK_ID: json.dumps(data)}

    def labels(b: Bridge, packs: dict[str, str] | None) -> list[list[str]]:
        seats = [{"kind": "human", "name": n} for n in ("Ann", "Bo")]
        snap = call(b, "new", game="magnificent", players=2, seed=3, seats=seats, packs=packs)
        seen = []
        while len(seen) < 25:
            if snap["to_act"]["kind"] != "players":
                snap = call(b, "step")
                continue
            seat = snap["to_act"]["seats"][0]
            legal = call(b, "snapshot", viewer=seat)["legal"]
            seen.append([e["label"] for e in legal])
            snap = call(b, "act", seat=seat, action=legal[len(legal) // 2]["action"])
        return seen

    door = Bridge()
    shipped = labels(door, None)
    owners = labels(Bridge(), own)
    assert shipped != owners  # the pack's names are in the labels
    assert labels(door, own) == owners


def test_a_snapshot_carries_the_log_lines_the_page_does_not_hold():
    """A call that says it holds the last snapshot's log (``log_held``, as web/ui/bridge.js
    does) gets the lines after those it shares with it; put together they are the whole log a
    call without it gets: through moves, chance, an undo, each hotseat player's view, another
    language, a new game. A held log that is not the last one sent gets the whole log."""
    b, plain = Bridge(), Bridge()
    seats = [{"kind": "human", "name": n} for n in ("Ann", "Bo")]
    args = {"game": "magnificent", "players": 2, "seed": 3, "seats": seats, "viewer": 0}
    held, shared, snap = [], 0, {"log_id": None}

    def both(method: str, **extra) -> dict:
        nonlocal held, shared, snap
        snap = call(b, method, log_held=snap["log_id"], **extra)
        theirs = call(plain, method, **extra)
        assert theirs["log_from"] == 0
        held = held[: snap["log_from"]] + snap["log"]
        assert held == theirs["log"]
        shared += snap["log_from"]
        return theirs

    theirs = both("new", **args)
    for i in range(40):
        lang = "fr" if i % 10 == 9 else "en"
        to = theirs["to_act"]
        if to["kind"] != "players":
            theirs = both("step", viewer=theirs["viewer"], lang=lang)
        elif i == 20:
            theirs = both("undo", seat=to["seats"][0], lang=lang)
        else:
            seat = to["seats"][0]
            action = call(plain, "snapshot", viewer=seat)["legal"][0]["action"]
            theirs = both("act", seat=seat, action=action, lang=lang)
    assert shared > 0  # the lines held were not sent again
    assert call(b, "snapshot", viewer=0, log_held=snap["log_id"] - 1)["log_from"] == 0
    assert both("new", **args)["log"] == held


def test_rng_check_matches_the_golden_stream():
    assert call(Bridge(), "rng_check", seed=2026)["dice"] == [2, 6, 3, 1, 4, 4, 1, 2, 3, 3]


def test_selfplay_is_deterministic_and_leaves_the_table_alone():
    b = Bridge()
    before = new(b)["hash"]
    first = call(b, "selfplay", game="tiny", players=3, seed=11)
    assert first == call(Bridge(), "selfplay", game="tiny", players=3, seed=11)
    assert first["decisions"] == 6 and len(first["hash"]) == 64
    assert call(b, "snapshot", viewer=0)["hash"] == before


def test_why_tells_the_refusal_of_an_action_without_playing_it():
    b = Bridge()
    before = new(b)["hash"]
    assert call(b, "why", seat=0, action={"type": "pick", "n": 1}) is None
    why = call(b, "why", seat=0, action={"type": "pick", "n": 9}, lang="ru")
    assert why["code"] == "tiny.pick.range" and why["message"]
    assert (
        call(b, "why", seat=5, action={"type": "pick", "n": 1})["error"]["code"]
        == "bridge.bad_seat"
    )
    assert call(b, "why", seat=0, action={"type": "fly"})["error"]["code"] == "bridge.bad_action"
    assert call(b, "snapshot", viewer=0)["hash"] == before


def test_labels_are_remembered_per_language_and_match_the_catalog():
    from engine.core.i18n import action_label

    b = Bridge()
    snap = new(b)
    game = b.table.match.game
    legal = b.table.match.legal(0)
    for lang in ("en", "ru", "fr"):
        again = call(b, "snapshot", viewer=0, lang=lang)
        assert [a["label"] for a in again["legal"]] == [action_label(game, a, lang) for a in legal]
    assert [a["label"] for a in call(b, "snapshot", viewer=0)["legal"]] == [
        a["label"] for a in snap["legal"]
    ]


def test_actions_a_board_builds_with_a_form_are_counted_not_listed():
    """Presenter.form_actions (the Oracle's companion throw: 984 entries) stay legal but the
    snapshot names them in ``formed`` instead of sending each one labelled."""
    b = Bridge()
    snap = call(b, "new", game="oracle", players=1, options={"mode": "companion"}, seed=1, viewer=0)
    legal = b.table.match.legal(0)
    assert snap["formed"] == {"enter_roll": sum(type(a).__name__ == "EnterRoll" for a in legal)}
    assert snap["formed"]["enter_roll"] > 900  # every physical throw that may be entered
    assert all(a["action"]["type"] != "enter_roll" for a in snap["legal"])
    assert [e["index"] for e in snap["legal"]] == list(range(len(snap["legal"])))
    throw = {"type": "enter_roll", "halves": [0, 1, 0, 1, 0], "dice": [3, 2], "coin": "tree"}
    assert call(b, "why", seat=0, action=throw) is None
    assert call(b, "act", seat=0, action=throw)["view"]["phase"] == "act"


def test_game_data_returns_a_games_shipped_packs():
    b = Bridge()
    data = call(b, "game_data", game="trickerion")
    assert {"tricks", "board", "performances", "magicians"} <= set(data)
    assert data["tricks"]["tricks"][0]["id"].startswith("t01_")
    assert call(b, "game_data", game="tiny") == {}  # a game without a data folder
    assert call(b, "game_data", game="nope")["error"]["code"] == "options.unknown_game"


def test_a_seat_the_game_plays_itself_shows_as_its_automaton_named_in_the_language():
    b = Bridge()
    seats = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    snap = call(
        b, "new", game="trickerion-solo", players=2, seed=1, seats=seats, viewer=0, lang="ru"
    )
    assert snap["seats"][0] == {"kind": "human", "bot": "random", "name": "Ann"}
    assert snap["seats"][1]["kind"] == "automaton"
    assert snap["seats"][1]["name"] == "Преемник Далгарда"
    assert call(b, "snapshot", viewer=0, lang="en")["seats"][1]["name"] == "Dahlgaard's Successor"
    # the table stores the kind the game gives the seat, never the lobby's "bot" or "human"
    saved = json.loads(call(b, "save")["text"])
    assert [s["kind"] for s in saved["table"]["seats"]] == ["human", "automaton"]
    # a game between players is untouched
    assert [s["kind"] for s in new(b)["seats"]] == ["human", "bot"]


def test_scoring_categories_come_with_translated_labels():
    from engine.bridge.snapshot import score_label
    from engine.core import registry

    game = registry.get("trickerion")(2)
    assert score_label(game, "fame", "ru") == "Слава"
    assert score_label(game, "apprentices", "fr") == "Apprentis"
    # a category per card is named by the game, in the official edition's words
    assert score_label(game, "trick:t09_mutilation", "en") == presenter_of(game).term_name(
        "trick", "t09_mutilation", "en"
    )
    assert score_label(game, "trick:t09_mutilation", "en") != "trick:t09_mutilation"
    assert score_label(game, "something_new", "en") == "Something new"

    b = Bridge()
    call(b, "new", game="tiny", players=2, seed=1, seats=[{"kind": "bot"}, {"kind": "bot"}])
    while not (snap := call(b, "step"))["result"]:
        assert snap["moved"]
    assert snap["result"]["labels"] == {"total": "Total"}


def test_the_log_names_seats_as_the_table_does():
    # two people (one alone at the screen is spoken to: the next tests) and a bot
    seats = [
        {"kind": "human", "name": "Ann"},
        {"kind": "human", "name": "Bo"},
        {"kind": "bot", "bot": "random"},
    ]
    texts = " ".join(_played_log(Bridge(), "trickerion", 3, seats, "fr"))
    assert "Ann" in texts and "Bo" in texts and "Robot 3" in texts
    assert "Joueur 1" not in texts and "Joueur 3" not in texts


def _played_log(b: Bridge, game: str, players: int, seats: list, lang: str) -> list[str]:
    """A few turns of ``game`` at a table of ``seats``, every human playing its first move;
    the log's lines in ``lang`` as the first human sees them."""
    snap = call(b, "new", game=game, players=players, seed=2, seats=seats, viewer=0, lang=lang)
    for _ in range(60):
        to = snap["to_act"]
        humans = [s for s in to["seats"] if seats[s]["kind"] == "human"]
        if to["kind"] == "players" and humans:
            snap = call(b, "snapshot", viewer=humans[0], lang=lang)
            snap = call(b, "act", seat=humans[0], action=snap["legal"][0]["action"], lang=lang)
        else:
            snap = call(b, "step", viewer=0, lang=lang)
    return [e["text"] for e in call(b, "snapshot", viewer=0, lang=lang)["log"]]


YOU = {"en": "You ", "ru": "Вы ", "fr": "Vous "}
THIRD = {"en": "Player 1 ", "ru": "Игрок 1 ", "fr": "Joueur 1 "}


@pytest.mark.parametrize("lang", ["en", "ru", "fr"])
@pytest.mark.parametrize(("game", "players"), [("trickerion", 2), ("magnificent", 2)])
def test_the_log_speaks_to_the_one_person_at_a_table_of_bots(game, players, lang):
    """The page calls the one unnamed person at a table of bots "You" (web/ui/seats.js): the
    log says "You take…" of them, not "Player 1 takes…"; the bots stay in the third person."""
    seats = [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
    lines = _played_log(Bridge(), game, players, seats, lang)
    ours = [t for t in lines if t.startswith(YOU[lang])]
    assert len(ours) >= 3, lines
    assert not [t for t in lines if THIRD[lang] in t], lines
    assert any(t.startswith(THIRD[lang].replace("1", "2")) or "2 " in t for t in lines)


def test_the_log_keeps_the_third_person_among_several_people_and_speaks_to_a_named_one():
    """Two people share the screen and its log: each stays "Player N", read the same whoever
    holds the device. One person who typed a name sees it on their seat, and the log still
    speaks to them."""
    two = [{"kind": "human"}, {"kind": "human"}]
    lines = _played_log(Bridge(), "trickerion", 2, two, "en")
    assert any(t.startswith("Player 1 ") for t in lines) and any("Player 2 " in t for t in lines)
    # (but for the line only its owner reads, "You give your Magician…", written to them)
    lines = [t for t in lines if not t.startswith("You give your ")]
    assert not [t for t in lines if t.startswith("You ")], lines
    named = [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "random"}]
    lines = _played_log(Bridge(), "trickerion", 2, named, "en")
    assert any(t.startswith("You learn ") for t in lines)
    assert not [t for t in lines if "Ann" in t], lines


def test_a_solo_review_speaks_to_the_person_too():
    """The review of a solo game reads its log as the table did."""
    b = Bridge()
    seats = [{"kind": "human"}, {"kind": "automaton"}]
    lines = _played_log(b, "trickerion-solo", 2, seats, "fr")
    assert any(t.startswith("Vous ") for t in lines), lines
    review = call(b, "review", viewer=0, lang="fr")
    texts = [e["text"] for e in review["review"]["log"]]
    assert any(t.startswith("Vous ") for t in texts), texts
    assert not [t for t in texts if "Joueur 1" in t], texts


def test_a_hint_is_the_hard_bots_best_moves_indexed_into_the_snapshot():
    b = Bridge()
    snap = call(b, "new", game="oracle", players=1, seed=5, seats=[{"kind": "human"}], viewer=0)
    while 0 not in snap["to_act"]["seats"]:
        snap = call(b, "step", viewer=0)
    assert snap["hints"] is True
    hints = call(b, "hint", seat=0, lang="fr")
    assert len(hints) == 3
    assert len({json.dumps(h["action"], sort_keys=True) for h in hints}) == 3
    for h in hints:
        listed = snap["legal"][h["index"]]
        assert listed["action"] == h["action"]
        assert h["label"] == call(b, "snapshot", viewer=0, lang="fr")["legal"][h["index"]]["label"]
        assert h["score"] > 0 and h["loss"] >= 0  # points: the expected final score
    assert hints[0]["loss"] == 0 and [h["loss"] for h in hints] == sorted(h["loss"] for h in hints)
    # what the best move is for (issue #34), translated as the log is; only the best says it
    why = hints[0]["why"]
    assert why["text"] == call(b, "render", code=why["code"], params=why["params"], lang="fr")
    assert why["code"].startswith("ui.hint.why.oracle.") and why["text"] != why["code"]
    assert all(h["why"] is None for h in hints[1:])
    assert call(b, "hint", seat=0, lang="fr") == hints  # a function of the position
    assert call(b, "snapshot", viewer=0)["hash"] == snap["hash"]  # the table is untouched


def test_a_hint_asked_again_at_the_same_position_is_the_ranking_already_given(monkeypatch):
    """A time-budgeted hard may play fewer futures when asked again (issue #32): the bridge
    answers a second asking at the same position and seat with its first ranking, and ranks
    anew once the position has changed."""
    from engine.bridge import door

    asked = []
    real = door.search_hint

    def counted(game, state, seat, *args, **kwargs):
        asked.append(state)
        return real(game, state, seat, *args, **kwargs)

    monkeypatch.setattr(door, "search_hint", counted)
    b = Bridge()
    snap = call(b, "new", game="oracle", players=1, seed=5, seats=[{"kind": "human"}], viewer=0)
    while 0 not in snap["to_act"]["seats"]:
        snap = call(b, "step", viewer=0)
    first = call(b, "hint", seat=0, lang="en")
    assert call(b, "hint", seat=0, lang="ru")[0]["action"] == first[0]["action"]
    assert len(asked) == 1
    call(b, "act", seat=0, action=first[0]["action"])
    snap = call(b, "snapshot", viewer=0)
    while 0 not in snap["to_act"]["seats"]:
        snap = call(b, "step", viewer=0)
    call(b, "hint", seat=0, lang="en")
    assert len(asked) == 2 and asked[1] is not asked[0]


def test_hints_are_refused_when_off_for_the_table_or_for_another_seat():
    b = Bridge()
    snap = new(b, hints=False)
    assert snap["hints"] is False
    assert call(b, "hint", seat=0)["error"]["code"] == "bridge.hints_off"
    assert call(b, "hint", seat=1)["error"]["code"] == "bridge.seat_is_bot"
    assert call(b, "hint", seat=7)["error"]["code"] == "bridge.bad_seat"
    # the setting travels with the saved table
    text = call(b, "save")["text"]
    assert json.loads(text)["table"]["hints"] is False
    b2 = Bridge()
    assert call(b2, "load", text=text, viewer=0)["hints"] is False
    assert call(b2, "hint", seat=0)["error"]["code"] == "bridge.hints_off"


def test_a_game_without_the_hard_level_has_no_hints():
    b = Bridge()
    snap = new(b)  # "tiny" has no search levels
    assert snap["hints"] is False
    err = call(b, "hint", seat=0, lang="ru")["error"]
    assert err["code"] == "bridge.hints_unavailable" and err["message"] != err["code"]


def test_a_save_without_the_hint_setting_allows_hints():
    b = Bridge()
    new(b)
    saved = json.loads(call(b, "save")["text"])
    del saved["table"]["hints"]
    snap = call(Bridge(), "load", text=json.dumps(saved), viewer=0)
    assert "error" not in snap


def test_every_games_snapshot_decodes_as_the_page_contract():
    """The page reads ``Snapshot``'s fields (engine/bridge/snapshot.py): each method's answer
    decodes as the Struct, unknown fields refused, and encodes back to the very same JSON."""
    import msgspec

    from engine.bridge.snapshot import Snapshot
    from engine.core import registry

    def contract(b: Bridge, method: str, **args):
        text = b.call(method, json.dumps(args))
        snap = msgspec.json.decode(text, type=Snapshot)
        assert msgspec.json.decode(msgspec.json.encode(snap)) == json.loads(text)
        return snap

    for cls in registry.all_games():
        b = Bridge()
        players = cls.seating.fewest
        seats = [{"kind": "human"}] + [{"kind": "bot"}] * (players - 1)
        snap = contract(b, "new", game=cls.id, players=players, seed=4, seats=seats, viewer=0)
        for _ in range(30):
            snap = contract(b, "step", viewer=0, lang="fr")
            if not snap.moved and snap.legal:
                snap = contract(b, "act", seat=0, action=snap.legal[-1].action, viewer=0)
        assert snap.step > 0 and snap.log, cls.id
        call(b, "automation", enabled=True)
        assert contract(b, "snapshot", viewer=0).seed == 4
        call(b, "automation", enabled=False)
        if snap.can_undo:
            contract(b, "undo", seat=0, viewer=0)
        assert contract(b, "load", text=call(b, "save")["text"], viewer=0).loaded
        assert contract(b, "review", viewer=None).review
        assert contract(b, "review_at", step=1, viewer=0, full_log=True).review_log

    b = Bridge()
    call(b, "new", game="tiny", players=2, seed=1, seats=[{"kind": "bot"}, {"kind": "bot"}])
    while not (snap := contract(b, "step")).result:
        assert snap.moved
    assert contract(b, "review").review.over
    assert contract(b, "fork", step=2).forked.steps == 2


def test_automation_caps_the_timed_levels_budget_while_it_is_on(monkeypatch):
    """The e2e suite plays whole games against hard and expert with a shorter budget (the
    same timed path); the cap goes with automation mode, and a budget of nothing is refused."""
    monkeypatch.delenv(UNTIMED)
    monkeypatch.delenv(BUDGET_CAP, raising=False)
    game = Match.new("trickerion", 2, seed=1).game
    b = Bridge()
    own = LevelBot(1, "expert").plan(game).seconds
    assert own is not None and own > 0.05
    assert call(b, "automation", enabled=True, bot_seconds=0.05) == {
        "automation": True,
        "bot_seconds": 0.05,
    }
    assert LevelBot(1, "expert").plan(game).seconds == 0.05
    assert call(b, "automation", enabled=False, bot_seconds=0.05)["bot_seconds"] is None
    assert LevelBot(1, "expert").plan(game).seconds == own
    refused = call(b, "automation", enabled=True, bot_seconds=0)
    assert refused["error"]["code"] == "bridge.bad_args"
    assert LevelBot(1, "expert").plan(game).seconds == own
