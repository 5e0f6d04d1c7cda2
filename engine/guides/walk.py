"""A guide walked through the bridge as the page walks it (tests, ``python -m engine.guides``)."""

from __future__ import annotations

import json
from typing import Any

import msgspec

from engine.bridge import Bridge
from engine.guides import Guide, GuideError, Move, human_seat, new_args, same_action


def replay(guide: Guide, lang: str = "en", reload: bool = False) -> list[dict[str, Any]]:
    """Walk ``guide`` through the bridge as the page does; the snapshot before each step.
    ``reload``: at each step the game is saved and loaded into a fresh bridge first, as a
    reload of the page mid-guide does (bots rebuilt from the file must play on the same).

    Raises GuideError naming the first step whose move is not legal where the step shows."""
    bridges = [Bridge()]
    seat = human_seat(guide)

    def call(method: str, args: dict[str, Any]) -> Any:
        out = json.loads(bridges[-1].call(method, json.dumps(args)))
        if isinstance(out, dict) and "error" in out:
            raise GuideError(f"{method}: {out['error']['message']}")
        return out

    snap = call("new", new_args(guide, lang))
    shown = []
    for n, step in enumerate(guide.steps, 1):
        while snap["to_act"]["kind"] != "terminal" and seat not in snap["to_act"]["seats"]:
            snap = call("step", {"viewer": seat, "lang": lang})
            if not snap["moved"]:
                raise GuideError(f"step {n} ({step.text}): the game stalls before it")
        if reload:
            text = call("save", {})["text"]
            bridges.append(Bridge())
            snap = call("load", {"text": text, "viewer": seat, "lang": lang})
        shown.append(snap)
        if step.action is None:
            continue
        if not any(same_action(e["action"], step.action) for e in snap["legal"]):
            raise GuideError(
                f"step {n} ({step.text}): {step.action} is not a legal move there; "
                f"legal: {[e['action'] for e in snap['legal']][:12]}"
            )
        snap = call("act", {"seat": seat, "action": step.action, "viewer": seat, "lang": lang})
    return shown


def record(guide: Guide) -> tuple[Move, ...]:
    """Every player's move of the guide's walk, bots' included: the guide's ``script``."""
    bridge = Bridge()
    seat = human_seat(guide)
    bridge.call("new", json.dumps(new_args(guide, "en")))
    match = bridge.table.match  # type: ignore[union-attr]
    for step in guide.steps:
        while seat not in match.to_act().seats:
            json.loads(bridge.call("step", json.dumps({"viewer": seat})))
        if step.action is not None:
            match.act(seat, match.game.codec.action_from_builtins(step.action))
    return tuple(
        Move(s.seat, json.loads(msgspec.json.encode(s.action))) for s in match.steps if s.seat >= 0
    )
