"""Trickerion data packs: they load, validate, hang together and agree with the rulebook seed.

Tests named ``test_seed_*`` check numbers the RU full-edition rulebook (seed 000) states; the
docstring names the section.
"""

import inspect
import json
from collections import Counter

import pytest

from engine.core.packs import PackError
from engine.games.trickerion import components as C
from engine.games.trickerion.components import UnknownId, build_packs, load_packs, read_pack_bytes


@pytest.fixture(scope="module")
def packs():
    return load_packs()


def raw_packs() -> dict[str, dict]:
    return {name: json.loads(read_pack_bytes(name)) for name in C.PACK_TYPES}


def build(raw: dict[str, dict]):
    return build_packs({name: json.dumps(data) for name, data in raw.items()})


# --- loading ------------------------------------------------------------------------------------


def test_packs_load_once_and_every_file_states_its_source(packs):
    assert load_packs() is packs
    assert set(packs.sources) == set(C.PACK_TYPES)
    for name, source in packs.sources.items():
        assert len(source) > 40, name


def test_every_schema_struct_is_frozen_and_strict():
    structs = [
        obj
        for _, obj in inspect.getmembers(C, inspect.isclass)
        if issubclass(obj, C._Data) and obj.__module__ == C.__name__
    ]
    assert len(structs) > 40
    for struct in structs:
        config = struct.__struct_config__
        assert config.frozen and config.forbid_unknown_fields, struct.__name__


def test_lookups_by_id(packs):
    assert packs.trick("t28_water_tank_escape").name.en == "Water Tank Escape"
    assert packs.prop("rope").tier == "advanced"
    assert packs.performance("pf13").theater == "grand_magorian"
    assert packs.special_assignment("a16_trick_tweaking").location == "workshop"
    assert packs.prophecy("pr21").effect == "flat_prop_price"
    assert packs.magician("m08_electra").school == "mechanical"
    assert packs.board.action("learn_trick").ap == 3
    with pytest.raises(UnknownId) as err:
        packs.trick("t99_nothing")
    assert err.value.code == "trickerion.data.unknown_id"
    assert err.value.params == {"kind": "trick", "id": "t99_nothing"}


# --- counts -------------------------------------------------------------------------------------


def test_counts(packs):
    assert len(packs.tricks) == 48
    assert Counter(t.school for t in packs.tricks.values()) == dict.fromkeys(C.SCHOOLS, 12)
    assert Counter((t.school, t.level) for t in packs.tricks.values()) == {
        (s, lvl): 4 for s in C.SCHOOLS for lvl in (1, 2, 3)
    }
    assert len(packs.props) == 12
    assert Counter(p.tier for p in packs.props.values()) == dict.fromkeys(C.TIERS, 4)
    assert len(packs.performances) == 28
    assert Counter(c.theater for c in packs.performances.values()) == {
        "riverside_theater": 12,
        "grand_magorian": 8,
        "magnus_pantheon": 8,
    }
    assert {t.id: t.cards for t in packs.theaters.values()} == {
        "riverside_theater": 12,
        "grand_magorian": 8,
        "magnus_pantheon": 8,
    }
    assert len(packs.special_assignments) == 40
    assert Counter(c.location for c in packs.special_assignments.values()) == {
        "theater": 10,
        "workshop": 10,
        "downtown": 10,
        "market_row": 10,
    }
    assert len(packs.prophecies) == 27
    assert len(packs.magicians) == 8
    assert Counter(m.school for m in packs.magicians.values()) == dict.fromkeys(C.SCHOOLS, 2)


def test_ids_follow_the_glossary_and_bga_numbers(packs):
    for n, trick in enumerate(packs.tricks.values(), 1):
        assert trick.id.startswith(f"t{n:02d}_") and trick.bga_id == f"T{n:02d}"
    for n, card in enumerate(packs.performances.values(), 1):
        assert (card.id, card.bga_id) == (f"pf{n:02d}", f"P{n:02d}")
    for n, card in enumerate(packs.special_assignments.values(), 6):
        assert card.id.startswith(f"a{n:02d}_") and card.bga_id == f"A{n:02d}"
    for n, prophecy in enumerate(packs.prophecies.values(), 1):
        assert (prophecy.id, prophecy.bga_id) == (f"pr{n:02d}", f"P{n:02d}")
    for n, magician in enumerate(packs.magicians.values(), 1):
        assert magician.id.startswith(f"m{n:02d}_")
        assert magician.ability.id.startswith(f"ab_m{n:02d}_")


