"""plan.md scenario checks S12-S36 (S1-S11 are the worked examples in test_examples.py).
Each test names the rule ids (rules-digest.md) and the rulebook section."""

from __future__ import annotations

import msgspec
import pytest
from seated import Seated

from engine.core import CHANCE
from engine.core.errors import IllegalAction
from engine.core.tuples import change_at, put
from engine.games.magnificent import actions as A
from engine.games.magnificent import roundend, scoring
from engine.games.magnificent.rules import START
from engine.games.magnificent.solo import SoloDiscard
from engine.games.magnificent.state import Built
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
    table,
)


def test_s12_two_player_setup():
    """S12, §1/§3 (MGN-R6, R15, R17): 11 dice 3/3/3/2; 3 tiles revealed, the unpicked one back
    in the stack; the 8 unused numbered master cards in the deck."""
    g, s = table(2, 3)
    colours = [d.colour for d in s.tent_dice]
    assert [colours.count(c) for c in ("orange", "green", "purple", "clear")] == [3, 3, 3, 2]
    used = {g.rules.boards[p.board].numeral for p in s.players}
    unused = [m.id for m in g.rules.pack.master_cards if m.numeral and m.numeral not in used]
    assert len(unused) == 8 and set(unused) <= set(s.master_deck)
    assert len(s.reveal) == 3 and len(s.tile_stack) == 12 - 3 - 3
    while s.phase == "tiles":
        s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
    assert len(s.tile_stack) == 7 and not s.reveal


def test_s13_b1_flip_changes_the_face_for_payment():
    """S13, §12 B1 (A23): a 5 taken with B1 shows 2; AP and the round-end payment use 2."""
    g, s = ready(2)
    seat = s.seat
    cards(s, seat, plain_cards(g))
    d = put_die(s, "green", 5)
    s, _ = act(g, s, A.TakeDie(d, 0, flip=True))
    p = s.players[seat]
    assert p.cards[0].die.face == 2 and s.turn.ap == 2
    assert s.turn.markers == {"b1_flip_die": 1}
    from engine.games.magnificent import common

    assert common.owes(p) == (2, 0)


def test_s14_old_clear_die_adds_nothing():
    """S14, §7 (MGN-R28, R70): a clear die taken earlier as orange adds no AP to a later
    orange die; the payment counts it in the clear sum."""
    g, s = ready(2)
    seat = s.seat
    cards(s, seat, plain_cards(g), [("clear", 6), ("orange", 2)])
    held = s.players[seat].cards[0]
    change_at(
        s.players,
        seat,
        cards=put(s.players[seat].cards, 0, msgspec.structs.replace(held, as_colour="orange")),
    )
    d = put_die(s, "orange", 4)
    s, _ = act(g, s, A.TakeDie(d, 2))
    assert s.turn.ap == 6
    from engine.games.magnificent import common

    assert common.owes(s.players[seat]) == (6, 6)


def test_s15_plus_modifiers_leave_the_face():
    """S15, §7 (MGN-R30, A4): +N raises this turn's AP only; the face and payment stay."""
    g, s = ready(2)
    seat = s.seat
    k8 = card_with(g, "die_plus", n=1, colour=None)
    cards(s, seat, [k8, *plain_cards(g, 3)])
    d = put_die(s, "purple", 3)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s, _ = act(g, s, A.CardBonus(0))
    assert s.turn.ap + s.turn.plus == 4 and s.players[seat].cards[0].die.face == 3


