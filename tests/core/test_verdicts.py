"""Verdicts on every kind of move (issue #31): ``verdicts.rate`` answers for every move a person
chose, in every game, with no exception escaping it, and the save whose rating died at step 84
(a Trickerion ``assign`` of a special assignment card: the game's rank, asked to order the
played move and the bot's best only, answered "end assigning", a move not offered, and the
played one was dropped) rates to its end.

The quick tests rate one move of each kind (action type) of a seeded game per game id; the slow
ones (scripts/test and CI) rate every move of the repro save and of more seeded games. Each
prints nothing and asserts no time: the page's figure is e2e/test_verdicts.py's."""

from __future__ import annotations

import sys
import time
from pathlib import Path
from typing import Any

import pytest

import tinygame  # noqa: F401  (registers "tiny": held to the same contract)
from engine.core import registry, verdicts
from engine.core import save as savefile
from engine.core.bots import make_bot
from engine.core.levels import UNTIMED, hint
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
    verdict, and the bot's best as a hint names it, with the same expected score (its work,
    209 slices, within Trickerion's ``WORK``: the level's plan played in full, as the engine's
    untimed hint plays it)."""
    match = savefile.load_with_table(REPRO.read_text())[0]
    played, state = match.steps[84], match.states[84]
    rating = verdicts.Rating(match.game, state, played.seat, played.action)
    slices = 1
    while not rating.advance():
        slices += 1
        assert rating.done < rating.total
    assert slices > rating.total > 1
    assert rating.work is not None and slices <= rating.work
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


class Jumping:
    """A clock that jumps a minute at every reading: any budget of time read on a verdict's
    path is spent at once."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        self.now += 60.0
        return self.now


def clocks(monkeypatch: pytest.MonkeyPatch, clock: Any) -> None:
    """Every clock the engine reads replaced by ``clock``: the budgets' (``rollout.clock``, as
    each module that imported it holds it) and the standard ones, with the levels' time budgets
    live (the engine's tests run untimed)."""
    monkeypatch.delenv(UNTIMED, raising=False)
    for name, module in list(sys.modules.items()):
        if name.startswith("engine") and callable(getattr(module, "clock", None)):
            monkeypatch.setattr(module, "clock", clock)
    for name in ("perf_counter", "process_time", "monotonic", "time"):
        monkeypatch.setattr(time, name, clock)


# (game, players, seed): the three games (the normal level thinks for a time budget where it
# plays in Trickerion and the Oracle, 0.3 and 0.25 s; The Magnificent's looks 16 decisions
# ahead instead)
THREE = [("trickerion", 2, 5), ("magnificent", 2, 5), ("oracle", 1, 4)]


@pytest.mark.parametrize(("game_id", "players", "seed"), THREE, ids=[g for g, _, _ in THREE])
def test_a_verdict_is_the_same_on_any_clock_and_after_other_work(
    game_id: str, players: int, seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue #21, session 27: the verdict on a move is a fixed amount of work (``WORK``), so a
    clock that stands still (an idle, infinitely fast machine) and one that jumps a minute at
    each reading (a machine too busy to play a slice) give the same verdict, and other moves
    rated between (a review's, a cancelled one's) change nothing. (While a verdict spent the
    level's time budget, the jumping clock cut Trickerion's and the Oracle's here after a slice
    of their first future: expected scores of 9.2 and 3.6 where the still clock had 59.5 and
    20.0.)"""
    match = careless_game(game_id, players, seed)
    steps = verdicts.moves_to_rate(match, [0])
    step = steps[len(steps) // 3]
    clocks(monkeypatch, lambda: 0.0)
    calm = check(match, step)
    clocks(monkeypatch, Jumping())
    for other in steps[:3]:
        cancelled = verdicts.Rating(match.game, match.states[other], 0, match.steps[other].action)
        cancelled.advance()  # and dropped, as a Cancel drops it
        check(match, other)
    assert check(match, step) == calm
    assert check(match, step) == calm


def test_the_games_work_bounds_a_verdict(monkeypatch: pytest.MonkeyPatch) -> None:
    """A verdict spends at most its game's ``WORK`` (slices; one more slice of each compared
    move where it runs out within a round): cut short, every compared move is valued where it
    stands after the same number of decisions, in the first future only; the rating is the
    same however many times it is worked out."""
    match = careless_game("oracle", 1, 4)
    step = next(s for s in verdicts.moves_to_rate(match, [0]) if s > 20)
    game, played, state = match.game, match.steps[step], match.states[step]
    full = verdicts.rate(game, state, played.seat, played.action)
    monkeypatch.setitem(verdicts.WORK, game.id, 6)
    rating = verdicts.Rating(game, state, played.seat, played.action)
    slices = 0
    while not rating.advance():
        slices += 1
    assert 6 <= slices < 6 + len(rating.moves)
    assert {c.futures for c in rating.scored} == {1} and rating.done == rating.total
    short = rating.verdict()
    assert short != full  # (else the bound changed nothing here, and this tells nothing)
    assert verdicts.rate(game, state, played.seat, played.action) == short


def test_a_review_reads_the_same_in_any_order() -> None:
    """A finished game's verdicts asked move after move and again last move first, with
    ratings left unfinished between (a Cancel): the same review, marks and key moments."""
    match = careless_game("magnificent-solo", 1, 3)
    game, steps = match.game, verdicts.moves_to_rate(match, [0])
    assert steps

    def review(order: list[int]) -> dict[int, dict[str, Any]]:
        out = {}
        for step in order:
            verdicts.Rating(game, match.states[step], 0, match.steps[step].action).advance()
            out[step] = check(match, step)
        return out

    first = review(steps)
    assert review(steps[::-1]) == first
    worst = sorted((s for s in steps if first[s]["mark"]), key=lambda s: -first[s]["loss"])
    assert worst  # (a careless player's game has moments to show)


def test_the_pages_rating_reads_the_same_on_another_machine(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The page rates a move a slice of work a call (the bridge's ``verdict`` with
    ``budget_ms``) and a Cancel leaves it for another move; asked again it goes on. On a busy
    machine (the jumping clock: a slice a call) and after another move's verdict, it is the
    verdict a second page (a reload, another machine: the still clock) gets in one call."""
    import json

    from engine.bridge import Bridge

    def call(bridge: Bridge, method: str, **args: Any) -> Any:
        out = json.loads(bridge.call(method, json.dumps(args)))
        assert not (isinstance(out, dict) and "error" in out), out
        return out

    text = savefile.dump(careless_game("oracle", 1, 4)).decode()
    busy, calm = Bridge(), Bridge()
    for bridge in (busy, calm):
        call(bridge, "review", text=text, viewer=0)
    steps = call(busy, "verdict_steps")
    first, other = steps[len(steps) // 2], steps[0]
    clocks(monkeypatch, Jumping())
    assert call(busy, "verdict", step=first, budget_ms=0)["pending"]
    call(busy, "verdict", step=other)  # the move left, its slices dropped
    calls = 1
    while (sliced := call(busy, "verdict", step=first, budget_ms=0)).get("pending"):
        calls += 1
    assert calls > 1
    clocks(monkeypatch, lambda: 0.0)
    assert call(calm, "verdict", step=first) == sliced
