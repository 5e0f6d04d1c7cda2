"""Which character the Successor places and where: seed 003 «СПОРНЫЕ ЛОКАЦИИ» (contested.*,
order.*), «ОЧКИ ДЕЙСТВИЯ ПЕРСОНАЖЕЙ» (ap.*), «НАСТРОЕНИЕ ПРЕЕМНИКА» (mood.*) and the abilities
that change a placement."""

from seated import Seated

from engine.core.tuples import change_at
from engine.games.trickerion.common import change_char, put
from engine.games.trickerion.solo import choose as CH
from engine.games.trickerion.solo import rules as R

from ..helpers import change_card, set_slot
from .scenario import HUMAN, SUCC, assign, events, make, occupy, run_turn, set_row, set_tricks

WINDOW = "t16_window_to_the_otherworld"


def base(difficulty="high", magician="m07_yoruba_spiritmaster", **kw):
    g, s, solo = make(difficulty, magician=magician, **kw)
    set_tricks(g, s, SUCC, [(WINDOW, 2)])
    set_row(g, s, "spf01")
    return g, s, solo


def first(g, s, solo):
    return CH.next_placement(g.cat, s, solo)


# --- contested.* -------------------------------------------------------------------------------


def test_contested_needs_both_sides_unplaced():
    """contested.1."""
    g, s, solo = base()
    assign(s, SUCC, {0: "downtown", 1: "market_row"})
    assign(s, HUMAN, {0: "market_row"})
    assert CH.contested(g.cat, s, solo) == ["market_row"]
    st = first(g, s, solo)
    assert (st.step, st.location) == ("order.1", "market_row")


def test_theater_not_contested_when_only_a_magician_is_left():
    """contested.2, first exception."""
    g, s, solo = base()
    assign(s, SUCC, {0: "theater", 1: "theater"})
    assign(s, HUMAN, {0: "theater"})  # your magician only
    assert CH.contested(g.cat, s, solo) == []
    assign(s, HUMAN, {1: "theater"})
    assert CH.contested(g.cat, s, solo) == ["theater"]


def test_workshop_is_never_contested():
    """contested.2, second exception."""
    g, s, solo = base()
    assign(s, SUCC, {0: "workshop"})
    assign(s, HUMAN, {0: "workshop"})
    assert CH.contested(g.cat, s, solo) == []


# --- order.* -------------------------------------------------------------------------------------


def test_order_when_busy_and_when_ready():
    """order.2: ready -> Theater (earliest day) first; busy -> Downtown, then Theater (latest)."""
    g, s, solo = base()
    assign(s, SUCC, {0: "theater", 1: "downtown", 2: "dark_alley"})
    solo.mood = "busy"
    assert first(g, s, solo).location == "downtown"
    solo.mood = "ready"
    st = first(g, s, solo)
    assert st.location == "theater" and st.n == 1


def test_earliest_and_latest_open_day():
    """theater.day: ready takes the earliest open day, busy the latest; closed days skipped."""
    g, s, solo = base()
    assign(s, SUCC, {1: "theater"})
    for i in range(3):  # Thursday closed by a prep die
        set_slot(s, 12 + i, -2)
    solo.mood = "ready"
    assert first(g, s, solo).slot // 3 == 1
    solo.mood = "busy"
    assert first(g, s, solo).slot // 3 == 3
    occupy(s, "theater", 9)  # you hold Sunday
    assert first(g, s, solo).slot // 3 == 2


def test_downtown_from_the_left_theater_magician_last():
    """order.3."""
    g, s, solo = base()
    assign(s, SUCC, {0: "downtown", 1: "downtown"})
    assert first(g, s, solo).char == 0
    g, s, solo = base()
    assign(s, SUCC, {0: "theater", 1: "theater", 3: "theater"})
    solo.mood = "ready"
    assert list(CH.characters_for(g.cat, s, solo, "theater")) == [1, 3, 0]


def test_first_free_slot_is_the_highest_modifier():
    """ap.2."""
    g, s, solo = base()
    assign(s, SUCC, {3: "dark_alley"})
    assert first(g, s, solo).slot == 0
    occupy(s, "dark_alley", 0)
    set_slot(s, 9, -2)  # a +1 slot closed by the prep die
    assert first(g, s, solo).slot == 2


def test_rechecked_every_placement():
    """order.4: a location stops being contested once your character there is placed."""
    g, s, solo = base()
    assign(s, SUCC, {0: "downtown", 1: "market_row"})
    assign(s, HUMAN, {0: "market_row"})
    assert first(g, s, solo).location == "market_row"
    change_char(s, HUMAN, 0, slot=4)
    assert first(g, s, solo).location == "downtown"


def test_nothing_placeable_goes_idle():
    g, s, solo = base()
    assign(s, SUCC, {1: "market_row"})
    for i in range(4):
        occupy(s, "market_row", i)
    st = first(g, s, solo)
    assert (st.do, st.step) == ("idle", "order.none")


# --- ap.* --------------------------------------------------------------------------------------


def test_special_assignment_always_adds_one_ap():
    """ap.5: a special card gives +1 AP, never its text."""
    g, s, solo = base()
    assign(s, SUCC, {1: "a26_mass_recruitment"})
    log = run_turn(g, s, solo, limit=1)
    ap = events(log, "action_points")[0]
    assert ap["ap"] == 2 + 2 + 1 and "ap.5" in ap["steps"]


