"""The 40 special assignment cards ("КАРТЫ ОСОБЫХ ПОРУЧЕНИЙ"; effects from the data pack), one
test each, plus the general rules: the effect applies to one action of the card's kind, or may be
forgone for +1 AP; used cards go under their decks at the end of the round."""

from msgspec.structs import replace
from seated import Seated

from engine.core import CHANCE
from engine.core.copier import copy_state
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion.common import change_char, change_trick, formed_links

from .helpers import (
    clear_tricks,
    give_trick,
    placing,
    put_marker,
    set_dice,
    set_row,
    stage,
    started,
)


def at(loc, card, ap=3, seat=0, char=0, players=4, **options):
    g, s = started(players, seed=51, **options)
    for x in range(players):
        clear_tricks(s, x)
    s = placing(g, s, seat, char, loc, ap, card=card)
    change_at(s.players, seat, coins=30)
    return g, s


def settle(g, s, coins=0):
    while s.pending and s.pending[0].kind == "link_reward":
        s, _ = g.apply(s, s.pending[0].seat, A.TakeLinkCoins(coins))
    return s


# --- general -------------------------------------------------------------------------------


def test_forgo_effect_for_one_action_point():
    """ "Выставив персонажа, вы всегда можете отказаться от эффекта ... и получить +1 ⚡"."""
    g, s = at("downtown", "a33_fame_and_fortune")
    assert A.ForgoEffect() in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, A.ForgoEffect())
    assert s.act.ap == 4 and s.act.effect == "forgone"
    assert A.ForgoEffect() not in g.legal_actions(s, 0)
    set_dice(s, 4, "5")
    fame = s.players[0].fame
    s, _ = g.apply(s, 0, A.TakeCoins(4))
    assert s.players[0].fame == fame  # no effect any more


def test_special_cards_are_assigned_and_go_under_their_deck():
    g, s = started(2, seed=52)
    seat = 0
    change_at(s.players, seat, specials=("a33_fame_and_fortune",))
    idx = g.cat.special_index["a33_fame_and_fortune"]
    s.decks = {loc: tuple(c for c in d if c != idx) for loc, d in s.decks.items()}
    from .helpers import to_placement

    s = to_placement(g, s, {seat: [(0, "a33_fame_and_fortune")]})
    assert s.players[seat].specials == ()
    assert s.players[seat].chars[0].card == "a33_fame_and_fortune"
    legal = g.legal_actions(s, g.to_act(s).seats[0])
    assert legal


# --- Theater -----------------------------------------------------------------------------------


def theater_with(card, ap=3):
    g, s = at("theater", card, ap)
    set_row(g, s, ["pf01", "pf10", "pf03"])
    return g, s


def test_a06_guest_performer():
    """Set up a marker on a card without a free slot; it performs with the card."""
    g, s = theater_with("a06_guest_performer")
    give_trick(s, 0, "t25_barricaded_barrels", markers=2)
    give_trick(s, 1, "t14_breath_of_life", markers=0)
    give_trick(s, 1, "t15_spirit_hand", markers=0)
    give_trick(s, 1, "t16_window_to_the_otherworld", markers=0)
    for cell, t in enumerate(
        ("t14_breath_of_life", "t15_spirit_hand", "t16_window_to_the_otherworld")
    ):
        put_marker(g, s, 1, t, 1, cell, "up" if cell else "right")
    action = A.SetUpTrick("t25_barricaded_barrels", 1, -1, "up")
    assert action in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, action)
    assert s.row[1].guest == (0 * 4 + s.players[0].tricks[0].sym,)
    assert s.act.effect == "used"
    from engine.games.trickerion.performance import candidates

    assert 1 in candidates(s, 0)


def test_a07_orchestral_interlude():
    """Link reward for every adjacent marker, even when the symbols do not match."""
    g, s = theater_with("a07_orchestral_interlude")
    give_trick(s, 0, "t37_linking_rings", markers=1)
    give_trick(s, 1, "t14_breath_of_life")
    put_marker(g, s, 1, "t14_breath_of_life", 1, 0, "right")
    s, _ = g.apply(s, 0, A.SetUpTrick("t37_linking_rings", 1, 1, "down"))
    assert s.pending[0].kind == "link_reward" and s.pending[0].units == 1
    assert formed_links(g.cat, s, s.row[1]) == []