def test_names_carry_glossary_translations(packs):
    assert packs.trick("t01_enchanted_butterflies").name == C.Names(
        en="Enchanted Butterflies", ru="Зачарованные бабочки", fr="Papillons Enchantés"
    )
    rabbit = packs.trick("t02_rabbit_from_the_top_hat").name
    assert rabbit.ru is None  # not in the glossary: our own translation, kept apart
    assert rabbit.ours("ru") == rabbit.get("ru") == "Кролик из цилиндра"
    assert packs.trick("t16_window_to_the_otherworld").name.get("ru") == "Портал в иной мир"
    assert packs.trick("t16_window_to_the_otherworld").name.ours("ru") is None
    assert packs.magician("m01_master_of_chains").name.ru == "Властелин цепей"
    assert packs.magician("m07_yoruba_spiritmaster").ability.name.fr == "Possession de l'Âme"
    assert packs.prop("petroleum").name.fr == "Huile"
    assert packs.theaters["magnus_pantheon"].name.fr == "The Magnus Pantheon"


def _all_names(value, path="$"):
    if isinstance(value, C.Names):
        yield path, value
    elif isinstance(value, C._Data):
        for field in value.__struct_fields__:
            yield from _all_names(getattr(value, field), f"{path}.{field}")
    elif isinstance(value, (tuple, list)):
        for i, v in enumerate(value):
            yield from _all_names(v, f"{path}[{i}]")
    elif isinstance(value, dict):
        for k, v in value.items():
            yield from _all_names(v, f"{path}.{k}")


def test_every_name_reads_in_every_page_language(packs):
    """Issue #22: a Russian or French table shows no English name; where no edition printed
    one, the pack gives ours (``unofficial``), never both for one language."""
    missing = [
        f"{field}{path}: {lang}"
        for field in packs.__struct_fields__
        for path, names in _all_names(getattr(packs, field))
        for lang in ("ru", "fr")
        if not getattr(names, lang) and not names.ours(lang)
    ]
    assert not missing, missing
    ours = [
        n for f in packs.__struct_fields__ for _, n in _all_names(getattr(packs, f)) if n.unofficial
    ]
    assert len({n.en for n in ours}) >= 70  # 26 tricks, 40 special assignments, 4 props


def test_an_unofficial_name_beside_an_official_one_is_rejected():
    raw = raw_packs()
    raw["tricks"]["tricks"][0]["name"]["unofficial"] = {"ru": "Бабочки"}
    err = refused(raw)
    assert err.params["path"].startswith("$.tricks[0]") and "official" in err.params["reason"]
    raw = raw_packs()
    raw["tricks"]["tricks"][1]["name"]["unofficial"] = {"ru": " "}
    assert "empty" in refused(raw).params["reason"]


# --- tricks -------------------------------------------------------------------------------------


def test_every_trick_component_exists(packs):
    for trick in packs.tricks.values():
        for prop_id, count in trick.components.items():
            assert packs.prop(prop_id) and 1 <= count <= 3, (trick.id, prop_id)


def test_the_five_conflicting_tricks_keep_their_alternative(packs):
    conflicted = {t.bga_id: t for t in packs.tricks.values() if t.conflicts}
    assert sorted(conflicted) == ["T02", "T06", "T09", "T11", "T22"]
    assert conflicted["T02"].markers == 1 and conflicted["T02"].conflicts[0].alternative == 2
    assert conflicted["T06"].components["fabric"] == 3
    assert conflicted["T06"].conflicts[0].alternative["metal"] == 3
    assert conflicted["T09"].components["glass"] == 2
    assert conflicted["T09"].conflicts[0].alternative["mirror"] == 2
    assert conflicted["T11"].components["metal"] == 3
    assert conflicted["T11"].conflicts[0].alternative["fabric"] == 3
    assert conflicted["T22"].components["mirror"] == 2
    assert conflicted["T22"].conflicts[0].alternative["mirror"] == 1
    for trick in conflicted.values():
        (conflict,) = trick.conflicts
        assert getattr(trick, conflict.field) == conflict.chosen
        assert len(conflict.chosen_by) > len(conflict.alternative_by)
        assert trick.note


