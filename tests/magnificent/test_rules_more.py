"""The remaining rules by id (rules-digest.md), with their sections."""

from __future__ import annotations

from collections import Counter

import pytest
from seated import Seated

from engine.core import CHANCE
from engine.core.tuples import change_at, put
from engine.games.magnificent import actions as A
from engine.games.magnificent import scoring
from engine.games.magnificent.rules import START
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


def test_r1_r2_component_counts_in_the_pack():
    """MGN-R1/R2 §0: 84 fragments (12 large / 16 small per colour), 56 master cards (16
    numbered), 16 tents, 12 trainer tiles, 19 dice (5/5/5/4)."""
    g, _ = table(4)
    pack = g.rules.pack
    assert sorted(f.supply for f in pack.fragments) == [12, 12, 12, 16, 16, 16]
    assert (
        len(pack.master_cards) == 56 and sum(m.numeral is not None for m in pack.master_cards) == 16
    )
    assert len(pack.tents) == 16 and len(pack.assistant_tiles) == 12
    assert pack.dice["4"] == (5, 5, 5, 4)


def test_r3_coins_are_one_integer():
    """MGN-R3 §0 (A1): coins are a plain count."""
    g, s = ready(2)
    assert all(isinstance(p.coins, int) for p in s.players)


def test_r4_r10_posters_setup():
    """MGN-R4 (A2), R10 §1: starting posters set aside, one dealt to each slot 1; 4 New
    Posters from the shuffled rest."""
    g, s = table(3)
    starting = {p.id for p in g.rules.pack.posters if p.starting}
    assert all(p.posters[0] in starting for p in s.players)
    assert len(s.new_posters) == 4 and not set(s.new_posters) & starting
    assert not set(s.poster_deck) & starting


def test_r5_r8_r9_board_setup():
    """MGN-R5/R8/R9 §1: wagons on their start spaces; 15 tents on the tent spaces, one boxed."""
    g, s = table(2)
    assert list(s.wagons) == [t.start for t in g.rules.pack.travel.tracks]
    placed = [t for row in s.track_tents for t in row if t is not None]
    assert len(placed) == 15 and s.box_tent is not None and s.box_tent not in placed


def test_r11_r12_r13_player_board_slots():
    """MGN-R11-R13 §2: 5 poster slots over 5 tent slots (slot i linked to tent slot i, the
    first printed as the starting tent), storage 3 per type."""
    g, s = table(2)
    for p in s.players:
        assert len(p.posters) == len(p.tents) == 5 and p.tents[0] == START
        assert g.rules.boards[p.board].storage_per_type == 3


def test_r20_r22_three_rounds_of_four_turns():
    """MGN-R20/R22 §5: 3 rounds x 4 turns; the game then ends (also checked by every random
    walk: 12 end_turn events per seat)."""
    from engine.core.bots import RandomBot
    from engine.core.match import Match
    from engine.core.play import play_to_end

    m = Match.new("magnificent", 2, None, seed=21)
    play_to_end(m, {0: RandomBot(3), 1: RandomBot(4)})
    ends = Counter(e.params["seat"] for ev in m.events for e in ev if e.code == "mag.end_turn")
    rounds = [e.params["round"] for ev in m.events for e in ev if e.code == "mag.round_end"]
    assert ends == {0: 12, 1: 12} and rounds == [1, 2, 3]


def test_r25_clear_die_moves_the_declared_wagon():
    """MGN-R25 §6: a clear die taken as purple moves the purple wagon."""
    g, s = ready(2)
    cards(s, s.seat, plain_cards(g))
    d = put_die(s, "clear", 2)
    s, _ = act(g, s, A.TakeDie(d, 0, "purple"))
    k = [t.colour for t in g.rules.pack.travel.tracks].index("purple")
    before = s.wagons[k]
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Move(1))
    assert s.wagons[k] == (before + 1) % len(g.rules.pack.travel.tracks[k].spaces)


