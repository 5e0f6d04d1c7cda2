"""Every effect id in a game's packs is handled by its code (issue 10, item 7).

A pack names behaviour by id: a special assignment's or prophecy's ``effect``, a magician's
ability, the Successor's solo ability, an Oracle staff ability or prediction option, a
Magnificent bonus, condition or assistant-space effect. An id no rule module names would load
and then do nothing, silently. For each game this test collects the ids from its shipped packs
and looks for each in the game's rule modules: a string literal in code (a comparison, a
dispatch-table key, an argument such as ``_ready(r, act, "shoplifting")``) or, for an effect
described wholly by typed parameters, every parameter's class handled by name. Docstrings and the
schema modules themselves do not count. The control cases change one id in a pack and expect it
to be refused by the pack's schema or reported here.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from engine.core.packs import PackError
from engine.games.magnificent import components as MC
from engine.games.oracle import packs as OP
from engine.games.trickerion import components as TC
from engine.games.trickerion.solo import components as SC

ENGINE = Path(__file__).parents[2] / "engine" / "games"
SCHEMAS = {"components.py", "packs.py"}  # where the ids are declared, not handled


def vocabulary(*packages: str) -> set[str]:
    """Every string literal and name in the packages' rule modules, docstrings excluded."""
    found: set[str] = set()
    for package in packages:
        for path in sorted((ENGINE / package).glob("*.py")):
            if path.name in SCHEMAS:
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            docstrings = {
                id(n.value)
                for n in ast.walk(tree)
                if isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant)
            }
            for node in ast.walk(tree):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    if id(node) not in docstrings:
                        found.add(node.value)
                elif isinstance(node, ast.Name):
                    found.add(node.id)
                elif isinstance(node, ast.Attribute):
                    found.add(node.attr)
    return found


# --- Trickerion and its solo Successor -------------------------------------------------------


def trickerion_unhandled(packs: TC.Packs, code: set[str]) -> list[str]:
    cards = [(c.id, c.effect, c.params) for c in packs.special_assignments.values()]
    cards += [(c.id, c.effect, c.params) for c in packs.prophecies.values()]
    cards += [(m.id, m.ability.effect, m.ability.params) for m in packs.magicians.values()]
    missing = []
    for card, effect, params in cards:
        by_name = effect in code or card in code
        by_params = bool(params) and all(type(p).__name__ in code for p in params)
        if not (by_name or by_params):
            missing.append(f"{card}:{effect}")
    return missing


def solo_unhandled(packs: SC.SoloPacks, code: set[str]) -> list[str]:
    # The Academy's magicians are data for the expansion, which the engine does not play.
    return [
        f"{a.magician}:{a.effect}"
        for a in packs.abilities.values()
        if not a.academy and a.effect not in code
    ]


def test_every_trickerion_effect_is_handled():
    code = vocabulary("trickerion")
    packs = TC.load_packs()
    assert len(packs.special_assignments) + len(packs.prophecies) + len(packs.magicians) > 70
    assert trickerion_unhandled(packs, code) == []


def test_every_successor_ability_is_handled():
    code = vocabulary("trickerion", "trickerion/solo")
    assert solo_unhandled(SC.load_solo_packs(), code) == []


def raw_trickerion() -> dict[str, str]:
    return {name: TC.read_pack_bytes(name).decode() for name in TC.PACK_TYPES}


def test_control_an_unknown_trickerion_effect_is_reported():
    raw = raw_trickerion()
    data = json.loads(raw["prophecies"])
    data["prophecies"][0]["effect"] = "teleport_the_audience"
    data["prophecies"][0]["params"] = []
    raw["prophecies"] = json.dumps(data)
    packs = TC.build_packs(raw)  # the schema cannot know the id: it loads …
    assert trickerion_unhandled(packs, vocabulary("trickerion")) == [
        f"{data['prophecies'][0]['id']}:teleport_the_audience"
    ]  # … and is reported here


