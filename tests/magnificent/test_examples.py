"""The rulebook's worked examples EX-1..EX-11, to the number (plan.md S1-S11)."""

from __future__ import annotations

from seated import Seated

from engine.core.tuples import change_at, put
from engine.games.magnificent import actions as A
from engine.games.magnificent import roundend, scoring
from engine.games.magnificent.rules import START
from engine.games.magnificent.state import Built, Turn
from tests.magnificent.helpers import (
    act,
    build_fragments,
    card_with,
    cards,
    plain_cards,
    put_die,
    ready,
    space_index,
    table,
)


def test_ex1_orange_ap_with_card_bonus():
    """EX-1, §7 (MGN-R26, R30, K5): orange 3 taken, orange 5 on a card -> 8 AP; the card's
    +2 for orange -> 10 AP."""
    g, s = ready(2)
    k5 = card_with(g, "die_plus", n=2, colour="orange")
    cards(s, s.seat, [plain_cards(g)[0], k5, *plain_cards(g, 3)[1:3]], [("orange", 5)])
    d = put_die(s, "orange", 3)
    s, _ = act(g, s, A.TakeDie(d, 1))
    assert s.turn.ap == 8
    s, _ = act(g, s, A.CardBonus(1))
    assert s.turn.ap + s.turn.plus == 10
    assert s.players[s.seat].cards[1].die.face == 3  # A4: the face is unchanged


def test_ex2_clear_as_orange_and_gems():
    """EX-2, §7 (MGN-R27, R29): clear 3 as orange with oranges 3 + 5 -> 11 AP; 2 orange gems
    -> 15 AP; purple gems are never offered."""
    g, s = ready(2)
    seat = s.seat
    cards(s, seat, plain_cards(g), [("orange", 3), ("orange", 5)])
    change_at(s.players, seat, gems=dict(s.players[seat].gems, orange=2, purple=2, clear=0))
    d = put_die(s, "clear", 3)
    s, _ = act(g, s, A.TakeDie(d, 2, "orange"))
    assert s.turn.ap == 11
    assert A.SpendGem("purple") not in g.legal_actions(s, seat)
    s, _ = act(g, s, A.SpendGem("orange"))
    s, _ = act(g, s, A.SpendGem("orange"))
    assert s.turn.ap + s.turn.plus == 15
    assert A.SpendGem("orange") not in g.legal_actions(s, seat)


def test_ex3_first_build_level_9_bonus_cells():
    """EX-3, §9 (MGN-R33-R35): green 6 + green and clear gems -> 10 AP; levels <= 10 offered;
    level 9 = 1 large + 1 small; the first fragment anywhere, the second touching; the
    covered bonus cells give 1 marker and 2 coins."""
    g, s = ready(2)
    seat = s.seat
    p = s.players[seat]
    change_at(s.players, seat, board="IA")
    cards(s, seat, plain_cards(g))
    d = put_die(s, "green", 6)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s, _ = act(g, s, A.SpendGem("green"))
    s, _ = act(g, s, A.SpendGem("clear"))
    assert s.turn.ap + s.turn.plus == 10
    s, _ = act(g, s, A.Choose("build"))
    levels = [a.index for a in g.legal_actions(s, seat) if isinstance(a, A.Level)]
    board = g.rules.boards["IA"]
    assert [board.build_levels[i].ap for i in levels] == [3, 5, 7, 9]
    nine = next(i for i, lv in enumerate(board.build_levels) if lv.ap == 9)
    assert (board.build_levels[nine].small, board.build_levels[nine].large) == (1, 1)
    s, _ = act(g, s, A.Level(nine))
    geo = g.rules.geo("IA")
    first = [a for a in g.legal_actions(s, seat) if isinstance(a, A.Place) and a.pending == 0]
    assert len(first) == len(geo.placements["green_small"])  # anywhere on an empty camp
    p = s.players[seat]
    coins0, markers0 = p.coins, p.markers
    small = A.Place(0, "green_small", 0, 0, 0)  # covers (1, 0): 2 coins
    s, _ = act(g, s, small)
    touching = [a for a in g.legal_actions(s, seat) if isinstance(a, A.Place)]
    assert touching and len(touching) < len(geo.placements["green_large"])
    bonus = g.rules.bonus_cells("IA")
    want = 2 * geo.w + 0  # (0, 2): 1 marker
    pick = next(
        a
        for a in touching
        if geo.mask_of[(a.fragment, a.orient, a.x, a.y)] >> want & 1
        and not any(
            geo.mask_of[(a.fragment, a.orient, a.x, a.y)] >> c & 1 for c in bonus if c != want
        )
    )
    s, _ = act(g, s, pick)
    p = s.players[seat]
    assert (p.coins - coins0, p.markers - markers0) == (2, 1)
    assert A.EndTurn() in g.legal_actions(s, seat)


