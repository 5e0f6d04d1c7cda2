"""The command line, run on the tiny test game (registered when ``tinygame`` is imported)."""

from __future__ import annotations

import json

import pytest
from core.test_core import play_out

import tinygame  # noqa: F401  (registers "tiny")
from engine import bench
from engine.cli import main
from engine.core import save as savefile
from engine.core.match import Match


def test_simulate_prints_a_json_summary(capsys):
    assert (
        main(["simulate", "--game", "tiny", "--players", "3", "--seed", "1", "--games", "5"]) == 0
    )
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 5 and sum(out["winner_counts"]) >= 5
    assert out["decisions_per_game"]["mean"] == 6  # 3 seats x 2 rounds
    assert set(out) >= {"mean_score_by_seat", "seconds_per_game", "options"}


def test_simulate_appends_a_line_per_game_that_adds_up_to_the_summary(tmp_path, capsys):
    each = tmp_path / "games.jsonl"
    args = ["simulate", "--game", "tiny", "--players", "2", "--seed", "7", "--games", "4"]
    assert main([*args, "--bot", "easy,random", "--rotate", "--each", str(each)]) == 0
    out = json.loads(capsys.readouterr().out)
    rows = [json.loads(line) for line in each.read_text().splitlines()]
    assert [r["seed"] for r in rows] == [7, 8, 9, 10]
    # per listed bot, like the summary: the rows' scores average to its figures
    for i in range(2):
        mean = sum(r["scores"][i] for r in rows) / 4
        assert round(mean, 2) == out["mean_score_by_bot"][i]
    assert [sum(i in r["winners"] for r in rows) for i in range(2)] == out["winner_counts"]


def test_simulate_refuses_an_each_file_that_exists(tmp_path, capsys):
    # appending to an earlier run's lines would sum two runs up as one sample
    each = tmp_path / "games.jsonl"
    each.write_text('{"seed": 0, "scores": [1, 2]}\n')
    args = ["simulate", "--game", "tiny", "--players", "2", "--games", "1", "--each", str(each)]
    assert main(args) == 2
    assert "[cli.each_exists]" in capsys.readouterr().err
    assert each.read_text() == '{"seed": 0, "scores": [1, 2]}\n'


def test_simulate_is_reproducible(capsys):
    args = [
        "simulate",
        "--game",
        "tiny",
        "--players",
        "2",
        "--seed",
        "4",
        "--games",
        "3",
        "--options",
        '{"rounds": 5}',
    ]
    main(args)
    first = json.loads(capsys.readouterr().out)
    main(args)
    second = json.loads(capsys.readouterr().out)
    assert first["mean_score_by_seat"] == second["mean_score_by_seat"]


def test_simulate_reports_bad_options_plainly(capsys):
    assert main(["simulate", "--game", "tiny", "--players", "7"]) == 2
    assert "options.player_count" in capsys.readouterr().err


def test_replay_prints_the_log(tmp_path, capsys):
    m = Match.new("tiny", 2, seed=5)
    play_out(m)
    path = tmp_path / "game.json"
    path.write_bytes(savefile.dump(m))
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "The die shows" in out and '"to_act": "terminal"' in out


def test_replay_refuses_a_foreign_file(tmp_path, capsys):
    path = tmp_path / "x.json"
    path.write_text("{}")
    assert main(["replay", str(path)]) == 2
    assert "save.foreign" in capsys.readouterr().err


def test_bench_prints_figures(capsys):
    assert main(["bench", "--game", "tiny", "--seconds", "0.2"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] >= 1 and out["games_per_second"] > 0 and out["legal_actions_us"] > 0
    assert out["cpu_games_per_second"] > 0  # a CPU clock natively (not in Pyodide)


def test_bench_play_replays_the_bench_games():
    # the page times these with its own CPU clock and sets them against the bench's figures
    first = bench.run("trickerion", 0.0, 2)  # one game: seed 0
    assert first["games"] == 1
    one = bench.play("trickerion", 1, 2)
    assert one == first["decisions_per_game"]
    assert bench.play("trickerion", 2, 2) - one != one  # seed 1's game, not seed 0's again


@pytest.mark.parametrize(
    "options,code",
    [
        ("{bad", "cli.options_not_json"),
        ("[1]", "cli.options_not_object"),
        ('{"rounds": 9}', "options.out_of_range"),
    ],
)
def test_bad_options_json_is_a_coded_error_not_a_traceback(capsys, options, code):
    for cmd in (["simulate", "--game", "tiny", "--players", "2"], ["bench", "--game", "tiny"]):
        assert main([*cmd, "--options", options]) == 2
        err = capsys.readouterr().err
        assert f"[{code}]" in err and "Traceback" not in err


def test_replay_refuses_a_missing_file_with_a_code(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.json")]) == 2
    assert "[save.unreadable]" in capsys.readouterr().err


def test_a_seed_beyond_64_bits_is_refused(capsys):
    assert main(["simulate", "--game", "tiny", "--players", "2", "--seed", str(2**64)]) == 2
    assert "[core.bad_seed]" in capsys.readouterr().err