def test_a08_headliner_trick():
    """Each link created pays twice, shards too."""
    g, s = theater_with("a08_headliner_trick")
    give_trick(s, 0, "t16_window_to_the_otherworld")
    give_trick(s, 0, "t19_peppers_ghost", markers=1)
    put_marker(g, s, 0, "t16_window_to_the_otherworld", 1, 2, "up")
    shards = s.players[0].shards
    s, _ = g.apply(s, 0, A.SetUpTrick("t19_peppers_ghost", 1, 1, "down"))
    assert s.pending[0].units == 2 and s.players[0].shards == shards + 2


def test_a09_new_twist():
    """The same trick may go a second time onto the same card."""
    g, s = theater_with("a09_new_twist")
    give_trick(s, 0, "t25_barricaded_barrels", markers=2)
    s, _ = g.apply(s, 0, A.SetUpTrick("t25_barricaded_barrels", 0, 0, "down"))
    assert A.SetUpTrick("t25_barricaded_barrels", 0, 2, "up") in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, A.SetUpTrick("t25_barricaded_barrels", 0, 2, "up"))
    assert s.row[0].m[0] == s.row[0].m[2] and s.act.effect == "used"


def test_a10_buying_time():
    """After the set-up: 3 coins, and two performance cards may swap places."""
    g, s = theater_with("a10_buying_time")
    give_trick(s, 0, "t25_barricaded_barrels", markers=1)
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.SetUpTrick("t25_barricaded_barrels", 0, 0, "down"))
    assert s.players[0].coins == coins + 3 and s.pending[0].kind == "buying_time"
    s, _ = g.apply(s, 0, A.SwapCards(0, 2))
    assert [pc.id for pc in s.row] == ["pf03", "pf10", "pf01"]


def performance_with(card, extra=None):
    """Seat 0's Magician on Thursday's stage with ``card``; tricks on pf10 (index 0)."""
    g, s = started(4, seed=53)
    for x in range(4):
        clear_tricks(s, x)
    set_row(g, s, ["pf10", "pf01"])
    give_trick(s, 0, "t16_window_to_the_otherworld")  # 3/2/0 spiritual L1
    give_trick(s, 0, "t19_peppers_ghost")  # 4/5/0 spiritual L2
    give_trick(s, 1, "t28_water_tank_escape")  # 1/2/1 escape L1
    put_marker(g, s, 0, "t16_window_to_the_otherworld", 0, 0, "right")
    put_marker(g, s, 0, "t19_peppers_ghost", 0, 1, "left")
    put_marker(g, s, 1, "t28_water_tank_escape", 0, 2, "up")
    char = stage(s, 0, 1)  # Friday: no modifier
    change_char(s, 0, char, card=card)
    stage(s, 1, 2, "apprentice", backstage=True)
    change_at(s.players, 3, shards=0)  # no Soul Possession from the Yoruba Spiritmaster
    if extra:
        extra(g, s)
    s.phase = "place"
    from engine.games.trickerion.flow import advance
    from engine.games.trickerion.performance import start

    ev = []
    start(g.rules, s, ev)
    advance(g.rules, s, ev)
    return g, s


def gains(ev, why="performance_yield"):
    out = {}
    for e in ev:
        if e.code == "trickerion.gain" and e.params["why"] == why:
            out[e.params["seat"]] = (e.params["fame"], e.params["coins"], e.params["shards"])
    return out


def test_a11_durable_components():
    """After the performance one performed marker goes back to its trick card."""
    g, s = performance_with("a11_durable_components")
    s, _ = g.apply(s, 0, A.Perform(0))
    assert s.pending[0].kind == "durable"
    assert A.DurableMarker(1) in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, A.DurableMarker(1))
    t = next(t for t in s.players[0].tricks if t.id == "t19_peppers_ghost")
    assert t.markers == 1 and all(m == -1 for m in s.row[0].m)


def test_a12_arranged_fiasco():
    """Performer +1 fame per own marker; others −1 fame per marker of theirs."""
    g, s = performance_with("a12_arranged_fiasco")
    change_at(s.players, 1, fame=5)
    s, ev = g.apply(s, 0, A.Perform(0))
    assert gains(ev)[0] == (3 + 4, 2 + 5, 0) and gains(ev)[1] == (1, 2, 1)
    fiasco = gains(ev, "arranged_fiasco")
    assert fiasco[0] == (2, 0, 0) and fiasco[1] == (-1, 0, 0)
    assert s.players[1].fame == 5 + 1 - 1


