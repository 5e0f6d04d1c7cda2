"""Events: what happened, as a code and parameters. Prose lives only in the catalog."""

from __future__ import annotations

from typing import Any

import msgspec


class Event(msgspec.Struct, frozen=True, omit_defaults=True, gc=False):
    """Not tracked by the cyclic GC (a match keeps every step's events): its parameters are
    plain values, so it cannot be part of a cycle."""

    code: str
    params: dict[str, Any] = {}
    # Seat allowed to see this event; None means everyone. Private draws use it.
    to: int | None = None
    # True when the event shows hidden information (to everyone, or to the seat ``to``: a card
    # drawn from a deck shuffled at setup); undo stops here.
    reveal: bool = False
    # Seat that must not see this event: the public side of a private one ("Ann assigns a card
    # face down" beside Ann's own "You give your Engineer the card Theater").
    but: int | None = None

    def visible_to(self, viewer: int | None) -> bool:
        return (self.to is None or self.to == viewer) and (self.but is None or self.but != viewer)
