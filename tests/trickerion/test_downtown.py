"""Downtown ("ЦЕНТР"): Learn Trick, Hire Character, Take Coins, Reroll Die, Set Die."""

import pytest
from seated import Seated

from engine.core import CHANCE
from engine.core.errors import IllegalAction
from engine.games.trickerion import actions as A
from engine.games.trickerion.common import residence

from .helpers import placing, set_dice, started


def downtown(ap=3, seat=0, **options):
    g, s = started(4, seed=7, **options)
    s = placing(g, s, seat, 0, "downtown", ap)
    return g, s


def test_learn_trick_from_die_school_or_favourite_school():
    """ "ОСВОИТЬ НОМЕР" (3 AP): a trick of a school a Residence die shows ("?" = any), or of
    one's own school with any die; the die turns to X."""
    g, s = downtown()
    set_dice(s, 0, "mechanical", "x")
    legal = [a for a in g.legal_actions(s, 0) if isinstance(a, A.LearnTrick)]
    schools = {g.cat.trick_school[a.trick] for a in legal}
    assert schools == {"mechanical", "optical"}  # seat 0 plays the Gentleman (Optical)
    assert all(a.die == 0 for a in legal)
    s, _ = g.apply(s, 0, A.LearnTrick("t38_living_piano", 0))
    p = s.players[0]
    assert [t.id for t in p.tricks][-1] == "t38_living_piano"
    assert s.dice[0] == "x" and s.act.ap == 0
    assert "t38_living_piano" not in residence(g.rules, s)
    syms = [t.sym for t in p.tricks]
    assert len(set(syms)) == len(syms)


def test_learn_any_school_with_question_mark():
    g, s = downtown()
    set_dice(s, 0, "any", "x")
    schools = {
        g.cat.trick_school[a.trick] for a in g.legal_actions(s, 0) if isinstance(a, A.LearnTrick)
    }
    assert schools == {"optical", "spiritual", "escape", "mechanical"}


def test_learn_above_fame_pays_the_difference_in_coins():
    """ "Недостаточно славы": pay the difference between threshold and fame in coins."""
    g, s = downtown()
    set_dice(s, 0, "spiritual", "x")
    p = Seated(s, 0)
    p.fame, p.coins = 5, 11
    legal = {a.trick for a in g.legal_actions(s, 0) if isinstance(a, A.LearnTrick)}
    assert "t17_floating_table" in legal  # threshold 16: 11 coins
    assert "t21_balsamos_skull" not in legal  # threshold 36: 31 coins
    s, ev = g.apply(s, 0, A.LearnTrick("t17_floating_table", 0))
    assert s.players[0].coins == 0


def test_learn_needs_a_free_symbol():
    """Four symbol markers: at most four tricks."""
    g, s = downtown()
    from .helpers import give_trick

    for t in ("t02_rabbit_from_the_top_hat", "t03_pub_in_a_bottle", "t04_card_manipulation"):
        give_trick(s, 0, t)
    set_dice(s, 0, "any", "any")
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.LearnTrick)]
    with pytest.raises(IllegalAction):
        g.apply(s, 0, A.LearnTrick("t38_living_piano", 0))


def test_hire_character_joins_at_return():
    """ "НАНЯТЬ ПЕРСОНАЖА" (3 AP): a character an Inn die shows; it joins at Return
    Characters; one specialist of each type."""
    g, s = downtown()
    set_dice(s, 2, "engineer", "apprentice")
    legal = [a for a in g.legal_actions(s, 0) if isinstance(a, A.HireCharacter)]
    assert A.HireCharacter("engineer", 2) in legal and A.HireCharacter("apprentice", 3) in legal
    set_dice(s, 2, "manager")  # seat 0 already has a Manager (default setup choice)
    assert A.HireCharacter("manager", 2) not in g.legal_actions(s, 0)
    set_dice(s, 2, "engineer")
    s, _ = g.apply(s, 0, A.HireCharacter("engineer", 2))
    p = s.players[0]
    assert p.hired == ("engineer",) and not any(c.kind == "engineer" for c in p.chars)
    assert s.dice[2] == "x"


def test_take_coins_reroll_and_set_die():
    """ "ВЗЯТЬ МОНЕТЫ" (3), "ПЕРЕБРОСИТЬ КУБИК" (1), "ПОВЕРНУТЬ КУБИК" (2)."""
    g, s = downtown(ap=6)
    set_dice(s, 4, "5", "x")
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.TakeCoins(4))
    assert s.players[0].coins == coins + 5 and s.dice[4] == "x" and s.act.ap == 3
    s, _ = g.apply(s, 0, A.SetDie(5, "6"))
    assert s.dice[5] == "6" and s.act.ap == 1
    draws, before = s.rng.draws, s.dice[0]
    s, _ = g.apply(s, 0, A.RerollDie(0))
    # the reroll is a chance step of its own: the player's step only pays for it
    assert g.to_act(s).kind == "chance" and s.rng.draws == draws and s.act.ap == 0
    assert s.dice[0] == before and g.legal_actions(s, 0) == []
    throw = g.chance_action(s)
    s, ev = g.apply(s, CHANCE, throw)
    assert s.rng.draws > draws and s.dice[0] == throw.face in g.cat.die_faces[0]
    assert [e.params["face"] for e in ev if e.code == "trickerion.die_rerolled"] == [throw.face]


def test_x_die_cannot_be_used():
    g, s = downtown()
    set_dice(s, 4, "x", "x")
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.TakeCoins)]
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.TakeCoins(4))
    assert err.value.code == "trickerion.downtown.die_unavailable"


def test_not_enough_ap():
    g, s = downtown(ap=2)
    set_dice(s, 4, "4")
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.TakeCoins)]
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.TakeCoins(4))
    assert err.value.code == "trickerion.ap.not_enough"


def test_level3_only_with_dark_alley():
    g, s = downtown(dark_alley=False)
    assert all(g.cat.trick_level[t] < 3 for t in residence(g.rules, s))


def test_return_a_trick_downtown_to_free_a_symbol():
    """A trick may go back to the Residence at any time (freeing its symbol marker)."""
    g, s = downtown()
    from .helpers import give_trick

    for t in ("t02_rabbit_from_the_top_hat", "t03_pub_in_a_bottle", "t04_card_manipulation"):
        give_trick(s, 0, t)
    set_dice(s, 0, "any", "any")
    s, _ = g.apply(s, 0, A.ReturnTrick("t04_card_manipulation"))
    assert A.LearnTrick("t38_living_piano", 0) in g.legal_actions(s, 0)
