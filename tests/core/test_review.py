"""Looking back at a game (issue #21): the bridge's review shows every earlier position exactly
as the table showed it (same viewer digest), never changes the game at the table, hides what the
viewer's seat may not see until the game is over, and forks a finished game into a new one; the
chart's figures are each seat's at the end of every round."""

from __future__ import annotations

import json

import pytest

from engine.bridge import Bridge
from engine.core import save as savefile
from engine.core.bots import make_bot
from engine.core.match import Match
from engine.core.play import play_to_end

GAMES = [
    ("trickerion", 2, {}),
    ("trickerion-solo", 2, {}),
    ("magnificent", 2, {}),
    ("magnificent-solo", 1, {}),
    ("oracle", 1, {}),
]


def call(bridge: Bridge, method: str, **args):
    out = json.loads(bridge.call(method, json.dumps(args)))
    if isinstance(out, dict) and "error" in out:
        raise AssertionError(out["error"])
    return out


def error(bridge: Bridge, method: str, **args) -> str:
    out = json.loads(bridge.call(method, json.dumps(args)))
    return out["error"]["code"]


def play(game: str, players: int, options: dict, seed: int = 3, stop: int | None = None):
    """Seat 0 a person (moved by the greedy bot), the others greedy bots: the bridge's own
    snapshots of seat 0 at every step, as the page would have drawn them."""
    bridge = Bridge()
    kinds = ["human"] + ["bot"] * (players - 1)
    seats = [{"kind": k, "bot": "greedy", "name": f"P{i}"} for i, k in enumerate(kinds)]
    snap = call(
        bridge, "new", game=game, players=players, options=options, seed=seed, seats=seats, viewer=0
    )
    me = make_bot(bridge.table.match.game, "greedy", 11)
    hashes = {snap["step"]: snap["hash"]}
    while snap["to_act"]["kind"] != "terminal" and (stop is None or snap["step"] < stop):
        if 0 in snap["to_act"]["seats"] and snap["to_act"]["kind"] == "players":
            match = bridge.table.match
            action = me.choose(match.game, match.state, 0, match.legal(0))
            snap = call(
                bridge, "act", seat=0, action=match.game.codec.action_to_builtins(action), viewer=0
            )
        else:
            snap = call(bridge, "step", viewer=0)
        hashes[snap["step"]] = snap["hash"]
    return bridge, hashes