def test_s16_bonus_once_and_copy():
    """S16, §17 (MGN-R24, R110, K3): the bonus is used once; a card that got its die earlier
    gives none; K3 copies another card's bonus once."""
    g, s = ready(2)
    seat = s.seat
    k6 = card_with(g, "marker_to_fragment", fragment="green_small")
    k3 = card_with(g, "copy")
    cards(s, seat, [k6, k3, *plain_cards(g, 2)])
    p = Seated(s, seat)
    p.markers, p.markers_out = 3, 3
    d = put_die(s, "orange", 2)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s, _ = act(g, s, A.CardBonus(0))
    assert all(not isinstance(a, A.CardBonus) for a in g.legal_actions(s, seat))
    assert [f.fragment for f in s.turn.frags] == ["green_small"]
    assert s.players[seat].markers_out == 2  # the marker went back to the supply
    # next turn of this seat: the K3 card copies K6, once; K6's own card is spent
    s.turn.frags = ()
    s.turn.stage = "done"
    s.turn.acted = True
    s, _ = act(g, s, A.EndTurn())
    while s.seat != seat:
        s, _ = act(g, s, next(a for a in g.legal_actions(s, s.seat) if isinstance(a, A.TakeDie)))
        s, _ = act(g, s, A.Choose("travel"))
        s, _ = act(g, s, A.Move(1))
        while s.pending:
            s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
        s, _ = act(g, s, A.EndTurn())
    d = put_die(s, "orange", 1)
    s, _ = act(g, s, A.TakeDie(d, 1))
    bonuses = [a for a in g.legal_actions(s, seat) if isinstance(a, A.CardBonus)]
    assert A.CardBonus(0) in bonuses and A.CardBonus(1) not in bonuses
    s, _ = act(g, s, A.CardBonus(0))
    assert not [a for a in g.legal_actions(s, seat) if isinstance(a, A.CardBonus)]


def test_s17_marker_from_a_cell_doubles_only_the_next_fragment():
    """S17, §12 (MGN-R63, T6): a marker gained from a covered cell cannot double that
    fragment's bonuses, but can double the next fragment placed this turn."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.board = "IA"
    p.tiles = ("t06_double_cells",)
    p.markers, p.markers_out = 0, 1
    cards(s, seat, plain_cards(g))
    d = put_die(s, "green", 6)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s.turn.plus = 3  # 9 AP: 1 large + 1 small
    s, _ = act(g, s, A.Choose("build"))
    assert not [a for a in g.legal_actions(s, seat) if isinstance(a, A.Marker)]
    s, _ = act(g, s, A.Level(3))
    geo = g.rules.geo("IA")
    marker_cell = 2 * geo.w + 0  # (0, 2): 1 marker
    bonus = g.rules.bonus_cells("IA")
    first = next(
        a
        for a in g.legal_actions(s, seat)
        if isinstance(a, A.Place)
        and a.fragment == "green_small"
        and [c for c in bonus if geo.mask_of[(a.fragment, a.orient, a.x, a.y)] >> c & 1]
        == [marker_cell]
    )
    s, _ = act(g, s, first)
    assert s.players[seat].markers == 1  # gained, after the fragment's bonuses resolved
    s, _ = act(g, s, A.Marker("t06_double_cells"))
    coins0 = s.players[seat].coins
    nxt = [a for a in g.legal_actions(s, seat) if isinstance(a, A.Place)]
    coin_cells = [c for c, b in bonus.items() if b.__struct_config__.tag == "coins"]
    pick = next(
        (
            a
            for a in nxt
            if any(geo.mask_of[(a.fragment, a.orient, a.x, a.y)] >> c & 1 for c in coin_cells)
            and sum(geo.mask_of[(a.fragment, a.orient, a.x, a.y)] >> c & 1 for c in bonus) == 1
        ),
        None,
    )
    assert pick is not None
    s, _ = act(g, s, pick)
    assert s.players[seat].coins - coins0 == 4  # 2 coins doubled


def test_s18_fourth_gem_is_a_coin_and_t2_full():
    """S18, §10 (MGN-R44, T2): a 4th gem of a type becomes 1 coin; no action trades gems for
    coins; T2's clear gem with 3 clear stored gives 1 coin."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.tiles = ("t02_clear_gem",)
    p.gems = {**p.gems, "clear": 3}
    p.markers, p.markers_out = 1, 1
    cards(s, seat, plain_cards(g))
    d = put_die(s, "green", 1)
    s, _ = act(g, s, A.TakeDie(d, 0))
    coins0 = s.players[seat].coins
    s, _ = act(g, s, A.Marker("t02_clear_gem"))
    assert s.players[seat].gems["clear"] == 3 and s.players[seat].coins == coins0 + 1