def test_r32_r62_markers_by_action():
    """MGN-R32/R62 §8/§12: action spaces only with their action; general ones at any time."""
    g, s = ready(2)
    p = Seated(s, s.seat)
    p.tiles = ("t07_travel_plus3", "t01_coins")
    p.markers = p.markers_out = 2
    cards(s, s.seat, plain_cards(g))
    d = put_die(s, "green", 1)
    s, _ = act(g, s, A.TakeDie(d, 0))
    spaces = {a.space for a in g.legal_actions(s, s.seat) if isinstance(a, A.Marker)}
    assert "t01_coins" in spaces and "t07_travel_plus3" not in spaces
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Marker("t07_travel_plus3"))  # T7: +3 to Travel
    assert max(a.distance for a in g.legal_actions(s, s.seat) if isinstance(a, A.Move)) == 4


def test_r34_later_fragments_touch_and_never_overlap():
    """MGN-R34 §9: after the first fragment every placement shares an edge with the camp and
    overlaps nothing."""
    g, s = ready(2)
    p = s.players[s.seat]
    cards(s, s.seat, plain_cards(g))
    d = put_die(s, "orange", 6)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s.turn.plus = 3
    s, _ = act(g, s, A.Choose("build"))
    lv = next(
        i
        for i, x in enumerate(g.rules.boards[p.board].build_levels)
        if x.small + x.large >= 2 and x.ap <= 9
    )
    s, _ = act(g, s, A.Level(lv))
    s, _ = act(g, s, next(a for a in g.legal_actions(s, s.seat) if isinstance(a, A.Place)))
    geo = g.rules.geo(p.board)
    occ = s.players[s.seat].built[0].mask
    for a in g.legal_actions(s, s.seat):
        if isinstance(a, A.Place):
            mask = geo.mask_of[(a.fragment, a.orient, a.x, a.y)]
            assert not mask & occ and mask & geo.neighbours(occ)


def test_r39_r45_passing_a_tent_takes_nothing():
    """MGN-R39/R45 §10: a tent is taken only by stopping; passing a tent in place gives
    nothing, and its covered poster symbol gives nothing."""
    g, s = ready(2)
    cards(s, s.seat, plain_cards(g))
    d = put_die(s, "green", 3)
    s, _ = act(g, s, A.TakeDie(d, 0))
    k = [t.colour for t in g.rules.pack.travel.tracks].index("green")
    s.wagons = put(s.wagons, k, 1)
    gems = dict(s.players[s.seat].gems)
    s, _ = act(g, s, A.Choose("travel"))
    s, _ = act(g, s, A.Move(2))  # passes the tent on 2, stops on 3 (an orange gem)
    assert s.track_tents[k][2] is not None and not s.pending
    assert s.players[s.seat].gems["orange"] == min(3, gems["orange"] + 1)


def test_r50_perform_ignores_the_die_colour():
    """MGN-R50 §11: only the AP count matters."""
    g, s = ready(2)
    cards(s, s.seat, plain_cards(g))
    d = put_die(s, "clear", 4)
    s, _ = act(g, s, A.TakeDie(d, 0, "green"))
    s, _ = act(g, s, A.Choose("perform"))
    spaces = {g.rules.track[a.space].ap for a in g.legal_actions(s, s.seat) if isinstance(a, A.Hat)}
    assert spaces == {None, 4}


