"""Dahlgaard's Successor data packs: they load, validate, agree with the solo rulebook seed (003),
and every value the seed lost is flagged provisional.

Each ``test_seed_*`` docstring names the seed section it checks.
"""

import inspect
import json

import pytest

from engine.core.packs import PackError
from engine.games.trickerion.components import load_packs
from engine.games.trickerion.solo import components as S
from engine.games.trickerion.solo.components import (
    DIFFICULTIES,
    build_solo_packs,
    load_solo_packs,
    provisional_records,
    read_pack_bytes,
)


@pytest.fixture(scope="module")
def solo():
    return load_solo_packs()


def raw() -> dict[str, dict]:
    return {name: json.loads(read_pack_bytes(name)) for name in S.PACK_TYPES}


def build(data: dict[str, dict]):
    return build_solo_packs({k: json.dumps(v) for k, v in data.items()})


# --- loading ------------------------------------------------------------------------------------


def test_packs_load_once_and_state_their_source(solo):
    assert load_solo_packs() is solo
    assert set(solo.sources) == set(S.PACK_TYPES)
    for name, source in solo.sources.items():
        assert "003" in source, name


def test_every_schema_struct_is_frozen_and_strict():
    structs = [
        obj
        for _, obj in inspect.getmembers(S, inspect.isclass)
        if issubclass(obj, S._Data) and obj.__module__ == S.__name__
    ]
    assert len(structs) > 20
    for struct in structs:
        config = struct.__struct_config__
        assert config.frozen and config.forbid_unknown_fields, struct.__name__


def test_unknown_field_is_rejected():
    data = raw()
    data["board"]["trick_slots"]["colour"] = "red"
    with pytest.raises(PackError) as err:
        build(data)
    assert err.value.params["pack"] == "trickerion-solo.board"
    assert err.value.params["path"] == "$.trick_slots" and "colour" in err.value.params["reason"]


def test_bad_cross_reference_is_rejected():
    data = raw()
    data["magicians"]["abilities"][0]["magician"] = "m99_nobody"
    with pytest.raises(PackError) as err:
        build(data)
    assert err.value.params["path"] == "trickerion-solo.magicians:$.abilities[0].magician"
    assert "m99_nobody" in err.value.params["reason"]
    data = raw()
    data["dice"]["dice"][0]["faces"][0] = ["market_row_1", "downtown_2"]
    with pytest.raises(PackError) as err:
        build(data)
    # an in-file problem, so `pack check` catches it too (DicePack.check)
    assert err.value.params["pack"] == "trickerion-solo.dice"
    assert err.value.params["path"] == "$.dice[0].faces[0]"
    data = raw()
    data["prophecies"]["human_only"].append(dict(data["prophecies"]["removed"][0]))
    with pytest.raises(PackError) as err:
        build(data)
    assert err.value.params["path"] == "trickerion-solo.prophecies:$.human_only"


def test_provisional_needs_a_reason():
    data = raw()
    del data["tables"]["downtown_dice"]["provisional_reason"]
    with pytest.raises(PackError) as err:
        build(data)
    assert err.value.params["path"] == "$.downtown_dice"


# --- the board and setup --------------------------------------------------------------------------


def test_seed_board_sides(solo):
    """Setup step 3; 'ИЗМЕНЕНИЯ В ПОДГОТОВКЕ К ИГРЕ': 5 character slots without the Academy."""
    assert solo.board.side(academy=False).character_slots == 5
    assert solo.board.side(academy=True).character_slots == 6


def test_seed_characters_by_difficulty(solo):
    """Setup step 8 table (magician, protégé, specialist, apprentice), book order."""
    rows = {d.id: d.characters for d in solo.board.difficulties}
    assert [d.id for d in solo.board.difficulties] == list(DIFFICULTIES)
    assert (
        rows["low"].magician,
        rows["low"].protege,
        rows["low"].specialist,
        rows["low"].apprentice,
    ) == (1, 1, 1, 1)
    assert (rows["medium"].specialist, rows["medium"].apprentice) == (1, 2)
    assert (rows["high"].specialist, rows["high"].apprentice) == (2, 1)
    # Without the Academy there is no protégé.
    assert [rows[d].total(academy=False) for d in DIFFICULTIES] == [3, 4, 4]
    assert solo.board.setup.character_order == ("magician", "protege", "specialist", "apprentice")


