"""How big a build decision's legal-action list gets (fragment x anchor x orientation, with
orientations deduplicated). Prints the figures; never asserts on time."""

from __future__ import annotations

import time

from seated import Seated

from engine.core.bots import RandomBot, bot_seed
from engine.games.magnificent import Magnificent
from engine.games.magnificent import actions as A
from engine.games.magnificent.rules import orientations
from tests.magnificent.helpers import act, cards, plain_cards, put_die, ready


def test_orientations_are_deduplicated():
    assert len(orientations(((0, 0), (1, 0), (0, 1), (1, 1)))) == 1  # square
    assert len(orientations(((0, 0), (1, 0), (2, 0), (1, 1)))) == 4  # T
    assert len(orientations(((0, 0), (1, 0), (2, 0), (0, 1)))) == 8  # L
    assert len(orientations(((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1)))) == 2


def test_worst_build_decision_and_random_games(capsys):
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.markers = p.markers_out = 3
    cards(s, seat, plain_cards(g))
    d = put_die(s, "green", 6)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s.turn.plus = 12  # the top level
    s, _ = act(g, s, A.Choose("build"))
    for _ in range(3):
        s, _ = act(g, s, A.Marker("b3_recolour"))
    top = max(
        range(len(g.rules.boards[p.board].build_levels)),
        key=lambda i: g.rules.boards[p.board].build_levels[i].ap,
    )
    s, _ = act(g, s, A.Level(top))
    start = time.perf_counter()
    legal = g.legal_actions(s, seat)
    worst = (len(legal), time.perf_counter() - start)
    places = [a for a in legal if isinstance(a, A.Place)]
    assert len(places) == len(set(places))
    geo = g.rules.geo(p.board)
    sizes = {f.size for f in s.turn.frags}
    expected = sum(
        len(geo.placements[g.rules.frag_by[(c, z)]])
        for c in ("orange", "green", "purple")
        for z in sizes
    )
    assert len(places) == expected  # empty camp: every placement of every allowed fragment

    game = Magnificent(4)
    biggest = (0, 0.0)
    for seed in range(20):
        st = game.initial_state(seed)
        bots = {i: RandomBot(bot_seed(seed, i)) for i in range(4)}
        while game.to_act(st).kind != "terminal":
            who = game.to_act(st).seats[0]
            if game.to_act(st).kind == "chance":  # a throw: the engine's own step
                st, _ = game.apply(st, who, game.chance_action(st))
                continue
            t0 = time.perf_counter()
            options = game.legal_actions(st, who)
            dt = time.perf_counter() - t0
            if len(options) > biggest[0]:
                biggest = (len(options), dt)
            st, _ = game.apply(st, who, bots[who].choose(game, st, who, options))
    with capsys.disabled():
        print(
            f"\nmagnificent legal actions: constructed worst build decision {worst[0]} in "
            f"{worst[1] * 1e3:.2f} ms; largest in 20 random 4-player games {biggest[0]} in "
            f"{biggest[1] * 1e3:.2f} ms"
        )
