"""The Successor's board in the solo game's view (docs/solo.md, "What the page shows")."""

from __future__ import annotations

from typing import Any

from engine.games.trickerion.solo import dice as prep_dice
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.state import SoloState
from engine.games.trickerion.state import State
from engine.games.trickerion.view import as_dict


def solo_view(cat: R.SoloCatalog, s: State, solo: SoloState, harder_coins: bool) -> dict[str, Any]:
    """The Successor's board for the page (docs/solo.md, "What the page shows"); ``harder_coins``
    is the table's option (the state keeps the two other adjustments)."""
    packs = R.table_packs(cat)
    p = s.players[solo.seat]
    plan = packs.plans.get(solo.plan)
    ability = packs.abilities.get(p.magician)
    dice = prep_dice.dice_in_play(cat, solo)
    records = cat.solo_provisional
    return {
        "seat": solo.seat,
        "difficulty": solo.difficulty,
        "adjustments": {
            "easier": solo.ignore_successor_ability,
            "harder_no_ability": solo.ignore_human_ability,
            "harder_coins": harder_coins,
        },
        "board_slots": packs.board.side(solo.academy).character_slots,
        # The plan card of this round: in the upper slot when ready, the lower when busy.
        "plan": {
            "id": solo.plan,
            "kind": plan.kind,
            "entries": [{"location": e.location, "special": e.special} for e in plan.entries],
            "provisional": plan.provisional,
        }
        if plan
        else None,
        "plan_slot": "upper" if solo.mood == "ready" else "lower",
        "plan_deck": len(solo.plan_deck),
        "plan_discard": list(solo.plan_discard),
        "mood": solo.mood,
        "highest_level": R.highest_level(p.fame),
        "safe": {"coins": p.coins, "shards": p.shards},
        "shopping": list(solo.shopping),
        "ability": {
            "magician": p.magician,
            "effect": ability.effect if ability else "",
            "text": ability.text if ability else "",
            "off": solo.ignore_successor_ability,
        },
        "prep_dice": [
            {
                "id": d.id,
                "location": d.location,
                "face": list(d.faces[f]) if f >= 0 else [],
                "marked": d.id in solo.prep_marked,
                "provisional": d.provisional,
            }
            for d, f in zip(dice, solo.prep_faces)
        ]
        if solo.prep_faces
        else [],
        "closed_slots": [i for i, v in enumerate(s.slots) if v == -2],
        # The Successor's placement in progress (location list step, what is left to take).
        "turn": as_dict(solo.turn) if solo.turn else None,
        "provisional": records,
    }
