"""The Successor at Downtown: seed 003, the list opening «Когда преемник выставляет персонажа в
центр» (steps downtown.0, downtown.reroll, downtown.1–6) and its worked example."""

from seated import Seated

from engine.core.tuples import change_at
from engine.games.trickerion.common import put
from engine.games.trickerion.solo import downtown as DT

from ..helpers import change_card
from .scenario import HUMAN, SUCC, assign, events, make, occupy, run_turn, set_tricks, steps

ESCAPE_L2 = ("t29_prison_break", "t30_zig_zag_lady", "t31_walled", "t32_wolf_cage")


def downtown_turn(
    difficulty="low",
    fame=18,
    dice=None,
    tricks=(("t16_window_to_the_otherworld", 2),),
    plan="plan_perf_3",
    magician="m05_red_lotus",
    block_best=True,
    **kw,
):
    g, s, solo = make(difficulty, magician=magician, **kw)
    change_at(s.players, SUCC, fame=fame)
    set_tricks(g, s, SUCC, list(tricks))
    solo.shopping = []
    solo.plan = plan
    from engine.games.trickerion.solo import rules as R

    solo.mood = R.mood(g.cat, s, solo)
    s.dice = tuple(dice or ("any", "x", "x", "x", "6", "4"))
    if block_best:
        occupy(s, "downtown", 0)  # the +2 slot is taken: its first free slot is "+1"
    assign(s, SUCC, {0: "downtown"})
    return g, s, solo


def test_book_example_downtown_with_18_fame():
    """Downtown example: 18 fame, low; magician on the +1 slot (4 AP) -> 2 dice; no level-2
    trick, the only Residence die shows "?" -> a random level-2 trick of its magician's school
    (Walled), leftmost because it out-yields Window to the Otherworld; prepared; its props on
    the list; no specialist or apprentice die; the left bank die (6 coins) to its safe."""
    g, s, solo = downtown_turn()
    # Only Walled is left among the Escape level-2 tricks: the random draw must give it.
    set_tricks(g, s, HUMAN, [(t, 0) for t in ESCAPE_L2 if t != "t31_walled"])
    assert solo.mood == "busy"
    log = run_turn(g, s, solo)
    assert steps(log) == ["order.2", "downtown.1", "downtown.4", "downtown.end"]
    place = log[0][1]
    assert (place.location, place.slot) == ("downtown", 1)  # slot "+1"
    assert events(log, "action_points")[0]["ap"] == 4
    assert events(log, "count")[0] == {"step": "downtown.0", "n": 2}
    p = s.players[SUCC]
    assert [t.id for t in p.tricks] == ["t31_walled", "t16_window_to_the_otherworld"]
    assert p.tricks[0].markers == g.cat.tricks["t31_walled"].markers  # prepared at once
    assert solo.shopping == ["wood", "metal", "padlock"]
    assert p.coins == 6 and s.dice[4] == "x" and s.dice[5] == "4" and s.dice[0] == "x"
    # mood.2: a trick of the highest open level -> ready, plan card to the upper slot.
    assert solo.mood == "ready"
    assert events(log, "mood")[0]["plan_slot"] == "upper"


def test_mood_example_would_stay_busy_without_the_new_trick():
    """Mood example, last sentence: without a trick of the highest open level it is busy."""
    g, s, solo = downtown_turn(dice=["x", "x", "x", "x", "6", "4"])
    run_turn(g, s, solo)
    assert solo.mood == "busy"


def test_dice_count_by_ap_and_difficulty():
    """downtown.0 (provisional table): magician on +2 = 5 AP."""
    for difficulty, n in (("low", 2), ("medium", 3), ("high", 3)):
        g, s, solo = downtown_turn(
            difficulty, block_best=False, dice=["x", "x", "x", "x", "6", "4"]
        )
        log = run_turn(g, s, solo)
        assert events(log, "count")[0]["n"] == n


def test_reroll_an_x_die_when_short():
    """downtown.reroll: fewer usable dice than needed -> one X die rerolled, Residence first."""
    g, s, solo = downtown_turn(dice=["x", "x", "x", "x", "6", "x"])
    st = run_turn(g, s, solo, limit=2)[-1][1]
    assert (st.step, st.die) == ("downtown.reroll", 0)
    g, s, solo = downtown_turn(
        "high", block_best=False, dice=["optical", "any", "x", "x", "x", "x"]
    )
    st = run_turn(g, s, solo, limit=2)[-1][1]
    assert (st.step, st.die) == ("downtown.reroll", 2)  # then the specialist die


def test_no_reroll_when_enough():
    g, s, solo = downtown_turn(dice=["x", "x", "x", "x", "3", "4"])
    assert "downtown.reroll" not in steps(run_turn(g, s, solo))


def test_step1_skipped_with_two_tricks_of_the_highest_level():
    """downtown.1 condition: fewer than two tricks of the highest open level, or 36+ fame."""
    two = (("t29_prison_break", 2), ("t30_zig_zag_lady", 2))
    g, s, solo = downtown_turn(tricks=two, dice=["any", "x", "x", "x", "3", "x"])
    assert "downtown.1" not in steps(run_turn(g, s, solo))
    g, s, solo = downtown_turn(
        fame=40,
        tricks=two + (("t33_buried_alive", 2), ("t34_assistants_revenge", 1)),
        dice=["escape", "x", "x", "x", "3", "x"],
    )
    log = run_turn(g, s, solo)
    assert "downtown.1" in steps(log)


