"""Player decisions the book leaves to the player: paying a poster's gem with a clear gem
though the colour is held (§11, MGN-R52; D1) and the end-of-game choices of the halved master
cards (§14a, MGN-R80a with §16 C7 / C14; D2)."""

from __future__ import annotations

import pytest
from seated import Seated

from engine.core import IllegalAction
from engine.core.tuples import change_at
from engine.games.magnificent import actions as A
from engine.games.magnificent import scoring
from engine.games.magnificent.rules import ROUNDS, START
from tests.magnificent.helpers import (
    act,
    build_fragments,
    cards,
    cond_card,
    plain_cards,
    put_die,
    ready,
    space_index,
)

EX6_FRAGMENTS = [
    "orange_large",
    "orange_small",
    "purple_large",
    "purple_small",
    "green_large",
    "green_large",
]


def _ex6_reward(gems: dict[str, int]):
    """EX-6's table (posters p31 + p32 need O, G, P + O for the orange tent), at the reward."""
    g, s = ready(2)
    seat = s.seat
    p = Seated(s, seat)
    p.board = "IA"
    p.posters = ("p31", "p01", "p32", None, None)
    p.tents = (START, None, "tent01", None, None)
    p.gems = {**p.gems, **gems}
    build_fragments(g, s, seat, EX6_FRAGMENTS)
    cards(s, seat, plain_cards(g), [("green", 6)])
    d = put_die(s, "green", 4)
    s, _ = act(g, s, A.TakeDie(d, 1))
    s, _ = act(g, s, A.Choose("perform"))
    s, _ = act(g, s, A.Hat(0, space_index(g, 10)))
    return g, s, seat


def test_r52_clear_gem_may_pay_a_held_colour():
    """MGN-R52 §11 («прозрачные самоцветы считаются самоцветами любого цвета»), D1: holding
    the colours and a spare clear gem, the player chooses which gems to discard; the choice is
    a typed answer and keeps the coloured gem (it counts for C18)."""
    g, s, seat = _ex6_reward({"orange": 2, "green": 1, "purple": 1, "clear": 1})
    s, _ = act(g, s, A.Reward((0, 2)))
    assert s.pending and s.pending[0].kind == "pay"
    offered = g.legal_actions(s, seat)
    assert set(offered) == {
        A.PayGems(()),
        A.PayGems(("green",)),
        A.PayGems(("orange",)),
        A.PayGems(("purple",)),
    }
    with pytest.raises(IllegalAction):
        g.apply(s, seat, A.PayGems(("orange", "orange")))  # only one clear gem to spare
    vp0 = s.players[seat].vp
    after, _ = act(g, s, A.PayGems(("purple",)))
    p = after.players[seat]
    assert p.gems == {"orange": 0, "green": 0, "purple": 1, "clear": 0}
    assert p.vp - vp0 == 23 and p.rewarded == ("p31", "p32")
    plain, _ = act(g, s, A.PayGems(()))
    assert plain.players[seat].gems == {"orange": 0, "green": 0, "purple": 0, "clear": 1}


def test_r52_no_payment_question_when_only_one_way():
    """MGN-R52 §11, D1: without a spare clear gem the payment is the only one; no question."""
    g, s, seat = _ex6_reward({"orange": 2, "green": 1, "purple": 1, "clear": 0})
    s, _ = act(g, s, A.Reward((0, 2)))
    assert not s.pending and s.turn.stage == "arrange"
    assert s.players[seat].gems == {"orange": 0, "green": 0, "purple": 0, "clear": 0}


def _no_choice(g, n: int) -> list[str]:
    """Cards whose condition needs no choice and whose bonus is plain coins."""
    choice = {"pay_coins", "artist_choice"}
    return [c for c in plain_cards(g, 99) if _tag(g, c) not in choice][:n]


def _tag(g, card: str) -> str:
    return g.rules.cards[card].condition.__struct_config__.tag


