"""End of round ("ФАЗА КОНЦА РАУНДА") and end of game ("КОНЕЦ ИГРЫ", the scoring example,
the 20-fame caps, the tie-break)."""

from msgspec.structs import replace
from seated import Seated

from engine.core.tuples import change_at
from engine.games.trickerion.common import change_char, change_trick
from engine.games.trickerion.endround import end_of_round, pay_wages, shift_performances
from engine.games.trickerion.scoring import breakdown, final_scoring
from engine.games.trickerion.state import HOME

from .helpers import add_char, clear_tricks, give_trick, put_marker, set_slot, started


def test_wages_busy_characters_only():
    """ "Выплата жалования": 1 coin per busy apprentice (not the one on the Assistant board),
    2 per busy specialist, none for idle characters or the Magician."""
    g, s = started(2, seed=3)
    p = Seated(s, 0)
    p.chars = tuple(c for c in p.chars if c.kind in ("magician", "apprentice"))
    a2 = add_char(s, 0, "apprentice")
    eng = add_char(s, 0, "engineer")
    idle = add_char(s, 0, "manager")
    change_char(s, 0, a2, assist=True)
    for i, slot in ((0, 0), (1, 1), (a2, 2), (eng, 3)):
        change_char(s, 0, i, slot=slot)
        set_slot(s, slot, i)
    change_char(s, 0, idle, idle=True)
    p.coins = 10
    pay_wages(g.rules, s, [])
    assert p.coins == 10 - 1 - 2


def test_unpaid_wages_cost_two_fame_each_and_fame_floors():
    """Pay while you have coins; −2 fame per unpaid coin; fame cannot go below 0."""
    g, s = started(2, seed=3)
    p = Seated(s, 0)
    p.chars = tuple(c for c in p.chars if c.kind in ("magician", "apprentice"))
    eng = add_char(s, 0, "engineer")
    change_char(s, 0, 1, slot=0)
    change_char(s, 0, eng, slot=1)
    set_slot(s, 0, 1)
    set_slot(s, 1, eng)
    p.coins, p.fame = 1, 3
    ev = []
    pay_wages(g.rules, s, ev)
    assert p.coins == 0 and p.fame == 0


def test_end_of_round_steps():
    """Return Characters (hired ones join), Orders Arrive, the Quick Order prop leaves, posters
    back, round marker, prophecies move, used special assignments to the bottoms of their decks,
    unused ones back to hand."""
    g, s = started(3, seed=3)
    p = Seated(s, 0)
    p.hired = ("engineer", "apprentice")
    p.poster = True
    s.market = replace(s.market, order=("cog", "", "", ""), quick="saw")
    change_char(s, 0, 0, card="a26_mass_recruitment", slot=0)
    set_slot(s, 0, 0)
    change_char(s, 0, 1, card="a27_hypnotic_motivation", idle=True)
    gone = {g.cat.special_index[c] for c in ("a26_mass_recruitment", "a27_hypnotic_motivation")}
    s.decks = {loc: tuple(c for c in deck if c not in gone) for loc, deck in s.decks.items()}
    pending = s.pending_prophecies
    s.phase = "perform"
    s.day = 4
    ev = []
    end_of_round(g.rules, s, ev)
    assert [c.kind for c in p.chars][-2:] == ["engineer", "apprentice"] and p.hired == ()
    assert all(c.slot == HOME and not c.card for c in p.chars)
    assert s.market.buy[0] == "cog" and s.market.quick == ""
    assert not p.poster and s.round == 2
    assert s.prophecy == pending[0] and s.pending_prophecies[:2] == pending[1:]
    assert g.cat.special_ids[s.decks["downtown"][-1]] == "a26_mass_recruitment"
    assert p.specials == ("a27_hypnotic_motivation",)
    assert s.phase == "roll"


def test_performance_cards_shift_and_discard_from_round_three():
    """ "Обновление карт представлений": shift right, new card on the left; from round 3 the
    rightmost card is discarded first with its markers back to the supply (not the trick
    cards): 3/4/5 cards with 2/3/4 players."""
    g, s = started(3, seed=3)
    assert len(s.row) == 2
    for rnd, expected in ((1, 3), (2, 4), (3, 4), (4, 4)):
        s.round = rnd
        shift_performances(g.rules, s, [])
        assert len(s.row) == expected
    clear_tricks(s, 0)
    t = give_trick(s, 0, "t25_barricaded_barrels", markers=0)
    last = s.row[-1]
    put_marker(
        g,
        s,
        0,
        t.id,
        len(s.row) - 1,
        0,
        "down"
        if g.cat.cards[last.id].facings[0][0] == 2
        else ["up", "right", "down", "left"][g.cat.cards[last.id].facings[0][0]],
    )
    s.round = 5
    shift_performances(g.rules, s, [])
    assert all(pc.id != last.id for pc in s.row)
    assert s.players[0].tricks[0].markers == 0


def test_game_lasts_five_rounds_without_dark_alley_and_seven_with_it():
    from .helpers import play_random

    m = play_random(2, {"dark_alley": False}, 1, check=False)
    assert m.state.round == 6 and m.state.phase == "over"
    m = play_random(2, {}, 1, check=False)
    assert m.state.round == 8 and m.state.phase == "over"


