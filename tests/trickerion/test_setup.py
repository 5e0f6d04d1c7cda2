"""Setup, in the rulebook's order ("ПОДГОТОВКА К ИГРЕ", "ПОДГОТОВКА ИГРОКОВ",
"ПОДГОТОВКА К ПЕРВОЙ ИГРЕ", "НАЧАЛЬНАЯ СЛАВА И ОЧЕРЕДНОСТЬ ХОДА", appendix "БЫСТРАЯ ПАРТИЯ")."""

from collections import Counter

import pytest

from engine.core.errors import IllegalAction
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import SLOT_ALLEY, SLOT_DOWNTOWN, SLOT_MARKET
from engine.games.trickerion.common import residence

from .helpers import new_game, run_chance, started


def test_general_setup_decks_row_market():
    """Setup steps 1–3: Residence without level 3 when the Dark Alley is off; buy area wood,
    metal, glass, fabric; deck 2 Riverside / 2 Grand Magorian / 2 Magnus Pantheon top to bottom;
    players − 1 Riverside cards in the Theater, not from the deck."""
    g = new_game(4)
    s = g.initial_state(3)
    theaters = [g.cat.cards[c].theater for c in s.perf_deck]
    assert theaters == ["riverside_theater"] * 2 + ["grand_magorian"] * 2 + ["magnus_pantheon"] * 2
    assert [g.cat.cards[pc.id].theater for pc in s.row] == ["riverside_theater"] * 3
    assert not {pc.id for pc in s.row} & set(s.perf_deck)
    assert s.market.buy == ("wood", "metal", "glass", "fabric")
    assert len(residence(g.rules, s)) == 48
    base = new_game(3, dark_alley=False)
    s = base.initial_state(3)
    assert len(s.perf_deck) == 4 and len(s.row) == 2
    assert all(base.cat.trick_level[t] < 3 for t in residence(base.rules, s))
    assert len(residence(base.rules, s)) == 32
    assert s.decks == {} and s.prophecy_stack == ()


def test_permanent_assignment_hands():
    """ "ПОДГОТОВКА ИГРОКОВ": 6 permanent cards with the Dark Alley (2 Theater, 1 each other),
    9 without (3 Theater, 2 Workshop, 2 Market Row, 2 Downtown)."""
    s = new_game(2).initial_state(0)
    assert s.players[0].hand == {
        "theater": 2,
        "workshop": 1,
        "market_row": 1,
        "downtown": 1,
        "dark_alley": 1,
    }
    s = new_game(2, dark_alley=False).initial_state(0)
    assert s.players[0].hand == {"theater": 3, "workshop": 2, "market_row": 2, "downtown": 2}


def test_magicians_have_distinct_schools_in_seat_order():
    """Player setup: magicians chosen from seat 0 on, no school twice."""
    g = new_game(3)
    s = g.initial_state(0)
    assert s.pending[0].kind == "magician" and s.pending[0].seat == 0
    s, _ = g.apply(s, 0, A.ChooseMagician("m01_master_of_chains"))
    # Seat 0 goes on with its own choices before seat 1 picks a magician.
    assert [p.kind for p in s.pending[:3]] == ["start_trick", "start_props", "specialist"]
    legal = g.legal_actions(s, 0)
    assert all(
        g.cat.trick_school[a.trick] == "escape" and g.cat.trick_level[a.trick] == 1 for a in legal
    )
    for _ in range(3):
        s, _ = g.apply(s, 0, g.legal_actions(s, 0)[0])
    while s.pending[0].seat == 0:
        s, _ = g.apply(s, 0, g.legal_actions(s, 0)[0])
    offered = {a.magician for a in g.legal_actions(s, 1)}
    assert "m05_red_lotus" not in offered  # Escape is taken
    assert "m02_great_optico" in offered
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 1, A.ChooseMagician("m05_red_lotus"))
    assert err.value.code == "trickerion.setup.not_allowed"


def test_priestess_needs_prophecies():
    """Setup step 7 note: without prophecies (but with the Dark Alley) the Priestess of
    Mysticism is removed; in the base game she may be chosen (abilities are not used)."""
    for options, offered in (
        ({"prophecies": False}, False),
        ({}, True),
        ({"dark_alley": False}, True),
    ):
        g = new_game(2, **options)
        s = g.initial_state(0)
        names = {a.magician for a in g.legal_actions(s, 0)}
        assert ("m03_priestess_of_mysticism" in names) is offered, options