@pytest.mark.parametrize(("game", "players", "options"), GAMES)
def test_review_shows_each_position_as_the_table_did(game, players, options):
    bridge, hashes = play(game, players, options)
    final = bridge.table.match.game.codec.state_hash(bridge.table.match.state)
    steps = max(hashes)
    opened = call(bridge, "review", viewer=0)
    assert opened["review"]["steps"] == steps and opened["review"]["over"]
    assert opened["hash"] == hashes[steps]
    assert opened["review"]["log"] and opened["log"] == opened["review"]["log"]
    for step in sorted({0, 1, steps // 3, steps // 2, steps - 1, steps}):
        at = call(bridge, "review_at", step=step, viewer=0)
        assert (at["step"], at["hash"]) == (step, hashes[step])
        assert at["legal"] == [] and not at["can_undo"] and at["log"] == []
    # the saved file reviews the same way
    text = call(bridge, "save")["text"]
    other = Bridge()
    assert call(other, "review", text=text, viewer=0)["hash"] == hashes[steps]
    assert call(other, "review_at", step=steps // 2, viewer=0)["hash"] == hashes[steps // 2]
    assert other.table is None  # reviewing a file opens no game
    # the game at the table is untouched
    assert bridge.table.match.game.codec.state_hash(bridge.table.match.state) == final
    assert len(bridge.table.match.steps) == steps


def test_rounds_and_chart_follow_the_game():
    bridge, _ = play("trickerion", 2, {})
    match = bridge.table.match
    opened = call(bridge, "review", viewer=0)
    rounds = opened["review"]["rounds"]
    # the end moves Trickerion's counter past the last round: it opens no round of its own
    assert [r["round"] for r in rounds] == sorted({s.round for s in match.states[:-1]})
    for r in rounds:
        assert match.states[r["step"]].round == r["round"]
        assert r["step"] == 0 or match.states[r["step"] - 1].round != r["round"]
    chart = call(bridge, "chart")
    assert chart == opened["review"]["chart"]
    assert chart["unit"] == "round" and list(chart["figures"]) == ["fame", "coins"]
    assert chart["rounds"] == [r["round"] for r in rounds]
    # the last round's figures are the final ones: the fame earned, before the end bonuses
    # that make the total (issue #31: the "Fame" line ended on the total)
    assert [series[-1] for series in chart["figures"]["fame"]] == [
        b["fame"] for b in match.result().breakdown
    ]
    assert any(b["fame"] != b["total"] for b in match.result().breakdown)
    assert all(len(series) == len(chart["rounds"]) for series in chart["figures"]["coins"])
    oracle, _ = play("oracle", 1, {})
    assert call(oracle, "chart")["unit"] == "day"
    assert (
        call(oracle, "chart")["figures"]["score"][0][-1]
        == oracle.table.match.result().breakdown[0]["total"]
    )


def test_a_live_game_is_reviewed_from_the_viewers_seat_only():
    bridge, hashes = play("trickerion", 2, {}, stop=60)
    assert bridge.table.match.to_act().kind != "terminal"
    assert error(bridge, "review", viewer=1) == "bridge.not_at_screen"
    call(bridge, "review", viewer=0)
    assert error(bridge, "review_at", step=10, viewer=1) == "bridge.not_at_screen"
    assert error(bridge, "fork", step=10, viewer=0) == "bridge.fork_live"
    assert error(bridge, "review_at", step=999, viewer=0) == "core.bad_step"
    # once over, any seat's view of any step may be shown
    done, _ = play("trickerion", 2, {})
    call(done, "review", viewer=0)
    seen = call(done, "review_at", step=40, viewer=1)
    assert seen["viewer"] == 1
    assert seen["view"] == json.loads(
        json.dumps(done.table.match.game.view(done.table.match.states[40], 1))
    )


def test_a_fork_plays_on_from_an_earlier_move():
    bridge, hashes = play("magnificent", 2, {})
    original = list(bridge.table.match.steps)
    call(bridge, "review", viewer=0)
    forked = call(bridge, "fork", step=50, viewer=0)
    assert (
        forked["forked"] == {"steps": 50} and forked["step"] == 50 and forked["hash"] == hashes[50]
    )
    assert forked["to_act"]["kind"] != "terminal"
    # play on in the fork: the reviewed game keeps all its steps
    for _ in range(20):
        call(bridge, "step", viewer=0) if 0 not in forked["to_act"]["seats"] else None
        forked = call(bridge, "snapshot", viewer=0)
        if 0 in forked["to_act"]["seats"] and forked["legal"]:
            forked = call(bridge, "act", seat=0, action=forked["legal"][0]["action"], viewer=0)
    assert bridge.review.match.steps == original
    assert call(bridge, "review_at", step=len(original), viewer=0)["to_act"]["kind"] == "terminal"


def test_solo_targets_are_in_the_ending():
    match = Match.new("magnificent-solo", 1, None, 5)
    play_to_end(match, {0: make_bot(match.game, "greedy", 1)})
    assert match.game.presenter(match.game).score_targets() == [200, 220, 240]
    bridge = Bridge()
    call(bridge, "load", text=savefile.dump(match).decode(), viewer=0)
    result = call(bridge, "snapshot", viewer=0)["result"]
    assert result["targets"] == [200, 220, 240]
    assert result["winners"] == ([0] if result["scores"][0] >= 200 else [])
    two, _ = play("magnificent", 2, {}, stop=None)
    assert call(two, "snapshot", viewer=0)["result"]["targets"] == []


def test_verdicts_rate_the_peoples_moves_of_a_finished_game():
    from engine.core import verdicts

    live, _ = play("oracle", 1, {}, stop=30)
    call(live, "review", viewer=0)
    assert error(live, "verdict_steps") == "bridge.verdicts_live"
    assert error(live, "verdict", step=3) == "bridge.verdicts_live"

    bridge = Bridge()
    seats = [{"kind": "human", "name": "Ann"}]
    call(bridge, "new", game="oracle", players=1, seed=4, seats=seats, viewer=0)
    match = bridge.table.match
    careless = make_bot(match.game, "random", 2)  # a player who blunders now and then
    while not match.terminal:
        if match.auto_step() is None:
            match.act(0, careless.choose(match.game, match.state, 0, match.legal(0)))
    call(bridge, "review", viewer=0)
    steps = call(bridge, "verdict_steps")
    assert steps and all(match.steps[s].seat == 0 for s in steps)
    assert all(len(match.game.legal_actions(match.states[s], 0)) > 1 for s in steps)
    chance = next(i for i, s in enumerate(match.steps) if s.seat != 0)
    assert error(bridge, "verdict", step=chance) == "bridge.no_verdict"
    rated = [call(bridge, "verdict", step=s, lang="ru") for s in steps[:25]]
    for v in rated:
        assert v["loss"] >= 0 and v["mark"] == verdicts.mark(match.game, v["loss"])
        assert v["label"] and v["best_label"]
        if v["played"] == v["best"]:
            assert v["loss"] == 0 and v["mark"] is None
    assert any(v["mark"] in ("mistake", "blunder") for v in rated)
    assert any(v["mark"] is None for v in rated)