def test_ex4_travel_gems_tent_and_storage_cap():
    """EX-4, §10 (MGN-R37-R40, R44, A8): green 8 AP, the wagon moves 7 and stops on a tent;
    gains G, O, G, P; with 2 G stored one G becomes a coin; the tent goes to the slot giving
    a poster + a marker; no poster for the symbol under the tent just taken."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.board = "IA"
    p.gems = dict(p.gems, orange=0, green=2, purple=0, clear=0)
    cards(s, seat, plain_cards(g), [("green", 3)])
    d = put_die(s, "green", 5)
    s, _ = act(g, s, A.TakeDie(d, 1))
    s, _ = act(g, s, A.Choose("travel"))
    assert [a.distance for a in g.legal_actions(s, seat) if isinstance(a, A.Move)] == list(
        range(1, 9)
    )
    k = [t.colour for t in g.rules.pack.travel.tracks].index("green")
    s.wagons = put(s.wagons, k, g.rules.pack.travel.tracks[k].start)
    tent = s.track_tents[k][7]
    coins0, markers0 = s.players[seat].coins, s.players[seat].markers
    s, _ = act(g, s, A.Move(7))
    p = s.players[seat]
    assert p.gems == {"orange": 1, "green": 3, "purple": 1, "clear": 0}
    assert p.coins - coins0 == 1
    assert [x.kind for x in s.pending] == ["tent"]  # no poster for the symbols passed
    slot = next(
        i + 1
        for i, bs in enumerate(g.rules.boards["IA"].tent_slot_bonuses)
        if [b.__struct_config__.tag for b in bs] == ["posters", "markers"]
    )
    assert A.TakeTent(0) not in g.legal_actions(s, seat)  # never the starting-tent slot
    s, _ = act(g, s, A.TakeTent(slot))
    p = s.players[seat]
    assert p.tents[slot] == tent and s.track_tents[k][7] is None
    assert p.markers - markers0 == 1
    assert [x.kind for x in s.pending] == ["poster"]


def test_ex5_hat_spaces_within_ap():
    """EX-5, §11 (MGN-R51): 13 AP with space 12 taken -> the vacant spaces <= 13 and those
    without symbols; 12 and 14 not offered; space 10 rewards at most 2 posters."""
    g, s = ready(2)
    seat = s.seat
    other = 1 - seat
    change_at(s.players, other, hats=(space_index(g, 12), -1))
    cards(s, seat, plain_cards(g), [("purple", 6)])
    d = put_die(s, "purple", 6)
    s, _ = act(g, s, A.TakeDie(d, 1))
    change_at(s.players, seat, gems={**s.players[seat].gems, "purple": 0})
    s.turn.plus = 1  # 13 AP
    s, _ = act(g, s, A.Choose("perform"))
    spaces = {a.space for a in g.legal_actions(s, seat) if isinstance(a, A.Hat)}
    track = g.rules.track
    assert {track[i].ap for i in spaces} == {None, 4, 6, 8, 10}
    assert space_index(g, 12) not in spaces and space_index(g, 14) not in spaces
    s, _ = act(g, s, A.Hat(0, space_index(g, 10)))
    assert track[s.turn.hat].posters == 2


def test_ex6_reward_two_posters():
    """EX-6, §11 (MGN-R52-R54): the middle poster over an empty tent slot can't score; the
    pair's fragments (O-L, O-S, P-L, P-S, G-L x2) are built; it pays O, G, P + O for the
    orange tent -> 23 VP and 6 coins (2 of them from the starting tent); the remaining
    poster may then move onto a slot with a tent."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.board = "IA"
    p.posters = ("p31", "p01", "p32", None, None)
    p.tents = (START, None, "tent01", None, None)
    p.gems = dict(p.gems, orange=2, green=1, purple=1, clear=0)
    build_fragments(
        g,
        s,
        seat,
        [
            "orange_large",
            "orange_small",
            "purple_large",
            "purple_small",
            "green_large",
            "green_large",
        ],
    )
    cards(s, seat, plain_cards(g), [("green", 6)])
    d = put_die(s, "green", 4)
    s, _ = act(g, s, A.TakeDie(d, 1))  # 10 AP
    s, _ = act(g, s, A.Choose("perform"))
    s, _ = act(g, s, A.Hat(0, space_index(g, 10)))
    offered = {a.slots for a in g.legal_actions(s, seat) if isinstance(a, A.Reward)}
    assert (0, 2) in offered and all(1 not in x for x in offered)
    vp0, coins0 = s.players[seat].vp, s.players[seat].coins
    s, _ = act(g, s, A.Reward((0, 2)))
    p = s.players[seat]
    assert (p.vp - vp0, p.coins - coins0) == (23, 6)
    assert p.gems == {"orange": 0, "green": 0, "purple": 0, "clear": 0}
    assert p.rewarded == ("p31", "p32") and p.posters[0] is None
    s, _ = act(g, s, A.Swap(0, 1))
    assert s.players[seat].posters[0] == "p01"


