"""The moves Trickerion's rollout levels compare are moves the greedy bot's execution would make
(``GreedyBot.ranked``; docs/bots.md, "Issue #30, session 20"): hard played the alternatives
that won on two futures by luck, placements that did nothing and stops where work waited."""

from __future__ import annotations

from typing import Any

import pytest

from engine.core.bots import bot_seed
from engine.core.loop import forced_step
from engine.core.match import Match
from engine.games.trickerion import actions as A
from engine.games.trickerion import bots, jobs
from engine.games.trickerion.profile import DONE
from engine.games.trickerion.search import KNOWLEDGE

COMPARED = max(plan.candidates for plan in (KNOWLEDGE.plans or {}).values())


def _greedy_decisions(game_id: str, players: int, seed: int) -> Any:
    """Every decision of a greedy game, as (match, seat, legal) before it is taken."""
    match = Match.new(game_id, players, {"difficulty": "low"} if "solo" in game_id else {}, seed)
    greedy = {s: bots.GreedyBot(bot_seed(seed, s)) for s in range(players)}
    while True:
        to = match.to_act()
        if to.kind == "terminal":
            return
        if to.kind != "players":
            match.auto_step(to)
            continue
        seat = to.seats[0]
        legal = match.legal(seat, to)
        yield match, seat, legal
        match.act(seat, greedy[seat].choose(match.game, match.state, seat, legal))


def _compared(match: Match, seat: int, legal: list[Any]) -> list[Any]:
    assert KNOWLEDGE.rank is not None
    return KNOWLEDGE.rank(match.game, match.state, seat, legal)[:COMPARED]


def _does_a_job(match: Match, seat: int, place: A.PlaceCharacter) -> bool:
    """The placement played, then greedy's choices to the end of that turn: any job done."""
    game = match.game
    s, events = game.apply(match.state, seat, place)
    events = list(events)
    greedy = bots.GreedyBot(0)
    while s.act is not None and s.act.seat == seat:
        to = game.to_act(s)
        if to.kind != "players":
            _, _, s, more = forced_step(game, s, to)
        else:
            legal = game.legal_actions(s, to.seats[0])
            s, more = game.apply(s, to.seats[0], greedy.choose(game, s, to.seats[0], legal))
        events += more
    return any(e.code in DONE for e in events)


@pytest.mark.parametrize(("game_id", "players", "seed"), [("trickerion-solo", 2, 5)])
def test_every_compared_placement_does_a_job(game_id: str, players: int, seed: int) -> None:
    checked = 0
    for match, seat, legal in _greedy_decisions(game_id, players, seed):
        s = match.state
        if s.pending or s.phase != "place" or s.act is not None:
            continue
        p = s.players[seat]
        for move in _compared(match, seat, legal)[1:]:
            if (
                not isinstance(move, A.PlaceCharacter)
                or move.location == "theater"
                and (move.slot % 3 == 2 or p.chars[move.character].kind != "apprentice")
            ):
                continue  # the stage's job is the show; a specialist backstage earns its bonus
            checked += 1
            assert _does_a_job(match, seat, move), (len(match.steps), move)
    assert checked > 10


@pytest.mark.parametrize(("game_id", "players", "seed"), [("trickerion-solo", 2, 5)])
def test_no_stop_is_compared_where_the_bot_works(game_id: str, players: int, seed: int) -> None:
    checked = 0
    for match, seat, legal in _greedy_decisions(game_id, players, seed):
        s = match.state
        if s.pending or s.act is None or not any(isinstance(a, A.EndTurn) for a in legal):
            continue
        moves = _compared(match, seat, legal)
        if isinstance(moves[0], (A.EndTurn, A.Pass)):
            continue
        checked += 1
        assert not any(isinstance(a, (A.EndTurn, A.Pass)) for a in moves), (len(match.steps), moves)
    assert checked > 10


@pytest.mark.parametrize(("game_id", "players", "seed"), [("trickerion-solo", 2, 2)])
def test_compared_assignments_keep_the_plans_rules(game_id: str, players: int, seed: int) -> None:
    checked = 0
    for match, seat, legal in _greedy_decisions(game_id, players, seed):
        s = match.state
        if s.pending or s.phase != "assign":
            continue
        greedy = bots.GreedyBot(0)
        if not any(isinstance(a, A.Assign) and greedy._sent(match.game, s, seat, a) for a in legal):
            continue  # the plan refuses them all: the rest stay compared (a hint needs two)
        cat = match.game.cat
        p = s.players[seat]
        busy = sum(cat.wage[c.kind] for c in p.chars if c.card and not c.assist)
        for move in _compared(match, seat, legal):
            if not isinstance(move, A.Assign):
                continue
            checked += 1
            where = (len(match.steps), move)
            c = p.chars[move.character]
            # after round 1 a wage the purse cannot pay: the character stays home (no wage)
            wage = 0 if c.assist else cat.wage[c.kind]
            assert not (wage and p.coins < busy + wage and s.round > 1), where
            special = cat.specials.get(move.card)
            loc = special.location if special else move.card
            # a special card kept to the end is 2 fame: spent only where no permanent card goes
            assert special is None or not p.hand.get(loc), where
            # an apprentice goes Downtown only to a slot that reaches an action's 3 AP
            downtown_job = jobs.downtown_job(match.game, s, seat)
            assert not (c.kind == "apprentice" and loc == "downtown" and not downtown_job), where
    assert checked > 10