def test_seed_trick_levels_and_fame_thresholds(packs):
    """«ВАЖНО» under КАРТЫ НОМЕРОВ / «УРОВЕНЬ НОМЕРА И ПОРОГ СЛАВЫ»: thresholds 1, 16, 36."""
    assert [(t.level, t.fame_threshold) for t in packs.board.trick_levels] == [
        (1, 1),
        (2, 16),
        (3, 36),
    ]
    for trick in packs.tricks.values():
        assert trick.fame_threshold == {1: 1, 2: 16, 3: 36}[trick.level]


def test_seed_prepare_example_water_tank_escape(packs):
    """«ПРИМЕР ПОДГОТОВКИ НОМЕРА»: 2 glass, 2 metal, 1 rope, 1 AP, 2 markers."""
    trick = packs.trick("t28_water_tank_escape")
    assert trick.name.ru == "Резервуар с водой"
    assert trick.components == {"glass": 2, "metal": 2, "rope": 1}
    assert (trick.prepare_ap, trick.markers) == (1, 2)


# Appendix «БОНУСЫ КАРТ НОМЕРОВ 3-ГО УРОВНЯ В КОНЦЕ ИГРЫ», keyed by the RU card name.
SEED_END_BONUSES = {
    "Железная дева": C.PerOwnedTrick(level=1, fame_each=4),
    "Танцующий скелет": C.PerPropToken(tier="basic", fame_each=1),
    "Автоматон": C.PerOwnedTrick(level=2, fame_each=4),
    "Лестница из воды": C.PerPropToken(tier="advanced", fame_each=2),
    "Перемещение человека": C.PerOwnedTrick(level=3, fame_each=4),
    "Говорящий череп": C.PerPropToken(tier="superior", fame_each=3),
    "Внутренние демоны": C.OwnsTricks(count=4, fame=10),
    "Расчленённый надвое": C.HasSpecialists(
        specialists=("assistant", "engineer", "manager"), fame=12
    ),
    "Огнедышащий цербер": C.PerSpecialAssignmentInHand(fame_each=2),
    "Спиритический сеанс": C.PerCharacter(character="apprentice", fame_each=3),
    "Смертоносные лезвия": C.PerUnspent(resource="shards", per=1, fame=1),
    "Погребённый заживо": C.HasSpecialists(specialists=("engineer",), fame=7),
    "Метаморфоза": C.PerUnspent(resource="coins", per=3, fame=1),
    "Месть ассистента": C.HasSpecialists(specialists=("assistant",), fame=7),
    "Ацтекская дева": C.PerMarkerInWorkshop(fame_each=2),
    "Исчезающий слон": C.HasSpecialists(specialists=("manager",), fame=7),
}


def test_seed_level3_end_bonuses(packs):
    """Appendix «БОНУСЫ КАРТ НОМЕРОВ 3-ГО УРОВНЯ В КОНЦЕ ИГРЫ»: all 16 bonuses, by RU name."""
    level3 = {t.name.ru: t for t in packs.tricks_of(level=3)}
    assert set(level3) == set(SEED_END_BONUSES)
    for ru_name, bonus in SEED_END_BONUSES.items():
        assert level3[ru_name].end_bonus == bonus, ru_name
    assert all(t.end_bonus is None for t in packs.tricks.values() if t.level < 3)


def test_seed_end_game_example_assistants_revenge(packs):
    """«КОНЕЦ ИГРЫ», ПРИМЕР: Assistant's Revenge gives 7 fame with an Assistant."""
    assert packs.trick("t34_assistants_revenge").end_bonus == C.HasSpecialists(
        specialists=("assistant",), fame=7
    )


