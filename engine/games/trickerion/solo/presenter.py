"""How the solo game reads: the base game's presenter, with the Successor named as the
automaton, not as a numbered seat."""

from __future__ import annotations

from typing import Any, Protocol

from engine.games.trickerion.presenter import TrickerionPresenter, _Table


class _SoloTable(_Table, Protocol):
    automata: tuple[int, ...]
    automaton_names: dict[str, str]


class SoloPresenter(TrickerionPresenter):
    game: _SoloTable

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        if kind == "seat" and value in self.game.automata:
            names = self.game.automaton_names
            return names.get(lang, names["en"])
        return super().term_name(kind, value, lang)
