"""Greedy's position value in the last round (``bots.value``; docs/bots.md, "Issue #30, session
25: level 3"): no round is left to spend a coin in, so a coin is worth the third of a fame the
end's scoring pays for it; and without the Dark Alley the end's fame for characters is counted,
so that ending the last turn is not worth more than the move it skips."""

from __future__ import annotations

from engine.core.bots import bot_seed, make_bot
from engine.core.copier import copy_state
from engine.core.match import Match
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion import bots
from tests.golden.cases import CASES

from .helpers import add_char, started


def _coins(g, s, n):
    more = copy_state(s)
    change_at(more.players, 0, coins=s.players[0].coins + n)
    return bots.value(g, more, 0) - bots.value(g, s, 0)


def test_a_coin_in_the_last_round_is_worth_a_third_of_a_fame() -> None:
    g, s = started(2)
    s.round = g.rules.last_round
    assert abs(_coins(g, s, 3) - 1.0) < 1e-9
    # A round earlier the coin can still buy props and pay wages: the tuned weight, over 1/3.
    s.round = g.rules.last_round - 1
    assert _coins(g, s, 3) > 1.5


def test_without_the_dark_alley_the_last_round_counts_the_characters_end_fame() -> None:
    g, s = started(2, dark_alley=False)
    s.round = g.rules.last_round
    more = copy_state(s)
    add_char(more, 0, "apprentice")
    gain = bots.value(g, more, 0) - bots.value(g, s, 0)
    assert abs(gain - g.cat.end.fame_per_apprentice_without_dark_alley) < 1e-9
    with_alley, t = started(2)
    t.round = with_alley.rules.last_round
    more = copy_state(t)
    add_char(more, 0, "apprentice")
    assert abs(bots.value(with_alley, more, 0) - bots.value(with_alley, t, 0)) < 1e-9


def test_the_last_backstage_turn_sets_up_rather_than_ends() -> None:
    # The golden 2p-fast-no-alley at step 134 (round 5 of 5): seat 0's Engineer backstage with
    # 2 AP and two prepared tricks. Ending the turn reaches the final scoring, which pays 5 for
    # its characters; valued without them, it beat the set-up (49 fame to 40 at the end).
    case = next(c for c in CASES["trickerion"] if c.name == "2p-fast-no-alley")
    m = Match.new(case.game, case.players, case.options, case.seed)
    g = m.game
    players = {s: make_bot(g, k, bot_seed(case.seed, s)) for s, k in enumerate(case.bots)}
    for _ in range(134):
        to = m.to_act()
        if to.kind == "chance":
            m.act(-1, g.chance_action(m.state))
            continue
        seat = to.seats[0]
        m.act(seat, players[seat].choose(g, m.state, seat, g.legal_actions(m.state, seat)))
    s = m.state
    assert s.round == g.rules.last_round and s.act is not None and s.act.loc == "theater"
    legal = g.legal_actions(s, 0)
    assert A.EndTurn() in legal
    assert isinstance(players[0].choose(g, s, 0, legal), A.SetUpTrick)
