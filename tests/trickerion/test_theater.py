"""Theater ("ТЕАТР"): Set Up Trick, marker orientation, links and their rewards, shard links,
Reschedule; and "ПРИМЕР А: ФАЗА ДЕЙСТВИЙ В ТЕАТРЕ" as a scenario with the book's numbers."""

import pytest

from engine.core.errors import IllegalAction
from engine.games.trickerion import actions as A
from engine.games.trickerion.common import formed_links

from .helpers import (
    add_char,
    clear_tricks,
    give_trick,
    placing,
    put_marker,
    set_row,
    started,
    to_placement,
)


def theater(ap=3, seat=0, players=4):
    g, s = started(players, seed=21)
    for x in range(players):
        clear_tricks(s, x)
    set_row(g, s, ["pf01", "pf10", "pf03"])
    s = placing(g, s, seat, 0, "theater", ap)
    return g, s


def test_set_up_moves_a_marker_and_faces_a_link():
    """ "ВКЛЮЧИТЬ НОМЕР В ПРЕДСТАВЛЕНИЕ" (1 AP): a marker from the trick card to a free slot;
    "КАК РАСПОЛОЖИТЬ ЖЕТОН НОМЕРА": its school symbol inside a link circle of that slot."""
    g, s = theater()
    give_trick(s, 0, "t25_barricaded_barrels", markers=2)
    legal = [a for a in g.legal_actions(s, 0) if isinstance(a, A.SetUpTrick)]
    # pf01 cell 1 (middle of three) has links up and down; cell 0 only down.
    assert {a.facing for a in legal if a.card == 0 and a.cell == 1} == {"up", "down"}
    assert {a.facing for a in legal if a.card == 0 and a.cell == 0} == {"down"}
    s, _ = g.apply(s, 0, A.SetUpTrick("t25_barricaded_barrels", 0, 1, "up"))
    assert s.players[0].tricks[0].markers == 1 and s.act.ap == 2
    assert s.row[0].m[1] == 0 * 4 + s.players[0].tricks[0].sym
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.SetUpTrick("t25_barricaded_barrels", 0, 2, "up"))
    assert err.value.code == "trickerion.set_up.same_symbol_on_card"
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.SetUpTrick("t25_barricaded_barrels", 1, 0, "up"))
    assert err.value.code == "trickerion.set_up.bad_facing"


def test_link_pays_level_in_fame_or_coins():
    """ "СВЯЗИ НОМЕРОВ": same-school symbols in one circle link; the player who made it gains the
    placed trick's level in fame or coins per link."""
    g, s = theater()
    give_trick(s, 0, "t16_window_to_the_otherworld", markers=1)
    give_trick(s, 0, "t19_peppers_ghost", markers=2)
    s, _ = g.apply(s, 0, A.SetUpTrick("t16_window_to_the_otherworld", 1, 0, "right"))
    assert not s.pending
    fame, coins = s.players[0].fame, s.players[0].coins
    s, _ = g.apply(s, 0, A.SetUpTrick("t19_peppers_ghost", 1, 1, "left"))
    assert s.pending[0].kind == "link_reward" and s.pending[0].units == 1
    assert g.legal_actions(s, 0) == [A.TakeLinkCoins(0), A.TakeLinkCoins(1)]
    s, _ = g.apply(s, 0, A.TakeLinkCoins(1))
    assert s.players[0].coins == coins + 2 and s.players[0].fame == fame


def test_no_link_when_facing_elsewhere_or_other_school():
    g, s = theater()
    give_trick(s, 0, "t16_window_to_the_otherworld", markers=1)
    give_trick(s, 0, "t37_linking_rings", markers=2)
    s, _ = g.apply(s, 0, A.SetUpTrick("t16_window_to_the_otherworld", 1, 0, "right"))
    s, _ = g.apply(s, 0, A.SetUpTrick("t37_linking_rings", 1, 1, "left"))
    assert not s.pending  # mechanical faces spiritual: no link
    assert formed_links(g.cat, s, s.row[1]) == []