# --- props and market ---------------------------------------------------------------------------


def test_seed_prop_tiers_costs_and_token_counts(packs):
    """«ЖЕТОНЫ РЕКВИЗИТА» (1/2/3 coins) and «СОСТАВ ИГРЫ» (96 = 40 + 32 + 24 tokens)."""
    assert {t.id: (t.cost, t.tokens_in_box) for t in packs.prop_tiers.values()} == {
        "basic": (1, 40),
        "advanced": (2, 32),
        "superior": (3, 24),
    }
    assert (
        sum(t.tokens_in_box for t in packs.prop_tiers.values())
        == packs.board.limits.box["prop_tokens"]
    )
    for prop in packs.props.values():
        assert prop.cost == packs.prop_tiers[prop.tier].cost


def test_seed_initial_market_and_market_rules(packs):
    """Setup step 2 (1 wood, 1 metal, 1 glass, 1 fabric) and «РЫНОК» (3 per Buy, stacks of 3)."""
    board = packs.board
    assert sorted(board.setup.initial_buy_area) == ["fabric", "glass", "metal", "wood"]
    assert sorted(p.id for p in packs.props.values() if p.starts_in_buy_area) == sorted(
        board.setup.initial_buy_area
    )
    market = board.market
    assert (market.buy_area_slots, market.quick_order_slots, market.quick_order_surcharge) == (
        4,
        1,
        1,
    )
    assert (market.buy_max_same_type, market.stack_limit, market.manager_slots) == (3, 3, 2)


# --- performance cards --------------------------------------------------------------------------


def test_performance_cards_geometry_is_consistent(packs):
    for card in packs.performances.values():
        assert len(card.shard_links) == 1, card.id
        for x, y in card.cells:
            assert 0 <= x <= 1 and 0 <= y <= 2, card.id
        # every slot can take a marker: it touches at least one link circle
        for cell in card.cells:
            assert card.link_directions(cell), (card.id, cell)
        # the link circles join all slots of a card into one piece
        reached, todo = set(), [card.cells[0]]
        while todo:
            cell = todo.pop()
            if cell not in reached:
                reached.add(cell)
                todo += [card.link_toward(cell, d).other(cell) for d in card.link_directions(cell)]
        assert reached == set(card.cells), card.id


def test_performance_slot_counts_by_theater(packs):
    sizes = {
        theater: Counter(len(c.cells) for c in packs.performances_of(theater))
        for theater in packs.theaters
    }
    assert sizes == {
        "riverside_theater": {3: 5, 4: 7},
        "grand_magorian": {4: 4, 5: 4},
        "magnus_pantheon": {5: 4, 6: 4},
    }


def test_performance_card_lookups_use_xy_coordinates(packs):
    card = packs.performance("pf13")  # BGA P13: rows "##", "##", "#."
    assert card.cells == ((0, 0), (1, 0), (0, 1), (1, 1), (0, 2))
    assert card.link_between((0, 0), (0, 1)) is None  # adjacent but no circle
    assert card.link_toward((0, 1), "right") == C.Link(a=(0, 1), b=(1, 1), shard=True)
    assert card.link_toward((1, 0), "right") is None
    assert card.link_directions((0, 1)) == ("right", "down")
    assert card.neighbour((0, 2), "right") is None
    assert card.performer_bonus == C.Reward(fame=2)


def test_marker_geometry_turns_clockwise(packs):
    geo = packs.marker_geometry
    assert geo.provisional and geo.provisional_reason
    for school in C.SCHOOLS:
        for facing in C.DIRECTIONS:
            sides = [geo.school_on_side(school, facing, side) for side in C.DIRECTIONS]
            assert geo.school_on_side(school, facing, facing) == school
            assert sorted(sides) == sorted(C.SCHOOLS)
    # BGA's model: an Escape marker whose own symbol points right shows Optical at the top.
    assert geo.school_on_side("escape", "right", "up") == "optical"
    assert geo.school_on_side("escape", "up", "right") == "spiritual"
    assert geo.school_on_side("escape", "up", "down") == "mechanical"


