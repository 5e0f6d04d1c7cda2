"""One game's profile per seat (``simulate --profile``): where each VP came from and when, and
what the seat did with its turns, read from the engine's own events only (the whole game's, one flat list).

``vp.<source>`` splits the final score by the ``why`` of every ``mag.vp`` event (perform,
card, bonus cells and tent slots by their source, the round-end shortfall as ``short``,
the end-of-game counts as ``final_*``), so those metrics sum to the score; ``vp.round<n>``
splits it by round (the end-of-game count as ``vp.end``) and sums to it too. The rest counts
actions: performances, the posters each rewards, those rewarding two or more and those
rewarding none, builds, travels, tents, posters gained, solo discards for a die, dice by
kind, gems spent for power, markers, coins short.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.events import Event

_COUNTED = {  # event code -> metric counting it
    "mag.tent": "tents",
    "mag.poster": "posters_gained",
    "mag.solo_die": "solo_dice",
    "mag.gem_ap": "gems_for_power",
    "mag.marker": "markers_used",
    "mag.card_bonus": "card_bonuses",
    "mag.place": "fragments",
}


def profile(state: Any, events: Iterable[Event]) -> list[dict[str, float]]:
    seats = len(state.players)
    out: list[dict[str, float]] = [
        dict.fromkeys(
            [
                "vp",
                "performs",
                "posters_rewarded",
                "perform_hat_ap",
                "performs_two_posters",
                "performs_empty",
                "builds",
                "travels",
                "clear_dice",
                "coins_short",
                "dice_bill",
                *_COUNTED.values(),
            ],
            0.0,
        )
        for _ in range(seats)
    ]
    rnd = 1
    for e in events:
        p = e.params
        if e.code == "mag.round":
            rnd = p["round"]
            continue
        # R92's discard is the solo player's own, and its event names no seat
        seat = 0 if e.code == "mag.solo_die" else p.get("seat")
        if not isinstance(seat, int) or not 0 <= seat < seats:
            continue
        m = out[seat]
        if e.code == "mag.vp":
            why = p["why"]
            when = "end" if why.startswith("final") else f"round{rnd}"
            for key in ("vp", f"vp.{why}", f"vp.{when}"):
                m[key] = m.get(key, 0.0) + p["n"]
        elif e.code == "mag.hat":
            m["performs"] += 1
            m["perform_hat_ap"] += p["ap"] or 0  # the first space needs no power
        elif e.code == "mag.reward":
            m["posters_rewarded"] += len(p["posters"])
            m["performs_two_posters"] += len(p["posters"]) >= 2
            m["performs_empty"] += not p["posters"]
        elif e.code == "mag.action" and p["action"] in ("build", "travel"):
            m[p["action"] + "s"] += 1
        elif e.code == "mag.take" and p["colour"] == "clear":
            m["clear_dice"] += 1
        elif e.code == "mag.pay":
            m["dice_bill"] += p["owed"]
            m["coins_short"] += p["owed"] - p["paid"]
        elif e.code in _COUNTED:
            m[_COUNTED[e.code]] += 1
    for m in out:
        # per performance: how many posters each rewards and how high its hat went
        n = m["performs"]
        m["posters_per_perform"] = m["posters_rewarded"] / n if n else 0.0
        m["perform_hat_ap"] = m["perform_hat_ap"] / n if n else 0.0
    return out
