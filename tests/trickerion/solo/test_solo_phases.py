"""The Successor outside Place Characters' big lists: the Dark Alley (alley.*), the Workshop
(workshop.1), the assignment phase (assign.*), the round-preparation dice (dice.*) and setup
(setup.*). Seed 003 sections are named per test."""

from collections import Counter

import pytest
from seated import Seated

from engine.core.errors import IllegalAction
from engine.core.tuples import change_at
from engine.games.trickerion.common import change_char
from engine.games.trickerion.solo import alley as AL
from engine.games.trickerion.solo import automaton as AU
from engine.games.trickerion.solo import dice as DI
from engine.games.trickerion.solo import draws
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo import setup as SU
from engine.games.trickerion.solo.setup import build_plan_deck

from .scenario import HUMAN, SUCC, assign, events, make, run_turn, steps

# --- Dark Alley --------------------------------------------------------------------------------


def test_alley_coin_flip_then_cards_by_table():
    """alley.1 then alley.2: the magician (3 + 2 = 5 AP) takes 3 cards at high."""
    g, s, solo = make("high", magician="m07_yoruba_spiritmaster")
    s.pending_prophecies = ("pr01", "pr02", "pr03")
    assign(s, SUCC, {0: "dark_alley"})
    log = run_turn(g, s, solo)
    assert steps(log) == ["order.2", "alley.1", "alley.2", "alley.2", "alley.2", "alley.2"]
    assert len(s.players[SUCC].specials) == 3
    moved = events(log, "coin")[0]["outcome"] == "moved"
    assert s.pending_prophecies == (("pr02", "pr03", "pr01") if moved else ("pr01", "pr02", "pr03"))


def test_alley_deck_with_fewest_cards_ties_in_book_order():
    """alley.2: fewest held (cards under characters not counted); ties Theater, Downtown,
    Market Row, Workshop."""
    g, s, solo = make("low", magician="m07_yoruba_spiritmaster")
    p = Seated(s, SUCC)
    assert AL.deck_choice(g.cat, s, solo) == "theater"
    p.specials = ("a06_guest_performer", "a26_mass_recruitment")
    assert AL.deck_choice(g.cat, s, solo) == "market_row"
    change_char(s, SUCC, 1, card="a36_component_sale")  # under a character: not counted
    assert AL.deck_choice(g.cat, s, solo) == "market_row"


def test_priestess_redraws_the_next_prophecy_when_they_move():
    """ability.redraw_next_prophecy: only when the coin moves the prophecies."""
    seen = set()
    for seed in range(12):
        g, s, solo = make("low", seed=seed, magician="m03_priestess_of_mysticism")
        s.pending_prophecies = ("pr01", "pr02", "pr03")
        s.prophecy_stack = ("pr10",)
        assign(s, SUCC, {0: "dark_alley"})
        log = run_turn(g, s, solo)
        moved = events(log, "coin")[0]["outcome"] == "moved"
        seen.add(moved)
        assert bool(events(log, "prophecy_redrawn")) == moved
        assert s.pending_prophecies == (
            ("pr10", "pr03", "pr01") if moved else ("pr01", "pr02", "pr03")
        )
    assert seen == {True, False}


def test_workshop_does_nothing():
    """workshop.1."""
    g, s, solo = make("low")
    assign(s, SUCC, {1: "workshop"})
    before = (s.players[SUCC].fame, s.players[SUCC].coins)
    log = run_turn(g, s, solo)
    assert steps(log) == ["order.2"] and events(log, "workshop")
    assert (s.players[SUCC].fame, s.players[SUCC].coins) == before


# --- assignment phase --------------------------------------------------------------------------


def test_plan_drawn_and_dealt_left_to_right():
    """assign.1-3, mood.1: the top plan is drawn; its locations go to the characters from the
    left; extra entries are ignored (assign.6)."""
    g, s, solo = make("low")
    solo.plan_deck = ["plan_prep_1"] + solo.plan_deck
    ev: list = []
    AU.apply_step(g.cat, s, solo, AU.next_assignment(g.cat, s, solo), ev)
    assert solo.plan == "plan_prep_1" and solo.mood == "busy"
    assert AU.next_assignment(g.cat, s, solo).do == "assign"
    AU.apply_step(g.cat, s, solo, AU.next_assignment(g.cat, s, solo), ev)
    p = s.players[SUCC]
    assert [c.card for c in p.chars] == ["downtown", "market_row", "dark_alley"]
    assert [e.params["step"] for e in ev if e.code.endswith("entry_skipped")] == [
        "assign.6",
        "assign.6",
    ]
    assert p.hand["downtown"] == 0 and p.done


def test_special_entries_need_a_special_card():
    """assign.4 / assign.5: a special-symbol entry takes a special card of its location, or is
    skipped (the next entry goes to the same character)."""
    g, s, solo = make("high")
    solo.plan = "plan_perf_2"  # theater, downtown, theater, theater*, market_row
    out = AU.deal(g.cat, s, solo)
    assert [x[0] for x in out] == ["assign.3", "assign.3", "assign.3", "assign.5", "assign.3"]
    assert [x[2] for x in out if x[1] >= 0] == ["theater", "downtown", "theater", "market_row"]
    change_at(s.players, SUCC, specials=("a06_guest_performer",))
    out = AU.deal(g.cat, s, solo)
    assert out[3] == ("assign.4", 3, "a06_guest_performer")


