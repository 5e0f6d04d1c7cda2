"""What the page draws the sheet from: JSON-ready builtins, laid out as the sheet is (the shape
is documented in docs/oracle.md, "The view"). Nothing is hidden from the single player except
the RNG."""

from __future__ import annotations

from typing import Any

from engine.core.decisions import kind as decision_kind
from engine.games.oracle import bowl as B
from engine.games.oracle import frame, rewards
from engine.games.oracle.available import pending_options
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import (
    REWARDS,
    OracleState,
    PendingCircles,
    PendingDrawOrder,
    PendingHoroscope,
    PendingLines,
    PendingPrediction,
    PendingStaff,
    PendingTalisman,
    PendingTome,
    PendingTownsfolk,
    pending_name,
)


def view(r: Rules, s: OracleState) -> dict[str, Any]:
    sheet = r.sheet
    return {
        "mode": r.mode,
        "phase": s.phase,
        "turn": s.turn,
        "provisional": sheet.provisional,
        "layout": {
            "id": sheet.id,
            "version": sheet.version,
            "source": sheet.source,
            "reasons": list(sheet.reasons),
        },
        "frame": _frame(r) if r.practice_mode else None,
        "bowl": _bowl(s),
        "figure": s.figure,
        "actions": [
            {"id": a, "hours": r.hours(a), "figure": s.figure == a} for a in sheet.figure_spaces
        ],
        "last_action": s.last_action,
        "threads": {k: _circles(r, s, k) for k in ("plus_minus", "move")},
        "stargazing": _stargazing(r, s),
        "predictions": _predictions(r, s),
        "horoscope": _horoscope(r, s),
        "guilds": [
            {
                "id": g,
                "symbols": [*(s.guilds[g]), *([None] * (r.guild_symbols[g] - len(s.guilds[g])))],
            }
            for g in r.guild_ids
        ],
        "staff": [
            {
                "slot": i,
                "ability": slot.ability,
                "hired": bool(s.staff[i]),
                "cards": [list(card) for card in s.staff[i]],
            }
            for i, slot in enumerate(sheet.staff)
        ],
        "clock": {
            "hours_spent": s.hours_spent,
            "hours_today": s.hours_today,
            "hours_per_day": r.practice.hours_per_day if r.practice_mode else None,
            "day": s.day,
            "days": r.practice.days if r.practice_mode else None,
        },
        "goods": {
            "made": {"talisman": dict(s.made.talisman), "tome": dict(s.made.tome)},
            "stall": {"talisman": dict(s.stall.talisman), "tome": dict(s.stall.tome)},
            "stock": {"talisman": sheet.goods_stock.talisman, "tome": sheet.goods_stock.tome},
        },
        "corruption": {"held": s.corruption, "taken": s.corruption_taken},
        "funding": {
            "once": s.funding_once,
            "market": s.funding_market,
            "market_phases": s.market_phases,
            "market_symbols": sum(m == "market" for ms in s.guilds.values() for m in ms),
        },
        "adventurers": {
            "bag": dict(s.bag) if r.practice_mode else None,
            "drawn": list(s.drawn),
            "queue": list(s.draw_queue),
        },
        "score": frame.breakdown(r, s) if r.practice_mode else None,
        "pending": _pending(r, s),
    }


def _frame(r: Rules) -> dict[str, Any]:
    p = r.practice
    return {
        "id": p.id,
        "source": p.source,
        "provisional": p.provisional,
        "reasons": list(p.reasons),
        "days": p.days,
        "hours_per_day": p.hours_per_day,
        "clock_draws": [{"hour": d.hour, "count": d.count} for d in p.clock_draws],
        "day_start_draws": p.day_start_draws,
    }


def _bowl(s: OracleState) -> dict[str, Any]:
    b = s.bowl
    runes = []
    for i, name in enumerate(B.RUNES):
        rune: dict[str, Any] = {"rune": name, "half": b.halves[i]}
        if i in B.DICE:
            rune["value"] = b.dice[i]
        elif i == B.COIN:
            rune["face"] = b.coin
        runes.append(rune)
    return {
        "runes": runes,
        "halves": [[r["rune"] for r in runes if r["half"] == h] for h in (0, 1)],
        "all_in_one_half": B.all_in_one_half(b),
    }


def _circles(r: Rules, s: OracleState, kind: str) -> dict[str, Any]:
    c = s.circles[kind]
    count = r.circle_count[kind]
    states = (
        ["crossed"] * c.crossed
        + ["filled"] * (c.filled - c.crossed)
        + ["empty"] * (count - c.filled)
    )
    return {
        "count": count,
        "filled": c.filled,
        "crossed": c.crossed,
        "available": c.filled - c.crossed,
        "circles": states,
    }