def test_seed_performance_deck_and_active_cards(packs):
    """Setup step 3 and «Обновление карт представлений»: 2+2+2 deck, players-1 Riverside, 3/4/5 cards."""
    assert {t.id: t.deck_count for t in packs.theaters.values()} == {
        "riverside_theater": 2,
        "grand_magorian": 2,
        "magnus_pantheon": 2,
    }
    assert [t.id for t in packs.theaters.values() if t.dark_alley_only] == ["magnus_pantheon"]
    perf = packs.board.performance
    assert perf.initial_active_riverside == {"2": 1, "3": 2, "4": 3}
    assert perf.max_active == {"2": 3, "3": 4, "4": 5}
    assert perf.discard_from_round == 3


def test_seed_link_and_performer_bonuses(packs):
    """«БОНУСЫ ЗА СОЗДАНИЕ СВЯЗЕЙ НОМЕРОВ» and «БОНУСЫ ОРГАНИЗАТОРА»."""
    assert [t.link_reward for t in packs.board.trick_levels] == [1, 2, 3]
    perf = packs.board.performance
    assert perf.link_bonus_fame == 1 and perf.shard_link_shards == 1 and perf.yield_floor == 0
    assert perf.specialist_bonus == {
        "assistant": C.Reward(fame=2),
        "manager": C.Reward(coins=3),
        "engineer": C.Reward(shards=1),
    }


# --- board --------------------------------------------------------------------------------------


def test_seed_action_costs(packs):
    """Action lists of «ЦЕНТР», «РЫНОК», «МАСТЕРСКАЯ», «ТЕАТР», «КРИВАЯ УЛОЧКА»."""
    costs = {a.id: (a.location, a.ap) for a in packs.board.actions}
    assert costs == {
        "learn_trick": ("downtown", 3),
        "hire_character": ("downtown", 3),
        "take_coins": ("downtown", 3),
        "reroll_die": ("downtown", 1),
        "set_die": ("downtown", 2),
        "buy": ("market_row", 1),
        "bargain": ("market_row", 1),
        "order": ("market_row", 1),
        "quick_order": ("market_row", 2),
        "prepare": ("workshop", None),
        "move_trick": ("workshop", 1),
        "move_components": ("workshop", 1),
        "move_apprentice": ("workshop", 1),
        "set_up_trick": ("theater", 1),
        "reschedule": ("theater", 1),
        "perform": ("theater", 0),
        "draw_first_card": ("dark_alley", 1),
        "draw_further_card": ("dark_alley", 2),
        "fortune_telling": ("dark_alley", 1),
        "enhance_character": ("any", 0),
    }
    board = packs.board
    assert board.action("draw_first_card").limit == 1
    assert board.action("fortune_telling").limit is None  # the rulebook sets no limit
    assert (board.action("enhance_character").shards, board.action("enhance_character").limit) == (
        1,
        1,
    )
    assert [
        board.action(a).requires for a in ("move_trick", "move_components", "move_apprentice")
    ] == ["engineer", "manager", "assistant"]


def test_seed_characters_base_ap_wages_and_supply(packs):
    """«СИСТЕМА ОЧКОВ ДЕЙСТВИЯ», «Выплата жалования», «СОСТАВ ИГРЫ» (8 discs per colour)."""
    chars = {c.id: (c.base_ap, c.wage, c.supply) for c in packs.board.characters}
    assert chars == {
        "magician": (3, 0, 1),
        "assistant": (2, 2, 1),
        "engineer": (2, 2, 1),
        "manager": (2, 2, 1),
        "apprentice": (1, 1, 4),
    }
    assert (
        sum(c.supply for c in packs.board.characters) * 4
        == packs.board.limits.box["character_discs"]
    )
    assert packs.board.wages.apprentice_on_assistant_board == 0
    assert packs.board.wages.fame_per_unpaid_coin == 2