def test_s19_four_tents_leave_the_tent():
    """S19, §10 (MGN-R40): with slots 2-5 full a tent stop offers nothing; the starting slot
    is never offered."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.tents = (START, "x1", "x2", "x3", "x4")
    cards(s, seat, plain_cards(g), [("green", 6)])
    d = put_die(s, "green", 1)
    s, _ = act(g, s, A.TakeDie(d, 1))
    k = [t.colour for t in g.rules.pack.travel.tracks].index("green")
    s.wagons = put(s.wagons, k, 0)
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Move(2))  # space 2 holds a tent
    assert not [x for x in s.pending if x.kind == "tent"]


def test_s20_full_poster_slots_options():
    """S20, §10 (MGN-R47): all 5 slots full -> replace j / discard new / decline; with a free
    slot, only the free slots."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.posters = ("p01", "p02", "p03", "p04", "p05")
    from engine.games.magnificent.state import PendingPoster

    s.pending = [PendingPoster()]
    opts = g.legal_actions(s, seat)
    assert A.DeclinePoster() in opts
    assert {a.slot for a in opts if isinstance(a, A.GainPoster)} == {-1, 0, 1, 2, 3, 4}
    p.posters = put(p.posters, 3, None)
    opts = g.legal_actions(s, seat)
    assert A.DeclinePoster() not in opts
    assert {a.slot for a in opts if isinstance(a, A.GainPoster)} == {3}
    s, _ = act(g, s, A.GainPoster(0, 3))
    assert s.players[seat].posters[3] is not None and s.new_posters[0] is not None


def _perform(g, s, seat, ap=10):
    cards(s, seat, plain_cards(g), [("green", 6)])
    d = put_die(s, "green", ap - 6)
    s, _ = act(g, s, A.TakeDie(d, 1))
    s, _ = act(g, s, A.Choose("perform"))
    s, _ = act(g, s, A.Hat(0, space_index(g, 10)))
    return s


def test_s21_poster_over_an_empty_tent_slot():
    """S21, §11 (MGN-R46, R52): a poster over an empty tent slot can't be rewarded; the
    starting slot always has its tent."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.posters = ("p01", "p01", None, None, None)
    p.tents = (START, None, None, None, None)
    build_fragments(g, s, seat, ["orange_small", "orange_small"])
    s = _perform(g, s, seat)
    offered = {a.slots for a in g.legal_actions(s, seat) if isinstance(a, A.Reward)}
    assert offered == {(), (0,)}


def test_s22_fragments_are_a_multiset_and_t10():
    """S22, §11 (MGN-R52 ii, T10, A13): two posters needing a small green with one built ->
    only one of them; with T10 both, ignoring one fragment."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    pid = next(
        x.id
        for x in g.rules.pack.posters
        if x.fragments == ("green_small",) and not x.gems and not x.starting
    )
    p.posters = (pid, pid, None, None, None)
    p.tents = (START, "tent07", None, None, None)
    p.tiles = ("t10_ignore_fragment",)
    p.markers, p.markers_out = 1, 1
    build_fragments(g, s, seat, ["green_small"])
    s = _perform(g, s, seat)
    offered = {a.slots for a in g.legal_actions(s, seat) if isinstance(a, A.Reward)}
    assert (0, 1) not in offered and (0,) in offered and (1,) in offered
    s, _ = act(g, s, A.Marker("t10_ignore_fragment"))
    assert A.Reward((0, 1), "green_small") in g.legal_actions(s, seat)