def test_shard_link_pays_each_player_once():
    """A shard in the circle: every player in the link gains 1 shard; linking two of your own
    tricks in it gives 1 shard, not 2."""
    g, s = theater()
    give_trick(s, 0, "t16_window_to_the_otherworld", markers=1)
    give_trick(s, 0, "t19_peppers_ghost", markers=2)
    give_trick(s, 1, "t14_breath_of_life", markers=1)
    # pf10: cells (0,0) (1,0) (1,1); link 10-11 has the shard.
    put_marker(g, s, 1, "t14_breath_of_life", 1, 2, "up")
    shards0, shards1 = s.players[0].shards, s.players[1].shards
    s, _ = g.apply(s, 0, A.SetUpTrick("t19_peppers_ghost", 1, 1, "down"))
    assert s.players[0].shards == shards0 + 1 and s.players[1].shards == shards1 + 1
    s, _ = g.apply(s, 0, A.TakeLinkCoins(0))
    # Own tricks in a shard link: one shard.
    g, s = theater()
    give_trick(s, 0, "t16_window_to_the_otherworld", markers=1)
    give_trick(s, 0, "t19_peppers_ghost", markers=2)
    put_marker(g, s, 0, "t16_window_to_the_otherworld", 1, 2, "up")
    shards0 = s.players[0].shards
    s, _ = g.apply(s, 0, A.SetUpTrick("t19_peppers_ghost", 1, 1, "down"))
    assert s.players[0].shards == shards0 + 1


def test_reschedule_moves_without_link_rewards():
    """ "ПЕРЕНЕСТИ НОМЕР" (1 AP): move one of your markers to a free slot (same or another
    card) by the same rules; no link bonuses."""
    g, s = theater()
    give_trick(s, 0, "t16_window_to_the_otherworld", markers=0)
    give_trick(s, 0, "t19_peppers_ghost", markers=1)
    put_marker(g, s, 0, "t16_window_to_the_otherworld", 1, 0, "right")
    put_marker(g, s, 0, "t19_peppers_ghost", 0, 0, "down")
    fame, coins, shards = s.players[0].fame, s.players[0].coins, s.players[0].shards
    s, _ = g.apply(s, 0, A.Reschedule(0, 0, 1, 1, "left"))
    assert s.row[1].m[1] >= 0 and s.row[0].m[0] == -1
    assert len(formed_links(g.cat, s, s.row[1])) == 1
    assert not s.pending
    assert (s.players[0].fame, s.players[0].coins, s.players[0].shards) == (fame, coins, shards)
    # Within the same card is fine; onto a card holding the same symbol is not.
    put_marker(g, s, 0, "t16_window_to_the_otherworld", 0, 2, "up")
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.Reschedule(1, 0, 0, 1, "down"))
    assert err.value.code == "trickerion.reschedule.not_allowed"
    assert A.Reschedule(1, 0, 1, 2, "up") in g.legal_actions(s, 0)