def test_seed_theater_days_from_example_a(packs):
    """«ТЕАТР», «МОДИФИКАТОРЫ ВОЗНАГРАЖДЕНИЯ», «ПРИМЕР А»."""
    days = {
        d.id: (d.order, d.backstage, d.stage, d.ap_modifier, d.yield_fame, d.yield_coins)
        for d in packs.board.theater_days
    }
    assert days == {
        "thursday": (1, 2, 1, 1, -1, -1),
        "friday": (2, 2, 1, 0, 0, 0),
        "saturday": (3, 2, 1, 0, 0, 0),
        "sunday": (4, 2, 1, -1, 1, 1),
    }
    assert [d.id for d in packs.board.theater_days if d.provisional] == ["sunday"]


def test_seed_two_and_three_player_slot_blocking(packs):
    """«ИГРА ДЛЯ 2–3 УЧАСТНИКОВ»: 1 (3 players) or 2 (2 players) '+1' slots unused, not in Theater/Workshop."""
    for location in packs.board.locations:
        blocked = {
            n: [s.ap_modifier for s in location.slots if n in s.unused_with_players]
            for n in (2, 3, 4)
        }
        if location.id in ("downtown", "market_row", "dark_alley"):
            assert blocked == {2: [1, 1], 3: [1], 4: []}, location.id
            assert sorted(s.ap_modifier for s in location.slots) == [0, 1, 1, 2]
        else:
            assert blocked == {2: [], 3: [], 4: []}, location.id


def test_seed_start_resources(packs):
    """«ПОДГОТОВКА ИГРОКОВ» and «НАЧАЛЬНАЯ СЛАВА И ОЧЕРЕДНОСТЬ ХОДА»."""
    setup = packs.board.setup
    assert setup.start_coins_by_initiative == (10, 12, 14, 16)
    assert setup.two_player_initiative_slots == (1, 3)
    assert (setup.start_fame, setup.start_shards, setup.start_props_value) == (5, 1, 2)
    assert setup.first_round_initiative == "random"
    assert {s.specialist for s in setup.specialist_choices} == {"assistant", "engineer", "manager"}
    assert (
        packs.board.advertise.cost_by_initiative == (1, 2, 3, 4) and packs.board.advertise.fame == 2
    )


def test_seed_first_game_kits(packs):
    """«ПОДГОТОВКА К ПЕРВОЙ ИГРЕ»: each kit's trick is a level-1 trick of the school, ready to prepare."""
    kits = {k.school: k for k in packs.board.setup.first_game_kits}
    assert set(kits) == set(C.SCHOOLS)
    for school, kit in kits.items():
        trick = packs.trick(kit.trick)
        assert (trick.school, trick.level) == (school, 1)
        assert kit.markers == trick.markers  # the kit's trick starts prepared
        assert all(
            kit.props.get(p, 0) + kit.manager_props.get(p, 0) >= n
            for p, n in trick.components.items()
        )
        value = sum(packs.prop(p).cost * n for p, n in kit.props.items())
        assert value == packs.board.setup.start_props_value, school
        assert sum(packs.prop(p).cost * n for p, n in kit.manager_props.items()) <= 2
    assert packs.trick(kits["escape"].engineer_trick).name.ru == "Освобождение из колодок"
    assert kits["mechanical"].extra_apprentices == 1


def test_seed_permanent_assignment_hands(packs):
    """«СОСТАВ ИГРЫ» (10 per player) and «ПОДГОТОВКА ИГРОКОВ» (hands of 6 / 9)."""
    perm = packs.permanent_assignments
    assert sum(p.per_player for p in perm.values()) == 10
    assert (
        sum(p.per_player for p in perm.values()) * 4
        == packs.board.limits.box["permanent_assignment_cards"]
    )
    assert sum(p.start_with_dark_alley for p in perm.values()) == 6
    assert sum(p.start_without_dark_alley for p in perm.values()) == 9
    assert perm["dark_alley"].start_without_dark_alley == 0
    for p in perm.values():
        assert max(p.start_with_dark_alley, p.start_without_dark_alley) <= p.per_player


