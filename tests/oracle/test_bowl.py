"""The fate bowl: seed «РУНЫ И ЧАША СУДЬБЫ» and «ПОДГОТОВКА К ИГРЕ» (step 2)."""

from __future__ import annotations

from engine.core import CHANCE
from engine.core.match import Match
from engine.games.oracle import actions as A
from engine.games.oracle import bowl as B

from .helpers import L, R, act, codes, game, refused, started, throw


def test_five_runes_in_two_halves():
    """«Всего у вас есть 5 рун»: 2 d4, a coin (tree/skull), a bone, a voodoo doll."""
    assert B.RUNES == ("d4_a", "d4_b", "coin", "bone", "doll")
    g = game()
    s = g.initial_state(3)
    while g.to_act(s).kind == "chance":
        s, _ = g.apply(s, CHANCE, g.chance_action(s))
    assert set(s.bowl.halves) <= {0, 1} and all(1 <= v <= 4 for v in s.bowl.dice)
    assert s.bowl.coin in ("tree", "skull")


def test_setup_throw_with_all_runes_in_one_half_is_thrown_again():
    """«ПОДГОТОВКА К ИГРЕ» 2: all five in one half at setup → reroll (setup only)."""
    g = game()
    rerolled = 0
    for seed in range(200):
        s = g.initial_state(seed)
        while s.phase != "act":
            s, ev = g.apply(s, CHANCE, g.chance_action(s))
            rerolled += codes(ev).count("oracle.bowl.setup_reroll")
        assert not B.all_in_one_half(s.bowl)
        assert s.corruption == 0
    assert rerolled > 0  # 1 throw in 16 lands in one half


def test_entered_setup_throw_in_one_half_is_refused():
    g = game("companion")
    s = g.initial_state(1)
    assert refused(g, s, throw((L,) * 5, (1, 2))) == "oracle.bowl.setup_all_in_one_half"
    assert all(len(set(a.halves)) == 2 for a in g.legal_actions(s, 0) if isinstance(a, A.EnterRoll))


def test_later_throw_with_all_runes_in_one_half_costs_a_corruption_card():
    """«Если все 5 рун падают в одну половину чаши судьбы, возьмите 1 карту Порчи»."""
    g, s = started("companion")
    s, _ = act(g, s, A.Pass())
    assert s.phase == "roll"
    s, ev = act(g, s, throw((R,) * 5, (1, 2)))
    assert "oracle.corruption.take" in codes(ev) and s.corruption == 1


def test_no_throw_before_the_first_turn_then_one_before_each_turn():
    """«Перед началом каждого своего хода (кроме самого первого) … бросьте их в чашу»."""
    g, s = started("practice")
    assert s.turn == 1 and g.to_act(s).kind == "players"
    s, _ = act(g, s, A.Pass())
    # after the turn: practice draws (if the clock passed an hour mark), then the throw
    while s.phase == "draw":
        s, _ = g.apply(s, CHANCE, g.chance_action(s))
    assert s.phase == "roll" and g.to_act(s).kind == "chance"
    s, ev = g.apply(s, CHANCE, g.chance_action(s))
    assert s.turn == 2 and "oracle.bowl.thrown" in codes(ev)


def test_companion_may_throw_in_the_app_or_enter_a_physical_throw():
    g = game("companion")
    s = g.initial_state(5)
    legal = g.legal_actions(s, 0)
    assert A.RollInApp() in legal and throw((L, R, R, L, L), (2, 3)) in legal
    s2, _ = g.apply(s, 0, A.RollInApp())
    assert g.to_act(s2).kind == "chance"
    s2, _ = g.apply(s2, CHANCE, g.chance_action(s2))
    assert s2.phase == "act"
    s3, ev = g.apply(s, 0, throw((L, R, R, L, L), (2, 3), "skull"))
    assert s3.bowl.halves == [L, R, R, L, L] and s3.bowl.dice == [2, 3] and s3.bowl.coin == "skull"
    assert ev[0].params["entered"] is True


def test_one_circle_of_each_kind_starts_filled():
    """«В начале игры у вас уже зарисовано по одному кружку в каждом из двух видов»."""
    g, s = started()
    assert s.circles["plus_minus"].filled == 1 and s.circles["plus_minus"].crossed == 0
    assert s.circles["move"].filled == 1 and s.circles["move"].crossed == 0


def test_plus_minus_one_wraps_between_one_and_four():
    """±1: «1» можно заменить на «4», и наоборот."""
    g, s = started(dice=(4, 1))
    s1, ev = act(g, s, A.AdjustDie(0, 1))
    assert s1.bowl.dice == [1, 1] and s1.circles["plus_minus"].crossed == 1
    s2, _ = act(g, s, A.AdjustDie(1, -1))
    assert s2.bowl.dice == [4, 4]
    s3, _ = act(g, s, A.AdjustDie(0, -1))
    assert s3.bowl.dice == [3, 1]


def test_spending_needs_a_filled_circle():
    g, s = started()
    s, _ = act(g, s, A.AdjustDie(0, 1))
    assert refused(g, s, A.AdjustDie(0, 1)) == "oracle.manipulation.no_filled_circle"
    assert not any(isinstance(a, A.AdjustDie) for a in g.legal_actions(s, 0))
    assert refused(g, s, A.AdjustDie(5, 1)) == "oracle.manipulation.no_such_die"
    s, _ = act(g, s, A.MoveRune("bone"))
    assert refused(g, s, A.MoveRune("coin")) == "oracle.manipulation.no_filled_circle"


def test_move_one_rune_without_turning_it_over():
    """«Перемещение 1 … кубик и монету нельзя переворачивать»."""
    g, s = started(halves=(L, R, R, L, L), dice=(2, 3), coin="skull")
    s1, _ = act(g, s, A.MoveRune("coin"))
    assert s1.bowl.halves == [L, R, L, L, L] and s1.bowl.coin == "skull"
    s2, _ = act(g, s, A.MoveRune("d4_b"))
    assert s2.bowl.halves == [L, L, R, L, L] and s2.bowl.dice == [2, 3]
    assert refused(g, s, A.MoveRune("feather")) == "oracle.manipulation.no_such_rune"


def test_any_number_of_manipulations_per_turn():
    """«За один ход можно использовать несколько манипуляций»."""
    g, s = started()
    s.circles["plus_minus"].filled = 4
    s.circles["move"].filled = 3
    s, _ = act(
        g,
        s,
        A.AdjustDie(0, 1),
        A.AdjustDie(0, 1),
        A.AdjustDie(1, -1),
        A.MoveRune("bone"),
        A.MoveRune("doll"),
        A.MoveRune("bone"),
    )
    assert s.circles["plus_minus"].crossed == 3 and s.circles["move"].crossed == 3
    assert s.phase == "act" and not s.acted


def test_rolls_are_undo_barriers():
    m = Match(game(), 11)
    m.run_auto()
    assert m.steps[-1].barrier == "random"
