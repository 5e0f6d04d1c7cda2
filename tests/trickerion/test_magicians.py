"""The 8 magician abilities (appendix "СПОСОБНОСТИ ИЛЛЮЗИОНИСТОВ"), used only with the Dark
Alley; one test each."""

from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion.common import change_char
from engine.games.trickerion.flow import advance
from engine.games.trickerion.performance import start

from .helpers import (
    clear_tricks,
    give_trick,
    placing,
    put_marker,
    set_dice,
    set_row,
    stage,
    started,
    to_placement,
)

SEATS = ["m01_master_of_chains", "m02_great_optico", "m08_electra", "m03_priestess_of_mysticism"]


def game(magicians=SEATS, players=4, **options):
    g, s = started(players, seed=71, magicians=magicians, **options)
    for x in range(players):
        clear_tricks(s, x)
        change_at(s.players, x, shards=0)
    return g, s


def to_performance(g, s):
    s.phase = "place"
    s.act = None
    ev = []
    start(g.rules, s, ev)
    advance(g.rules, s, ev)
    return s, ev


def test_m01_break_free():
    """Master of Chains: before the Performance phase, a Reschedule without a character that
    pays link bonuses."""
    g, s = game()
    set_row(g, s, ["pf10", "pf01"])
    give_trick(s, 0, "t25_barricaded_barrels")
    give_trick(s, 0, "t27_burning_mummy")
    put_marker(g, s, 0, "t25_barricaded_barrels", 0, 0, "right")
    put_marker(g, s, 0, "t27_burning_mummy", 1, 0, "down")
    s, _ = to_performance(g, s)
    assert s.pending[0].kind == "break_free" and s.pending[0].seat == 0
    s, _ = g.apply(s, 0, A.Reschedule(1, 0, 0, 1, "left"))
    assert s.pending[0].kind == "link_reward"
    fame = s.players[0].fame
    s, _ = g.apply(s, 0, A.TakeLinkCoins(0))
    assert s.players[0].fame == fame + 1
    g2, s2 = game(dark_alley=False, magicians=SEATS)
    set_row(g2, s2, ["pf10"])
    give_trick(s2, 0, "t25_barricaded_barrels")
    put_marker(g2, s2, 0, "t25_barricaded_barrels", 0, 0, "right")
    s2, _ = to_performance(g2, s2)
    assert not s2.pending or s2.pending[0].kind != "break_free"


def test_m02_mimesis():
    """The Great Optico: once per round a permanent card with the effect of an opponent's
    revealed special assignment at the same location (or its +1 AP)."""
    g, s = game()
    change_char(s, 2, 0, card="a33_fame_and_fortune", shown=True)
    s = placing(g, s, 1, 0, "downtown", 3)
    assert A.Mimesis("a33_fame_and_fortune") in g.legal_actions(s, 1)
    s, _ = g.apply(s, 1, A.Mimesis("a33_fame_and_fortune"))
    set_dice(s, 4, "5")
    fame = s.players[1].fame
    s, _ = g.apply(s, 1, A.TakeCoins(4))
    assert s.players[1].fame == fame + 4
    assert "mimesis" in s.players[1].used
    s = placing(g, s, 1, 1, "downtown", 3)
    assert A.Mimesis("a33_fame_and_fortune") not in g.legal_actions(s, 1)


def test_m03_fate_weaving():
    """Priestess of Mysticism: 1 AP in the Dark Alley discards the active prophecy, puts a
    pending one of her choice in its place and refills from the stack."""
    g, s = game()
    s = placing(g, s, 3, 0, "dark_alley", 3)
    a, b, c = s.pending_prophecies
    top = s.prophecy_stack[0]
    s, _ = g.apply(s, 3, A.FateWeaving(b))
    assert s.prophecy == b and s.pending_prophecies == (a, top, c) and s.act.ap == 2


def test_m04_mechanical_enhancement():
    """The Mechaniker: once per round one apprentice gets +1 AP anywhere but the Theater."""
    g, s = game(
        magicians=[
            "m04_mechaniker",
            "m02_great_optico",
            "m01_master_of_chains",
            "m03_priestess_of_mysticism",
        ]
    )
    s = placing(g, s, 0, 1, "downtown", 1)
    assert A.MechanicalEnhancement() in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, A.MechanicalEnhancement())
    assert s.act.ap == 2
    assert A.MechanicalEnhancement() not in g.legal_actions(s, 0)
    s2 = placing(g, s, 0, 1, "theater", 1)
    change_at(s2.players, 0, used=())
    assert A.MechanicalEnhancement() not in g.legal_actions(s2, 0)


