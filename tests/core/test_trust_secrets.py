"""Issue 9, items 2–4: secrets that cannot be peeked through undo, the seed or the page's door.

docs/security.md states the policy these tests pin.
"""

from __future__ import annotations

import json

import pytest

import tinygame  # noqa: F401  (registers "tiny")
from engine.bridge import Bridge
from engine.core import IllegalAction, SaveError
from engine.core import save as savefile
from engine.core.bots import make_bot
from engine.core.match import SEED_LIMIT, Match, random_seed
from engine.games.trickerion.game import Trickerion

PRIVATE_DRAWS = ("trickerion.cards_seen", "trickerion.special_drawn")


def call(bridge: Bridge, method: str, **args):
    return json.loads(bridge.call(method, json.dumps(args)))


def hotseat(bridge: Bridge, seed=3, **extra):
    return call(
        bridge,
        "new",
        game="tiny",
        players=2,
        seed=seed,
        viewer=0,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "human", "name": "Bob"}],
        **extra,
    )


# --- item 2: undo stops after a private draw ---------------------------------------------------


def play_to_private_draw(options: dict) -> tuple[Match, int]:
    """Random play until a seat can draw hidden cards; that seat draws (its step is the last)."""
    g = Trickerion(2, options)
    m = Match(g, 3)
    bots = {s: make_bot(g, "random", 3 + s) for s in range(2)}
    while not m.terminal:
        if m.auto_step() is not None:
            continue
        seat = m.to_act().seats[0]
        legal = m.legal(seat)
        for action in legal:
            if any(e.code in PRIVATE_DRAWS for e in g.apply(m.state, seat, action)[1]):
                m.act(seat, action)
                return m, seat
        m.act(seat, bots[seat].choose(g, m.state, seat, legal))
    raise AssertionError("no private draw in the game")


@pytest.mark.parametrize(
    "options,kind",
    [
        ({}, "DrawCards"),  # the Dark Alley
        ({"fast_game": True}, "ChooseSpecialAssignment"),
    ],
)
def test_a_private_draw_cannot_be_undone(options, kind):
    m, seat = play_to_private_draw(options)
    assert type(m.steps[-1].action).__name__ == kind
    assert m.steps[-1].barrier == "reveal"
    assert m.undo_refusal(seat).code == "core.undo.reveal"
    with pytest.raises(IllegalAction):
        m.undo(seat)


def test_a_move_that_shows_nothing_new_can_still_be_undone():
    m = Match.new("tiny", 2, seed=3)
    m.act(0, m.legal(0)[1])  # a secret pick: private to its own seat, but nothing new to it
    assert m.undo_refusal(0) is None


def test_a_loaded_file_is_announced_to_the_table():
    """A file may hold any earlier position (docs/security.md): the bridge says the table
    comes from a file and how many steps it holds, for the page to tell every player."""
    b = Bridge()
    hotseat(b)
    call(b, "act", seat=0, action={"type": "pick", "n": 2})
    snap = call(Bridge(), "load", text=call(b, "save")["text"], viewer=0)
    assert snap["loaded"] == {"steps": 1}
    assert "loaded" not in call(b, "snapshot", viewer=0)


# --- item 3: seeds ----------------------------------------------------------------------------


def test_the_lobby_default_seed_comes_from_the_whole_64_bit_range(monkeypatch):
    b = Bridge()
    hotseat(b, seed=None)
    first = b.table.match.seed
    hotseat(b, seed=None)
    assert 0 <= first < SEED_LIMIT and b.table.match.seed != first
    monkeypatch.setattr("os.urandom", lambda n: b"\xff" * n)
    assert random_seed() == SEED_LIMIT - 1
    hotseat(b, seed=None)
    assert b.table.match.seed == SEED_LIMIT - 1


def test_a_seed_may_come_as_digits_for_javascript():
    b = Bridge()
    hotseat(b, seed=str(SEED_LIMIT - 1))
    assert b.table.match.seed == SEED_LIMIT - 1
    assert call(b, "new", game="tiny", players=2, seed="-5")["error"]["code"] == "core.bad_seed"
    assert (
        call(b, "new", game="tiny", players=2, seed=str(SEED_LIMIT))["error"]["code"]
        == "core.bad_seed"
    )


@pytest.mark.parametrize("seed", [SEED_LIMIT, SEED_LIMIT + 5, -1, 2**100, True, "12", 1.5])
def test_a_seed_outside_64_bits_is_refused_not_aliased(seed):
    with pytest.raises(IllegalAction) as err:
        Match.new("tiny", 2, seed=seed)
    assert err.value.code == "core.bad_seed"
    if seed != "12":  # digits as text are a seed for the page (JavaScript's numbers stop at 2^53)
        assert (
            call(Bridge(), "new", game="tiny", players=2, seed=seed)["error"]["code"]
            == "core.bad_seed"
        )


def test_a_save_with_a_seed_outside_64_bits_is_refused():
    m = Match.new("tiny", 2, seed=5)
    data = json.loads(savefile.dump(m))
    data["seed"] = SEED_LIMIT + 5  # the RNG would have played seed 5
    with pytest.raises(SaveError) as err:
        savefile.load(json.dumps(data))
    assert err.value.code == "save.invalid"