def test_second_round_discards_the_first_plan():
    g, s, solo = make("low")
    ev: list = []
    AU.apply_plan(g.cat, s, solo, ev)
    first = solo.plan
    s.round = 2
    assert AU.next_assignment(g.cat, s, solo).do == "plan"
    AU.apply_plan(g.cat, s, solo, ev)
    assert solo.plan_discard == [first] and solo.plan != first


# --- plan deck ---------------------------------------------------------------------------------


def test_plan_deck_layers():
    """setup.12: 7 cards; top a preparation plan; bottom a performance plan; rounds 2-4 hold
    two preparation plans and one performance plan."""
    for seed in range(30):
        g, s, solo = make("low", seed=seed)
        deck = solo.plan_deck
        kinds = [R.packs().plan(c).kind for c in deck]
        assert len(deck) == len(set(deck)) == 7
        assert kinds[0] == "preparation" and kinds[-1] == "performance"
        assert Counter(kinds[1:4]) == {"preparation": 2, "performance": 1}
        assert kinds[4:6].count("performance") >= 1


# --- round-preparation dice --------------------------------------------------------------------


def _throw(g, s, solo, chosen, ev):
    """``chosen`` rolled: the step stops at the throw, its chance step (the engine's own
    outcome) finishes it."""
    DI.roll(g.cat, s, solo, chosen)
    draws.finish(g.cat, s, solo, draws.chance_action(g.cat, s, solo), ev)


def test_prep_dice_rounds():
    """dice.2-4 (4 dice without the Academy)."""
    g, s, solo = make("low")
    assert DI.reroll_options(g.cat, solo, 1) == [("yellow", "orange", "black", "red")]
    s.round = 1
    _throw(g, s, solo, ("yellow", "orange", "black", "red"), [])
    assert len(DI.reroll_options(g.cat, solo, 2)) == 6
    s.round = 2
    _throw(g, s, solo, ("yellow", "black"), [])
    assert solo.prep_marked == ["yellow", "black"]
    assert DI.reroll_options(g.cat, solo, 3) == [
        ("orange", "red")
    ]  # example 2, without the blue die
    s.round = 3
    with pytest.raises(IllegalAction):
        _throw(g, s, solo, ("yellow", "red"), [])
    _throw(g, s, solo, ("orange", "red"), [])
    assert DI.reroll_options(g.cat, solo, 4) == [("yellow", "black")]


def test_prep_dice_close_two_slots_per_location():
    """dice.1: two slots of Downtown, Market Row and the Dark Alley, two Theater days."""
    g, s, solo = make("low")
    ev: list = []
    _throw(g, s, solo, ("yellow", "orange", "black", "red"), ev)
    for base in (0, 4, 8):
        assert s.slots[base : base + 4].count(-2) == 2
    closed_days = [d for d in range(4) if s.slots[12 + 3 * d : 15 + 3 * d] == (-2, -2, -2)]
    assert len(closed_days) == 2
    s.round = 2
    _throw(g, s, solo, ("yellow", "red"), ev)
    assert s.slots[0:4].count(-2) == 2


# --- setup ---------------------------------------------------------------------------------------


def test_setup_successor():
    """setup.1-11."""
    g, s, solo = make("high", seed=3, human_school="spiritual")
    p = s.players[SUCC]
    cat = g.cat
    assert p.school != "spiritual"
    assert [c.kind for c in p.chars][0] == "magician"
    kinds = [c.kind for c in p.chars]
    assert kinds.count("apprentice") == 1 and len(kinds) == 4
    assert len(set(kinds[1:3])) == 2 and set(kinds[1:3]) <= set(R.SPECIALISTS)
    start = p.tricks[0]
    assert cat.trick_level[start.id] == 1 and cat.trick_school[start.id] == p.school
    assert (
        len(cat.tricks[start.id].components) > 1
        or cat.prop_tier[next(iter(cat.tricks[start.id].components))] != "basic"
    )
    assert start.markers == R.printed_markers(cat, s, solo, start.id)
    assert solo.shopping == list(cat.tricks[start.id].components)
    assert p.hand == {"theater": 2, "downtown": 1, "market_row": 1, "dark_alley": 1, "workshop": 1}
    assert (p.coins, p.shards, p.fame) == (0, 0, 5)
    assert s.order == (HUMAN, SUCC) and s.players[HUMAN].coins == 10
    assert all(pc.id.startswith("spf") for pc in s.row) and len(s.row) == 1
    assert len(s.perf_deck) == 6 and all(c.startswith("spf") for c in s.perf_deck)
    assert not set(s.prophecy_stack) & R.packs().removed_prophecies


def test_setup_adjustments():
    """setup.13: harder adds 8 coins to its safe; easier switches its ability off."""
    g, s, solo = make("low", harder_coins=True, easier=True)
    assert s.players[SUCC].coins == 8
    assert R.ability(s, solo) == ""


def test_magician_pool_excludes_priestess_without_prophecies():
    from engine.games.trickerion.catalog import catalog

    pool = SU.magician_choices(catalog(), "optical", prophecies=False)
    assert "m03_priestess_of_mysticism" not in pool
    assert all(catalog().magicians[m].school != "optical" for m in pool)
    assert len(SU.magician_choices(catalog(), "optical", prophecies=True)) == 6


def test_build_plan_deck_is_seeded():
    from engine.core.rng import Rng

    cat = make("low")[0].cat
    assert build_plan_deck(cat, Rng.from_seed(4)) == build_plan_deck(cat, Rng.from_seed(4))