def test_r53_starting_tent_reward_and_b5_before():
    """MGN-R53 §11: a poster over the starting tent adds the start tent's reward; B5 lets the
    posters be rearranged before the hat."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.board = "IA"
    pid = next(
        x.id
        for x in g.rules.pack.posters
        if x.fragments == ("orange_small",) and not x.gems and not x.starting
    )
    p.posters = (None, pid, None, None, None)
    p.markers = p.markers_out = 1
    build_fragments(g, s, seat, ["orange_small"])
    cards(s, seat, plain_cards(g), [None, ("green", 2)])
    d = put_die(s, "green", 2)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s, _ = act(g, s, A.Choose("perform"))
    assert not [a for a in g.legal_actions(s, seat) if isinstance(a, A.Swap)]
    s, _ = act(g, s, A.Marker("b5_rearrange"))
    s, _ = act(g, s, A.Swap(0, 1))
    s, _ = act(g, s, A.Hat(0, space_index(g, 4)))
    vp, coins = s.players[seat].vp, s.players[seat].coins
    s, _ = act(g, s, A.Reward((0,)))
    poster, st = g.rules.posters[pid], g.rules.boards["IA"].start_tent
    assert (s.players[seat].vp - vp, s.players[seat].coins - coins) == (
        poster.vp + st.vp,
        poster.coins + st.coins,
    )


def test_r75_new_round_rolls_all_dice_and_resets_performs():
    """MGN-R75 §13: all dice in use rerolled into the Main Tent; cards lose their dice."""
    from engine.games.magnificent import roundend

    g, s = ready(3)
    for q in range(3):
        cards(s, q, plain_cards(g), [("green", 1)] * 4)
        change_at(s.players, q, performs=2)
    roundend.prepare(g.rules, s, [])
    assert all(c.die is None for q in s.players for c in q.cards)
    assert all(q.performs == 0 for q in s.players)
    # (d) the throw is the next step, the engine's chance step: every die in use, thrown
    assert g.to_act(s).kind == "chance" and not s.tent_dice and len(s.throw) == 15
    s, events = g.apply(s, CHANCE, g.chance_action(s))
    assert len(s.tent_dice) == 15 and s.phase == "turn" and not s.throw
    assert [e.code for e in events] == ["mag.round"]


@pytest.mark.parametrize(
    "kind,fields,check",
    [
        ("coins", {"n": 1}, lambda p0, p1: p1.coins - p0.coins == 1),  # K1
        ("posters", {"n": 1}, None),  # K2
        ("vp", {"n": 5}, lambda p0, p1: p1.vp - p0.vp == 5),  # K4
        (
            "gem",
            {"colour": "purple", "n": 1},
            lambda p0, p1: p1.gems["purple"] == min(3, p0.gems["purple"] + 1),
        ),  # K7
        ("markers", {"n": 1}, lambda p0, p1: p1.markers - p0.markers == 1),  # K10
    ],
)
def test_k1_k2_k4_k7_k10_card_bonuses(kind, fields, check):
    """K1, K2, K4, K7, K10 §17: coin, poster, 5 VP, purple gem, a marker from the supply."""
    import copy

    g, s = ready(2)
    cid = card_with(g, kind, **fields)
    cards(s, s.seat, [cid, *plain_cards(g, 4, exclude=(cid,))[:3]])
    d = put_die(s, "green", 2)
    s, _ = act(g, s, A.TakeDie(d, 0))
    before = copy.deepcopy(s.players[s.seat])
    s, _ = act(g, s, A.CardBonus(0))
    if check is None:
        assert [x.kind for x in s.pending] == ["poster"]
    else:
        assert check(before, s.players[s.seat])


def test_k8_plus_one_any_colour():
    """K8 §17: +1 to this turn's die whatever its colour."""
    g, s = ready(2)
    k8 = card_with(g, "die_plus", n=1, colour=None)
    cards(s, s.seat, [k8, *plain_cards(g, 3)])
    d = put_die(s, "clear", 3)
    s, _ = act(g, s, A.TakeDie(d, 0, "green"))
    s, _ = act(g, s, A.CardBonus(0))
    assert s.turn.ap + s.turn.plus == 4


def test_conditions_c1_to_c6_c8_c14():
    """§16 C1-C6, C8, C14 with the book's example numbers where the pack uses them."""
    g, s = ready(2)
    r = g.rules
    build_fragments(g, s, 0, ["orange_small", "orange_small", "orange_large", "green_large"])
    v = lambda cid, **kw: scoring.value(r, s, 0, r.cards[cid].condition, **kw)
    assert v(cond_card(g, "fragments", colour="orange", size="small")) == 8  # C1: 4 each
    assert v(cond_card(g, "fragments", colour="orange", size="large")) == 5  # C2
    assert v(cond_card(g, "fragments", colour="orange", size=None)) == 9  # C3
    assert v(cond_card(g, "fragments", colour=None, size="small")) == 6  # C4
    assert v(cond_card(g, "fragments", colour=None, size="large")) == 8  # C5
    change_at(s.players, 0, tents=(START, "tent01", None, "tent02", None))
    assert v(cond_card(g, "tents")) == 6  # C6
    assert v(cond_card(g, "flat")) == 8  # C8
    kimora = tuple(p.id for p in r.pack.posters if p.artist == "kimora")[:2]
    change_at(s.players, 0, rewarded=kimora)
    assert v(cond_card(g, "artist_choice"), artist="kimora") == 10  # C14
    assert v(cond_card(g, "artist_choice"), artist="bronson") == 0
    assert scoring.best_artist(r, s, 0) == "kimora"
