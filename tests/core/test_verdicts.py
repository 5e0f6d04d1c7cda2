"""Verdicts on every kind of move (issue #31): ``verdicts.rate`` answers for every move a person
chose, in every game, with no exception escaping it, and the save whose rating died at step 84
(a Trickerion ``assign`` of a special assignment card: the game's rank, asked to order the
played move and the bot's best only, answered "end assigning", a move not offered, and the
played one was dropped) rates to its end.

The quick tests rate one move of each kind (action type) of a seeded game per game id; the slow
ones (scripts/test and CI) rate every move of the repro save and of more seeded games. Each
prints nothing and asserts no time: the page's figure is e2e/test_verdicts.py's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import tinygame  # noqa: F401  (registers "tiny": held to the same contract)
from engine.core import registry, verdicts
from engine.core import save as savefile
from engine.core.bots import make_bot
from engine.core.levels import BUDGET_CAP, UNTIMED, hint
from engine.core.match import Match
from engine.core.play import play_to_end
from engine.core.search import knowledge

REPRO = Path(__file__).parent / "repro" / "trickerion-verdict-stopiteration.json"
GAMES = [(cls.id, cls.seating.fewest) for cls in registry.all_games()]
MARKS = {None, *(name for name, _ in verdicts.MARKS)}


def careless_game(game_id: str, players: int, seed: int) -> Match:
    """Seat 0 a player who picks at random (every kind of move, good and bad), the others
    greedy bots."""
    match = Match.new(game_id, players, None, seed)
    others = "greedy" if "greedy" in type(match.game).bots.kinds else "random"
    bots = {s: make_bot(match.game, others, seed + s) for s in range(players)}
    bots[0] = make_bot(match.game, "random", seed)
    play_to_end(match, bots)
    return match


def check(match: Match, step: int) -> dict[str, Any]:
    game, played = match.game, match.steps[step]
    v = verdicts.rate(game, match.states[step], played.seat, played.action)
    assert game.codec.action_from_builtins(v["best"]) in game.legal_actions(
        match.states[step], played.seat
    )
    assert v["mark"] in MARKS
    if v["loss"] is not None:
        assert v["loss"] >= 0 and v["mark"] == verdicts.mark(game, v["loss"])
        if game.codec.encode_action(
            game.codec.action_from_builtins(v["best"])
        ) == game.codec.encode_action(played.action):
            assert v["loss"] == 0
    return v


def one_of_each_kind(match: Match) -> list[int]:
    """The first rated step of each action type seat 0 played."""
    first: dict[str, int] = {}
    for step in verdicts.moves_to_rate(match, [0]):
        first.setdefault(type(match.steps[step].action).__name__, step)
    return sorted(first.values())


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_every_kind_of_move_is_rated(game_id: str, players: int) -> None:
    match = careless_game(game_id, players, seed=5)
    steps = one_of_each_kind(match)
    assert steps
    for step in steps:
        check(match, step)


@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_a_rank_orders_only_the_moves_it_is_given(game_id: str, players: int) -> None:
    """The root of the crash: a rank must answer among the moves offered, a few as all."""
    match = careless_game(game_id, players, seed=6)
    rank = knowledge(match.game).rank
    if rank is None:
        pytest.skip(f"{game_id} has no rank (its bots search a tree)")
    game = match.game
    for step in verdicts.moves_to_rate(match, [0])[:60]:
        state, seat = match.states[step], match.steps[step].seat
        legal = game.legal_actions(state, seat)
        for pair in ([legal[-1], match.steps[step].action], legal[1:3], legal[:1]):
            offered = {game.codec.encode_action(a) for a in pair}
            answered = rank(game, state, seat, list(pair))
            assert answered and {game.codec.encode_action(a) for a in answered} <= offered, (
                f"{game_id} step {step}: {answered} for {pair}"
            )


def test_the_save_that_crashed_rates_at_the_step_it_crashed() -> None:
    match = savefile.load_with_table(REPRO.read_text())[0]
    step = 84
    assert type(match.steps[step].action).__name__ == "Assign"
    v = check(match, step)
    assert v["loss"] is not None


def test_a_rating_in_slices_is_the_rating_at_once() -> None:
    """The page's ``verdict`` with a budget goes a slice (a few decisions) at a time: the same
    verdict, and the bot's best as a hint names it, with the same expected score."""
    match = savefile.load_with_table(REPRO.read_text())[0]
    played, state = match.steps[84], match.states[84]
    rating = verdicts.Rating(match.game, state, played.seat, played.action)
    slices = 1
    while not rating.advance():
        slices += 1
        assert rating.done < rating.total
    assert slices > rating.total > 1
    v = rating.verdict()
    assert v == verdicts.rate(match.game, state, played.seat, played.action)
    best = hint(match.game, state, played.seat, n=1, level=verdicts.LEVEL, seed=verdicts.SEED)[0]
    assert (v["best"], v["best_score"]) == (best["action"], best["score"])


@pytest.mark.slow
def test_the_save_that_crashed_rates_to_its_end() -> None:
    match = savefile.load_with_table(REPRO.read_text())[0]
    steps = verdicts.moves_to_rate(match, [0])
    assert len(steps) == 99
    marks = {check(match, step)["mark"] for step in steps}
    assert len(marks) > 1


@pytest.mark.slow
@pytest.mark.parametrize(("game_id", "players"), GAMES, ids=[g for g, _ in GAMES])
def test_every_move_of_seeded_games_is_rated(game_id: str, players: int) -> None:
    seen: set[str | None] = set()
    for seed in (7, 8):
        match = careless_game(game_id, players, seed)
        seen |= {check(match, step)["mark"] for step in verdicts.moves_to_rate(match, [0])}
    assert None in seen
    # A careless player's moves are not all alike, in a game long enough to go wrong in (the
    # test game's two choices a side, rated by an exact tree, are never costly in these seeds).
    if knowledge(Match.new(game_id, players, None, 7).game).rank is not None:
        assert len(seen) > 1


def test_a_verdict_spends_the_levels_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    """Session 19: the Oracle's normal thinks for a time budget, and a verdict spends it as a
    hint does: with it spent (the e2e cap at 0 s), every move compared is played in the first
    future only, cut after one slice at the same depth, and the bot's best and its score are
    the hint's on the same budget; untimed (the engine's tests) the verdict plays every future
    to the end."""
    match = careless_game("oracle", 1, 4)
    step = next(s for s in verdicts.moves_to_rate(match, [0]) if s > 20)
    game, played, state = match.game, match.steps[step], match.states[step]
    untimed = verdicts.rate(game, state, played.seat, played.action)
    monkeypatch.delenv(UNTIMED)
    monkeypatch.setenv(BUDGET_CAP, "0")
    rating = verdicts.Rating(game, state, played.seat, played.action)
    assert rating.plan is not None and rating.plan.seconds == 0
    v = verdicts.rate(game, state, played.seat, played.action)
    best = hint(game, state, played.seat, n=1, level=verdicts.LEVEL, seed=verdicts.SEED)[0]
    assert (v["best"], v["best_score"]) == (best["action"], best["score"])
    assert v != untimed  # (else the budget changed nothing here, and this tells nothing)