def test_a13_grand_premiere():
    """A trick performed for the first time: double its fame, coin or shard yield."""
    g, s = performance_with("a13_grand_premiere")
    s, _ = g.apply(s, 0, A.Perform(0))
    assert s.pending[0].kind == "premiere"
    s, ev = g.apply(s, 0, A.PremiereYield(1, "coins"))
    assert gains(ev)[0] == (3 + 4, 2 + 10, 0)
    assert all(t.premiered for t in s.players[0].tricks)


def test_a13_grand_premiere_not_for_a_trick_performed_before():
    def seen(g, s):
        for t in list(s.players[0].tricks):
            change_trick(s, 0, t, premiered=True)

    g, s = performance_with("a13_grand_premiere", seen)
    s, _ = g.apply(s, 0, A.Perform(0))
    assert not s.pending or s.pending[0].kind != "premiere"


def test_a14_street_performance():
    """Instead of moving a marker: take it off and take the trick's yield at once (day
    modifier applies)."""
    g, s = theater_with("a14_street_performance")
    give_trick(s, 0, "t19_peppers_ghost")
    put_marker(g, s, 0, "t19_peppers_ghost", 1, 0, "right")
    # The character stands on Thursday (slot 0 of the Theater): −1 fame −1 coin.
    fame, coins = s.players[0].fame, s.players[0].coins
    s, _ = g.apply(s, 0, A.StreetPerformance(1, 0))
    assert (s.players[0].fame, s.players[0].coins) == (fame + 3, coins + 4)
    assert s.row[1].m[0] == -1


def test_a15_directors_favor():
    """Reschedule may move an opponent's marker."""
    g, s = theater_with("a15_directors_favor")
    give_trick(s, 1, "t14_breath_of_life")
    put_marker(g, s, 1, "t14_breath_of_life", 1, 0, "right")
    action = A.Reschedule(1, 0, 0, 0, "down")
    assert action in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, action)
    assert s.row[0].m[0] == 1 * 4 + s.players[1].tricks[0].sym and s.act.effect == "used"


# --- Workshop ----------------------------------------------------------------------------------


def workshop_with(card, ap=3, props=None):
    g, s = at("workshop", card, ap)
    change_at(s.players, 0, props=props or {"glass": 2, "metal": 2, "rope": 1})
    change_at(s.players, 0, mgr=())
    return g, s


def test_a16_trick_tweaking():
    g, s = workshop_with("a16_trick_tweaking")
    give_trick(s, 0, "t28_water_tank_escape")
    s, _ = g.apply(s, 0, A.Prepare("t28_water_tank_escape", True))
    assert s.players[0].tricks[0].markers == 3


def test_a17_test_run():
    g, s = workshop_with("a17_test_run")
    give_trick(s, 0, "t28_water_tank_escape")  # yield 1/2/1, 2 markers
    p = s.players[0]
    before = (p.fame, p.coins, p.shards)
    s, _ = g.apply(s, 0, A.Prepare("t28_water_tank_escape", True))
    p = s.players[0]
    assert p.tricks[0].markers == 1
    assert (p.fame, p.coins, p.shards) == (before[0] + 1, before[1] + 2, before[2] + 1)


def test_a18_replacable_parts():
    g, s = workshop_with("a18_replacable_parts")
    give_trick(s, 0, "t28_water_tank_escape")
    give_trick(s, 0, "t25_barricaded_barrels")  # threshold 1 ≤ 1, no props
    action = A.Prepare("t28_water_tank_escape", True, "t25_barricaded_barrels")
    assert action in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, action)
    assert [t.markers for t in s.players[0].tricks] == [1, 1]


def test_a19_invention():
    g, s = workshop_with("a19_invention", props={"metal": 3, "saw": 1, "disguise": 1})
    give_trick(s, 0, "t05_self_decapitation")  # metal x3 saw x1 disguise x1
    fame = s.players[0].fame
    s, _ = g.apply(s, 0, A.Prepare("t05_self_decapitation", True))
    assert s.players[0].fame == fame + 2


def test_a20_ingenuity():
    g, s = workshop_with("a20_ingenuity", props={"glass": 2, "metal": 2})  # no rope
    give_trick(s, 0, "t28_water_tank_escape")
    assert A.Prepare("t28_water_tank_escape") not in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, A.Prepare("t28_water_tank_escape", True))
    assert s.players[0].tricks[0].markers == 1


