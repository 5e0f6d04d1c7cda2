"""Further rules, each named by its id (rules-digest.md) and section."""

from __future__ import annotations

from seated import Seated

from engine.core.tuples import change_at, put
from engine.games.magnificent import actions as A
from engine.games.magnificent import roundend, scoring
from engine.games.magnificent.rules import START
from engine.games.magnificent.state import PendingPoster
from tests.magnificent.helpers import (
    act,
    build_fragments,
    card_with,
    cards,
    cond_card,
    plain_cards,
    put_die,
    ready,
    space_index,
)


def _take(g, s, colour="green", face=3, card=0, **kw):
    cards(s, s.seat, kw.pop("ids", None) or plain_cards(g), kw.pop("dice", None))
    d = put_die(s, colour, face)
    s, _ = act(g, s, A.TakeDie(d, card, kw.pop("as_colour", "")))
    return s


def _end_turn_quickly(g, s):
    s, _ = act(g, s, next(a for a in g.legal_actions(s, s.seat) if isinstance(a, A.TakeDie)))
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Move(1))
    while s.pending:
        s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
    s, _ = act(g, s, A.EndTurn())
    return s


def test_r21_turns_interleave_clockwise():
    """MGN-R21 §5: one turn each, clockwise from the first player."""
    g, s = ready(3)
    order = []
    for _ in range(6):
        order.append(s.seat)
        s = _end_turn_quickly(g, s)
    f = order[0]
    assert order == [f, (f + 1) % 3, (f + 2) % 3] * 2


def test_r23_die_onto_an_empty_card_only():
    """MGN-R23 §6: the die goes on a master card without a die."""
    g, s = ready(2)
    cards(s, s.seat, plain_cards(g), [("green", 2), ("green", 3)])
    cards_offered = {a.card for a in g.legal_actions(s, s.seat) if isinstance(a, A.TakeDie)}
    assert cards_offered == {2, 3}


def test_r31_travel_always_offered():
    """MGN-R31 §8 (A5): Travel is always possible."""
    g, s = ready(2)
    s = _take(g, s, "purple", 1)
    assert A.Choose("travel") in g.legal_actions(s, s.seat)


def test_r36_exhausted_fragment_not_offered():
    """MGN-R36 §9: a colour+size that ran out can't be taken."""
    g, s = ready(2)
    s.supply = {**s.supply, "green_small": 0, "green_large": 0}
    s = _take(g, s, "green", 6)
    assert A.Choose("build") not in g.legal_actions(s, s.seat)


def test_r37_b4_counter_clockwise_and_r38_poster_symbol():
    """MGN-R37 §10 (B4): counter-clockwise; MGN-R38: an uncovered tent space gives a poster."""
    g, s = ready(2)
    seat = s.seat
    change_at(s.players, seat, markers=1, markers_out=1)
    s = _take(g, s, "green", 2)
    k = [t.colour for t in g.rules.pack.travel.tracks].index("green")
    track = g.rules.pack.travel.tracks[k]
    s.wagons = put(s.wagons, k, 3)
    s.track_tents = put(
        s.track_tents, k, put(s.track_tents[k], 2, None)
    )  # a tent already taken: its poster symbol shows
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Marker("b4_counter_clockwise"))
    s, _ = act(g, s, A.Move(1))
    assert s.wagons[k] == 2 and track.spaces[2].kind == "tent"
    assert [p.kind for p in s.pending] == ["poster"]


def test_t8_doubles_the_tent_slot_bonus():
    """T8 §12 (MGN-R40): 2 posters and 4 coins for a "poster + 2 coins" slot."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.board = "IA"
    p.tiles = ("t08_double_tent_slot",)
    p.markers = p.markers_out = 1
    s = _take(g, s, "green", 2)
    k = [t.colour for t in g.rules.pack.travel.tracks].index("green")
    s.wagons = put(s.wagons, k, 0)
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Marker("t08_double_tent_slot"))
    s, _ = act(g, s, A.Move(2))
    coins = s.players[seat].coins
    slot = next(
        i + 1
        for i, bs in enumerate(g.rules.boards["IA"].tent_slot_bonuses)
        if [b.__struct_config__.tag for b in bs] == ["posters", "coins"]
    )
    s, _ = act(g, s, A.TakeTent(slot))
    assert s.players[seat].coins - coins == 4
    assert [x.kind for x in s.pending] == ["poster", "poster"]


def test_r46_display_poster_refilled():
    """MGN-R46 §10: a New Posters card taken is replaced from the deck at once."""
    g, s = ready(2)
    change_at(s.players, s.seat, posters=[s.players[s.seat].posters[0], None, None, None, None])
    s.pending = [PendingPoster()]
    top = s.poster_deck[-1]
    taken = s.new_posters[2]
    s, _ = act(g, s, A.GainPoster(2, 1))
    assert s.players[s.seat].posters[1] == taken and s.new_posters[2] == top


def test_r60_r75_markers_wait_in_the_main_tent_until_next_round():
    """MGN-R60 §12, R75a §13: used markers stay in the Main Tent until the next round."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.tiles = ("t01_coins",)
    p.markers = p.markers_out = 2
    s = _take(g, s, "green", 2)
    s, _ = act(g, s, A.Marker("t01_coins"))
    s, _ = act(g, s, A.Marker("t01_coins"))
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Move(1))
    while s.pending:
        s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
    s, _ = act(g, s, A.EndTurn())
    assert (s.players[seat].markers, s.players[seat].markers_tent) == (0, 2)
    for q in range(2):
        cards(s, q, plain_cards(g))
    roundend.prepare(g.rules, s, [])
    assert (s.players[seat].markers, s.players[seat].markers_tent) == (2, 0)