def _round3_scored(g, s, mine: list[str], coins: int):
    """The last round's card scoring done for seat 1; seat 0 keeps ``mine`` for the end."""
    s.round = ROUNDS
    s.phase, s.score_order, s.seat = "score", [1], 1
    cards(s, 0, mine)
    cards(s, 1, _no_choice(g, 2))
    change_at(s.players, 0, coins=coins)
    change_at(s.players, 0, vp=0)
    change_at(s.players, 0, gems=dict.fromkeys(s.players[0].gems, 0))
    s, _ = act(g, s, A.ScoreCard(0), seat=1)
    return s


def test_r80a_c7_coins_paid_at_game_end_are_the_players_choice():
    """MGN-R80a §14 step a («получите половину ПО … см. раздел „Получение очков за карты
    импресарио“») with C7 («за каждую монету, которую вы заплатите при проверке условия»), D2:
    the coins are chosen as at round end, then the coins left score 1 VP per 5 (step b)."""
    g, s = ready(2)
    c7 = cond_card(g, "pay_coins")
    cond = g.rules.cards[c7].condition
    s = _round3_scored(g, s, [c7, *_no_choice(g, 1)], coins=14)
    assert s.phase == "final" and s.seat == 0
    offered = g.legal_actions(s, 0)
    assert offered == [A.FinalChoice(0, coins=n) for n in range(min(14, cond.max_times) + 1)]
    for n in (0, 1, cond.max_times):
        end, _ = act(g, s, A.FinalChoice(0, coins=n), seat=0)
        p = end.players[0]
        half = min(cond.vp_each * n // 2, cond.vp_each * cond.max_times // 2)
        assert end.phase == "over"
        rest = sum(
            scoring.value(g.rules, end, 0, g.rules.cards[c.id].condition, half=True)
            for i, c in enumerate(p.cards)
            if i not in p.settled
        )
        assert p.final["cards"] == half + rest
        assert p.final["coins"] == (14 - n) // 5
        parts = p.final["play"] + p.final["cards"] + p.final["coins"] + p.final["areas"]
        assert p.vp == p.final["total"] == parts


def test_r80a_c14_artist_at_game_end_is_the_players_choice():
    """MGN-R80a §14a with C14 («Выберите 1 артиста»), D2: the artist is chosen at the end too;
    a wrong choice scores less, as at round end."""
    g, s = ready(2)
    c14 = cond_card(g, "artist_choice")
    r = g.rules
    kimora = tuple(p.id for p in r.pack.posters if p.artist == "kimora")[:2]
    change_at(s.players, 0, rewarded=kimora)
    s = _round3_scored(g, s, [c14], coins=0)
    assert set(g.legal_actions(s, 0)) == {A.FinalChoice(0, artist=a) for a in r.pack.artists}
    best, _ = act(g, s, A.FinalChoice(0, artist="kimora"), seat=0)
    other, _ = act(g, s, A.FinalChoice(0, artist="bronson"), seat=0)
    cond = r.cards[c14].condition
    assert best.players[0].final["cards"] == min(2, cond.max_times) * cond.vp_each // 2
    assert other.players[0].final["cards"] == 0


def test_r80a_every_choice_card_asked_in_turn_order():
    """MGN-R80a §14a, A14, D2: two choice cards of one seat are asked one after the other, a
    seat without any is not asked, and the game ends after the last answer."""
    g, s = ready(2)
    c7, c14 = cond_card(g, "pay_coins"), cond_card(g, "artist_choice")
    s = _round3_scored(g, s, [c14, *_no_choice(g, 1), c7], coins=3)
    s, _ = act(g, s, A.FinalChoice(0, artist="kimora"), seat=0)
    assert s.phase == "final" and s.seat == 0
    assert g.legal_actions(s, 0) == [A.FinalChoice(2, coins=n) for n in range(4)]
    s, _ = act(g, s, A.FinalChoice(2, coins=3), seat=0)
    assert s.phase == "over" and s.players[0].coins == 0