def test_example_a_theater_placements():
    """ "ПРИМЕР А": Green's Magician on Sunday's stage closes Sunday; Yellow's Manager (Friday,
    2 AP) sets up 2 tricks and links them: 1 fame or coin; Blue's Assistant on Thursday has
    2 + 1 = 3 AP, links 3a–3b (spades, level 2: 2) and 3c with Yellow's marker (2 more);
    Yellow's Apprentice sets up a mechanical trick without a link; Red's Magician backstage
    (3 AP) sets up 3 markers on 3 cards; Blue's and Yellow's Magicians take Thursday's and
    Friday's stage."""
    g, s = started(4, seed=31, dark_alley=False)
    green, yellow, blue, red = 0, 1, 2, 3
    for seat in range(4):
        clear_tricks(s, seat)
    set_row(g, s, ["pf01", "pf10", "pf03"])
    manager = (
        add_char(s, yellow, "manager")
        if not any(c.kind == "manager" for c in s.players[yellow].chars)
        else next(i for i, c in enumerate(s.players[yellow].chars) if c.kind == "manager")
    )
    assistant = add_char(s, blue, "assistant")
    give_trick(s, yellow, "t25_barricaded_barrels", markers=2)
    give_trick(s, yellow, "t27_burning_mummy", markers=1)
    give_trick(s, yellow, "t37_linking_rings", markers=2)
    give_trick(s, blue, "t16_window_to_the_otherworld", markers=2)
    give_trick(s, blue, "t19_peppers_ghost", markers=2)  # the "spades" trick, level 2
    give_trick(s, red, "t28_water_tank_escape", markers=2)
    give_trick(s, red, "t26_stocks_escape", markers=2)
    s.order = [green, yellow, blue, red]
    plan = {
        green: [(0, "theater")],
        yellow: [(manager, "theater"), (1, "theater"), (0, "theater")],
        blue: [(assistant, "theater"), (1, "market_row"), (0, "theater")],
        red: [(1, "downtown"), (0, "theater")],
    }
    s = to_placement(g, s, plan)

    def settle(s):
        while s.pending:
            s, _ = g.apply(s, s.pending[0].seat, A.TakeLinkCoins(0))
        return s

    # 1: Green's Magician on Sunday's stage.
    s, _ = g.apply(s, green, A.PlaceCharacter(0, "theater", 11))
    # 2: Yellow's Manager on Friday: 2 AP, 2a and 2b linked (level 1).
    s, _ = g.apply(s, yellow, A.PlaceCharacter(manager, "theater", 3))
    assert s.act.ap == 2
    assert not any(
        a.slot // 3 == 3 for a in g.legal_actions(s, yellow) if isinstance(a, A.PlaceCharacter)
    )
    s, _ = g.apply(s, yellow, A.SetUpTrick("t25_barricaded_barrels", 2, 0, "down"))
    fame = s.players[yellow].fame
    s, _ = g.apply(s, yellow, A.SetUpTrick("t27_burning_mummy", 2, 1, "up"))
    assert s.pending[0].units == 1 and s.pending[0].value == 1
    s, _ = g.apply(s, yellow, A.TakeLinkCoins(0))
    assert s.players[yellow].fame == fame + 1
    assert s.act.ap == 0
    s, _ = g.apply(s, yellow, A.EndTurn())
    # 3: Blue's Assistant on Thursday: 3 AP; 3a–3b link (2), 3c links with Yellow (2).
    s, _ = g.apply(s, blue, A.PlaceCharacter(assistant, "theater", 0))
    assert s.act.ap == 3
    s, _ = g.apply(s, blue, A.SetUpTrick("t16_window_to_the_otherworld", 1, 0, "right"))
    s, _ = g.apply(s, blue, A.SetUpTrick("t19_peppers_ghost", 1, 1, "left"))
    assert s.pending[0].units == 1 and s.pending[0].value == 2
    coins = s.players[blue].coins
    s, _ = g.apply(s, blue, A.TakeLinkCoins(1))
    assert s.players[blue].coins == coins + 2
    s, _ = g.apply(s, blue, A.SetUpTrick("t19_peppers_ghost", 2, 2, "left"))
    assert s.pending[0].units == 1 and s.pending[0].value == 2
    fame = s.players[blue].fame
    s, _ = g.apply(s, blue, A.TakeLinkCoins(0))
    assert s.players[blue].fame == fame + 2 and s.act.ap == 0
    s, _ = g.apply(s, blue, A.EndTurn())
    # Red's Apprentice goes Downtown (not part of the example).
    s, _ = g.apply(s, red, A.PlaceCharacter(1, "downtown", 3))
    s, _ = g.apply(s, red, A.EndTurn())
    # 4: Yellow's Apprentice on Friday: a mechanical trick, no link.
    s, _ = g.apply(s, yellow, A.PlaceCharacter(1, "theater", 4))
    assert s.act.ap == 1
    s, _ = g.apply(s, yellow, A.SetUpTrick("t37_linking_rings", 0, 0, "down"))
    assert not s.pending
    s, _ = g.apply(s, yellow, A.EndTurn())
    s, _ = g.apply(s, blue, A.PlaceCharacter(1, "market_row", 3))
    s, _ = g.apply(s, blue, A.EndTurn())
    # 5: Red's Magician backstage on Saturday: 3 AP, 3 markers on 3 cards.
    s, _ = g.apply(s, red, A.PlaceCharacter(0, "theater", 6))
    assert s.act.ap == 3
    s, _ = g.apply(s, red, A.SetUpTrick("t28_water_tank_escape", 0, 2, "up"))
    s = settle(s)
    s, _ = g.apply(s, red, A.SetUpTrick("t28_water_tank_escape", 1, 2, "up"))
    s = settle(s)
    s, _ = g.apply(s, red, A.SetUpTrick("t26_stocks_escape", 2, 3, "up"))
    s = settle(s)
    assert s.act.ap == 0
    s, _ = g.apply(s, red, A.EndTurn())
    # 7 and 6: Yellow's and Blue's Magicians on Friday's and Thursday's stage.
    s, _ = g.apply(s, yellow, A.PlaceCharacter(0, "theater", 5))
    s, _ = g.apply(s, blue, A.PlaceCharacter(0, "theater", 2))
    # Everybody placed: the Performance phase starts with Blue (Thursday).
    assert s.phase == "perform" and s.pending[0].kind == "perform"
    assert s.pending[0].seat == blue