def test_a21_unstable_prototype():
    g, s = workshop_with("a21_unstable_prototype")
    give_trick(s, 0, "t28_water_tank_escape")
    p = s.players[0]
    fame, coins = p.fame, p.coins
    s, _ = g.apply(s, 0, A.Prepare("t28_water_tank_escape", True, "", ("glass", "rope")))
    p = s.players[0]
    assert p.tricks[0].markers == 3
    assert p.props == {"glass": 1, "metal": 2}
    assert (p.fame, p.coins) == (fame + 2, coins + 2)


def test_a22_enhance_trick():
    g, s = workshop_with("a22_enhance_trick")
    give_trick(s, 0, "t28_water_tank_escape")
    shards = 1
    change_at(s.players, 0, shards=shards)
    s, _ = g.apply(s, 0, A.Prepare("t28_water_tank_escape", True))
    assert s.players[0].tricks[0].enhanced and s.players[0].shards == shards - 1
    # Its fame and coin yields are +1 from now on (Street Performance shows it directly).
    from engine.games.trickerion.theater import street_performance

    set_row(g, s, ["pf01"])
    put_marker(g, s, 0, "t28_water_tank_escape", 0, 0, "down")
    p = Seated(s, 0)
    fame, coins = p.fame, p.coins
    street_performance(g, s, 0, A.StreetPerformance(0, 0), [])
    assert (p.fame, p.coins) == (fame + 2, coins + 3)


def test_a23_on_stage_preparation():
    g, s = workshop_with("a23_on_stage_preparation")
    set_row(g, s, ["pf01"])
    give_trick(s, 0, "t28_water_tank_escape")
    s, _ = g.apply(s, 0, A.Prepare("t28_water_tank_escape", True))
    assert s.pending[0].kind == "on_stage"
    s, _ = g.apply(s, 0, A.SetUpTrick("t28_water_tank_escape", 0, 0, "down"))
    assert s.players[0].tricks[0].markers == 1 and s.row[0].m[0] >= 0


def test_a24_hidden_talent():
    """An apprentice that prepared may become a specialist at Return Characters (wage 2)."""
    g, s = started(4, seed=54)
    clear_tricks(s, 0)
    p = Seated(s, 0)
    p.chars = tuple(c for c in p.chars if c.kind in ("magician", "apprentice"))
    s = placing(g, s, 0, 1, "workshop", 1, card="a24_hidden_talent")
    change_at(s.players, 0, props={"wood": 2})
    give_trick(s, 0, "t25_barricaded_barrels")
    s, _ = g.apply(s, 0, A.Prepare("t25_barricaded_barrels", True))
    assert s.players[0].chars[1].talent
    s = copy_state(s)
    s.act = None
    s.phase = "perform"
    s.day = 4
    from engine.games.trickerion.flow import advance

    advance(g.rules, s, [])
    assert s.pending[0].kind == "hidden_talent"
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.BecomeSpecialist("engineer"))
    kinds = [c.kind for c in s.players[0].chars]
    assert "engineer" in kinds and kinds.count("apprentice") == 0
    assert s.players[0].coins == coins - 2


def test_a25_freelancer():
    g, s = started(4, seed=55)
    seat = 0
    from .helpers import to_placement

    change_at(s.players, seat, specials=("a25_freelancer",))
    idx = g.cat.special_index["a25_freelancer"]
    s.decks = {loc: tuple(c for c in d if c != idx) for loc, d in s.decks.items()}
    s = to_placement(g, s, {seat: [(0, "a25_freelancer")]})
    while g.to_act(s).seats[0] != seat:
        other = g.to_act(s).seats[0]
        s, _ = (
            g.apply(s, other, A.EndTurn())
            if s.act
            else g.apply(
                s, other, next(a for a in g.legal_actions(s, other) if isinstance(a, A.MakeIdle))
            )
        )
    locs = {a.location for a in g.legal_actions(s, seat) if isinstance(a, A.PlaceCharacter)}
    assert locs == {"workshop", "downtown", "market_row", "theater", "dark_alley"}


# --- Downtown ----------------------------------------------------------------------------------


def test_a26_mass_recruitment():
    g, s = at("downtown", "a26_mass_recruitment")
    set_dice(s, 2, "x", "apprentice")
    s, _ = g.apply(s, 0, A.HireCharacter("apprentice", 3))
    assert s.pending[0].kind == "mass_recruitment"
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.HireSecondApprentice())
    assert s.players[0].hired == ("apprentice", "apprentice")
    assert s.players[0].coins == coins - 3


