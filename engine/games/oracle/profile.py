"""One practice session's profile (``simulate --profile``): where the points came from and
what the sheet was used for, read from the final sheet and the engine's own events (the
whole session's, one flat list).

``pts.<source>`` is the practice score's own breakdown (goods by size, guild funding once and
at markets, corruption), so those metrics sum to the score; ``goods.day<n>`` counts the goods
made each day. The rest counts the actions taken by name, passes, predictions made / come true
/ failed, circles filled, staff activated, horoscope cells written, lines drawn, corruption
taken. The Oracle has one seat: the list has one dict.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.events import Event
from engine.games.oracle import frame
from engine.games.oracle.rules import Rules

_COUNTED = {  # event code -> metric counting it
    "oracle.action.passed": "passes",
    "oracle.prediction.made": "predictions_made",
    "oracle.prediction.true": "predictions_true",
    "oracle.prediction.failed": "predictions_failed",
    "oracle.threads.circle_filled": "circles_filled",
    "oracle.staff.activated": "staff_activated",
    "oracle.horoscope.written": "horoscope_written",
    "oracle.stargazing.line": "lines",
    "oracle.corruption.take": "corruption_taken",
    "oracle.reward.lost": "rewards_lost",
}


def profile(state: Any, events: Iterable[Event]) -> list[dict[str, float]]:
    r = Rules(state.mode)
    parts = frame.breakdown(r, state)
    m: dict[str, float] = dict.fromkeys(_COUNTED.values(), 0.0)
    m["pts"] = float(parts.pop("total"))
    for size in ("talisman", "tome"):
        m[f"pts.{size}"] = float(sum(v for k, v in parts.items() if k.startswith(size)))
    for k in ("guild_x", "guild_market", "corruption"):
        m[f"pts.{k}"] = float(parts[k])
    day = 1
    for e in events:
        if e.code == "oracle.practice.day_start":
            day = e.params["day"]
        elif e.code == "oracle.goods.take":
            key = f"goods.day{day}"
            m[key] = m.get(key, 0.0) + 1
            key = f"goods.{e.params['size']}"
            m[key] = m.get(key, 0.0) + 1
        elif e.code == "oracle.action.taken":
            key = f"action.{e.params['action']}"
            m[key] = m.get(key, 0.0) + 1
        elif e.code in _COUNTED:
            m[_COUNTED[e.code]] += 1
    return [m]
