"""What the greedy bot keeps in the purse when it advertises (``bots.kept``; docs/bots.md,
"Issue #30, session 24"): 6 coins while rounds remain to learn and equip tricks in, only the
round's wages in the last three."""

from __future__ import annotations

from engine.core.copier import copy_state
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion import bots
from engine.games.trickerion.common import advertise_cost

from .helpers import position


def test_the_poster_in_the_last_three_rounds_keeps_only_the_wages() -> None:
    # Greedy's solo game at seed 5, round 6 of 7: 5 coins, the poster costs 1, and the wages
    # are 4 (the Assistant's 2 and two apprentices'; the Magician and the apprentice on the
    # Assistant board are paid none). On 8 futures the poster gained 2.0 in each.
    match, bot = position("solo-5-step213-round6-advertise")
    g, s = match.game, match.state
    legal = match.legal(0)
    assert s.round == 6 and s.players[0].coins == 5 and advertise_cost(g.rules, s, 0) == 1
    assert bot.choose(g, s, 0, legal) == A.Advertise(True)
    assert bots.kept(g, s, 0) == 4
    # A coin fewer would leave a wage unpaid (2 fame a coin): no poster.
    poor = copy_state(s)
    change_at(poor.players, 0, coins=4)
    assert bot.choose(g, poor, 0, legal) == A.Advertise(False)
    # The same purse with four rounds left keeps 6 coins for a trick's props.
    earlier = copy_state(s)
    earlier.round = 3
    assert bots.kept(g, earlier, 0) == bots.KEPT
    assert bot.choose(g, earlier, 0, legal) == A.Advertise(False)