def test_no_seed_in_the_file_name_nor_in_any_view():
    b = Bridge()
    seed = 987654321987
    hotseat(b, seed=seed)
    snap = call(b, "snapshot", viewer=0)
    assert "seed" not in snap and str(seed) not in json.dumps(snap)
    assert str(seed) not in call(b, "save")["filename"]
    assert call(b, "save")["filename"] == "marquee-tiny-step0.json"


def test_the_save_records_the_table_and_says_it_is_a_full_record():
    b = Bridge()
    hotseat(b)
    data = json.loads(call(b, "save")["text"])
    assert data["table"] == {
        "seats": [
            {"kind": "human", "bot": "random", "name": "Ann"},
            {"kind": "human", "bot": "random", "name": "Bob"},
        ],
        "hints": True,
    }
    assert data["note"] == savefile.NOTE and "full record" in data["note"]


# --- item 4: the door answers for the humans at this screen ------------------------------------


def test_hash_is_what_the_viewer_sees_not_the_hidden_state():
    """Bob's secret pick (2 or 3) must not change what Ann's screen can compute."""
    a, b = Bridge(), Bridge()
    for bridge, n in ((a, 2), (b, 3)):
        hotseat(bridge)
        call(bridge, "act", seat=1, action={"type": "pick", "n": n}, viewer=0)
    assert call(a, "snapshot", viewer=0)["hash"] == call(b, "snapshot", viewer=0)["hash"]
    assert call(a, "snapshot", viewer=1)["hash"] != call(b, "snapshot", viewer=1)["hash"]
    for bridge in (a, b):
        call(bridge, "automation", enabled=True)
    assert call(a, "snapshot", viewer=0)["hash"] != call(b, "snapshot", viewer=0)["hash"]


def test_a_view_is_only_a_human_seats_or_the_spectators():
    b = Bridge()
    call(
        b,
        "new",
        game="tiny",
        players=2,
        seed=3,
        viewer=0,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "bot"}],
    )
    assert call(b, "snapshot", viewer=1)["error"]["code"] == "bridge.not_at_screen"
    assert call(b, "step", viewer=1)["error"]["code"] == "bridge.not_at_screen"
    assert call(b, "snapshot", viewer=7)["error"]["code"] == "bridge.bad_seat"
    assert call(b, "snapshot", viewer=None)["viewer"] is None  # the public view
    assert (
        call(b, "why", seat=1, action={"type": "pick", "n": 1})["error"]["code"]
        == "bridge.seat_is_bot"
    )
    assert call(b, "undo", seat=1)["error"]["code"] == "bridge.seat_is_bot"
    assert call(b, "automation", enabled=True) == {"automation": True, "bot_seconds": None}
    snap = call(b, "snapshot", viewer=1)
    assert snap["viewer"] == 1 and snap["seed"] == 3 and snap["automation"] is True
    assert snap["hash"] == b.table.match.game.codec.state_hash(b.table.match.state)
    assert call(b, "why", seat=1, action={"type": "pick", "n": 1}) is None


def test_why_about_the_automaton_is_refused_outside_automation():
    b = Bridge()
    call(
        b,
        "new",
        game="trickerion-solo",
        players=2,
        seed=3,
        viewer=0,
        seats=[{"kind": "human", "name": "Ann"}, {"kind": "human"}],
    )
    action = {"type": "successor_step", "step": "assign.2", "do": "plan"}
    assert call(b, "why", seat=1, action=action)["error"]["code"] == "bridge.seat_is_automaton"
    assert call(b, "snapshot", viewer=1)["error"]["code"] == "bridge.not_at_screen"


@pytest.mark.parametrize(
    "game_id,players,options,seed",
    [
        ("trickerion", 2, {}, 3),
        ("trickerion", 4, {}, 8),
        ("trickerion", 3, {"fast_game": True}, 5),
        ("trickerion-solo", 2, {}, 4),
        ("oracle", 1, {}, 2),
    ],
)
def test_every_step_undo_allows_shows_its_seat_nothing_hidden(game_id, players, options, seed):
    """For each step a seat may take back, the same action in a state that differs only in what
    that seat could not see (``Game.hidden_probe``) must leave the seat's view the same:
    otherwise the step showed it something, and undoing it would be a peek."""
    m = Match.new(game_id, players, options, seed=seed)
    g = m.game
    bots = {s: make_bot(g, "random", seed + s) for s in range(players)}
    checked = 0
    while not m.terminal:
        if m.auto_step() is not None:
            continue
        seat = m.to_act().seats[0]
        before = m.state
        action = bots[seat].choose(g, before, seat, m.legal(seat))
        m.act(seat, action)
        if m.undo_refusal(seat) is not None:
            continue
        seen = g.view(m.state, seat)
        for probe in g.hidden_probe(before, seat):
            try:
                after, _ = g.apply(probe, seat, action)
            except IllegalAction:
                continue  # legal only in the real position: not what this test looks at
            assert g.view(after, seat) == seen, (len(m.steps), action)
            checked += 1
    assert checked or game_id == "oracle"
