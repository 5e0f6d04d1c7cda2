"""The moves a table keeps between listings (Market Row's Orders and Quick Orders, Downtown's
Set Die moves, the prop bundles of the setup and the Manager: ``TrickerionRules.order_lists``,
``quick_lists``, ``set_die_lists``, ``bundle_lists``) are never stale: along whole random games, a table whose kept lists have filled up lists exactly what a
table with none kept lists, move for move and in the same order."""

import pytest

from engine.core.bots import RandomBot, bot_seed
from engine.core.match import Match
from engine.core.play import play_to_end

from .helpers import new_game


@pytest.mark.parametrize("seed", [3, 11])
def test_kept_lists_match_fresh_ones(seed):
    match = Match(new_game(4, dark_alley=True, prophecies=True), seed)
    play_to_end(match, {s: RandomBot(bot_seed(seed, s)) for s in range(4)})
    warm, cold = match.game, new_game(4, dark_alley=True, prophecies=True)
    kept = (
        cold.rules.order_lists,
        cold.rules.quick_lists,
        cold.rules.set_die_lists,
        cold.rules.bundle_lists,
    )
    listed = 0
    for state, step in zip(match.states, match.steps):
        if warm.to_act(state).kind != "players":
            continue
        for lists in kept:
            lists.clear()
        assert warm.legal_actions(state, step.seat) == cold.legal_actions(state, step.seat)
        listed += state.act is not None and state.act.loc in ("market_row", "downtown")
    # the warm table answered from what it kept, at many Market Row and Downtown steps
    assert listed > 20
    assert warm.rules.order_lists and warm.rules.set_die_lists and warm.rules.bundle_lists