def test_control_an_effect_known_only_through_an_unhandled_parameter_is_reported():
    packs = TC.load_packs()
    code = vocabulary("trickerion") - {"DayYield"}
    assert any(e.endswith("saturday_bonus") for e in trickerion_unhandled(packs, code))


def test_control_an_unknown_successor_ability_is_refused():
    raw = {name: SC.read_pack_bytes(name).decode() for name in SC.PACK_TYPES}
    data = json.loads(raw["magicians"])
    data["abilities"][0]["effect"] = "teleport_the_audience"
    raw["magicians"] = json.dumps(data)
    with pytest.raises(PackError) as err:
        SC.build_solo_packs(raw)
    assert err.value.params["path"] == "$.abilities[0].effect"


# --- the Oracle ------------------------------------------------------------------------------


def oracle_unhandled(sheet: OP.Sheet, code: set[str]) -> dict[str, list[str]]:
    """Staff abilities act through the numbers of their ``staff_effects`` entry, so an ability
    is handled when it has one and the code reads each number it uses; a partner rune's
    ``fill_<kind>`` fills circles of that kind."""
    staff = set()
    for ability in {s.ability for s in sheet.staff} | set(sheet.staff_effects):
        effect = sheet.staff_effects.get(ability)
        used = [f for f in effect.__struct_fields__ if getattr(effect, f)] if effect else []
        if not used or any(f not in code for f in used):
            staff.add(ability)
    partner = {
        e
        for e in sheet.threads_of_fate.partner_effects.values()
        if e not in code and e.removeprefix("fill_") not in code
    }
    ids = {
        "prediction option": {o for t in sheet.prediction.tiers for o in t.options},
        "horoscope reward": {c.kind for r in sheet.horoscope.rows for c in r.cells if c},
        "figure space": set(sheet.figure_spaces),
    }
    out = {kind: sorted(v - code) for kind, v in ids.items()}
    return {**out, "staff ability": sorted(staff), "partner effect": sorted(partner)}


def test_every_oracle_id_is_handled():
    missing = oracle_unhandled(OP.load_sheet(), vocabulary("oracle"))
    assert missing == {kind: [] for kind in missing}


def test_control_an_oracle_ability_whose_number_no_code_reads_is_reported():
    code = vocabulary("oracle") - {"discard"}
    assert oracle_unhandled(OP.load_sheet(), code)["staff ability"] != []


def test_control_an_unknown_oracle_staff_ability_is_refused():
    data = json.loads(OP.shipped_bytes("sheet"))
    data["staff"][0]["ability"] = "fortune_cookie"
    with pytest.raises(PackError) as err:
        OP.parse_sheet(json.dumps(data))
    assert err.value.params["path"] == "$.staff[0].ability"


# --- The Magnificent -------------------------------------------------------------------------


def magnificent_ids(c: MC.Components) -> dict[str, set[str]]:
    bonuses = [m.bonus for m in c.master_cards]
    bonuses += [cell.bonus for b in c.boards for cell in b.camp.bonus_cells]
    bonuses += [x for b in c.boards for slot in b.tent_slot_bonuses for x in slot]
    return {
        "bonus": {type(b).__name__ for b in bonuses},
        "condition": {type(m.condition).__name__ for m in c.master_cards},
        "space effect": {s.effect for s in (*c.assistant_tiles, *c.board_assistant_spaces)},
    }


def test_every_magnificent_id_is_handled():
    code = vocabulary("magnificent")
    pack, _ = MC.parse(MC.shipped_bytes())
    missing = {kind: sorted(ids - code) for kind, ids in magnificent_ids(pack).items()}
    assert missing == {kind: [] for kind in missing}


def test_control_an_unknown_magnificent_effect_is_refused():
    data = json.loads(MC.shipped_bytes())
    data["assistant_tiles"][0]["effect"] = "juggle"
    with pytest.raises(PackError) as err:
        MC.parse(json.dumps(data).encode())
    assert err.value.params["path"] == "$.assistant_tiles[0].effect"