def test_seed_box_contents_match_the_packs(packs):
    """«СОСТАВ ИГРЫ»: the box counts agree with the records in the packs."""
    box = packs.board.limits.box
    assert box["trick_cards"] == len(packs.tricks)
    assert box["special_assignment_cards"] == len(packs.special_assignments)
    assert box["performance_cards"] == len(packs.performances)
    assert box["magician_cards"] == len(packs.magicians)
    assert box["prophecy_tokens"] == len(packs.prophecies)
    limits = packs.board.limits
    assert box["trick_markers"] == 4 * limits.trick_symbols * limits.markers_per_symbol
    assert box["symbol_markers"] == 4 * limits.trick_symbols
    assert box["downtown_dice"] == sum(d.count for d in packs.board.dice)


def test_seed_rounds_and_end_scoring(packs):
    """«КОНЕЦ ИГРЫ»: 7 rounds (5 without Dark Alley), scoring categories, 20-fame cap."""
    board = packs.board
    assert (board.rounds.with_dark_alley, board.rounds.without_dark_alley) == (7, 5)
    end = board.end_scoring
    assert (end.fame_per_shard, end.coins_per_fame) == (1, 3)
    assert (
        end.fame_per_apprentice_without_dark_alley,
        end.fame_per_specialist_without_dark_alley,
    ) == (2, 3)
    assert end.fame_per_special_assignment_with_dark_alley == 2
    assert end.level3_bonus_condition == "props_or_marker" and end.cap == 20


def test_seed_fast_game_variant(packs):
    """Appendix «БЫСТРАЯ ПАРТИЯ (ВАРИАНТ ИГРЫ)»."""
    fast = packs.board.fast_game
    assert (fast.start_round, fast.extra_fame, fast.extra_props_value, fast.extra_shards) == (
        2,
        3,
        3,
        1,
    )
    assert (fast.extra_special_assignments, fast.extra_coins_if_assistant) == (1, 2)
    assert packs.board.setup.start_fame + fast.extra_fame == 8


def test_dice_are_marked_provisional(packs):
    dice = {d.id: d for d in packs.board.dice}
    assert sum(d.count for d in dice.values()) == 6
    assert all(d.provisional and d.provisional_reason for d in dice.values())
    assert dice["trick_die"].faces.count("x") == 1 and "any" in dice["trick_die"].faces


# --- cards with effects -------------------------------------------------------------------------


def test_special_assignment_triggers_are_actions_of_their_location(packs):
    for card in packs.special_assignments.values():
        assert card.text and card.effect
        if card.trigger != "any":
            assert packs.board.action(card.trigger).location == card.location, card.id
    assert len({c.effect for c in packs.special_assignments.values()}) == 40


def test_prophecy_and_ability_effect_ids_are_unique(packs):
    assert len({p.effect for p in packs.prophecies.values()}) == 27
    assert len({m.ability.effect for m in packs.magicians.values()}) == 8
    assert [m.id for m in packs.magicians.values() if m.requires_prophecies] == [
        "m03_priestess_of_mysticism"
    ]


def test_typed_effect_parameters(packs):
    assert packs.prophecy("pr12").params == (C.ActionCost(action="learn_trick", ap=1),)
    assert packs.prophecy("pr16").params == (
        C.DayYield(day="thursday", fame=0, coins=0),
        C.DayYield(day="sunday", fame=0, coins=0),
    )
    assert packs.prophecy("pr10").params == (C.OnSetUp(school="escape", gain=C.Gain(fame=2)),)
    assert packs.special_assignment("a28_headhunter").params == (
        C.IgnoreDie(die="character_die"),
        C.ActionCostDelta(action="hire_character", delta=-1),
    )
    assert packs.special_assignment("a16_trick_tweaking").params == (C.ExtraMarkers(count=1),)
    assert packs.magician("m04_mechaniker").ability.params == (
        C.APBonus(character="apprentice", ap=1, except_locations=("theater",), per_round=1),
    )


# --- corrupted records --------------------------------------------------------------------------


def refused(raw: dict) -> PackError:
    with pytest.raises(PackError) as err:
        build(raw)
    assert err.value.code == "pack.invalid"
    return err.value


def test_corrupted_trick_type_is_rejected_with_its_path():
    raw = raw_packs()
    raw["tricks"]["tricks"][3]["markers"] = "two"
    err = refused(raw)
    assert err.params["pack"] == "trickerion.tricks"
    assert err.params["path"] == "$.tricks[3].markers" and "int" in err.params["reason"]


