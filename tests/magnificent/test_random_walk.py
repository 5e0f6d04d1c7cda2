"""Invariants after every action of random games (issue 11): fragments never overlap or leave
the grid and stay connected, fragment supply conserved, gems <= 3 per type, 8 trainer markers
per seat accounted for, posters conserved, hats on distinct spaces, scores change only through
logged events, 4 dice on cards at round end, 12 turns per seat. The full counts (2,000 games
per player count, 1,000 solo) are marked slow."""

from __future__ import annotations

import functools
from collections import Counter

import pytest

from engine.core.bots import RandomBot, bot_seed
from engine.games.magnificent import Magnificent
from engine.games.magnificent.rules import MARKERS
from engine.games.magnificent.solo import MagnificentSolo


# A camp's connectedness depends on its grid and cells only, and the same camps recur from one
# step and game to the next: each is flood-filled once (the check itself is unchanged).
@functools.lru_cache(maxsize=1 << 16)
def connected(geo, occ: int) -> bool:
    if not occ:
        return True
    seen = occ & -occ
    while True:
        grown = (geo.neighbours(seen) | seen) & occ
        if grown == seen:
            return seen == occ
        seen = grown


# the posters of a pack (by its hash) that are not starting ones: counted once, not every step
REGULAR_POSTERS: dict[str, int] = {}


def check(g, s, log_vp, before_phase):
    r = g.rules
    built = Counter()
    for seat, p in enumerate(s.players):
        cap = r.boards[p.board].storage_per_type
        assert all(0 <= k <= cap for k in p.gems.values()), p.gems
        assert p.coins >= 0
        geo = r.geo(p.board)
        occ = 0
        for b in p.built:
            assert b.mask and not b.mask & occ and not b.mask & geo.blocked
            assert b.mask >> geo.n == 0
            occ |= b.mask
            built[b.fragment] += 1
        assert len(p.camp) - p.camp.count(0) == occ.bit_count()
        assert connected(geo, occ)  # one camp
        placed = sum(s.turn.markers.values()) if seat == s.seat and s.phase == "turn" else 0
        assert p.markers >= 0 and p.markers_tent >= 0
        assert p.markers + p.markers_tent + placed == p.markers_out <= MARKERS
        on = [h for h in p.hats if h >= 0]
        assert 1 <= len(on) <= 2
        assert p.vp == log_vp[seat]
    for f in r.pack.fragments:
        assert s.supply[f.id] + built[f.id] == f.supply
    hats = [h for p in s.players for h in p.hats if h >= 0] + list(s.dummy_hats)
    assert len(hats) == len(set(hats))
    posters = (
        list(s.poster_deck)
        + list(s.poster_discard)
        + [x for x in s.new_posters if x]
        + [x for p in s.players for x in p.posters if x]
        + [x for p in s.players for x in p.rewarded]
    )
    assert len(posters) == len(set(posters))
    regular = REGULAR_POSTERS.get(r.sha)
    if regular is None:
        regular = REGULAR_POSTERS[r.sha] = sum(1 for x in r.pack.posters if not x.starting)
    assert len(posters) == regular + len(s.players)
    if before_phase == "turn" and s.phase in ("fair", "fair_discard", "score"):
        for p in s.players:
            assert sum(1 for c in p.cards if c.die is not None) == 4


def play(g, seed):
    s = g.initial_state(seed)
    n = len(s.players)
    bots = {i: RandomBot(bot_seed(seed, i)) for i in range(n)}
    log_vp = [p.vp for p in s.players]
    turns = Counter()
    steps = 0
    while True:
        to = g.to_act(s)
        if to.kind == "terminal":
            break
        seat = to.seats[0]
        if to.kind == "chance":  # a throw: the engine's own step
            action = g.chance_action(s)
        else:
            legal = g.legal_actions(s, seat)
            assert legal, (s.phase, s.turn.stage)
            action = bots[seat].choose(g, s, seat, legal)
        before = s.phase
        s, events = g.apply(s, seat, action)
        for e in events:
            if e.code == "mag.vp":
                log_vp[e.params["seat"]] += e.params["n"]
            elif e.code == "mag.end_turn":
                turns[e.params["seat"]] += 1
        check(g, s, log_vp, before)
        steps += 1
        assert steps < 5000
    assert all(turns[i] == 12 for i in range(n)), turns
    res = g.result(s)
    assert res.scores == [p.vp for p in s.players]
    return s


def games(players, count, advanced=False, first=0):
    g = MagnificentSolo() if players == 1 else Magnificent(players, {"advanced": advanced})
    for seed in range(first, count):
        play(g, seed)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_walk_quick(players):
    games(players, 8)


def test_random_walk_advanced_quick():
    games(3, 5, advanced=True)


def test_same_seed_same_game():
    g = Magnificent(3)
    a, b = play(g, 11), play(g, 11)
    assert g.codec.state_hash(a) == g.codec.state_hash(b)


# (in chunks of 500 seeds: scripts/test spreads the chunks over the cores)
@pytest.mark.slow
@pytest.mark.parametrize(
    "players,first",
    [
        (n, first)
        for n, count in ((2, 2000), (3, 2000), (4, 2000), (1, 1000))
        for first in range(0, count, 500)
    ],
)
def test_random_walk_full(players, first):
    games(players, first + 500, first=first)


@pytest.mark.slow
def test_random_walk_advanced_full():
    games(4, 300, advanced=True)