def test_ex7_t5_and_b3_use_four_markers():
    """EX-7, §12 (MGN-R60-R61, T5, B3): T5 (2 markers) + B3 twice = 4 markers; the extra
    large needs no AP; 2 fragments of another colour; all 4 in the Main Tent at the end."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.tiles = ("t05_extra_large",)
    p.markers, p.markers_out = 4, 4
    cards(s, seat, plain_cards(g))
    d = put_die(s, "green", 5)
    s, _ = act(g, s, A.TakeDie(d, 0))
    s, _ = act(g, s, A.Choose("build"))
    s, _ = act(g, s, A.Marker("t05_extra_large"))
    s, _ = act(g, s, A.Marker("b3_recolour"))
    s, _ = act(g, s, A.Marker("b3_recolour"))
    assert s.players[seat].markers == 0
    s, _ = act(g, s, A.Level(1))  # 5 AP: 1 large
    assert [f.size for f in s.turn.frags] == ["large", "large"]
    gained = 0
    for colour in ("orange", "purple"):
        place = next(
            a
            for a in g.legal_actions(s, seat)
            if isinstance(a, A.Place) and a.fragment == f"{colour}_large"
        )
        s, events = act(g, s, place)
        gained += sum(e.params["n"] for e in events if e.code == "mag.markers")
    assert s.turn.recolours == 0
    s, _ = act(g, s, A.EndTurn())
    p = s.players[seat]
    assert (p.markers, p.markers_tent) == (gained, 4)  # cell gains are new, not returned
    assert [b.fragment for b in p.built] == ["orange_large", "purple_large"]


def test_ex8_payment_shortfall_round_2():
    """EX-8, §13 (MGN-R70-R71): owes 8 (orange) + 3 (clear) = 11, has 9 -> pays 9, -4 VP."""
    g, s = ready(2)
    cards(s, 0, plain_cards(g), [("orange", 3), ("orange", 5), ("clear", 3)])
    change_at(s.players, 0, coins=9)
    change_at(s.players, 0, vp=10)
    s.round = 2
    events = []
    roundend.pay(s, 0, events)
    assert (s.players[0].coins, s.players[0].vp) == (0, 6)
    assert events[0].params == {"seat": 0, "owed": 11, "paid": 9}


def test_ex9_fair_order_and_next_first_player():
    """EX-9, §13 (MGN-R72, R75c): blue and yellow take back their lower hats; red (highest)
    picks first, black (lowest) takes the last pair and is first player next round."""
    g, s = ready(4)
    black, red, yellow, blue = 0, 1, 2, 3
    change_at(s.players, red, hats=(9, -1))
    change_at(s.players, blue, hats=(3, 8))
    change_at(s.players, yellow, hats=(6, 1))
    change_at(s.players, black, hats=(0, -1))
    for seat in range(4):
        cards(s, seat, plain_cards(g))
    events = []
    roundend.start(g.rules, s, events)
    assert s.players[blue].hats == (-1, 8) and s.players[yellow].hats == (6, -1)
    assert s.phase == "fair" and s.seat == red
    order = []
    while s.phase == "fair":
        order.append(s.seat)
        s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
    assert order == [red, blue, yellow]  # black gets the last pair without a choice
    assert len(s.players[black].cards) == 5
    while s.phase == "score":
        s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
    assert s.round == 2 and s.first == black and s.seat == black
    assert [max(s.players[x].hats) for x in (black, yellow, blue, red)] == [0, 1, 2, 3]


def test_ex10_gems_fill_an_area():
    """EX-10, §14 (MGN-R80c): 1 purple + 1 orange gem fill the last 2 cells of an area -> 4
    VP; a row condition still counts only fragment-covered rows."""
    g, s = ready(2)
    p = Seated(s, 0)
    p.board = "IA"
    area = g.rules.boards["IA"].camp.areas[0]  # 3 x 2 at (0, 0)
    w = g.rules.geo("IA").w
    camp = bytearray(len(p.camp))
    for y in range(area.y, area.y + area.h):
        for x in range(area.x, area.x + area.w):
            if (x, y) not in ((0, 0), (1, 0)):
                camp[y * w + x] = 1
    p.camp = bytes(camp)
    p.built = Built(fragment="orange_small", mask=0)
    p.gems = {"orange": 1, "green": 0, "purple": 1, "clear": 0}
    assert scoring.fill_areas(g.rules, s, 0) == (1, 2)
    p.gems = {"orange": 1, "green": 0, "purple": 0, "clear": 0}
    assert scoring.fill_areas(g.rules, s, 0) == (0, 0)
    assert scoring.rows_cols(g.rules, s, 0) == (0, 0)


def test_ex11_three_player_setup():
    """EX-11, §1 and §3 (MGN-R6, R7, R14, R16, R17): black first, then red, then yellow:
    hats #1/#2/#3, coins 5/6/7, tiles picked yellow -> red -> black, 3 fair pairs, dice
    4/4/4/3."""
    for seed in range(6):
        g, s = table(3, seed)
        black = s.first
        red, yellow = (black + 1) % 3, (black + 2) % 3
        assert [s.players[x].hats[0] for x in (black, red, yellow)] == [0, 1, 2]
        assert [s.players[x].coins for x in (black, red, yellow)] == [5, 6, 7]
        assert sum(1 for pr in s.fair if pr[0]) == 3 and all(pr[1] for pr in s.fair[:3])
        colours = [d.colour for d in s.tent_dice]
        assert [colours.count(c) for c in ("orange", "green", "purple", "clear")] == [4, 4, 4, 3]
        assert s.phase == "tiles" and len(s.reveal) == 3
        picks = []
        while s.phase == "tiles":
            picks.append(s.seat)
            s, _ = act(g, s, g.legal_actions(s, s.seat)[0])
        assert picks == [yellow, red, black]
        assert all(len(p.tiles) == 1 for p in s.players)
        assert s.seat == black and isinstance(s.turn, Turn)