def test_step1_full_board_returns_rightmost_and_sorts_by_yield():
    """downtown.1: no free trick slot -> the rightmost trick returns with all its markers;
    the new one goes where yields decrease left to right (fame, coins, shards)."""
    four = (
        ("t29_prison_break", 2),
        ("t30_zig_zag_lady", 2),
        ("t25_barricaded_barrels", 1),
        ("t26_stocks_escape", 2),
    )
    g, s, solo = downtown_turn(fame=40, tricks=four, dice=["any", "x", "x", "x", "x", "x"])
    change_card(s, 0, m=put(s.row[0].m, 0, SUCC * 4 + 3))  # a Stocks Escape marker in the Theater
    log = run_turn(g, s, solo)
    p = s.players[SUCC]
    assert events(log, "returned")[0]["trick"] == "t26_stocks_escape"
    assert SUCC * 4 + 3 not in s.row[0].m or p.tricks[-1].sym == 3
    new = events(log, "learned")[0]["trick"]
    assert g.cat.trick_level[new] == 3 and g.cat.trick_school[new] == "escape"
    yields = [g.cat.trick_yield[t.id] for t in p.tricks]
    assert yields == sorted(yields, reverse=True)
    assert len(p.tricks) == 4


def test_step1_uses_the_left_die_and_the_die_school():
    g, s, solo = downtown_turn(dice=["mechanical", "optical", "x", "x", "x", "x"])
    log = run_turn(g, s, solo)
    learned = events(log, "learned")[0]
    assert learned["die"] == 0 and g.cat.trick_school[learned["trick"]] == "mechanical"


def test_step1_never_draws_a_single_basic_prop_level1_trick():
    for school, single in (
        ("optical", "t01_enchanted_butterflies"),
        ("escape", "t25_barricaded_barrels"),
    ):
        g, s, solo = downtown_turn(fame=5, tricks=(), dice=[school, "x", "x", "x", "x", "x"])
        assert single not in DT.candidates(g.cat, s, solo, 0)
        assert DT.candidates(g.cat, s, solo, 0)


def test_step2_hires_a_specialist_it_lacks():
    """downtown.2: the specialist die shows a character it does not have."""
    g, s, solo = downtown_turn(dice=["x", "x", "manager", "x", "x", "x"])
    p = Seated(s, SUCC)
    p.chars = tuple(c for c in p.chars if c.kind != "manager")
    log = run_turn(g, s, solo)
    assert "downtown.2" in steps(log) and p.hired == ("manager",) and s.dice[2] == "x"
    g, s, solo = downtown_turn(dice=["x", "x", "engineer", "x", "x", "x"])
    change_at(s.players, SUCC, hired=("engineer",))
    assert "downtown.2" not in steps(run_turn(g, s, solo))


def test_step3_apprentice_needs_room_on_the_board():
    """downtown.3: fewer than 4 apprentices and at most 5 characters (no Academy)."""
    g, s, solo = downtown_turn(dice=["x", "x", "x", "apprentice", "x", "x"])
    log = run_turn(g, s, solo)
    assert "downtown.3" in steps(log) and "downtown.6" not in steps(log)
    assert s.players[SUCC].hired == ("apprentice",)


def test_step6_apprentice_when_the_board_is_full():
    """downtown.6: with more than 5 characters only step 6 hires (fewer than 4 apprentices)."""
    g, s, solo = downtown_turn(dice=["x", "x", "x", "apprentice", "x", "x"])
    p = Seated(s, SUCC)
    p.hired = ("assistant", "engineer", "manager")
    log = run_turn(g, s, solo)
    assert "downtown.3" not in steps(log) and "downtown.6" in steps(log)


def test_bank_steps_4_and_5_take_both_dice():
    """downtown.4 the richer die; downtown.5 the other one (3 dice at medium, 5 AP)."""
    g, s, solo = downtown_turn("medium", block_best=False, dice=["x", "x", "x", "x", "3", "5"])
    log = run_turn(g, s, solo)
    assert [x for x in steps(log) if x != "downtown.reroll"][-3:] == [
        "downtown.4",
        "downtown.5",
        "downtown.end",
    ]
    banks = events(log, "bank")
    assert banks[0]["die"] == 5 and banks[0]["coins"] == 5
    assert banks[1]["coins"] == 3


def test_the_list_never_returns_to_the_top():
    """ "Выполняйте действия из списка по порядку, не возвращайтесь к его началу": a trick die
    appearing after step 1 (a reroll happens before the list) is not used."""
    g, s, solo = downtown_turn("high", block_best=False, dice=["x", "x", "x", "x", "6", "x"])
    log = run_turn(g, s, solo)
    order = [
        int(x.split(".")[1])
        for x in steps(log)
        if x.startswith("downtown.") and x.split(".")[1].isdigit()
    ]
    assert order == sorted(order) and len(order) == len(set(order))


def test_characters_in_the_inn_count_toward_the_hire_limits():
    """downtown.3 / downtown.6 «у преемника менее 4 учеников и в сумме не более 6 персонажей»:
    discs waiting in the Inn are its own (docs/solo.md, reading notes), so they count."""
    g, s, solo = downtown_turn(dice=["x", "x", "x", "apprentice", "x", "x"])
    p = Seated(s, SUCC)
    p.hired = ("assistant", "engineer", "manager")[
        : 6 - len(p.chars)
    ]  # board: room; with the Inn: 6
    assert len(p.chars) <= 5 < len(p.chars) + len(p.hired)
    log = run_turn(g, s, solo)
    assert "downtown.3" not in steps(log) and "downtown.6" in steps(log)
    g, s, solo = downtown_turn(dice=["x", "x", "x", "apprentice", "x", "x"])
    p = Seated(s, SUCC)
    p.hired = ("apprentice",) * (4 - sum(c.kind == "apprentice" for c in p.chars))
    log = run_turn(g, s, solo)
    assert not {"downtown.3", "downtown.6"} & set(steps(log))  # 4 apprentices with the Inn's