def test_s23_gem_tent_needs_its_gem_clear_substitutes():
    """S23, §11 (MGN-R52 iv): a tent with a gem needs that gem too; a clear gem may stand in;
    without either the poster is not eligible."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    pid = next(
        x.id
        for x in g.rules.pack.posters
        if x.fragments == ("orange_small",) and not x.gems and not x.starting
    )
    p.posters = (None, pid, None, None, None)
    p.tents = [START, "tent01", None, None, None]  # orange gem tent
    build_fragments(g, s, seat, ["orange_small"])
    p.gems = dict(p.gems, orange=0, green=0, purple=0, clear=0)
    s2 = _perform(g, s, seat)
    assert {a.slots for a in g.legal_actions(s2, seat) if isinstance(a, A.Reward)} == {()}
    change_at(s.players, seat, gems={**s.players[seat].gems, "clear": 1})
    s3 = _perform(g, s, seat)
    assert (1,) in {a.slots for a in g.legal_actions(s3, seat) if isinstance(a, A.Reward)}
    s3, _ = act(g, s3, A.Reward((1,)))
    assert s3.players[seat].gems["clear"] == 0


def test_s24_hat_rules_by_perform_count():
    """S24, §11 (MGN-R51, A21): 1st perform moves the board hat, 2nd places the play-area hat,
    3rd moves either (even lower); only vacant spaces within AP or without symbols."""
    from engine.games.magnificent import perform

    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.hats = (5, -1)
    assert perform.hats_allowed(s, seat) == [0]
    p.performs = 1
    assert perform.hats_allowed(s, seat) == [1]
    p.performs, p.hats = 2, [5, 7]
    assert perform.hats_allowed(s, seat) == [0, 1]
    spaces = perform.spaces_allowed(g.rules, s, 8)
    from engine.games.magnificent import common

    assert 5 not in spaces and 7 not in spaces and not set(spaces) & common.occupied(s)
    assert {g.rules.track[i].ap for i in spaces} <= {None, 4, 6, 8}
    assert all(g.rules.track[i].ap is None or g.rules.track[i].ap <= 8 for i in spaces)


def test_s25_perform_with_no_poster():
    """S25, §11 (MGN-R51-R52): rewarding 0 posters is legal."""
    g, s = ready(2)
    seat = s.seat
    s = _perform(g, s, seat)
    s, _ = act(g, s, A.Reward(()))
    assert A.EndTurn() in g.legal_actions(s, seat)


def test_s26_penalty_by_round_and_negative_score():
    """S26, §13 (MGN-R71): 1/2/3 VP per missing coin; the score may go below 0."""
    g, s = ready(2)
    cards(s, 0, plain_cards(g), [("purple", 6)])
    for rnd, expected in ((1, 2 - 3), (2, 2 - 6), (3, 2 - 9)):
        change_at(s.players, 0, coins=3, vp=2)
        s.round = rnd
        roundend.pay(s, 0, [])
        assert s.players[0].vp == expected and s.players[0].coins == 0


def test_s27_score_one_of_five_and_halves():
    """S27, §13/§14 (MGN-R74, R80a, R100): choose 1 of 5, it is discarded, 4 remain; at the end
    each is halved (4 x 3 = 12 -> 6; 7 x 1 -> 3)."""
    g, s = ready(2)
    small_orange = cond_card(g, "fragments", colour="orange", size="small")
    rows = cond_card(g, "full_rows")
    cond = g.rules.cards[small_orange].condition
    build_fragments(g, s, 0, ["orange_small"] * 3)
    assert scoring.value(g.rules, s, 0, cond) == 12
    assert scoring.value(g.rules, s, 0, cond, half=True) == 6
    p = Seated(s, 0)
    geo = g.rules.geo(p.board)
    p.camp = bytes([1] * geo.w + [0] * (geo.n - geo.w))
    assert scoring.value(g.rules, s, 0, g.rules.cards[rows].condition, half=True) == 3
    s.phase, s.score_order, s.seat = "score", [0, 1], 0
    cards(s, 0, [small_orange, *plain_cards(g, 4)])
    s, _ = act(g, s, A.ScoreCard(0))
    assert len(s.players[0].cards) == 4 and small_orange not in [c.id for c in s.players[0].cards]


def test_s28_end_order_pay_coins_before_coin_vp():
    """S28, §14 (MGN-R80, A17): C7 pays coins (floor(3n/2), capped at half) before 1 VP per 5
    coins; the coins are the player's choice (D2)."""
    g, s = ready(2)
    c7 = cond_card(g, "pay_coins")
    cond = g.rules.cards[c7].condition
    s.round, s.phase, s.score_order, s.seat = 3, "score", [1], 1
    cards(s, 0, [c7])
    choice = ("pay_coins", "artist_choice")
    plain = [
        c
        for c in plain_cards(g, 99)
        if g.rules.cards[c].condition.__struct_config__.tag not in choice
    ]
    cards(s, 1, plain[:2])
    change_at(s.players, 0, coins=14)
    change_at(s.players, 0, gems=dict.fromkeys(s.players[0].gems, 0))
    s, _ = act(g, s, A.ScoreCard(0), seat=1)
    n = cond.max_times
    s, _ = act(g, s, A.FinalChoice(0, coins=n), seat=0)
    cap = cond.vp_each * cond.max_times // 2
    assert s.players[0].final["cards"] == cap
    assert s.players[0].final["coins"] == (14 - n) // 5


