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
    # every table of a catalogue shares its kept lists: the cold table is given its own
    kept = ({}, {}, {}, {})
    r = cold.rules
    r.order_lists, r.quick_lists, r.set_die_lists, r.bundle_lists = kept
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


def test_tables_of_one_catalogue_share_the_kept_lists_and_the_solo_one_keeps_its_own():
    from engine.games.trickerion.solo.game import solo_catalog

    two, four = new_game(2).rules, new_game(4, dark_alley=True, prophecies=True).rules
    assert two.order_lists is four.order_lists and two.bundle_lists is four.bundle_lists
    base, solo = two.cat.kept, solo_catalog()[0].kept
    assert all(a is not b for a, b in zip(base, solo))