def test_unknown_field_is_rejected():
    raw = raw_packs()
    raw["prophecies"]["prophecies"][0]["colour"] = "red"
    err = refused(raw)
    assert err.params["path"] == "$.prophecies[0]" and "colour" in err.params["reason"]


def test_unknown_effect_kind_is_rejected():
    raw = raw_packs()
    raw["prophecies"]["prophecies"][0]["params"][0]["kind"] = "teleport"
    err = refused(raw)
    assert err.params["path"] == "$.prophecies[0].params[0].kind"
    assert "teleport" in err.params["reason"]


def test_level3_trick_without_end_bonus_is_rejected():
    raw = raw_packs()
    trick = next(t for t in raw["tricks"]["tricks"] if t["level"] == 3)
    del trick["end_bonus"]
    assert "exactly the level-3 tricks have an end_bonus" in refused(raw).params["reason"]


def test_provisional_value_needs_a_reason():
    raw = raw_packs()
    del raw["board"]["dice"][0]["provisional_reason"]
    assert "provisional=true needs a provisional_reason" in refused(raw).params["reason"]


def test_missing_header_is_rejected():
    raw = raw_packs()
    del raw["props"]["pack"]
    err = refused(raw)
    assert err.params["pack"] == "trickerion.props" and "pack" in err.params["reason"]
    raw = raw_packs()
    raw["props"]["pack"] = "trickerion.tricks"
    assert refused(raw).params["path"] == "$.pack"


def test_unknown_prop_in_a_trick_is_rejected():
    raw = raw_packs()
    raw["tricks"]["tricks"][0]["components"] = {"unicorn": 1}
    raw["tricks"]["tricks"][1]["components"] = {"dragon": 1}
    err = refused(raw)
    assert err.errors == [
        ("trickerion.tricks:$.tricks[0].components[0]", "unknown prop 'unicorn'"),
        ("trickerion.tricks:$.tricks[1].components[0]", "unknown prop 'dragon'"),
    ]


def test_link_between_non_adjacent_slots_is_rejected():
    raw = raw_packs()
    raw["performances"]["cards"][0]["links"][0]["b"] = [0, 2]  # pf01: a column of 3 slots
    err = refused(raw)
    assert err.params["pack"] == "trickerion.performances"
    assert err.params["path"] == "$.cards[0].links[0]" and "adjacent" in err.params["reason"]


def test_duplicate_id_is_rejected():
    raw = raw_packs()
    raw["magicians"]["magicians"][1]["id"] = raw["magicians"]["magicians"][0]["id"]
    err = refused(raw)
    assert err.params["path"] == "$.magicians[1].id" and "duplicate" in err.params["reason"]


def test_unknown_trigger_action_is_rejected():
    raw = raw_packs()
    raw["assignments"]["special"][0]["trigger"] = "juggle"
    err = refused(raw)
    assert err.params["path"] == "trickerion.assignments:$.special[0].trigger"
    assert "juggle" in err.params["reason"]


def test_prop_storage_limits_come_from_the_board_pack():
    """«РЫНОК»: at most 3 tokens of a type, the Manager's board holds 2 types; the player
    board's 6 stacks are provisional (printed on the board, not in the text)."""
    from engine.games.trickerion import common

    market = load_packs().board.market
    assert (market.stack_limit, market.manager_slots, market.board_prop_slots) == (3, 2, 6)
    assert market.board_prop_slots_provisional_reason
    assert (common.STACK_LIMIT, common.MANAGER_PROP_SLOTS, common.BOARD_PROP_SLOTS) == (3, 2, 6)


def test_packs_keep_the_pending_prophecy_count_and_forgo_ap():
    """«ПРОРОЧЕСТВА»: three pending prophecies; «ОСОБЫЕ ПОРУЧЕНИЯ»: a card used for its +1 AP."""
    packs = load_packs()
    assert packs.prophecies_pending == 3 and packs.forgo_effect_ap == 1