def test_a27_hypnotic_motivation():
    g, s = at("downtown", "a27_hypnotic_motivation")
    set_dice(s, 2, "engineer", "x")
    change_at(s.players, 0, hand={"workshop": 1})
    s, _ = g.apply(s, 0, A.HireCharacter("engineer", 2))
    p = s.players[0]
    assert p.chars[-1].kind == "engineer" and p.hired == ()
    assert s.pending[0].kind == "hypnotic"
    new = len(p.chars) - 1
    s, _ = g.apply(s, 0, A.Assign(new, "workshop"))
    assert s.players[0].chars[new].card == "workshop"
    from engine.games.trickerion.placement import seat_has_work

    assert seat_has_work(s, 0)


def test_a28_headhunter():
    g, s = at("downtown", "a28_headhunter", ap=2)
    set_dice(s, 2, "apprentice", "x")
    legal = [a for a in g.legal_actions(s, 0) if isinstance(a, A.HireCharacter)]
    assert A.HireCharacter("engineer", 2) in legal  # any type, 1 AP cheaper
    s, _ = g.apply(s, 0, A.HireCharacter("engineer", 2))
    assert s.act.ap == 0 and "engineer" in s.players[0].hired


def test_a29_trick_overhaul():
    g, s = at("downtown", "a29_trick_overhaul")
    set_dice(s, 0, "escape", "x")
    old = give_trick(s, 0, "t25_barricaded_barrels", markers=1)
    change_at(s.players, 0, props={"glass": 2, "metal": 2, "rope": 1})
    action = A.LearnTrick("t28_water_tank_escape", 0, "t25_barricaded_barrels")
    assert action in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, action)
    p = s.players[0]
    assert [t.id for t in p.tricks] == ["t28_water_tank_escape"]
    assert p.tricks[0].sym == old.sym and p.tricks[0].markers == 1


def test_a30_thirst_for_knowledge():
    g, s = at("downtown", "a30_thirst_for_knowledge", ap=2)
    set_dice(s, 0, "escape", "x")
    schools = {
        g.cat.trick_school[a.trick] for a in g.legal_actions(s, 0) if isinstance(a, A.LearnTrick)
    }
    assert schools == {"escape", "spiritual", "optical", "mechanical"}
    s, _ = g.apply(s, 0, A.LearnTrick("t13_mind_reading", 0))
    assert s.act.ap == 0


def test_a31_leaked_blueprints():
    g, s = at("downtown", "a31_leaked_blueprints")
    set_dice(s, 0, "any", "x")
    s, _ = g.apply(s, 0, A.LearnTrick("t29_prison_break", 0))
    assert s.players[0].tricks[-1].markers == 1


def test_a32_investments():
    g, s = at("downtown", "a32_investments")
    set_dice(s, 4, "6", "x")
    change_at(s.players, 0, props={})
    s, _ = g.apply(s, 0, A.TakeCoins(4))
    assert s.pending[0].kind == "investments" and s.pending[0].left == 3
    s, _ = g.apply(s, 0, A.Buy(("wood",)))
    s, _ = g.apply(s, 0, A.Buy(("glass",)))
    s, _ = g.apply(s, 0, A.Pass())
    assert s.players[0].props == {"wood": 1, "glass": 1} and not s.pending


def test_a33_fame_and_fortune():
    g, s = at("downtown", "a33_fame_and_fortune")
    set_dice(s, 4, "5", "x")
    fame = s.players[0].fame
    s, _ = g.apply(s, 0, A.TakeCoins(4))
    assert s.players[0].fame == fame + 4


def test_a34_interest():
    g, s = at("downtown", "a34_interest", ap=2)
    set_dice(s, 4, "4", "x")
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.TakeCoins(4))
    assert g.to_act(s).kind == "chance" and s.players[0].coins == coins  # Interest's die
    s, ev = g.apply(s, CHANCE, g.chance_action(s))
    roll = next(e.params["face"] for e in ev if e.code == "trickerion.interest_roll")
    extra = 0 if roll == "x" else int(roll)
    assert s.players[0].coins == coins + 4 + extra and s.act.ap == 0


def test_a35_empower():
    g, s = at("downtown", "a35_empower", ap=3)
    change_at(s.players, 0, shards=1)
    s, _ = g.apply(s, 0, A.EnhanceCharacter())
    assert s.act.ap == 6


