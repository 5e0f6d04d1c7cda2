"""Two alike fragments owed in one turn (a Build of two small ones): the legal list offers the
first, and the engine's check must refuse the second exactly as the list leaves it out
(``Game.allows`` gives the list's answer, never another), so a page call or a save cannot
place by an index no player is shown."""

from __future__ import annotations

import random

import msgspec
import pytest

from engine.core.errors import IllegalAction
from engine.core.match import Match
from engine.games.magnificent import actions as A


def _alike_pairs(match: Match, seat: int) -> list[tuple[int, int]]:
    frags = match.state.turn.frags
    keys = [(f.source == "bonus", f.fragment, f.size) for f in frags]
    return [(i, j) for i in range(len(keys)) for j in range(i + 1, len(keys)) if keys[i] == keys[j]]


def _first_alike_position(seed: int) -> tuple[Match, int, list[tuple[int, int]]] | None:
    match = Match.new("magnificent", 2, seed=seed)
    rng = random.Random(seed)
    for _ in range(600):
        to = match.to_act()
        if to.kind == "over":
            return None
        if match.auto_step(to) is not None:
            continue
        seat = to.seats[0]
        legal = match.legal(seat, to)
        pairs = _alike_pairs(match, seat) if match.state.phase == "turn" else []
        if pairs and any(isinstance(a, A.Place) for a in legal):
            return match, seat, pairs
        match.act(seat, rng.choice(legal))
    return None


def test_the_second_of_two_alike_fragments_is_refused_like_the_list():
    found = next(
        (f for f in (_first_alike_position(seed) for seed in range(40)) if f is not None), None
    )
    assert found is not None, "no seeded random game owed two alike fragments"
    match, seat, pairs = found
    legal = match.legal(seat)
    places = [a for a in legal if isinstance(a, A.Place)]
    first, second = pairs[0]
    assert any(a.pending == first for a in places)
    assert not any(a.pending == second for a in places)
    unlisted = msgspec.structs.replace(
        next(a for a in places if a.pending == first), pending=second
    )
    game, state = match.game, match.state
    assert not game.allows(state, seat, unlisted, None)
    with pytest.raises(IllegalAction):
        game.apply(state, seat, unlisted)
