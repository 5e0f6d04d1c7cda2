"""What each seat built and where its fame came from, from a finished game's own events
(``python -m engine simulate --profile``; docs/bots.md, "Trickerion").

Fame is attributed as in ``../shared/data/strategy/why-bots-lose.md``: every
``trickerion.gain`` by its ``why`` (a performance yield split by whether the owner of the
markers performed the card), ``trickerion.advertised``, and the final breakdown. The parts add
up to the final score, so ``fame.start`` is what the seat began with.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.events import Event
from engine.games.trickerion.catalog import catalog

# Events counted once per event, for the seat they name.
COUNTED = {
    "trickerion.hired": "hires",
    "trickerion.trick_learned": "learned",
    "trickerion.cards_drawn": "alley_draws",
    "trickerion.made_idle": "made_idle",
    "trickerion.enhanced": "enhanced",
}


# A placement does something when one of these follows it before its turn ends (any gain:
# Take Coins and the special assignments' own; an Enhance or a reroll alone is not a job).
DONE = {
    "trickerion.gain",
    "trickerion.prepared",
    "trickerion.trick_learned",
    "trickerion.hired",
    "trickerion.cards_drawn",
    "trickerion.bought",
    "trickerion.ordered",
    "trickerion.quick_ordered",
    "trickerion.set_up",
    "trickerion.rescheduled",
    "trickerion.fortune_told",
    "trickerion.trick_moved",
    "trickerion.special_effect",
}


def profile(state: Any, events: list[Event]) -> list[dict[str, float]]:
    levels = catalog().trick_level
    solo = getattr(state, "solo", None)
    auto = solo.seat if solo is not None else -1
    out: list[Counter[str]] = [Counter() for _ in state.players]
    # Each seat's placement whose turn is under way: its location, and whether it did a job.
    visit: dict[int, tuple[str, bool]] = {}
    # Markers set up on each performance card (by its id), per seat, until it is performed.
    on_card: dict[str, Counter[int]] = {}
    performer = -1
    for e in events:
        code, q = e.code, e.params
        if code in DONE and q.get("seat") in visit:
            visit[q["seat"]] = (visit[q["seat"]][0], True)
        if code in COUNTED:
            out[q["seat"]][COUNTED[code]] += 1
        elif code == "trickerion.solo.hired":
            out[auto]["hires"] += 1
        elif code == "trickerion.placed":
            out[q["seat"]][f"placed.{q['location']}"] += 1
            visit[q["seat"]] = (q["location"], False)
        elif code == "trickerion.on_stage":
            visit.pop(q["seat"], None)  # the Magician performs later: no action points
        elif code == "trickerion.turn_ended" and q["seat"] in visit:
            where, done = visit.pop(q["seat"])
            out[q["seat"]][f"nothing_done.{where}"] += not done
        elif code == "trickerion.set_up":
            on_card.setdefault(q["perf"], Counter())[q["seat"]] += 1
        elif code == "trickerion.performed":
            performer = q["seat"]
            out[performer]["performances"] += 1
            mine = on_card.pop(q["perf"], Counter())[performer]
            out[performer]["own_markers_performed"] += mine
        elif code == "trickerion.gain":
            seat, why = q["seat"], q["why"]
            if why == "performance_yield":
                why = "own_show" if seat == performer else "other_show"
            out[seat]["fame." + why] += q["fame"]
            out[seat]["coins_gained"] += max(0, q["coins"])
        elif code == "trickerion.advertised":
            out[q["seat"]]["fame.advertise"] += q["fame"]
            out[q["seat"]]["advertised"] += 1
        elif code == "trickerion.prepared":
            level = levels[q["trick"]]
            out[q["seat"]][f"prepared.l{level}"] += q["markers"]
            out[q["seat"]]["prepared.l2+"] += q["markers"] if level >= 2 else 0
    final = state.final or [{} for _ in state.players]
    return [
        _seat(c, p, final[seat], levels, seat == auto)
        for seat, (c, p) in enumerate(zip(out, state.players))
    ]


def _seat(
    c: Counter[str], p: Any, final: dict[str, int], levels: dict[str, int], auto: bool
) -> dict[str, float]:
    """The end of the game: tricks owned, the final breakdown, what the seat began with."""
    for t in p.tricks:
        c[f"tricks.l{levels[t.id]}"] += 1
        c["tricks.l2+"] += levels[t.id] >= 2
    for key, fame in final.items():
        if key not in ("fame", "total"):
            c["fame.end." + key.partition(":")[0]] += fame
    earned = sum(v for k, v in c.items() if k.startswith("fame.") and not k.startswith("fame.end."))
    c["fame.start"] = final.get("fame", p.fame) - earned
    c["fame"] = final.get("total", p.fame)
    c["coins_end"] = p.coins
    c["specials_end"] = len(p.specials)
    for key in ("tricks.l1", "tricks.l2", "tricks.l3", "tricks.l2+", "hires", "performances"):
        c.setdefault(key, 0)
    out = {k: float(v) for k, v in sorted(c.items())}
    if auto:
        # Its set-ups are its own events (no performance card id): no per-show count.
        out.pop("own_markers_performed", None)  # absent when it never performed
    else:
        out["own_markers_per_performance"] = c["own_markers_performed"] / max(1, c["performances"])
    return out