# --- Market Row -------------------------------------------------------------------------------


def market_with(card, ap=3):
    g, s = at("market_row", card, ap)
    change_at(s.players, 0, props={}, mgr=())
    return g, s


def test_a36_component_sale():
    g, s = market_with("a36_component_sale")
    mixed = [
        a
        for a in g.legal_actions(s, 0)
        if isinstance(a, A.Buy)
        and len(a.props) == 4
        and set(a.props) == {"fabric", "glass", "metal", "wood"}
    ]
    assert [a.bargain for a in mixed] == [0, 1, 2]
    s, _ = g.apply(s, 0, A.Buy(("fabric", "glass", "metal", "wood")))  # any order
    assert len(s.players[0].props) == 4 and s.act.effect == "used"


def test_a37_smuggled_goods():
    g, s = market_with("a37_smuggled_goods")
    change_at(s.players, 0, fame=10)
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.Buy(("wood",) * 3, 0, "smuggle"))
    assert s.players[0].fame == 8 and s.players[0].coins == coins


def test_a38_barter_with_power():
    g, s = market_with("a38_barter_with_power")
    change_at(s.players, 0, shards=1)
    s.market = replace(s.market, buy=("rope", *s.market.buy[1:]))
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.Buy(("rope", "rope"), 0, "barter"))
    assert s.players[0].shards == 0 and s.players[0].coins == coins
    assert A.Buy(("rope",) * 3, 0, "barter") not in g.legal_actions(s, 0)


def test_a39_workshop_exhibition():
    g, s = market_with("a39_workshop_exhibition")
    fame = s.players[0].fame
    s, _ = g.apply(s, 0, A.Buy(("wood",) * 3))
    assert s.players[0].fame == fame + 2


def test_a40_shoplifting():
    g, s = market_with("a40_shoplifting")
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.Buy(("wood", "wood"), 0, "shoplift", "glass"))
    assert s.players[0].coins == coins - 1 and s.market.buy[0] == "glass"
    assert s.players[0].props == {"wood": 2}


def test_a41_logistics():
    g, s = market_with("a41_logistics")
    s, _ = g.apply(s, 0, A.Order("cog", -1))
    assert s.market.extra == ("cog",)
    s, _ = g.apply(s, 0, A.Buy(("cog",)))
    assert s.players[0].props == {"cog": 1}
    from engine.games.trickerion.endround import orders_arrive

    orders_arrive(g.rules, s, [])
    assert s.market.extra == () and "cog" not in s.market.buy


def test_a42_traveling_merchants():
    g, s = market_with("a42_traveling_merchants")
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, A.Order("cog", 0, True))
    assert s.players[0].props == {"cog": 1} and s.players[0].coins == coins - 4
    s, _ = g.apply(s, 0, A.Order("saw", 1, True))  # any number of Orders this placement
    assert s.players[0].props == {"cog": 1, "saw": 1}


def test_a43_dubious_sources():
    g, s = market_with("a43_dubious_sources")
    s, _ = g.apply(s, 0, A.QuickOrder("mirror"))
    from engine.games.trickerion.endround import orders_arrive

    orders_arrive(g.rules, s, [])
    assert s.players[0].props == {"mirror": 1} and s.market.quick == ""


def test_a44_business_share():
    g, s = market_with("a44_business_share")
    change_char(s, 1, 0, card="market_row", shown=True)
    s, _ = g.apply(s, 0, A.EndTurn())
    assert s.market.share == 0 and g.to_act(s).seats == (1,)
    s, _ = g.apply(s, 1, A.PlaceCharacter(0, "market_row", 1))
    change_at(s.players, 1, props={}, mgr=(), coins=10)
    coins0 = s.players[0].coins
    s, _ = g.apply(s, 1, A.Buy(("wood", "wood")))
    assert s.players[1].coins == 8 and s.players[0].coins == coins0 + 2


def test_a45_workshop_delivery():
    g, s = market_with("a45_workshop_delivery")
    change_at(s.players, 0, props={"cog": 1})
    action = A.Buy(("cog", "cog"), 0, "delivery")
    assert action in g.legal_actions(s, 0)
    coins = s.players[0].coins
    s, _ = g.apply(s, 0, action)
    assert s.players[0].props == {"cog": 3} and s.players[0].coins == coins - 4