def test_s29_no_tiles_before_round_3():
    """S29, §13 (MGN-R72, R75b): before round 3 the fair has cards but no tiles."""
    g, s = ready(4)
    s.round = 2
    for seat in range(4):
        cards(s, seat, plain_cards(g))
    roundend.prepare(g.rules, s, [])
    assert s.round == 3 and all(pr[0] for pr in s.fair) and not any(pr[1] for pr in s.fair)


def _two_player_fair(hi_pos, lo_pos):
    g, s = ready(2)
    change_at(s.players, 0, hats=(hi_pos, -1))
    change_at(s.players, 1, hats=(lo_pos, -1))
    for seat in range(2):
        cards(s, seat, plain_cards(g))
    roundend.start(g.rules, s, [])
    return g, s


def test_s30_two_player_fair_rule():
    """S30, §13 (MGN-R73): a vacant space between the hats -> the higher player discards a
    pair and the lower gets the last; adjacent hats -> the lower chooses 1 of 2."""
    g, s = _two_player_fair(6, 4)
    s, _ = act(g, s, A.PickPair(0))
    assert s.phase == "fair_discard" and s.seat == 0
    s, _ = act(g, s, A.DiscardPair(1))
    assert len(s.players[1].cards) == 5 and s.phase == "score"
    g, s = _two_player_fair(5, 4)
    s, _ = act(g, s, A.PickPair(0))
    assert s.phase == "fair" and s.seat == 1
    assert len([a for a in g.legal_actions(s, 1) if isinstance(a, A.PickPair)]) == 2
    s, _ = act(g, s, A.PickPair(2))
    assert s.phase == "score" and not any(pr[0] for pr in s.fair)


def test_s31_tie_goes_to_the_higher_hat():
    """S31, §14 (MGN-R81)."""
    g, s = ready(2)
    change_at(s.players, 0, vp=50)
    change_at(s.players, 1, vp=50)
    change_at(s.players, 0, hats=(3, -1))
    change_at(s.players, 1, hats=(7, -1))
    assert scoring.winners(s) == [1]


def test_s32_condition_counts():
    """S32, §16 (C9, C10/C11, C13, C19): the largest orange rectangle in cells; full lines
    count only fragment cells; C13 counts markers in the Main Tent and play area; C19 reads
    the hat's space."""
    g, s = ready(2)
    p = Seated(s, 0)
    geo = g.rules.geo(p.board)
    p.built = (Built(fragment="orange_large", mask=0), Built(fragment="green_large", mask=0))
    camp = bytearray(geo.n)
    for y in range(2):
        for x in range(3):
            camp[y * geo.w + x] = 1
    camp[2 * geo.w] = 1
    camp[3] = 2
    p.camp = bytes(camp)
    assert scoring.largest_rectangle(g.rules, s, 0, "orange") == 6
    assert scoring.rows_cols(g.rules, s, 0) == (0, 0)
    p.markers, p.markers_tent, p.markers_out = 1, 2, 5
    mk = g.rules.cards[cond_card(g, "markers")].condition
    assert scoring.value(g.rules, s, 0, mk) == 3 * mk.vp_each
    p.hats = (space_index(g, 12), -1)
    hat = g.rules.cards[cond_card(g, "hat_space")].condition
    assert scoring.value(g.rules, s, 0, hat) == 12


def test_s33_solo_setup():
    """S33, §15 (MGN-R91, A15): dice 1/1/1/2 rolled, 14 in the supply; fair 4 + 4; 6 cards
    revealed, 4 kept; 2 tiles revealed, 1 kept; dummy hats on 6/10/16, never legal."""
    g, s = table(1, 5)
    colours = [d.colour for d in s.tent_dice]
    assert [colours.count(c) for c in ("orange", "green", "purple", "clear")] == [1, 1, 1, 2]
    assert len(s.dice_supply) == 14
    assert all(pr[0] and pr[1] for pr in s.fair)
    assert s.phase == "offer" and len(s.offer) == 6
    for _ in range(4):
        s, _ = act(g, s, g.legal_actions(s, 0)[0])
    assert len(s.players[0].cards) == 4 and s.phase == "tiles" and len(s.reveal) == 2
    s, _ = act(g, s, g.legal_actions(s, 0)[0])
    assert len(s.players[0].tiles) == 1 and s.phase == "turn"
    assert sorted(g.rules.track[i].ap for i in s.dummy_hats) == [6, 10, 16]
    from engine.games.magnificent import perform

    assert not set(s.dummy_hats) & set(perform.spaces_allowed(g.rules, s, 30))


