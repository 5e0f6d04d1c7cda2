"""Round phases ("ФАЗЫ РАУНДА"): dice, initiative, advertising, hidden simultaneous
assignments, Place Characters with action points, idle characters."""

import pytest

from engine.core.copier import copy_state
from engine.core.errors import IllegalAction
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import SLOT_MARKET, SLOT_THEATER
from engine.games.trickerion.flow import determine_initiative

from .helpers import started, to_placement


def test_dice_roll_is_a_chance_step_with_six_dice():
    """ "ФАЗА БРОСКА КУБИКОВ": six dice, faces from the board pack."""
    g, s = started(3, seed=11)
    assert len(s.dice) == 6
    for die, face in enumerate(s.dice):
        assert face in g.cat.die_faces[die]


def test_initiative_fame_ascending_ties_swap():
    """ "ФАЗА ОПРЕДЕЛЕНИЯ ОЧЕРЕДНОСТИ": lowest fame first; tied players swap their order."""
    g, s = started(4)
    s.order = (0, 1, 2, 3)
    for seat, fame in enumerate([9, 3, 9, 1]):
        change_at(s.players, seat, fame=fame)
    determine_initiative(s)
    assert s.order == (3, 1, 2, 0)
    s.order = (2, 0, 1, 3)
    for seat, fame in enumerate([4, 4, 4, 4]):
        change_at(s.players, seat, fame=fame)
    determine_initiative(s)
    assert s.order == (3, 1, 0, 2)


def test_initiative_skipped_in_first_round():
    """The initiative phase is skipped in round 1: the random setup order stays."""
    g, s = started(4, seed=3)
    assert s.round == 1
    order = s.order
    g2, s2 = started(4, seed=3)
    assert s2.order == order


def test_advertise_costs_initiative_slot_and_gives_two_fame():
    """ "ФАЗА РЕКЛАМЫ": pay your initiative slot number (1–4) in coins, gain 2 fame; the poster
    comes back at the end of the round."""
    g, s = started(4, seed=2)
    assert s.phase == "advertise" and g.to_act(s).simultaneous
    last = s.order[3]
    coins = s.players[last].coins
    s, _ = g.apply(s, last, A.Advertise(True))
    assert s.players[last].coins == coins - 4 and s.players[last].fame == 7
    assert s.players[last].poster
    with pytest.raises(IllegalAction):
        g.apply(s, last, A.Advertise(True))


def test_advertise_skipped_for_who_cannot_pay():
    g, s = started(4, seed=2)
    s = copy_state(s)
    s.phase = "roll"
    change_at(s.players, s.order[0], coins=0)
    s, _ = g.apply(s, -1, g.chance_action(s))
    assert s.order[0] not in g.to_act(s).seats


def test_assignments_are_simultaneous_and_hidden_until_revealed():
    """ "ФАЗА ПОРУЧЕНИЙ": cards face down, all at once; the view hides others' cards."""
    g, s = started(3, seed=1)
    for seat in range(3):
        s, _ = g.apply(s, seat, A.Advertise(False))
    assert s.phase == "assign" and g.to_act(s).seats == (0, 1, 2)
    s, ev = g.apply(s, 0, A.Assign(0, "market_row"))
    assert any(e.to == 0 and e.params["card"] == "market_row" for e in ev)
    assert not any(e.to is None and "card" in e.params for e in ev)
    other = g.view(s, 1)["players"][0]["chars"][0]
    assert other["card"] == "face_down"
    assert g.view(s, 0)["players"][0]["chars"][0]["card"] == "market_row"
    assert s.players[0].hand["market_row"] == 0
    assert g.view(s, 1)["players"][0]["hand"] == {}
    assert g.view(s, 1)["players"][0]["hand_count"] == 5
    assert A.Assign(1, "market_row") not in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, A.EndAssignments())
    assert g.to_act(s).seats == (1, 2)
    s, _ = g.apply(s, 1, A.EndAssignments())
    s, ev = g.apply(s, 2, A.EndAssignments())
    assert s.phase == "place"
    assert any(e.reveal for e in ev)
    assert g.view(s, 1)["players"][0]["chars"][0]["card"] == "market_row"
    # Characters without a card are idle.
    assert s.players[0].chars[1].idle and not s.players[0].chars[0].idle


def test_view_hides_special_hands_decks_and_rng():
    g, s = started(3, seed=1)
    change_at(s.players, 0, specials=("a26_mass_recruitment",))
    v = g.view(s, 1)
    assert v["players"][0]["specials"] == [] and v["players"][0]["special_count"] == 1
    assert v["decks"] == {loc: len(c) for loc, c in s.decks.items()}
    assert "rng" not in v and isinstance(v["prophecy_stack"], int)
    assert list(g.view(s, 0)["players"][0]["specials"]) == ["a26_mass_recruitment"]


def test_placement_in_initiative_order_one_character_each():
    """ "ФАЗА ДЕЙСТВИЙ": one character per turn, in initiative order, any order of one's own."""
    g, s = started(3, seed=4)
    plan = {seat: [(0, "market_row"), (1, "downtown")] for seat in range(3)}
    s = to_placement(g, s, plan)
    first, second = s.order[0], s.order[1]
    assert g.to_act(s).seats == (first,)
    s, _ = g.apply(s, first, A.PlaceCharacter(1, "downtown", 3))
    s, _ = g.apply(s, first, A.EndTurn())
    assert g.to_act(s).seats == (second,)


