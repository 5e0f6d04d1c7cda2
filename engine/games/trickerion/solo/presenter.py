"""How the solo game reads: the base game's presenter, with the Successor named as the
automaton, not as a numbered seat."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.game import Seating
from engine.games.trickerion.presenter import TrickerionPresenter
from engine.games.trickerion.solo.components import pack_id
from engine.games.trickerion.table import Table


class _SoloTable(Table, Protocol):
    seating: Seating


class SoloPresenter(TrickerionPresenter):
    game: _SoloTable
    names = {
        "en": "Trickerion: solo against Dahlgaard's Successor",
        "ru": "Трикерион: одиночная игра против преемника Далгарда",
        "fr": "Trickerion : en solo contre le Successeur de Dahlgaard",
    }
    # The base game's messages and data packs (the game's class lives in the solo package).
    messages_package = "engine.games.trickerion"
    # Its name in the log and on its seat (seat 1).
    automaton_names = {
        "en": "Dahlgaard's Successor",
        "ru": "Преемник Далгарда",
        "fr": "le Successeur de Dahlgaard",
    }
    # The bridge's game_data adds the solo packs as "solo/<pack>" (the solo cards' geometry).
    extra_data = {"solo/": "engine.games.trickerion.solo"}
    pack_names = {
        pack_id("tables"): {
            "en": "The Successor's difficulty tables",
            "ru": "Таблицы сложности преемника",
            "fr": "Tables de difficulté du Successeur",
        },
        pack_id("plans"): {
            "en": "The Successor's plan cards",
            "ru": "Карты планов преемника",
            "fr": "Cartes de plan du Successeur",
        },
        pack_id("dice"): {
            "en": "Round-preparation dice",
            "ru": "Кубики подготовки раунда",
            "fr": "Dés de préparation de la manche",
        },
        pack_id("performances"): {
            "en": "Solo performance cards",
            "ru": "Карты представлений для одиночной игры",
            "fr": "Cartes Spectacle du solo",
        },
    }

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        if kind == "seat" and value in self.game.seating.automata:
            names = self.automaton_names
            return names.get(lang, names["en"])
        return super().term_name(kind, value, lang)