def test_starting_props_are_worth_two_coins_and_manager_bonus():
    """ "Реквизит на свой выбор общей стоимостью 2 монеты"; Manager: props worth 2 more on its
    board."""
    g = new_game(2)
    s = g.initial_state(0)
    s, _ = g.apply(s, 0, A.ChooseMagician("m06_gentleman"))
    s, _ = g.apply(s, 0, A.ChooseTrick("t01_enchanted_butterflies"))
    bundles = g.legal_actions(s, 0)
    assert all(sum(g.cat.prop_cost[x] for x in a.props) == 2 for a in bundles)
    assert A.ChooseProps(("fabric", "fabric")) in bundles and A.ChooseProps(("rope",)) in bundles
    s, _ = g.apply(s, 0, A.ChooseProps(("fabric", "fabric")))
    s, _ = g.apply(s, 0, A.ChooseSpecialist("manager"))
    assert s.pending[0].kind == "manager_props"
    s, _ = g.apply(s, 0, A.ChooseProps(("animal",)))
    p = s.players[0]
    assert p.props == {"fabric": 2, "animal": 1} and p.mgr == ("animal",)
    assert Counter(c.kind for c in p.chars) == {"magician": 1, "apprentice": 1, "manager": 1}


def test_assistant_brings_an_apprentice_and_engineer_picks_after_everyone():
    """Assistant: an extra apprentice on its board; Engineer: another level-1 trick, chosen
    once all players have their starting tricks, onto the Engineer board."""
    g = new_game(2)
    s = g.initial_state(0)
    s, _ = g.apply(s, 0, A.ChooseMagician("m01_master_of_chains"))
    s, _ = g.apply(s, 0, A.ChooseTrick("t25_barricaded_barrels"))
    s, _ = g.apply(s, 0, A.ChooseProps(("wood", "wood")))
    s, _ = g.apply(s, 0, A.ChooseSpecialist("engineer"))
    assert [p.kind for p in s.pending] == ["magician", "engineer_trick"]
    s, _ = g.apply(s, 1, A.ChooseMagician("m04_mechaniker"))
    s, _ = g.apply(s, 1, A.ChooseTrick("t37_linking_rings"))
    s, _ = g.apply(s, 1, A.ChooseProps(("metal", "metal")))
    s, _ = g.apply(s, 1, A.ChooseSpecialist("assistant"))
    assert [c.kind for c in s.players[1].chars] == [
        "magician",
        "apprentice",
        "assistant",
        "apprentice",
    ]
    assert s.players[1].chars[3].assist
    assert s.pending[0].kind == "engineer_trick" and s.pending[0].seat == 0
    offered = {a.trick for a in g.legal_actions(s, 0)}
    assert "t37_linking_rings" not in offered and "t26_stocks_escape" in offered
    assert "t13_mind_reading" in offered  # any school
    s, _ = g.apply(s, 0, A.ChooseTrick("t26_stocks_escape"))
    t = s.players[0].tricks[1]
    assert t.id == "t26_stocks_escape" and t.eng and t.sym != s.players[0].tricks[0].sym


def test_starting_coins_fame_shard_and_prepared_trick():
    """Initiative drawn at random after setup: 10/12/14/16 coins by slot; 5 fame; 1 shard;
    the starting trick is prepared when its props are owned."""
    g, s = started(4, seed=5)
    by_slot = [s.players[seat].coins for seat in s.order]
    assert by_slot == [10, 12, 14, 16]
    for p in s.players:
        assert p.fame == 5 and p.shards == 1
    # Default choices take 1 rope: no starting trick is prepared.
    assert all(t.markers == 0 for p in s.players for t in p.tricks)
    g2, s2 = started(4, seed=5, first_game=True)
    for p in s2.players:
        start = p.tricks[0]
        assert start.markers == g2.cat.tricks[start.id].markers


def test_two_players_use_initiative_slots_one_and_three():
    """ "ИГРА ДЛЯ 2 УЧАСТНИКОВ": slots 1 and 3, so 10 and 14 coins, advertising costs 1 and 3."""
    g, s = started(2, seed=1)
    assert [s.players[seat].coins for seat in s.order] == [10, 14]
    from engine.games.trickerion.flow import advertise_cost

    assert [advertise_cost(g.rules, s, seat) for seat in s.order] == [1, 3]