def test_m05_trick_steal():
    """The Red Lotus: as performer, take an opponent's equal-or-lower-level trick's yield
    instead of one of your own; that opponent gets 1 fame less for it."""
    g, s = game(
        magicians=["m05_red_lotus", "m02_great_optico", "m08_electra", "m03_priestess_of_mysticism"]
    )
    set_row(g, s, ["pf10"])
    give_trick(s, 0, "t25_barricaded_barrels")  # L1 1/1/0
    give_trick(s, 1, "t28_water_tank_escape")  # L1 1/2/1
    give_trick(s, 1, "t29_prison_break")  # L2 3/3/0
    put_marker(g, s, 0, "t25_barricaded_barrels", 0, 0, "right")
    put_marker(g, s, 1, "t28_water_tank_escape", 0, 1, "left")
    put_marker(g, s, 1, "t29_prison_break", 0, 2, "up")
    stage(s, 0, 1)
    stage(s, 1, 2, "apprentice", backstage=True)
    s, _ = to_performance(g, s)
    s, _ = g.apply(s, 0, A.Perform(0))
    assert s.pending[0].kind == "steal"
    legal = g.legal_actions(s, 0)
    assert A.StealYield(0, 1) in legal and A.StealYield(0, 2) not in legal
    s, ev = g.apply(s, 0, A.StealYield(0, 1))
    y = {e.params["seat"]: e.params for e in ev if e.params.get("why") == "performance_yield"}
    assert (y[0]["fame"], y[0]["coins"], y[0]["shards"]) == (1, 2, 1)
    assert (y[1]["fame"], y[1]["coins"]) == (0 + 3, 2 + 3)


def test_m06_gentleman():
    """The Gentleman: placing the Magician Downtown, at Market Row or in the Dark Alley gains
    fame equal to the tricks owned."""
    g, s = game(
        magicians=[
            "m06_gentleman",
            "m08_electra",
            "m01_master_of_chains",
            "m03_priestess_of_mysticism",
        ]
    )
    give_trick(s, 0, "t01_enchanted_butterflies")
    give_trick(s, 0, "t02_rabbit_from_the_top_hat")
    s = to_placement(g, s, {0: [(0, "market_row")]})
    s.turn = s.order.index(0)  # seat 0 places now (the others have nothing to place)
    fame = s.players[0].fame
    s, _ = g.apply(s, 0, A.PlaceCharacter(0, "market_row", 0))
    assert s.players[0].fame == fame + 2


def test_m07_soul_possession():
    """Yoruba Spiritmaster: once per round, for 1 shard, choose the card an opponent performs
    (one holding that opponent's marker)."""
    g, s = game(
        magicians=[
            "m07_yoruba_spiritmaster",
            "m02_great_optico",
            "m08_electra",
            "m01_master_of_chains",
        ]
    )
    set_row(g, s, ["pf10", "pf01"])
    give_trick(s, 1, "t01_enchanted_butterflies")
    give_trick(s, 1, "t02_rabbit_from_the_top_hat")
    put_marker(g, s, 1, "t01_enchanted_butterflies", 0, 0, "right")
    put_marker(g, s, 1, "t02_rabbit_from_the_top_hat", 1, 0, "down")
    stage(s, 1, 0)
    change_at(s.players, 0, shards=1)
    s, _ = to_performance(g, s)
    assert s.pending[0].kind == "soul_possession" and s.pending[0].seat == 0
    assert g.legal_actions(s, 0) == [A.Perform(0), A.Perform(1), A.Pass()]
    s, ev = g.apply(s, 0, A.Perform(1))
    assert s.players[0].shards == 0
    assert any(e.code == "trickerion.performed" and e.params["card"] == 1 for e in ev)


def test_m08_electra_supercharge():
    """Electra: two markers of one trick on one slot count as one trick (links paid once) and
    yield +1/+2/+3 fame and coins by level."""
    g, s = game()
    set_row(g, s, ["pf01"])
    s = placing(g, s, 2, 0, "theater", 3)
    give_trick(s, 2, "t37_linking_rings", markers=2)  # L1 0/2/0
    action = A.SetUpTrick("t37_linking_rings", 0, 0, "down", double=True)
    assert action in g.legal_actions(s, 2)
    s, _ = g.apply(s, 2, action)
    assert s.players[2].tricks[0].markers == 0 and s.row[0].dbl == (0,)
    from engine.games.trickerion.performance import resolve

    ev = []
    s.day = 0
    resolve(g.rules, s, 2, 0, ev)
    y = next(e.params for e in ev if e.params.get("why") == "performance_yield")
    # Thursday −1/−1: 0+1 fame, 2+1 coins, then −1 each.
    assert (y["fame"], y["coins"]) == (0, 2)