def test_scoring_example_assistants_revenge():
    """ "ПРИМЕР": Assistant's Revenge in the Workshop with its props; with an Assistant at the
    end of the game the player gains 7 fame more."""
    g, s = started(2, seed=3)
    p = Seated(s, 0)
    clear_tricks(s, 0)
    give_trick(s, 0, "t34_assistants_revenge")
    p.props = {"glass": 3, "saw": 2, "mirror": 2}
    p.mgr = ()
    p.chars = tuple(c for c in p.chars if c.kind != "assistant")
    p.coins, p.shards, p.specials = 0, 0, ()
    assert "trick:t34_assistants_revenge" in breakdown(g.rules, s, 0)
    assert breakdown(g.rules, s, 0)["trick:t34_assistants_revenge"] == 0
    add_char(s, 0, "assistant")
    b = breakdown(g.rules, s, 0)
    assert b["trick:t34_assistants_revenge"] == 7
    assert b["total"] == p.fame + 7
    # Without the props and without a marker on the card: no bonus.
    p.props = {"glass": 3}
    assert "trick:t34_assistants_revenge" not in breakdown(g.rules, s, 0)
    change_trick(s, 0, p.tricks[0], markers=1)
    assert breakdown(g.rules, s, 0)["trick:t34_assistants_revenge"] == 7


def test_end_scoring_categories_and_caps():
    """1 fame per shard, 1 per 3 coins, 2 per special assignment in hand (Dark Alley), each
    category at most 20; without the Dark Alley 2 per apprentice and 3 per specialist."""
    g, s = started(2, seed=3)
    p = Seated(s, 0)
    clear_tricks(s, 0)
    p.fame, p.shards, p.coins = 30, 25, 14
    p.specials = ("a06_guest_performer",) * 3
    b = breakdown(g.rules, s, 0)
    assert (b["shards"], b["coins"], b["special_assignments"]) == (20, 4, 6)
    assert "apprentices" not in b
    g2, s2 = started(2, seed=3, dark_alley=False)
    q = Seated(s2, 0)
    q.chars = tuple(c for c in q.chars if c.kind in ("magician",))
    for _ in range(4):
        add_char(s2, 0, "apprentice")
    for kind in ("assistant", "engineer", "manager"):
        add_char(s2, 0, kind)
    b = breakdown(g2.rules, s2, 0)
    assert (b["apprentices"], b["specialists"]) == (8, 9)
    assert "special_assignments" not in b


def test_level3_bonuses_each_capped_at_20():
    g, s = started(2, seed=3)
    p = Seated(s, 0)
    clear_tricks(s, 0)
    give_trick(s, 0, "t24_metamorphosis", markers=1)  # +1 per 3 coins
    p.coins = 90
    b = breakdown(g.rules, s, 0)
    assert b["coins"] == 20 and b["trick:t24_metamorphosis"] == 20


def test_level3_bonus_kinds():
    """Appendix "БОНУСЫ КАРТ НОМЕРОВ 3-ГО УРОВНЯ В КОНЦЕ ИГРЫ"."""
    g, s = started(2, seed=3)
    p = Seated(s, 0)
    clear_tricks(s, 0)
    p.props = {"wood": 2, "rope": 1, "mirror": 1}
    p.mgr = ("wood",)
    p.chars = tuple(c for c in p.chars if c.kind in ("magician", "apprentice"))
    cases = {
        "t23_skeleton_dance": 3,  # 1 per basic token, Manager +1 counts
        "t10_stairs_of_water": 2,  # 2 per advanced token
        "t21_balsamos_skull": 3,  # 3 per superior token
        "t22_seance": 3,  # 3 per apprentice
        "t46_horror_saws": 4,  # 1 per shard
    }
    p.shards = 4
    from engine.games.trickerion.scoring import level3_bonus

    for trick, value in cases.items():
        assert level3_bonus(g.cat, p, trick) == value, trick
    give_trick(s, 0, "t01_enchanted_butterflies", markers=2)
    give_trick(s, 0, "t45_aztec_lady", markers=1)
    assert level3_bonus(g.cat, p, "t45_aztec_lady") == 2 * 3
    assert level3_bonus(g.cat, p, "t35_iron_maiden") == 4
    assert level3_bonus(g.cat, p, "t36_transported_man") == 4
    assert level3_bonus(g.cat, p, "t11_beast_within") == 0
    p.specials = ("a06_guest_performer",)
    assert level3_bonus(g.cat, p, "t48_hellhound") == 2


def test_winner_ties_go_to_earlier_initiative():
    g, s = started(3, seed=3)
    for seat in range(3):
        clear_tricks(s, seat)
        q = Seated(s, seat)
        q.fame, q.coins, q.shards, q.specials = 10, 0, 0, ()
    s.order = (2, 0, 1)
    final_scoring(g.rules, s, [])
    assert s.winner == 2
    change_at(s.players, 1, fame=11)
    final_scoring(g.rules, s, [])
    assert s.winner == 1
