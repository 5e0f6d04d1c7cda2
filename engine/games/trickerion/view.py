"""What one seat may see: the state without the RNG, the decks' order, other players' face-down
assignment cards, which cards they hold (permanent and special: only the counts stay public, so
a face-down assignment cannot be read off the hand), and cards another player drew but has not
kept yet."""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from engine.games.trickerion.state import State


def as_dict(obj: Any) -> Any:
    """Structs (even ``array_like`` ones) as dicts of builtins, recursively."""
    if isinstance(obj, msgspec.Struct):
        return {f: as_dict(getattr(obj, f)) for f in obj.__struct_fields__}
    if isinstance(obj, list):
        return [as_dict(x) for x in obj]
    if isinstance(obj, dict):
        return {k: as_dict(v) for k, v in obj.items()}
    return obj


def view(g, s: State, viewer: int | None) -> dict[str, Any]:
    data = as_dict(s)
    data.pop("rng", None)
    for seat, p in enumerate(data["players"]):
        p["special_count"] = len(p["specials"])
        p["hand_count"] = sum(p["hand"].values())
        if seat == viewer:
            continue
        p["specials"] = []
        p["hand"] = {}
        for c in p["chars"]:
            if c["card"] and not c["shown"]:
                c["card"] = "face_down"
    data["decks"] = {loc: len(cards) for loc, cards in s.decks.items()}
    data["prophecy_stack"] = len(s.prophecy_stack)
    data["perf_deck"] = [g.cat.cards[c].theater for c in s.perf_deck]
    for pend in data["pending"]:
        if pend["kind"] == "keep_card" and pend["seat"] != viewer:
            pend["cards"] = ["face_down"] * len(pend["cards"])
    data["round_count"] = (g.cat.rounds.with_dark_alley if g.options["dark_alley"]
                           else g.cat.rounds.without_dark_alley)
    if s.solo is not None:
        data["solo"] = solo_view(g, s)
    return data


def solo_view(g, s: State) -> dict[str, Any]:
    """The Successor's board for the page (docs/solo.md, "What the page shows")."""
    from engine.games.trickerion.solo import dice as prep_dice
    from engine.games.trickerion.solo import rules as R
    solo = s.solo
    packs = R.packs()
    p = s.players[solo.seat]
    plan = packs.plans.get(solo.plan)
    ability = packs.abilities.get(p.magician)
    dice = prep_dice.dice_in_play(solo)
    records = _provisional()
    return {
        "seat": solo.seat,
        "difficulty": solo.difficulty,
        "adjustments": {"easier": solo.ignore_successor_ability,
                        "harder_no_ability": solo.ignore_human_ability,
                        "harder_coins": bool(g.solo and g.solo["harder_coins"])},
        "board_slots": packs.board.side(solo.academy).character_slots,
        # The plan card of this round: in the upper slot when ready, the lower when busy.
        "plan": {"id": solo.plan, "kind": plan.kind,
                 "entries": [{"location": e.location, "special": e.special}
                             for e in plan.entries],
                 "provisional": plan.provisional} if plan else None,
        "plan_slot": "upper" if solo.mood == "ready" else "lower",
        "plan_deck": len(solo.plan_deck),
        "plan_discard": list(solo.plan_discard),
        "mood": solo.mood,
        "highest_level": R.highest_level(p.fame),
        "safe": {"coins": p.coins, "shards": p.shards},
        "shopping": list(solo.shopping),
        "ability": {"magician": p.magician, "effect": ability.effect if ability else "",
                    "text": ability.text if ability else "",
                    "off": solo.ignore_successor_ability},
        "prep_dice": [{"id": d.id, "location": d.location,
                       "face": list(d.faces[f]) if f >= 0 else [],
                       "marked": d.id in solo.prep_marked,
                       "provisional": d.provisional} for d, f in zip(dice, solo.prep_faces)]
        if solo.prep_faces else [],
        "closed_slots": [i for i, v in enumerate(s.slots) if v == -2],
        # The Successor's placement in progress (location list step, what is left to take).
        "turn": as_dict(solo.turn) if solo.turn else None,
        "provisional": records,
    }


@functools.cache
def _provisional() -> list[dict[str, str]]:
    from engine.games.trickerion.solo.components import load_solo_packs, provisional_records
    return [{"path": path, "reason": reason}
            for path, reason in provisional_records(load_solo_packs())]
