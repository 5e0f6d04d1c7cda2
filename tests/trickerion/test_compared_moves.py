"""The moves Trickerion's rollout levels compare are moves the greedy bot's execution would make
(``GreedyBot.ranked``; docs/bots.md, "Issue #30, session 20"): hard played the alternatives
that won on two futures by luck, placements that did nothing and stops where work waited."""

from __future__ import annotations

from typing import Any

import msgspec
import pytest

from engine.core.bots import bot_seed
from engine.core.levels import LevelBot, hint
from engine.core.loop import forced_step
from engine.core.match import Match
from engine.core.play import decisions
from engine.core.rollout import Rollouts
from engine.games.trickerion import actions as A
from engine.games.trickerion import bots, jobs
from engine.games.trickerion.common import effective, has_components, markers_in_theater
from engine.games.trickerion.placement import board_index, slot_modifier
from engine.games.trickerion.profile import DONE
from engine.games.trickerion.search import KNOWLEDGE, LEAD
from tests.core.test_search import _position

COMPARED = max(plan.candidates for plan in (KNOWLEDGE.plans or {}).values())


def _greedy_decisions(game_id: str, players: int, seed: int) -> Any:
    """Every decision of a greedy game, as (match, seat, legal) before it is taken."""
    match = Match.new(game_id, players, {"difficulty": "low"} if "solo" in game_id else {}, seed)
    greedy = {s: bots.GreedyBot(bot_seed(seed, s)) for s in range(players)}
    for seat, legal in decisions(match):
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


def _placed_for_a_job(match: Match, seat: int, place: A.PlaceCharacter) -> bool:
    """The stage's job is the show and a specialist backstage earns its bonus; elsewhere the
    turn played by greedy does one."""
    p = match.state.players[seat]
    if place.location == "theater" and (
        place.slot % 3 == 2 or p.chars[place.character].kind != "apprentice"
    ):
        return True
    return _does_a_job(match, seat, place)


@pytest.mark.parametrize(("game_id", "players", "seed"), [("trickerion-solo", 2, 5)])
def test_no_idleness_is_compared_where_greedy_places_for_a_job(
    game_id: str, players: int, seed: int
) -> None:
    checked = 0
    for match, seat, legal in _greedy_decisions(game_id, players, seed):
        s = match.state
        if s.pending or s.phase != "place" or s.act is not None:
            continue
        moves = _compared(match, seat, legal)
        first = moves[0]
        if not isinstance(first, A.PlaceCharacter) or not _placed_for_a_job(match, seat, first):
            continue
        checked += 1
        assert not any(isinstance(a, A.MakeIdle) for a in moves), (len(match.steps), moves)
    assert checked > 10


