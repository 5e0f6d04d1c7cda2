"""What a hinted move is for (issue #34, "why, not only what"): the reason names the trick,
the show, the performance card, the prop, from the position itself."""

from msgspec.structs import replace
from seated import Seated

from engine.core.i18n import render
from engine.core.presenter import presenter_of
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import start_rank

from .helpers import (
    add_char,
    clear_tricks,
    give_trick,
    new_game,
    placing,
    run_chance,
    set_row,
    stage,
    started,
    to_placement,
)
from .test_workshop import workshop


def why(g, s, action, seat=0):
    return g.presenter(g).move_reason(s, action, seat)


def test_a_workshop_prepare_names_the_trick_and_the_day_of_its_show():
    g, s = workshop()
    change_at(s.players, 0, props={"glass": 2, "metal": 2, "rope": 1})
    t = give_trick(s, 0, "t28_water_tank_escape")
    stage(s, 0, 1, add_char_kind(s, "assistant"), backstage=True)
    code, params = why(g, s, A.Prepare(t.id))
    assert code == "ui.hint.why.trk.prepare"
    assert params == {"trick": t.id, "markers": 2, "show": "day", "day": 1}
    text = render(code, params, "en", g)
    assert "Water Tank Escape" in text and "Friday" in text
    ru = render(code, params, "ru", g)
    assert "пятницу" in ru.lower() or "пятница" in ru.lower()


def add_char_kind(s, kind):
    add_char(s, 0, kind)
    return kind


def test_a_prepare_with_nobody_in_the_theater_is_for_a_later_round():
    g, s = workshop()
    change_at(s.players, 0, props={"glass": 2, "metal": 2, "rope": 1})
    t = give_trick(s, 0, "t28_water_tank_escape")
    assert not any(c.card == "theater" for c in s.players[0].chars)
    assert why(g, s, A.Prepare(t.id))[1]["show"] == "later"


def test_a_set_up_names_the_performance_card_and_the_markers_yield():
    g, s = workshop()
    t = give_trick(s, 0, "t13_mind_reading", markers=3)
    set_row(g, s, ["pf01", "pf02"])
    code, params = why(g, s, A.SetUpTrick(t.id, 1, 0, "down"))
    fame, coins, shards = g.cat.trick_yield[t.id]
    assert code == "ui.hint.why.trk.set_up"
    assert params == {"trick": t.id, "perf": "pf02", "fame": fame, "coins": coins, "shards": shards}


def test_a_purchase_names_the_trick_that_lacks_the_prop():
    g, s = started(4, seed=12)
    s = placing(g, s, 0, 0, "market_row", 3)
    clear_tricks(s, 0)
    change_at(s.players, 0, props={"glass": 2, "metal": 2}, mgr=())
    change_at(s.players, 0, coins=20)
    s.market = replace(s.market, buy=("rope", "glass", *s.market.buy[2:]))
    t = give_trick(s, 0, "t28_water_tank_escape")
    legal = g.legal_actions(s, 0)
    assert A.Buy(("rope",)) in legal and A.Buy(("glass",)) in legal
    assert why(g, s, A.Buy(("rope",))) == (
        "ui.hint.why.trk.equip",
        {"prop": "rope", "trick": t.id},
    )
    # a prop no trick of the seat's lacks is no equipment: the purchase only spends coins
    assert why(g, s, A.Buy(("glass",))) is None


def test_an_assignment_to_the_workshop_is_to_prepare_the_plans_trick():
    g, s = started(2, seed=3)
    while s.phase == "advertise":
        s, _ = g.apply(s, g.to_act(s).seats[0], A.Advertise(False))
    p = Seated(s, 0)
    t = p.tricks[0]
    p.props = dict(g.cat.tricks[t.id].components)
    char = next(i for i, c in enumerate(p.chars) if c.kind == "apprentice")
    code, params = why(g, s, A.Assign(char, "workshop"))
    assert code == "ui.hint.why.trk.send"
    assert params == {"location": "workshop", "task": "workshop", "trick": t.id}
    magician = next(i for i, c in enumerate(p.chars) if c.kind == "magician")
    assert why(g, s, A.Assign(magician, "theater"))[1]["task"] == "stage"


def test_a_stage_placement_names_the_day():
    g, s = started(2, seed=3)
    s = to_placement(g, s, {0: [(0, "theater")], 1: [(0, "downtown")]})
    mine = [
        a
        for a in g.legal_actions(s, g.to_act(s).seats[0])
        if isinstance(a, A.PlaceCharacter) and a.slot % 3 == 2
    ]
    seat = g.to_act(s).seats[0]
    if not mine:  # seat 1 first: place its Downtown character, then seat 0's turn comes
        s, _ = g.apply(s, seat, g.legal_actions(s, seat)[0])
        seat = g.to_act(s).seats[0]
        mine = [
            a
            for a in g.legal_actions(s, seat)
            if isinstance(a, A.PlaceCharacter) and a.slot % 3 == 2
        ]
    place = mine[-1]
    code, params = why(g, s, place, seat)
    assert params["task"] == "stage" and params["day"] == place.slot // 3
    assert presenter_of(g).term_name("day", place.slot // 3, "en") in render(code, params, "en", g)


def test_advertising_earns_fame_measured_one_step_ahead():
    g, s = started(2, seed=3)
    seat = g.to_act(s).seats[0]
    before = s.players[seat]
    after, _ = g.apply(s, seat, A.Advertise(True))
    gained = after.players[seat].fame - before.fame
    assert gained > 0
    assert why(g, s, A.Advertise(True), seat) == (
        "ui.hint.why.trk.earn",
        {"fame": gained, "coins": 0, "shards": 0},
    )
    assert why(g, s, A.Advertise(False), seat) is None


def test_setup_picks_name_the_schools_best_free_trick_and_the_tricks_yield():
    """The greedy bot's opening: a magician is worth its school's best starting trick still
    free (the Residence holds the tricks nobody owns); a starting trick, what its markers yield."""
    g = new_game(2)
    s = run_chance(g, g.initial_state(7))
    pend = s.pending[0]
    pick = g.legal_actions(s, pend.seat)[0]
    assert isinstance(pick, A.ChooseMagician)
    code, params = why(g, s, pick, pend.seat)
    school = g.cat.magicians[pick.magician].school
    assert code == "ui.hint.why.trk.magician" and params["school"] == school
    assert params["trick"] in g.cat.level1[school]
    assert params["trick"] == max(g.cat.level1[school], key=lambda t: start_rank(g.cat, t))
    s, _ = g.apply(s, pend.seat, pick)
    s = run_chance(g, s)
    pend = s.pending[0]
    trick = g.legal_actions(s, pend.seat)[0]
    assert isinstance(trick, A.ChooseTrick)
    fame, coins, shards = g.cat.trick_yield[trick.trick]
    assert why(g, s, trick, pend.seat) == (
        "ui.hint.why.trk.start_trick",
        {
            "trick": trick.trick,
            "markers": g.cat.tricks[trick.trick].markers,
            "fame": fame,
            "coins": coins,
            "shards": shards,
        },
    )


def test_a_prepare_counts_the_markers_an_engineer_adds():
    """Engineer board: one marker more than printed (Walled: 2 printed, 3 readied)."""
    g, s = workshop()
    change_at(s.players, 0, props={"wood": 3, "metal": 3, "padlock": 1})
    t = give_trick(s, 0, "t31_walled", eng=True)
    assert g.cat.tricks[t.id].markers == 2
    assert why(g, s, A.Prepare(t.id))[1]["markers"] == 3