def test_s34_solo_discard_adds_a_die():
    """S34, §15 (MGN-R92): discarding a New Poster adds a rolled die of its symbol's colour
    and refills the slot; a second discard in the turn is not offered."""
    g, s = ready(1)
    poster = s.new_posters[0]
    colour = g.rules.posters[poster].symbol
    before = len(s.tent_dice)
    s, _ = act(g, s, SoloDiscard(0))
    # the die is thrown by the next step, the engine's chance step
    assert g.to_act(s).kind == "chance" and s.throw == (colour,)
    s, events = g.apply(s, CHANCE, g.chance_action(s))
    assert len(s.tent_dice) == before + 1 and s.tent_dice[-1].colour == colour
    face = s.tent_dice[-1].face
    assert [(e.code, e.params) for e in events] == [
        ("mag.solo_die", {"poster": poster, "colour": colour, "face": face})
    ]
    assert s.new_posters[0] is not None
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, SoloDiscard)]


def test_s35_solo_round_end_and_targets():
    """S35, §15 (MGN-R90, R93): own hat above only the "6" dummy -> the top 2 pairs are
    discarded; the result wins at 200 and more."""
    g, s = ready(1)
    change_at(s.players, 0, hats=(space_index(g, 8), -1))
    cards(s, 0, plain_cards(g))
    top = list(s.fair)
    roundend.start(g.rules, s, [])
    assert s.fair[0] == (None, None) and s.fair[1] == (None, None) and s.fair[2] == top[2]
    s.phase = "over"
    change_at(s.players, 0, vp=199)
    assert g.result(s).winners == []
    change_at(s.players, 0, vp=200)
    assert g.result(s).winners == [0]


def test_s36_advanced_setup_side_b_tent_and_draft():
    """S36, §4 (MGN-R18, R19): II-B takes the boxed tent into a slot 2-5 with its bonus; the
    draft gives 4 cards each from hands of 5 passed left; leftovers back to the deck."""
    g, s = table(2, 2, advanced=True)
    assert s.phase == "side"
    seat = s.seat
    change_at(s.players, seat, board="IIA")
    boxed = s.box_tent
    s, _ = act(g, s, A.ChooseSide("B"))
    assert [x.kind for x in s.pending] == ["tent"] and s.pending[0].tent == boxed
    s, _ = act(g, s, A.TakeTent(1))
    assert s.players[seat].tents[1] == boxed
    while s.phase == "side" or s.pending:
        s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
    assert s.phase == "draft" and all(len(p.draft) == 5 for p in s.players)
    deck = len(s.master_deck)
    hand1 = list(s.players[1].draft)
    s, _ = g.apply(s, 0, A.DraftKeep(s.players[0].draft[0]))
    assert g.to_act(s).seats == (1,)
    v = g.view(s, 1)
    assert v["players"][0]["draft"] == 5 and v["players"][0]["kept"] is True
    s, _ = g.apply(s, 1, A.DraftKeep(hand1[0]))
    assert list(s.players[0].draft) == list(hand1[1:])  # passed to the left
    while s.phase == "draft":
        for seat in g.to_act(s).seats:
            s, _ = g.apply(s, seat, g.legal_actions(s, seat)[0])
    assert all(len(p.cards) == 4 for p in s.players) and len(s.master_deck) == deck + 2
    # R19 over: nothing is secret any more, so every seat's view is the same table
    assert g.view(s, 0) == g.view(s, 1) == g.view(s, None)


def test_illegal_action_names_the_rule_and_leaves_state():
    """Bad input gets a coded error naming the rule; the state is untouched."""
    g, s = ready(2)
    before = g.codec.state_hash(s)
    with pytest.raises(IllegalAction) as info:
        g.apply(s, s.seat, A.Move(3))
    assert info.value.code == "mag.refuse.not_now" and info.value.params["rule"] == "R37"
    with pytest.raises(IllegalAction):
        g.apply(s, s.seat, A.Place(0, "green_small", 0, 0, 0))
    assert g.codec.state_hash(s) == before