def test_seed_assignment_deck(solo):
    """Setup step 9 and the no-Academy change: 2 Theater, 1 each Downtown, Market, Dark Alley,
    Workshop (the Academy card only with the Academy)."""
    deck = solo.board.setup.assignment_deck
    assert deck == {"theater": 2, "downtown": 1, "market_row": 1, "dark_alley": 1, "workshop": 1}
    assert solo.board.setup.assignment_deck_academy == {"academy": 1}


def test_seed_start(solo):
    """Setup steps 5, 6, 10: other school, 3 level-1 candidates, slot 3, empty safe."""
    setup = solo.board.setup
    assert setup.magician == "random_other_school" and setup.magician_side == "solo"
    assert (setup.start_trick_level, setup.start_trick_candidates) == (1, 3)
    assert (setup.human_initiative_slot, setup.initiative_slot) == (1, 3)
    assert (setup.start_coins, setup.start_shards) == (0, 0)


def test_start_trick_exclusion_leaves_three_per_school(solo):
    """Setup step 6: every school has exactly one level-1 trick needing a single basic prop
    type, so 3 candidates remain."""
    base = load_packs()
    for school in ("optical", "spiritual", "escape", "mechanical"):
        level1 = base.tricks_of(school=school, level=1)
        single = [
            t
            for t in level1
            if len(t.components) == 1 and base.prop(next(iter(t.components))).tier == "basic"
        ]
        assert len(single) == 1, school
        assert len(level1) - len(single) == solo.board.setup.start_trick_candidates


def test_seed_adjustments(solo):
    """'ДОПОЛНИТЕЛЬНАЯ НАСТРОЙКА СЛОЖНОСТИ': easier = ignore its ability; harder = ignore yours
    and/or 8 extra coins."""
    adj = {a.id: a for a in solo.board.adjustments}
    assert adj["easier"].effect == "ignore_successor_ability"
    assert adj["harder_no_ability"].effect == "ignore_your_ability"
    assert adj["harder_coins"].coins == 8


def test_seed_location_order(solo):
    """'СПОРНЫЕ ЛОКАЦИИ': Theater earliest (ready), Downtown, Academy, Theater latest (busy),
    Market, Dark Alley, Workshop."""
    order = solo.board.placement.location_order
    assert [(e.location, e.mood, e.day) for e in order] == [
        ("theater", "ready", "earliest"),
        ("downtown", None, None),
        ("academy", None, None),
        ("theater", "busy", "latest"),
        ("market_row", None, None),
        ("dark_alley", None, None),
        ("workshop", None, None),
    ]
    assert [e.academy for e in order].count(True) == 1


def test_seed_placement_numbers(solo):
    """'ОЧКИ ДЕЙСТВИЯ ПЕРСОНАЖЕЙ': special assignment +1 AP; 6 AP = 1 fame and counts as 5."""
    p = solo.board.placement
    assert (p.special_assignment_ap, p.max_ap, p.fame_when_over_max) == (1, 5, 1)
    assert p.never_spends_shards and p.ignores_theater_slot_modifiers
    assert p.mood_fame_thresholds == (16, 36)
    assert solo.board.advertise.every_round and not solo.board.advertise.pays


# --- tables -------------------------------------------------------------------------------------


def test_seed_dark_alley_table(solo):
    """Dark Alley section, step 2 table."""
    t = solo.tables.dark_alley_cards
    assert t.rows == {"low": (1, 1, 1, 2, 2), "medium": (1, 1, 2, 2, 3), "high": (1, 2, 2, 3, 3)}
    assert not t.provisional


def test_seed_theater_table(solo):
    """Theater section table (by 1, 2, 3 AP); AP above 3 reads the last column."""
    t = solo.tables.theater_markers
    assert t.rows == {"low": (1, 2, 2), "medium": (1, 2, 3), "high": (2, 3, 4)}
    assert t.count("medium", 2) == 2  # the Theater example: a specialist at medium
    assert t.count("high", 4) == 4


def test_seed_academy_table(solo):
    """Academy section table (kept, used only with the Academy)."""
    t = solo.tables.academy_actions
    assert t.academy_only
    assert t.rows["high"] == (1, 1, 2, 2, 3)


