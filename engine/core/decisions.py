"""The pending-decision kit every game uses: a decision a player owes before the flow goes on
is a tagged Struct (its tag is its kind, never a string field), and a game's ``Decisions`` table
maps each kind to its ``Decision(legal, apply)`` in the order the rules take decisions raised
together. Listing, answering and queueing go through the table, so a game never dispatches on
a decision's kind by hand, and a kind missing from the table is an error at once (a test in
``tests/core/test_every_game.py`` checks every member of a game's pending union has an entry).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from engine.core.errors import IllegalAction
from engine.core.events import Event


class Decision(NamedTuple):
    """One kind's entry: its answers now, and what an answer does. ``apply`` checks the answer
    and takes the decision off the queue (``answered`` does both for the common case)."""

    legal: Callable[[Any, Any, Any], list[Any]]
    apply: Callable[[Any, Any, Any, Any, list[Event]], None]


def kind(pend: Any) -> str:
    """A pending decision's kind: its Struct tag (for refusals, events and views)."""
    tag: str = pend.__struct_config__.tag
    return tag


class Decisions:
    """A game's table of decision kinds, in rule order (the rank of a kind is its place)."""

    def __init__(self, table: Mapping[type, Decision]) -> None:
        self.table = dict(table)
        self.rank = {k: i for i, k in enumerate(self.table)}

    def __or__(self, more: Mapping[type, Decision]) -> Decisions:
        """This table with a variant's kinds after its own (a variant layer's decisions)."""
        return Decisions({**self.table, **more})

    def __iter__(self) -> Iterator[type]:
        return iter(self.table)

    def legal(self, g: Any, s: Any, pend: Any) -> list[Any]:
        return self.table[type(pend)].legal(g, s, pend)

    def apply(self, g: Any, s: Any, pend: Any, action: Any, ev: list[Event]) -> None:
        self.table[type(pend)].apply(g, s, pend, action, ev)

    def insert(self, queue: list[Any], pend: Any) -> None:
        """Queue ``pend`` at its place in rule order: before the first queued decision of a
        later kind, after those of its own kind (first raised, first answered)."""
        r = self.rank[type(pend)]
        i = next((k for k, p in enumerate(queue) if self.rank[type(p)] > r), len(queue))
        queue.insert(i, pend)


def refuse(game: str, pend: Any, action: Any) -> IllegalAction:
    """The refusal of an answer that is not among ``pend``'s legal ones: the rule is the
    decision's own (``<game>.decision.<kind>``)."""
    return IllegalAction(f"{game}.decision.{kind(pend)}", action=type(action).__name__)