def test_r111_marker_cap_and_k12():
    """MGN-R111 §17 (A19): 8 markers at most; K12 not offered when none is left to gain."""
    g, s = ready(2)
    k12 = card_with(g, "pay_coins_for_marker")
    change_at(s.players, s.seat, markers=8, markers_out=8)
    change_at(s.players, s.seat, coins=10)
    s = _take(g, s, "green", 2, ids=[k12, *plain_cards(g, 3)])
    assert not [a for a in g.legal_actions(s, s.seat) if isinstance(a, A.CardBonus)]
    change_at(s.players, s.seat, markers_out=7, markers=7)
    s, _ = act(g, s, A.CardBonus(0))
    assert s.players[s.seat].markers == 8 and s.players[s.seat].coins == 8


def test_k9_discards_three_gems_for_a_fragment_placed_any_time():
    """K9 §17 (MGN-R112): discard 3 gems of any colours for a small fragment, placed with the
    normal rules (anywhere on an empty camp), even during Travel."""
    g, s = ready(2)
    k9 = card_with(g, "gems_to_fragment", fragment="orange_small")
    change_at(s.players, s.seat, gems={"orange": 1, "green": 1, "purple": 0, "clear": 2})
    s = _take(g, s, "green", 2, ids=[k9, *plain_cards(g, 3)])
    options = [a for a in g.legal_actions(s, s.seat) if isinstance(a, A.CardBonus)]
    assert {a.gems for a in options} == {
        ("orange", "green", "clear"),
        ("orange", "clear", "clear"),
        ("green", "clear", "clear"),
    }
    s, _ = act(g, s, A.CardBonus(0, ("orange", "clear", "clear")))
    assert s.players[s.seat].gems == {"orange": 0, "green": 1, "purple": 0, "clear": 0}
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Move(1))
    while s.pending:
        s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
    assert A.EndTurn() not in g.legal_actions(s, s.seat)  # the fragment is still owed
    place = next(a for a in g.legal_actions(s, s.seat) if isinstance(a, A.Place))
    s, _ = act(g, s, place)
    assert [b.fragment for b in s.players[s.seat].built] == ["orange_small"]


def test_k11_sets_any_face_at_die_take():
    """K11 §17 (MGN-R24 exception): the die is turned to any face when taken."""
    g, s = ready(2)
    k11 = card_with(g, "set_face")
    cards(s, s.seat, [k11, *plain_cards(g, 3)])
    d = put_die(s, "orange", 2)
    s, _ = act(g, s, A.TakeDie(d, 0, face=6))
    assert s.turn.ap == 6 and s.turn.bonus_used
    assert s.players[s.seat].cards[0].die.face == 6


def test_t1_t3_t4_t11_power_and_coins():
    """T1, T3, T4, T11 §12: 2 coins per marker; +1 AP per marker; +2 to Build; +2 to Perform."""
    g, s = ready(2)
    p = Seated(s, s.seat)
    p.tiles = ("t01_coins", "t03_die_plus1", "t04_build_plus2")
    p.markers = p.markers_out = 4
    s = _take(g, s, "green", 2)
    coins = s.players[s.seat].coins
    s, _ = act(g, s, A.Marker("t01_coins"))
    s, _ = act(g, s, A.Marker("t03_die_plus1"))
    s, _ = act(g, s, A.Marker("t03_die_plus1"))
    assert s.players[s.seat].coins - coins == 2 and s.turn.plus == 2
    assert A.Marker("t04_build_plus2") not in g.legal_actions(s, s.seat)
    s, _ = act(g, s, A.Choose("build"))
    s, _ = act(g, s, A.Marker("t04_build_plus2"))
    assert s.turn.ap + s.turn.plus == 6
    assert A.Marker("t04_build_plus2") not in g.legal_actions(s, s.seat)  # capacity one