def test_downtown_table_is_provisional_and_fits_the_example(solo):
    """Numbers lost from the seed; the Downtown example: low difficulty, 4 AP -> 2 dice."""
    t = solo.tables.downtown_dice
    assert t.provisional and "lost" in t.provisional_reason
    assert t.ap == (1, 2, 3, 4, 5)
    assert t.count("low", 4) == 2
    for row in t.rows.values():
        assert list(row) == sorted(row)
    for i in range(5):
        assert t.rows["low"][i] <= t.rows["medium"][i] <= t.rows["high"][i]


def test_seed_safe_fame(solo):
    """'ВЫПЛАТА ЖАЛОВАНИЯ': per 10 coins 2 / 3 / 3 fame; 23 coins at medium -> 6 fame."""
    sf = solo.tables.safe_fame
    assert sf.coins == 10 and sf.fame == {"low": 2, "medium": 3, "high": 3}
    assert (23 // sf.coins) * sf.fame["medium"] == 6


def test_backstage_bonus_numbers_and_provisional_icon(solo):
    """'ФАЗА ПРЕДСТАВЛЕНИЙ': none / 2 / 1 per character; the icon is lost."""
    b = solo.tables.backstage_bonus
    amounts = {d: r.fame + r.coins + r.shards for d, r in b.per_character.items()}
    assert amounts == {"low": 0, "medium": 2, "high": 1}
    assert b.provisional and "icon" in b.provisional_reason
    assert b.counts == ("protege", "specialist", "apprentice")


def test_seed_end_scoring(solo):
    """'ПОДСЧЁТ СЛАВЫ В КОНЦЕ ИГРЫ' table and list."""
    e = solo.tables.end_scoring
    assert e.level3_trick_fame == {"low": 5, "medium": 7, "high": 10}
    assert e.extra_character_fame == {"low": 0, "medium": 1, "high": 2}
    assert e.extra_character_from == 7
    assert (
        e.fame_per_shard,
        e.shard_cap,
        e.fame_per_special_assignment,
        e.special_assignment_cap,
    ) == (1, 20, 2, 20)
    assert not e.fame_for_coins
    assert (e.leftover_marker_penalty.fame, e.leftover_marker_penalty.coins) == (1, 1)
    assert solo.tables.discard_penalty.per_marker.fame == 1


# --- plans --------------------------------------------------------------------------------------


def test_seed_plan_card_counts(solo):
    """Component list: 17 plan cards, 9 with the Academy, 8 without."""
    comp = solo.plans_pack.components
    assert (
        comp["plan_cards"]
        == 17
        == comp["plan_cards_with_academy"] + comp["plan_cards_without_academy"]
    )
    cards = solo.plans_pack.cards_for(academy=False)
    assert len(cards) == comp["plan_cards_without_academy"] == 8
    assert sum(c.kind == "performance" for c in cards) == 4
    assert not solo.plans_pack.cards_for(academy=True)  # not in the seeds


def test_seed_plan_deck_layers(solo):
    """Setup step 11 / 'ИЗМЕНЕНИЯ В ПОДГОТОВКЕ К ИГРЕ': a 7-card deck (one per round), bottom
    a performance plan, top a preparation plan."""
    for academy in (False, True):
        deck = solo.plans_pack.deck(academy)
        assert deck.size == 7
        assert deck.layers[0].take == {"performance": 1}
        assert set(deck.layers[-1].take) == {"preparation"}
        assert [layer.place for layer in deck.layers] == [1, 2, 3, 1]
    assert solo.plans_pack.deck(False).layers[-1].take == {"preparation": 1}
    assert solo.plans_pack.deck(True).layers[-1].take == {"preparation": 2}


def test_plan_cards_fit_the_assignment_deck(solo):
    """'ФАЗА ПОРУЧЕНИЙ': plain entries are dealt from the Successor's permanent cards; the
    provisional faces never ask for more than its deck holds."""
    deck = solo.board.setup.assignment_deck
    for card in solo.plans_pack.cards_for(academy=False):
        plain = [e.location for e in card.entries if not e.special]
        for loc in set(plain):
            assert plain.count(loc) <= deck[loc], (card.id, loc)
        assert len(card.entries) == solo.board.side(academy=False).character_slots
        assert all(e.location != "academy" for e in card.entries)


# --- dice ---------------------------------------------------------------------------------------


def test_seed_prep_dice(solo):
    """'ФАЗА БРОСКА КУБИКОВ': 5 dice (yellow Downtown, orange Market, black Dark Alley, blue
    Academy, red Theater); 4 without the Academy; each face closes 2 slots/days."""
    dice = solo.dice.dice
    assert [(d.colour, d.location) for d in dice] == [
        ("yellow", "downtown"),
        ("orange", "market_row"),
        ("black", "dark_alley"),
        ("blue", "academy"),
        ("red", "theater"),
    ]
    assert len(solo.dice.dice_for(academy=False)) == 4
    assert solo.dice.tokens == 2 and solo.dice.blocks_per_location == 2
    for die in solo.dice.dice_for(academy=False):
        assert die.provisional
        assert len(die.faces) == 6
        assert all(len(face) == 2 for face in die.faces)


def test_seed_reroll_rules(solo):
    """Round I all; round II exactly 2, marked; rounds III-VII exactly 2 unmarked, the red die
    whenever unmarked."""
    assert solo.dice.rule_for(1).roll == "all"
    r2 = solo.dice.rule_for(2)
    assert (r2.roll, r2.count, r2.mark_chosen, r2.skip_marked) == ("choose", 2, True, False)
    for rnd in range(3, 8):
        r = solo.dice.rule_for(rnd)
        assert (r.count, r.skip_marked, r.must_include, r.mark_chosen) == (2, True, "red", True)


# --- performance cards, magicians, prophecies ---------------------------------------------------


def test_solo_performance_cards(solo):
    """Component list: 12 solo performance cards, each with a neutral marker; enough per theatre
    for the base deck recipe (2/2/2) plus 1 face-up Riverside card."""
    cards = list(solo.performances.values())
    assert len(cards) == solo.plans_pack.components["solo_performance_cards"] == 12
    assert all(c.provisional and c.neutral for c in cards)
    deck = solo.performances_pack.deck
    for theater, n in deck.items():
        have = sum(c.theater == theater for c in cards)
        extra = solo.performances_pack.active_at_start if theater == "riverside_theater" else 0
        assert have >= n + extra, theater
    for c in cards:
        assert len(c.free_cells()) == len(c.cells) - len(c.neutral)


def test_seed_solo_abilities(solo):
    """Solo abilities section: 12 magicians, 3 per school; the 8 base magicians without the
    Academy."""
    abilities = list(solo.abilities.values())
    assert len(abilities) == 12
    base = [a for a in abilities if not a.academy]
    assert {a.magician for a in base} == set(load_packs().magicians)
    for school in ("optical", "spiritual", "escape", "mechanical"):
        assert sum(a.school == school for a in abilities) == 3
    assert solo.ability("m06_gentleman").locations == (
        "downtown",
        "market_row",
        "dark_alley",
        "academy",
    )
    electra = solo.ability("m08_electra")
    assert electra.capacity_delta == -1 and electra.capacity_from == (2, 3)


def test_prophecy_lists_are_provisional(solo):
    """'«ПРЕЕМНИК ДАЛГАРДА» И ПРОРОЧЕСТВА': both lists are pictures lost from the seed."""
    assert solo.removed_prophecies and solo.human_only_prophecies
    assert all(r.provisional for r in (*solo.prophecies.removed, *solo.prophecies.human_only))
    assert "pr20" in solo.removed_prophecies  # assignments are face up in the solo game
    assert solo.prophecies.ignores_in_performance


# --- provisional values ---------------------------------------------------------------------------


def test_every_missing_item_of_the_issue_is_provisional(solo):
    """Issue 6 'Missing data': solo performance cards, plan cards, prep dice faces, the prophecy
    lists, the per-character bonus icon and the Downtown dice table."""
    paths = [p for p, _ in provisional_records(solo)]
    assert "tables.downtown_dice" in paths
    assert "tables.backstage_bonus" in paths
    assert sum(p.startswith("plans.cards") for p in paths) == 8
    assert sum(p.startswith("dice.dice") for p in paths) == 4
    assert sum(p.startswith("performances.cards") for p in paths) == 12
    assert sum(p.startswith("prophecies.") for p in paths) == len(solo.removed_prophecies) + len(
        solo.human_only_prophecies
    )
    for _path, reason in provisional_records(solo):
        assert len(reason) > 40


def test_seed_stated_values_are_not_provisional(solo):
    t = solo.tables
    for table in (t.dark_alley_cards, t.theater_markers, t.academy_actions):
        assert not table.provisional
