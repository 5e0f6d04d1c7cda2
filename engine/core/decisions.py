"""The pending-decision kit every game uses: a decision a player owes before the flow goes on
is a tagged Struct (its tag is its kind, never a string field), and a game's ``Decisions`` table
maps each kind to its ``Decision(legal, apply)`` in the order the rules take decisions raised
together. Listing, answering and queueing go through the table, so a game never dispatches on
a decision's kind by hand, and a kind missing from the table is an error at once (``tests/core/test_decisions.py`` checks,
for every registered game's ``Game.decisions``, every member of its pending union has an
entry).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any, NamedTuple

from engine.core.events import Event


class Decision(NamedTuple):
    """One kind's entry: its answers now, what an answer does (``apply`` takes the decision
    off the queue; the core has refused any answer not among ``legal`` before), and the
    rule a refusal names: per answer's action type (``answers``: the rule of a move of that
    type), or the words of a refused answer (``refusal``: ``(code, params)`` from the rules,
    the state, the decision and the answer)."""

    legal: Callable[[Any, Any, Any], list[Any]]
    apply: Callable[[Any, Any, Any, Any, list[Event]], None]
    answers: Mapping[type, str] = {}
    refusal: Callable[[Any, Any, Any, Any], tuple[str, dict[str, Any]]] | None = None


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

    def refusal(self, g: Any, s: Any, pend: Any, action: Any) -> tuple[str, dict[str, Any]]:
        """Why ``action`` does not answer ``pend``, in the words of its entry."""
        words = self.table[type(pend)].refusal
        if words is None:
            raise NotImplementedError(f"no refusal words for {kind(pend)}")
        return words(g, s, pend, action)

    def answers(self, pend: Any) -> Mapping[type, str]:
        """The action types answering ``pend``, each with its rule (``Decision.answers``)."""
        return self.table[type(pend)].answers

    def rules(self) -> dict[type, str]:
        """Every answer's rule by its action type, over the whole table."""
        return {t: rule for d in self.table.values() for t, rule in d.answers.items()}

    def insert(self, queue: list[Any], pend: Any) -> None:
        """Queue ``pend`` at its place in rule order: before the first queued decision of a
        later kind, after those of its own kind (first raised, first answered)."""
        r = self.rank[type(pend)]
        i = next((k for k, p in enumerate(queue) if self.rank[type(p)] > r), len(queue))
        queue.insert(i, pend)


def refuse(game: str, pend: Any, action: Any) -> tuple[str, dict[str, Any]]:
    """The refusal of an answer that is not among ``pend``'s legal ones: the rule is the
    decision's own (``<game>.decision.<kind>``)."""
    return f"{game}.decision.{kind(pend)}", {"action": type(action).__name__}
