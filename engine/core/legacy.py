"""How a game reads saves of older formats (``engine/core/save.py``): each game's ``legacy``
module subclasses ``Legacy`` where its action or state encoding changed, and names the class
in ``Game.legacy``. The default reads every format as today's."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.codec import Codec


class _Table(Protocol):
    # what the legacy modules read of their Game (typed apart: the Game names its Legacy class)
    codec: Codec

    def chance_action(self, state: Any) -> Any: ...
    def initial_state(self, seed: int) -> Any: ...


class Legacy:
    def __init__(self, game: _Table) -> None:
        self.game = game

    def initial_state(self, seed: int, format_version: int) -> Any:
        """The table a save of ``format_version`` was dealt from ``seed``: a game whose deal
        before play changed since deals that format's way here."""
        return self.game.initial_state(seed)

    def deal_format(self, initial: Any) -> int | None:
        """The format a game dealt as ``initial`` is saved in when that deal is an older
        format's (a save loaded from it, played on): the newest format that deals so. None:
        today's deal, today's format."""
        return None

    def upgrade_step(self, state: Any, seat: int, action: Any, format_version: int) -> Any:
        """A step recorded by an older save format, in today's encoding (``state``: the state
        it applies to). A game whose action encoding changed maps old steps here, e.g. a chance
        step that carries its outcome today recomputed from the seed."""
        return action

    def unrecorded_chance(self, state: Any, format_version: int) -> bool:
        """True when a save of the older ``format_version`` holds no step for the chance node
        at ``state``: the engine threw inside the step before it then. The loader takes the
        engine's own throw (``chance_action``, from the seed) and the state is the one that
        save recorded."""
        return False

    def saved_state_hash(self, state: Any, format_version: int) -> str:
        """The hash a save of ``format_version`` recorded for ``state``: a game whose state
        encoding changed since maps the state back to the shape that format hashed, so the
        proof in older saves still holds."""
        return self.game.codec.state_hash(state)
