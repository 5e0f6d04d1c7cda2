"""Greedy's next-level trick (``engine/games/trickerion/equip.py``; docs/bots.md, "Issue #30,
session 22"): a level-2 trick learned where the purse holds its props' price and a round's
wages, its props bought as they appear, a level-3 trick learned for its end bonus where the
purse holds the props' price and the last round's wages. Each test also plays the position
with ``equip.worth`` at 0: main's greedy (Take Coins, or stopping beside the props)."""

from __future__ import annotations

import pytest

from engine.core.copier import copy_state
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion import equip

from .helpers import give_trick, greedy_solo_at, placing


def _downtown(round_: int, fame: int, coins: int):
    """Seed 5's round-1 Downtown visit (the Magician with 3 AP, Water Tank Escape owned, a
    bank die), moved to ``round_`` with ``fame`` and ``coins``: the seat's own school's tricks
    of every level are learnable on the Residence die."""
    match, bot = greedy_solo_at(5, 18)
    s = copy_state(match.state)
    s.round = round_
    s.dice[4] = "5"
    change_at(s.players, 0, fame=fame, coins=coins)
    return match.game, s, bot


def _shows(s, *props: str) -> None:
    """The Buy area shows ``props``: what a learned trick lacks, bought next round."""
    s.market.buy = props


def _learns(g, s, level: int) -> list[A.LearnTrick]:
    return [
        a
        for a in g.legal_actions(s, 0)
        if isinstance(a, A.LearnTrick) and g.cat.trick_level[a.trick] == level
    ]


def test_a_level_2_trick_is_learned_where_the_purse_holds_its_props_and_a_rounds_wages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g, s, bot = _downtown(4, 16, 9)
    _shows(s, "wood", "fabric", "petroleum", "glass")
    p = s.players[0]
    # Zig Zag Lady (wood 3, fabric 1, petroleum 1) lacks 6 coins of props; the Assistant and
    # an apprentice draw 3 a round.
    assert equip.lacking(g.cat, p, "t30_zig_zag_lady") == 6 and equip.wages(g.cat, p) == 3
    choice = bot.choose(g, s, 0, g.legal_actions(s, 0))
    assert isinstance(choice, A.LearnTrick) and choice.trick == "t30_zig_zag_lady"
    # Without petroleum in the Buy area it would be ordered first, and bought a round later.
    unshown = copy_state(s)
    _shows(unshown, "wood", "fabric", "metal", "glass")
    assert not equip.shown(unshown, p, g.cat, "t30_zig_zag_lady")
    assert not isinstance(bot.choose(g, unshown, 0, g.legal_actions(unshown, 0)), A.LearnTrick)
    # Round 5 leaves two whole rounds: one to buy, one to prepare and perform.
    later = copy_state(s)
    later.round = 5
    assert isinstance(bot.choose(g, later, 0, g.legal_actions(later, 0)), A.LearnTrick)
    # A coin short of props and wages: the coins.
    poor = copy_state(s)
    change_at(poor.players, 0, coins=8)
    assert _learns(g, poor, 2), "the learn is still legal"
    assert isinstance(bot.choose(g, poor, 0, g.legal_actions(poor, 0)), A.TakeCoins)
    late = copy_state(s)
    late.round = g.rules.last_round - 1
    assert isinstance(bot.choose(g, late, 0, g.legal_actions(late, 0)), A.TakeCoins)
    monkeypatch.setattr(equip, "worth", lambda *args: 0.0)
    assert isinstance(bot.choose(g, s, 0, g.legal_actions(s, 0)), A.TakeCoins)


def test_a_level_3_trick_is_learned_for_its_end_bonus_with_the_last_rounds_wages_in_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Round 6, 36 fame, a level-2 trick owned and three glass held: Assistant's Revenge
    # (glass 3, saw 2, mirror 2) is worth 7 at the end with the Assistant, and lacks 10 coins
    # of props.
    g, s, bot = _downtown(6, 36, 13)
    give_trick(s, 0, "t30_zig_zag_lady")
    change_at(s.players, 0, props={"rope": 1, "glass": 3})
    _shows(s, "saw", "mirror", "wood", "fabric")
    p = s.players[0]
    trick = "t34_assistants_revenge"
    assert any(a.trick == trick for a in _learns(g, s, 3))
    assert equip.lacking(g.cat, p, trick) == 10 and equip.wages(g.cat, p) == 3
    choice = bot.choose(g, s, 0, g.legal_actions(s, 0))
    assert isinstance(choice, A.LearnTrick) and choice.trick == trick
    poor = copy_state(s)
    change_at(poor.players, 0, coins=12)
    assert not isinstance(bot.choose(g, poor, 0, g.legal_actions(poor, 0)), A.LearnTrick)
    # In the last round no props can follow it (their orders arrive after the game).
    last = copy_state(s)
    last.round = g.rules.last_round
    assert equip.learn_worth(g, last, 0, trick, 0.64) == 0.0
    monkeypatch.setattr(equip, "worth", lambda *args: 0.0)
    assert isinstance(bot.choose(g, s, 0, g.legal_actions(s, 0)), A.TakeCoins)