def test_t9_t12_extra_posters_and_points():
    """T9, T12 §12: +1 VP per rewarded poster; one extra poster per marker."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    pid = next(
        x.id
        for x in g.rules.pack.posters
        if x.fragments == ("orange_small",) and not x.gems and not x.starting
    )
    p.posters = (pid, pid, pid, None, None)
    p.tents = (START, "tent07", "tent08", None, None)
    p.tiles = ("t09_vp_per_poster", "t12_extra_poster")
    p.markers = p.markers_out = 2
    build_fragments(g, s, seat, ["orange_small"] * 3)
    s = _take(g, s, "green", 4, card=1, dice=[None, None])
    s.turn.plus = 0
    s, _ = act(g, s, A.Choose("perform"))
    s, _ = act(g, s, A.Hat(0, space_index(g, 4)))  # 1 poster
    s, _ = act(g, s, A.Marker("t12_extra_poster"))
    s, _ = act(g, s, A.Marker("t09_vp_per_poster"))
    sizes = {len(a.slots) for a in g.legal_actions(s, seat) if isinstance(a, A.Reward)}
    assert max(sizes) == 2
    vp = s.players[seat].vp
    s, _ = act(g, s, A.Reward((1, 2)))
    poster = g.rules.posters[pid]
    tents = g.rules.tents["tent07"].vp + g.rules.tents["tent08"].vp
    assert s.players[seat].vp - vp == 2 * poster.vp + tents + 2


def test_b2_pays_two_coins_for_a_poster():
    """B2 §12: per marker, pay 2 coins and gain a poster, at any time of the turn."""
    g, s = ready(2)
    change_at(s.players, s.seat, markers=1, markers_out=1)
    s = _take(g, s, "green", 2)
    coins = s.players[s.seat].coins
    s, _ = act(g, s, A.Marker("b2_buy_poster"))
    assert s.players[s.seat].coins == coins - 2 and [x.kind for x in s.pending] == ["poster"]


def test_r72_lower_hat_returns():
    """MGN-R72 §13: a player with both hats on the track takes the lower one back."""
    g, s = ready(2)
    change_at(s.players, 0, hats=(2, 9))
    change_at(s.players, 1, hats=(5, -1))
    for q in range(2):
        cards(s, q, plain_cards(g))
    roundend.start(g.rules, s, [])
    assert s.players[0].hats == (-1, 9) and s.seat == 0


def test_conditions_c12_c15_c16_c17_c18():
    """§16 C12, C15, C16, C17, C18."""
    g, s = ready(2)
    p = Seated(s, 0)
    cards(s, 0, plain_cards(g), [("orange", 5), ("orange", 4), ("clear", 3), ("green", 6)])
    cond = lambda kind, **kw: g.rules.cards[cond_card(g, kind, **kw)].condition
    assert scoring.value(g.rules, s, 0, cond("dice_payment")) == 12
    assert scoring.value(g.rules, s, 0, cond("clear_dice_double")) == 6
    p.rewarded = ("p01", "p02", "p07")
    arts = len({g.rules.posters[x].artist for x in p.rewarded})
    c15 = cond("unique_artists")
    assert scoring.value(g.rules, s, 0, c15) == arts * c15.vp_each
    c16 = cond("rewarded_symbol", colour="orange")
    n = sum(g.rules.posters[x].symbol == "orange" for x in p.rewarded)
    assert scoring.value(g.rules, s, 0, c16) == n * c16.vp_each
    p.gems = {"orange": 2, "green": 1, "purple": 0, "clear": 3}
    c18 = cond("coloured_gems")
    assert scoring.value(g.rules, s, 0, c18) == 3 * c18.vp_each


def test_r80_final_breakdown_sums_to_the_score():
    """MGN-R80 §14: the end-of-game breakdown adds up to the final score."""
    from engine.core.bots import RandomBot
    from engine.core.match import Match
    from engine.core.play import play_to_end

    m = Match.new("magnificent", 3, None, seed=9)
    play_to_end(m, {i: RandomBot(i) for i in range(3)})
    res = m.result()
    for seat, b in enumerate(res.breakdown):
        assert b["play"] + b["cards"] + b["coins"] + b["areas"] == b["total"] == res.scores[seat]