@pytest.mark.parametrize(("game_id", "players", "seed"), [("trickerion-solo", 2, 5)])
def test_the_compared_placements_are_distinct_moves(game_id: str, players: int, seed: int) -> None:
    """Two slots of one location with the same modifier (the Workshop's, a Theater day's two
    backstage slots) give the same character the same AP: comparing both compares one move."""
    checked = 0
    for match, seat, legal in _greedy_decisions(game_id, players, seed):
        s = match.state
        if s.pending or s.phase != "place" or s.act is not None:
            continue
        seen = set()
        for move in _compared(match, seat, legal):
            if not isinstance(move, A.PlaceCharacter):
                continue
            checked += 1
            index = board_index(seat, move.location, move.slot)
            day = (move.slot // 3, move.slot % 3 == 2) if move.location == "theater" else None
            key = (move.character, move.location, slot_modifier(match.game.rules, seat, index), day)
            assert key not in seen, (len(match.steps), move)
            seen.add(key)
    assert checked > 10


def _job_there(match: Match, seat: int, a: A.Assign) -> bool:
    """A job this round where the card sends the character: a trick with its props and no
    marker out per Workshop body, a missing prop the purse can pay at the Market Row, a
    set-up left for a body backstage (the Magician: markers to perform or to prepare)."""
    game, s = match.game, match.state
    cat = game.cat
    p = s.players[seat]
    loc = cat.card_location(a.card)
    bodies = sum(1 for c in p.chars if c.card and cat.card_location(c.card) == loc)
    held = [t for t in p.tricks if has_components(cat, p, t.id)]
    if loc == "workshop":
        fresh = [t for t in held if not t.markers and markers_in_theater(s, seat * 4 + t.sym) < 4]
        return len(fresh) > bodies
    if loc == "market_row":
        return any(
            cat.prop_cost[k] <= p.coins
            for t in p.tricks
            for k, n in cat.tricks[t.id].components.items()
            if effective(p, k) < n
        )
    if loc == "theater":
        if p.chars[a.character].kind == "magician":
            staged = any(markers_in_theater(s, seat * 4 + t.sym) for t in p.tricks)
            return bool(held) or staged or any(t.markers for t in p.tricks)
        return jobs.set_ups_wanted(game, s, seat) > jobs.backstage_ap(game, s, seat)
    return True


@pytest.mark.parametrize(("game_id", "players", "seed"), [("trickerion-solo", 2, 2)])
def test_no_assignment_to_no_job_is_compared_unless_greedy_makes_one(
    game_id: str, players: int, seed: int
) -> None:
    checked = 0
    for match, seat, legal in _greedy_decisions(game_id, players, seed):
        s = match.state
        if s.pending or s.phase != "assign":
            continue
        moves = _compared(match, seat, legal)
        first = moves[0]
        if isinstance(first, A.Assign) and not _job_there(match, seat, first):
            continue
        for move in moves[1:]:
            if isinstance(move, A.Assign):
                checked += 1
                assert _job_there(match, seat, move), (len(match.steps), move)
    assert checked > 10


@pytest.mark.parametrize(("game_id", "players", "seed"), [("trickerion-solo", 2, 2)])
def test_no_stop_is_compared_where_greedy_assigns_to_a_job(
    game_id: str, players: int, seed: int
) -> None:
    """The assignment phase's twin of the placement's rule: where greedy sends a character to
    a job, stopping is compared only where nothing else is left to compare with it."""
    checked = 0
    for match, seat, legal in _greedy_decisions(game_id, players, seed):
        s = match.state
        if s.pending or s.phase != "assign":
            continue
        moves = _compared(match, seat, legal)
        first = moves[0]
        if not isinstance(first, A.Assign) or not _job_there(match, seat, first):
            continue
        checked += 1
        assert len(moves) > 1, (len(match.steps), moves)
        stops = [a for a in moves if isinstance(a, A.EndAssignments)]
        assert not stops or len(moves) == 2, (len(match.steps), moves)
    assert checked > 10


def test_solo_hard_keeps_greedys_move_unless_another_clearly_beats_it() -> None:
    """Session 22: against the Successor a future's utilities of two moves differ by about 7,
    and hard played any move that beat greedy's on its futures, here Downtown by 0.6 over
    greedy's Theater; it now keeps greedy's move within ``LEAD`` / sqrt(futures)."""
    match, seat, legal = _position("trickerion-solo", 2, 4, 44)
    game = match.game
    plan = LevelBot(7, "hard").plan(game)
    assert plan is not None and plan.lead == LEAD
    scored = Rollouts(game, seat, msgspec.structs.replace(plan, lead=0.0), 7).ranked(
        match.state, legal
    )
    own = next(c for c in scored if c.prior == 0)
    assert own.futures == plan.worlds == 4
    assert scored[0].prior != 0 and 0 < scored[0].utility - own.utility < LEAD / 2
    assert LevelBot(7, "hard").choose(game, match.state, seat, legal) == own.action
    assert own.action == bots.GreedyBot(0).choose(game, match.state, seat, legal)
    # the hint lists greedy's move first too, and the move it kept within the lead loses 0
    listed = hint(game, match.state, seat, 3, level="hard", seed=7)
    assert game.codec.action_from_builtins(listed[0]["action"]) == own.action
    assert [h["loss"] for h in listed[:2]] == [0.0, 0.0]


def test_two_player_hard_has_no_lead() -> None:
    """The lead is the solo game's: in 2 players hard beats greedy by what it plays over it."""
    plan = LevelBot(7, "hard").plan(Match.new("trickerion", 2, seed=1).game)
    assert plan is not None and plan.lead == 0.0
