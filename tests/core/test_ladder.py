"""The ladder's ratings (engine.ladder): Bradley–Terry by MM, bootstrap intervals, the table."""

from __future__ import annotations

import json

from engine.cli import main
from engine.ladder import bradley_terry, elo, pairs, rate


def _game(a, b, a_wins, tie=False):
    return {
        "a": a,
        "b": b,
        "win_a": a_wins or tie,
        "win_b": (not a_wins) or tie,
        "score_a": 1,
        "score_b": 0,
    }


def test_stronger_entrants_rate_higher_and_the_weakest_rates_zero():
    games = [_game("x", "y", True)] * 8 + [_game("x", "y", False)] * 2
    games += [_game("y", "z", True)] * 8 + [_game("y", "z", False)] * 2
    ratings = elo(bradley_terry(games))
    assert ratings["x"] > ratings["y"] > ratings["z"] == 0
    # x and z never met: the fit still orders them through y
    rows = rate(games, boot=40)
    assert [r["entrant"] for r in rows] == ["x", "y", "z"]
    assert all(r["low"] <= r["rating"] <= r["high"] for r in rows)


def test_an_even_record_rates_even_and_ties_count_half():
    games = [_game("x", "y", True), _game("x", "y", False), _game("x", "y", True, tie=True)]
    ratings = elo(bradley_terry(games))
    assert abs(ratings["x"] - ratings["y"]) < 1e-6


def test_an_automaton_is_never_seated_first_and_never_meets_another():
    got = pairs(["successor-low", "greedy", "successor-high", "hard"])
    assert ("greedy", "successor-low") in got
    assert all(not a.startswith("successor-") for a, _ in got)
    assert len(got) == 5


def test_the_ladder_command_appends_games_and_prints_the_table(tmp_path, capsys):
    out = tmp_path / "ladder.jsonl"
    args = [
        "ladder",
        "--game",
        "trickerion",
        "--players",
        "2",
        "--entrants",
        "greedy,random",
        "--games",
        "2",
        "--out",
        str(out),
    ]
    assert main(args) == 0
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 2 and {x["seed"] for x in lines} == {0, 1}
    table = capsys.readouterr().out
    assert "| greedy |" in table and "| random | 0 " in table