def test_six_ap_gives_one_fame_and_counts_as_five():
    """ap.6: magician on +2 with a special card."""
    g, s, solo = base()
    assign(s, SUCC, {0: "a28_headhunter"})
    fame = s.players[SUCC].fame
    log = run_turn(g, s, solo, limit=1)
    assert events(log, "action_points")[0]["ap"] == 5
    assert s.players[SUCC].fame == fame + 1


def test_theater_ignores_day_modifiers():
    """ap.3: Thursday (+1) and Sunday (-1) do not change its AP."""
    for day in (0, 3):
        g, s, solo = base()
        assign(s, SUCC, {1: "theater"})
        solo.mood = "ready" if day == 0 else "busy"
        log = run_turn(g, s, solo, limit=1)
        assert events(log, "action_points")[0]["ap"] == 2


def test_mechaniker_first_apprentice():
    """ability.first_apprentice_ap: the first apprentice placed each round gets +1 AP."""
    g, s, solo = base(magician="m04_mechaniker", human_school="optical")
    assign(s, SUCC, {3: "market_row"})
    log = run_turn(g, s, solo, limit=1)
    assert events(log, "action_points")[0]["ap"] == 1 + 2 + 1
    g, s, solo = base(magician="m04_mechaniker", human_school="optical", easier=True)
    assign(s, SUCC, {3: "market_row"})
    assert events(run_turn(g, s, solo, limit=1), "action_points")[0]["ap"] == 3


def test_great_optico_counts_your_special_cards():
    """ability.specialist_ap_per_your_special: X = special cards you played this round."""
    g, s, solo = base(magician="m02_great_optico", human_school="escape")
    assign(s, HUMAN, {0: "a26_mass_recruitment"})
    change_char(s, HUMAN, 0, slot=0)
    assign(s, SUCC, {1: "dark_alley", 2: "market_row"})
    log = run_turn(g, s, solo, limit=1)
    assert events(log, "action_points")[0]["ap"] == 2 + 2 + 1


def test_gentleman_fame_per_trick():
    """ability.magician_fame_per_trick: magician placed at Downtown / Market / Dark Alley."""
    g, s, solo = base(magician="m06_gentleman", human_school="escape")
    set_tricks(g, s, SUCC, [(WINDOW, 2), ("t13_mind_reading", 3)])
    assign(s, SUCC, {0: "market_row"})
    fame = s.players[SUCC].fame
    run_turn(g, s, solo, limit=1)
    assert s.players[SUCC].fame == fame + 2


# --- mood.* ------------------------------------------------------------------------------------


def test_mood_needs_a_performance_plan_and_a_top_level_trick():
    """mood.1."""
    g, s, solo = base()
    p = Seated(s, SUCC)
    solo.plan = "plan_perf_1"
    assert R.mood(g.cat, s, solo) == "ready"  # 5 fame: level 1 is the top, it holds one
    p.fame = 16
    assert R.mood(g.cat, s, solo) == "busy"  # level 2 opens: it holds none
    solo.plan = "plan_prep_1"
    p.fame = 5
    assert R.mood(g.cat, s, solo) == "busy"


def test_mood_changes_when_fame_crosses_16():
    """mood.2: crossing 16 fame re-evaluates at once (here through a link's fame)."""
    g, s, solo = base("medium")
    solo.plan, solo.mood = "plan_perf_1", "ready"
    p = Seated(s, SUCC)
    p.fame = 15
    change_card(s, 0, o=put(s.row[0].o, 1, 2))  # neutral: its Spiritual side faces the first link
    assign(s, SUCC, {1: "theater"})
    log = run_turn(g, s, solo)
    assert p.fame == 16
    assert solo.mood == "busy" and events(log, "mood")[0]["step"] == "mood.2"


def test_six_ap_fame_crossing_16_settles_the_mood_before_the_next_placement():
    """mood.2 «при преодолении им порога в 16 или 36 славы»: the 6-AP fame (ap.6) counts."""
    g, s, solo = base()
    solo.plan, solo.mood = "plan_perf_1", "ready"
    change_at(s.players, SUCC, fame=15)
    assign(s, SUCC, {0: "a28_headhunter"})
    log = run_turn(g, s, solo, limit=1)
    assert s.players[SUCC].fame == 16
    assert solo.mood == "busy" and events(log, "mood")[0]["step"] == "mood.2"


def test_ability_fame_crossing_16_settles_the_mood_at_once():
    """mood.2 with the fame of its magician's ability (Gentleman: fame per trick)."""
    g, s, solo = base(magician="m06_gentleman", human_school="escape")
    set_tricks(g, s, SUCC, [(WINDOW, 2), ("t13_mind_reading", 3)])
    solo.plan, solo.mood = "plan_perf_1", "ready"
    change_at(s.players, SUCC, fame=14)
    assign(s, SUCC, {0: "market_row"})
    log = run_turn(g, s, solo, limit=1)
    assert s.players[SUCC].fame == 16 and solo.mood == "busy"
    assert [e["mood"] for e in events(log, "mood")] == ["busy"]
