"""How a game's positions read, apart from its rules: the chart's running figures, a solo
game's printed targets, a warning before a legal but unwise click, the names the project
translated itself, what a hinted move is for. The bridge holds one ``Presenter`` per table (``Game.presenter`` names the
game's subclass); the rules never call it.
"""

from __future__ import annotations

from typing import Any, ClassVar
from weakref import WeakKeyDictionary

import msgspec


class Progress(msgspec.Struct, frozen=True):
    """Where a game stands, for the page's chart of it: the round (or day) and each seat's
    running figures by name, ``score`` first (what the result will count: fame, points)."""

    round: int
    figures: dict[str, list[int]]


class Presenter:
    # What ``progress`` counts its rounds in (the chart's axis): "round", or "day" (the Oracle)
    unit = "round"
    # Action types (tags) the game's board builds with a form of its own and checks with
    # ``why`` (the Oracle's companion throw: 984 entries): the bridge's snapshot leaves them out
    # of ``legal`` and names them in ``formed`` {type: count}; they stay legal actions.
    form_actions: tuple[str, ...] = ()
    # What the lobby shows before a table exists (``engine.core.registry.describe``): the
    # game's official title per language (en / ru / fr; required; the table's title too),
    names: ClassVar[dict[str, str]] = {}
    # each replaceable pack's name per language (en / ru / fr), for the lobby's pack files,
    pack_names: ClassVar[dict[str, dict[str, str]]] = {}
    # and the automaton's name per language, needed when the Game's ``seating`` names automata
    # (also its seat's name at the table and in the log).
    automaton_names: ClassVar[dict[str, str]] = {}
    # The package holding the game's ``messages.json`` and the ``data/`` packs the renderer
    # gets; None means the package the game class is defined in (``engine.games.<id>``).
    messages_package: ClassVar[str | None] = None
    # Packs of other packages the board renderer also receives, as prefix -> package
    # (trickerion-solo: "solo/" -> the solo package, so its packs arrive as "solo/board", …).
    extra_data: ClassVar[dict[str, str]] = {}

    def __init__(self, game: Any) -> None:
        # (the table's Game; typed by each game's presenter against what it reads, since the
        # Game names its Presenter class)
        self.game = game

    def progress(self, state: Any) -> Progress | None:
        """The round and each seat's running figures in ``state`` (``Progress``), for the
        chart of a game; None for a game that keeps no running score."""
        return None

    def score_targets(self) -> list[int]:
        """A solo game's printed targets, lowest first (The Magnificent §15: 200 / 220 / 240),
        for the ending to say which the score reached; [] for a game without."""
        return []

    def action_warning(self, state: Any, action: Any, seat: int | None) -> Any:
        """Why a legal choice may be a mistake, said before the click: ``(code, params)`` of a
        catalog text (a move that spends the turn for nothing), or None."""
        return None

    def move_reason(self, state: Any, action: Any, seat: int) -> tuple[str, dict[str, Any]] | None:
        """What a hint's best move is for, one line under it: ``(code, params)`` of a catalog
        text (``ui.hint.why.*``) derived from ``state`` and ``action``, the bot's plan where it
        has one, else what the move measurably raises one step ahead; None where the game
        cannot say."""
        return None

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        """Official name of a game term (a card, a location) for labels and the log."""
        return str(value)

    def term_form(self, kind: str, value: Any, lang: str, case: str) -> str:
        """A term in a grammatical case or with its preposition (``{p:kind:case}`` in the
        catalog, e.g. Russian ``acc``, French ``loc`` "au Théâtre"); without one the plain
        name stands."""
        return self.term_name(kind, value, lang)

    def label_terms(self, state: Any, action: Any, seat: int | None) -> dict[str, Any]:
        """Parameters an action's label needs beyond the action's own fields, read from the
        position (``state`` may be None when none is at hand): Trickerion names a character
        by its kind ("Place your Engineer…"), which the action only numbers."""
        return {}

    def unofficial_names(self, lang: str) -> dict[str, str]:
        """Names in ``lang`` that are the project's own translations, no edition's (each of
        their forms that labels and the log use), mapped to the official English name: the page
        marks them and shows the English. Games whose packs carry such names override."""
        return {}


_PRESENTERS: WeakKeyDictionary[Any, Presenter] = WeakKeyDictionary()


def presenter_of(game: Any) -> Presenter:
    """The one presenter of a table's ``Game`` (its class's ``presenter``), made on first use:
    the bridge, the log's rendering and the rules reference share it."""
    found = _PRESENTERS.get(game)
    if found is None:
        found = _PRESENTERS[game] = game.presenter(game)
    return found