def _market_row(round_: int, trick: str, ap: int = 3):
    """Seed 5's state with the Assistant at the Market Row (``ap`` AP) and 10 coins, ``trick``
    owned beside Water Tank Escape and its props; the Buy area shows wood, metal, glass and
    fabric."""
    match, bot = greedy_solo_at(5, 18)
    g = match.game
    s = placing(g, match.state, 0, 2, "market_row", ap)
    s.round = round_
    change_at(s.players, 0, coins=10, props={"rope": 1, "glass": 2, "metal": 2})
    give_trick(s, 0, trick)
    assert s.market.buy == ("wood", "metal", "glass", "fabric")
    return g, s, bot


def test_the_props_a_level_2_trick_lacks_are_bought_as_they_appear(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    g, s, bot = _market_row(5, "t30_zig_zag_lady")  # wood 3, fabric 1, petroleum 1
    choice = bot.choose(g, s, 0, g.legal_actions(s, 0))
    assert isinstance(choice, A.Buy) and {"wood", "fabric"} & set(choice.props)
    # Each Buy of one type counts, not only the last: the wood alone is worth its price.
    assert equip.props_worth(g, s, 0, A.Buy(("wood",) * 3)) == 3.0
    assert equip.props_worth(g, s, 0, A.Buy(("glass",))) == 0.0
    # Bought with the coins of next round's wages (3), it would idle a body: not credited.
    change_at(s.players, 0, coins=5)
    assert equip.props_worth(g, s, 0, A.Buy(("wood",) * 2)) == 2.0
    assert equip.props_worth(g, s, 0, A.Buy(("wood",) * 3)) == 0.0
    change_at(s.players, 0, coins=10)
    # Main's greedy orders the petroleum the Buy area lacks and leaves the wood and fabric.
    monkeypatch.setattr(equip, "worth", lambda *args: 0.0)
    assert isinstance(bot.choose(g, s, 0, g.legal_actions(s, 0)), A.Order)


def test_no_bargain_takes_the_ap_that_buys_another_type_the_trick_lacks() -> None:
    # Future Sight (metal 2, fabric 2, mirror 1) lacks the fabric and the mirror; with 2 AP,
    # a coin off the mirror leaves no AP for the fabric.
    g, s, bot = _market_row(5, "t18_future_sight", ap=2)
    s.market.buy = ("mirror", "glass", "fabric", "wood")
    cheap, full = A.Buy(("mirror",), 1), A.Buy(("mirror",), 0)
    legal = g.legal_actions(s, 0)
    assert cheap in legal and full in legal
    assert equip.props_worth(g, s, 0, cheap) == equip.props_worth(g, s, 0, full) - 2.0
    choice = bot.choose(g, s, 0, legal)
    assert isinstance(choice, A.Buy) and not choice.bargain
    s.act.ap = 3  # the third AP pays the Bargain and leaves one for the fabric
    assert equip.props_worth(g, s, 0, cheap) == equip.props_worth(g, s, 0, full)


def test_in_the_last_round_only_a_level_3_tricks_props_count() -> None:
    last = greedy_solo_at(5, 18)[0].game.rules.last_round
    g, s, _ = _market_row(last, "t30_zig_zag_lady")
    assert equip.props_worth(g, s, 0, A.Buy(("wood",) * 3)) == 0.0
    assert not equip.target_in_buy(g, s, 0)
    g, s, _ = _market_row(last, "t46_horror_saws")  # wood 3, saw 2, cog 2: its end bonus
    assert equip.props_worth(g, s, 0, A.Buy(("wood",) * 3)) == 3.0
    assert equip.target_in_buy(g, s, 0)


def test_the_round_plan_visits_the_market_row_before_downtown_for_the_tricks_props() -> None:
    # At 36 fame without a level-3 trick the plan's gate puts Downtown first; wood in the Buy
    # area for the owned level-2 trick puts the Market Row before it.
    g, s, bot = _market_row(5, "t30_zig_zag_lady")
    s.phase, s.act = "assign", None
    change_at(s.players, 0, fame=36)
    plan = bot._wanted(g, s, 0)
    assert plan.index("market_row") < plan.index("downtown")
    s.market.buy = ("metal", "glass", "mirror", "cog")
    plan = bot._wanted(g, s, 0)
    assert plan.index("downtown") < plan.index("market_row")