def _stargazing(r: Rules, s: OracleState) -> dict[str, Any]:
    geo = r.geo
    state = ["open"] * geo.n_cells
    region_of: list[int | None] = [None] * geo.n_cells
    for i, reg in enumerate(s.regions):
        for c in reg.cells:
            state[c] = "filled" if reg.kind != "unfit" else "unfit"
            region_of[c] = i

    def line(e: int, kind: str) -> dict[str, Any]:
        a, b = geo.edge_dots(e)
        return {"from": list(a), "to": list(b), "kind": kind}

    return {
        "rows": geo.rows,
        "cols": geo.cols,
        "dots": {"rows": geo.rows + 1, "cols": geo.cols + 1},
        "cells": [
            {
                "r": c // geo.cols,
                "c": c % geo.cols,
                "colour": geo.colour[c],
                "state": state[c],
                "region": region_of[c],
            }
            for c in range(geo.n_cells)
        ],
        "lines": [line(e, "cross") for e in sorted(geo.cross)]
        + [line(e, "drawn") for e in s.lines],
        "regions": [
            {
                "cells": [list(geo.cell_rc(c)) for c in reg.cells],
                "kind": reg.kind,
                "colour": reg.colour,
                "cross": reg.cross,
            }
            for reg in s.regions
        ],
    }


def _predictions(r: Rules, s: OracleState) -> dict[str, Any]:
    n = r.sheet.prediction.symbols
    symbols: list[dict[str, Any]] = [
        {"index": i, "prediction": None, "state": "free"} for i in range(n)
    ]
    marks = []
    for k, p in enumerate(s.predictions):
        for j in range(p.size):
            sym = symbols[p.start + j]
            sym["prediction"] = k
            if j < p.crossed:
                sym["state"] = "crossed"
            elif p.status == "true":
                sym["state"] = "circled"
            else:
                sym["state"] = "open"
        marks.append(
            {
                "start": p.start,
                "size": p.size,
                "colour": p.colour,
                "crossed": p.crossed,
                "status": p.status,
            }
        )
    return {
        "symbols": n,
        "per_row": r.sheet.prediction.per_row,
        "used": s.symbols_used,
        "colours": list(r.colours),
        "marks": marks,
        "cells": symbols,
        "tiers": [{"min": t.min, "options": list(t.options)} for t in r.sheet.prediction.tiers],
    }


def _horoscope(r: Rules, s: OracleState) -> list[dict[str, Any]]:
    out = []
    for row in r.rows:
        marks = s.horoscope[row.id]
        cells = []
        for i, reward in enumerate(row.cells):
            cells.append(
                {
                    "mark": marks[i] if i < len(marks) else None,
                    "reward": None
                    if reward is None
                    else {"kind": reward.kind, "colours": list(reward.colours)},
                    "paid": reward is not None and i < len(marks),
                }
            )
        out.append(
            {
                "id": row.id,
                "order": row.order,
                "side": "above" if row.order == "ascending" else "below",
                "cells": cells,
            }
        )
    return out


def _pending(r: Rules, s: OracleState) -> dict[str, Any] | None:
    if not s.pending:
        if s.phase == "act":
            return {"type": "action", "prompt": "ui.oracle.pending.action"}
        if s.phase == "roll" and not r.practice_mode and not s.rolling:
            return {"type": "roll", "prompt": "ui.oracle.pending.roll", "setup": s.turn == 0}
        return None
    p = s.pending[-1]
    out: dict[str, Any] = {
        "type": pending_name(p),
        "prompt": f"ui.oracle.pending.{pending_name(p)}",
        "depth": len(s.pending),
    }
    if isinstance(p, PendingLines):
        out.update(remaining=p.remaining, source=p.source)
    elif isinstance(p, PendingHoroscope):
        out.update(values=list(p.values))
    elif isinstance(p, REWARDS):
        out.update(
            kind=decision_kind(p),
            source=p.source,
            colours=list(p.colours) if isinstance(p, (PendingTalisman, PendingTome)) else [],
            tier=p.tier if isinstance(p, PendingPrediction) else 0,
        )
    elif isinstance(p, PendingCircles):
        out.update(remaining=p.remaining, room=rewards.circle_room(r, s))
    elif isinstance(p, PendingStaff):
        out.update(slots=list(p.slots))
    elif isinstance(p, PendingDrawOrder):
        out.update(colours=list(p.colours))
    elif isinstance(p, PendingTownsfolk):
        out.update(slot=p.slot, symbols=list(s.staff[p.slot][-1]))
    out["choices"] = len(pending_options(r, s))
    return out