def test_action_points_base_plus_slot_and_shard():
    """ "СИСТЕМА ОЧКОВ ДЕЙСТВИЯ": base (apprentice 1, specialist 2, magician 3) + slot
    modifier; +1 for a shard once per placement, not in the Theater."""
    g, s = started(3, seed=4)
    plan = {seat: [(0, "market_row"), (1, "theater")] for seat in range(3)}
    s = to_placement(g, s, plan)
    seat = s.order[0]
    s, _ = g.apply(s, seat, A.PlaceCharacter(0, "market_row", 0))
    assert s.act.ap == 3 + 2
    s, _ = g.apply(s, seat, A.EnhanceCharacter())
    assert s.act.ap == 6 and s.players[seat].shards == 0
    assert A.EnhanceCharacter() not in g.legal_actions(s, seat)
    s, _ = g.apply(s, seat, A.EndTurn())
    # Apprentice on Thursday backstage: 1 + 1; no shard in the Theater.
    change_at(s.players, seat, shards=2)
    for other in s.order[1:]:
        s, _ = g.apply(s, other, A.MakeIdle(0))
    s, _ = g.apply(s, seat, A.PlaceCharacter(1, "theater", 0))
    assert s.act.ap == 2
    assert A.EnhanceCharacter() not in g.legal_actions(s, seat)
    with pytest.raises(IllegalAction) as err:
        g.apply(s, seat, A.EnhanceCharacter())
    assert err.value.code == "trickerion.enhance.not_in_theater"


def test_ap_on_sunday_and_zero_slot():
    g, s = started(2, seed=4)
    s = to_placement(g, s, {0: [(1, "theater")], 1: [(1, "downtown")]})
    seat = 0
    if s.order[0] != 0:
        s, _ = g.apply(s, 1, A.PlaceCharacter(1, "downtown", 3))
        assert s.act.ap == 1
        s, _ = g.apply(s, 1, A.EndTurn())
    s, _ = g.apply(s, seat, A.PlaceCharacter(1, "theater", 9))  # Sunday backstage
    assert s.act.ap == 0


def test_theater_one_day_per_player_and_stage_for_magician_only():
    """ "ТЕАТР": a player uses one weekday per round, only if no other player is on it; the
    stage slot takes the Magician only, who loses its AP."""
    g, s = started(2, seed=4)
    plan = {0: [(0, "theater"), (1, "theater")], 1: [(0, "theater"), (1, "theater")]}
    s = to_placement(g, s, plan)
    a, b = s.order
    legal = g.legal_actions(s, a)
    assert A.PlaceCharacter(1, "theater", 2) not in legal  # apprentice on a stage slot
    assert A.PlaceCharacter(0, "theater", 2) in legal
    s, ev = g.apply(s, a, A.PlaceCharacter(0, "theater", 2))
    assert s.act is None and s.slots[SLOT_THEATER + 2] == a * 16
    # Thursday is now a's: b may not use it.
    legal = g.legal_actions(s, b)
    assert not any(
        x.location == "theater" and x.slot < 3 for x in legal if isinstance(x, A.PlaceCharacter)
    )
    with pytest.raises(IllegalAction) as err:
        g.apply(s, b, A.PlaceCharacter(1, "theater", 0))
    assert err.value.code == "trickerion.theater.day_taken"
    s, _ = g.apply(s, b, A.PlaceCharacter(1, "theater", 3))
    s, _ = g.apply(s, b, A.EndTurn())
    # a may use Thursday backstage only (its day).
    days = {x.slot // 3 for x in g.legal_actions(s, a) if isinstance(x, A.PlaceCharacter)}
    assert days == {0}


def test_make_idle_ends_the_turn_and_costs_no_wage():
    """ "НЕЗАНЯТЫЕ ПЕРСОНАЖИ": flip the card, the next player goes on; no wage."""
    g, s = started(2, seed=4)
    s = to_placement(g, s, {0: [(1, "downtown")], 1: [(1, "downtown")]})
    a, b = s.order
    coins = s.players[a].coins
    s, _ = g.apply(s, a, A.MakeIdle(1))
    assert s.players[a].chars[1].idle and g.to_act(s).seats == (b,)
    s, _ = g.apply(s, b, A.MakeIdle(1))
    # Nobody on stage: the round ends; no wages for idle characters.
    assert s.phase == "roll" and s.round == 2
    assert s.players[a].coins == coins


def test_slot_taken_cannot_be_used():
    g, s = started(4, seed=4)
    s = to_placement(g, s, {seat: [(0, "market_row")] for seat in range(4)})
    a, b = s.order[:2]
    s, _ = g.apply(s, a, A.PlaceCharacter(0, "market_row", 0))
    s, _ = g.apply(s, a, A.EndTurn())
    assert s.slots[SLOT_MARKET] == a * 16
    with pytest.raises(IllegalAction) as err:
        g.apply(s, b, A.PlaceCharacter(0, "market_row", 0))
    assert err.value.code == "trickerion.place.slot_unavailable"
