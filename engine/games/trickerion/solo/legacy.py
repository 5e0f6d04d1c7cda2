"""The solo game's steps and states as older save formats recorded them.

Format 6 (engine 0.7): the solo game was dealt as the base game (base performance deck, every
prophecy, no plan deck) and the Successor's whole setup drew inside the setup's bare initiative
step, in this order: its performance deck, magician, start trick, specialists and plan deck
(``drawn_setup``). A save of format 6 or older replays on that deal (``initial_state``), and
its state had no ``plans`` field.
Format 5 (engine 0.6): the Successor's draws (its prep dice, a Downtown die rerolled, the trick
it learns, the prop it orders, the Dark Alley coin and the prophecy its Priestess turns up) and
your prep dice were thrown inside their own step: no chance step follows them, and the
Successor's state had no ``draw`` field. Older formats: as the base game's (``legacy.py``)."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.legacy import _Table
from engine.games.trickerion import setup
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.legacy import TrickerionLegacy
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.solo import setup as SU
from engine.games.trickerion.solo.actions import SuccessorSetup
from engine.games.trickerion.solo.state import SoloGameState, solo_of
from engine.games.trickerion.state import State

# The first format that deals the solo game's own decks before play.
DEALS_BEFORE_PLAY = 7


class _SoloTable(_Table, Protocol):
    # what an older format's deal is dealt with: the table's SoloRules, whose hooks deal the
    # Successor's part (typed as their base: the solo hooks import this module)
    rules: TrickerionRules


class SoloLegacy(TrickerionLegacy):
    game: _SoloTable  # a TrickerionSolo's, which names this class
    shape_since = DEALS_BEFORE_PLAY

    def initial_state(self, seed: int, format_version: int) -> Any:
        if format_version >= DEALS_BEFORE_PLAY:
            return super().initial_state(seed, format_version)
        return setup.initial_state(self.game.rules, seed, base_deal=True)

    def deal_format(self, initial: State) -> int | None:
        # No plans dealt before play: the base deal of format 6 and older.
        assert isinstance(initial, SoloGameState)
        return None if initial.plans else DEALS_BEFORE_PLAY - 1

    def unrecorded_chance(self, state: State, format_version: int) -> bool:
        solo = solo_of(state)
        return super().unrecorded_chance(state, format_version) or (
            format_version < 6 and solo is not None and solo.draw is not None
        )

    def old_shape(self, old: dict[str, Any], format_version: int) -> None:
        super().old_shape(old, format_version)
        if format_version < DEALS_BEFORE_PLAY:
            old.pop("plans")  # empty: such a game is dealt without it
        if format_version < 6 and old["solo"] is not None:
            old["solo"].pop("draw")  # None: a save rests after its steps, never at a draw


def drawn_setup(
    cat: Catalog, s: SoloGameState, difficulty: str, prophecies: bool
) -> tuple[SuccessorSetup, list[str]]:
    """The Successor's setup of a game dealt before format 7 (no plans dealt): its decks dealt
    and its picks and plans drawn here from the state's RNG, in that format's order, on top of
    the base game's deal; returns the picks and plans it is set up with."""
    rng = s.rng
    perf_deck, row = SU.deal_performances(cat, rng)
    s.row = tuple(row)
    s.perf_deck = tuple(perf_deck)
    pool = set(SU.prophecy_pool(cat))
    s.prophecy_stack = tuple(x for x in s.prophecy_stack if x in pool)
    s.pending_prophecies = tuple(x for x in s.pending_prophecies if x in pool)
    picks = SU.draw_picks(cat, s, difficulty, prophecies, rng)
    return picks, SU.build_plan_deck(cat, rng)