def test_blocked_plus_one_slots_with_two_or_three_players():
    """ "ИГРА ДЛЯ 2–3 УЧАСТНИКОВ": one "+1" slot per location (two with 2 players) is unused,
    except in the Theater and Workshop."""
    for players, blocked in ((4, 0), (3, 1), (2, 2)):
        s = new_game(players).initial_state(0)
        for base in (SLOT_DOWNTOWN, SLOT_MARKET, SLOT_ALLEY):
            assert s.slots[base : base + 4].count(-2) == blocked
            assert s.slots[base] == -1 and s.slots[base + 3] == -1  # +2 and 0 stay
        assert -2 not in s.slots[12:]


def test_first_game_kits():
    """ "ПОДГОТОВКА К ПЕРВОЙ ИГРЕ": each school's kit replaces the trick, props and specialist
    choices."""
    g, s = started(4, seed=2, first_game=True)
    by_school = {p.school: p for p in s.players}
    opt = by_school["optical"]
    assert [t.id for t in opt.tricks] == ["t01_enchanted_butterflies"]
    assert opt.props == {"fabric": 2, "animal": 1} and opt.mgr == ("animal",)
    mech = by_school["mechanical"]
    assert Counter(c.kind for c in mech.chars) == {"magician": 1, "apprentice": 2, "assistant": 1}
    esc = by_school["escape"]
    assert [t.id for t in esc.tricks] == ["t25_barricaded_barrels", "t26_stocks_escape"]
    assert esc.tricks[1].eng and esc.tricks[1].markers == 0  # Stocks Escape needs metal
    spi = by_school["spiritual"]
    assert spi.tricks[0].markers == 3 and spi.props == {"glass": 2, "rope": 1}


def test_prophecies_laid_out_after_player_setup():
    """Setup step 7: 3 pending prophecies, no active one in the first round, laid out only
    after player setup."""
    g = new_game(3)
    s = g.initial_state(0)
    assert s.pending_prophecies == () and len(s.prophecy_stack) == 27
    g, s = started(3)
    assert len(s.pending_prophecies) == 3 and s.prophecy == ""
    assert len(s.prophecy_stack) == 24


def test_fast_game():
    """Appendix "БЫСТРАЯ ПАРТИЯ": round II, Riverside cards = players, an active prophecy, +3
    fame, +1 shard, props up to 3 coins (not used for the starting trick), a special
    assignment per player in reverse initiative order, +2 coins with the Assistant."""
    g = new_game(3, fast_game=True)
    s = g.initial_state(4)
    while s.phase == "setup" or s.phase == "setup_initiative":
        s = run_chance(g, s)
        if s.phase != "setup":
            break
        pend = s.pending[0]
        legal = g.legal_actions(s, pend.seat)
        if pend.kind == "magician":
            choice = legal[pend.seat]
        elif pend.kind == "specialist":
            choice = A.ChooseSpecialist("assistant")
        elif pend.kind == "start_props":
            choice = (
                next(a for a in legal if a.props == ("fabric", "fabric"))
                if ("fabric", "fabric") in [x.props for x in legal]
                else legal[0]
            )
        else:
            choice = legal[0]
        s, _ = g.apply(s, pend.seat, choice)
    assert s.phase == "setup_fast" and s.round == 2 and len(s.row) == 3
    assert s.prophecy != ""
    kinds = [(p.kind, p.seat) for p in s.pending]
    assert kinds[:3] == [("fast_props", 0), ("fast_props", 1), ("fast_props", 2)]
    assert [seat for _k, seat in kinds[3:]] == list(reversed(s.order))
    for p in s.players:
        assert p.fame == 8 and p.shards == 2
    coins = sorted(p.coins for p in s.players)
    assert coins == [12, 14, 16]
    while s.pending:
        pend = s.pending[0]
        s, _ = g.apply(s, pend.seat, g.legal_actions(s, pend.seat)[-1])
    assert all(len(p.specials) == 1 for p in s.players)
    s = run_chance(g, s)
    assert s.phase == "advertise"
