"""How a Trickerion position reads on the page: fame and coins for the chart, a warning before
an unwise click, what a hinted move is for, the names the project translated itself."""

from __future__ import annotations

from typing import Any

from engine.core.presenter import Presenter, Progress
from engine.games.trickerion.labels import label_terms, warning
from engine.games.trickerion.reasons import Reason, reason
from engine.games.trickerion.state import State
from engine.games.trickerion.table import Table
from engine.games.trickerion.terms import term_form, term_name, unofficial_names


class TrickerionPresenter(Presenter):
    # what it reads of its Game, typed as the bots read it (the Game names this class)
    game: Table
    names = {
        "en": "Trickerion: Legends of Illusion",
        "ru": "Трикерион. Искусство иллюзии",
        "fr": "Trickerion – Légende de l'illusion",
    }

    def progress(self, state: State) -> Progress:
        """Fame (what wins) and coins by seat; the Successor's fame too in the solo game. Once
        scored, the fame the game earned (the breakdown's first row), not the total the end
        bonuses make of it: the chart's "Fame" line ends on fame."""
        players = state.players
        fame = [b["fame"] for b in state.final] if state.final else [p.fame for p in players]
        return Progress(state.round, {"fame": fame, "coins": [p.coins for p in players]})

    def action_warning(self, state: Any, action: Any, seat: int | None) -> Any:
        if state is None or seat is None or not 0 <= seat < len(state.players):
            return None
        return warning(self.game, state, action, seat)

    def move_reason(self, state: State, action: Any, seat: int) -> Reason | None:
        return reason(self.game, state, action, seat)

    def unofficial_names(self, lang: str) -> dict[str, str]:
        return unofficial_names(self.game.rules.cat, lang)

    def label_terms(self, state: Any, action: Any, seat: int | None) -> dict[str, Any]:
        """What labels read off the position (``labels``): a character named by its kind
        ("Place your Engineer…"; "Apprentice 2" when there are two), performance cards and
        slots as the board names them, a set-up's links, Advertise's price. Without a position
        or seat the labels fall back to numbers."""
        return label_terms(self.game.rules, state, action, seat)

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        return term_name(self.game.rules.cat, kind, value, lang)

    def term_form(self, kind: str, value: Any, lang: str, case: str) -> str:
        return term_form(self.term_name(kind, value, lang), case, lang)
