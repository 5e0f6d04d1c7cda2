"""Trickerion: Legends of Illusion — the rules object registered with the engine core."""

from __future__ import annotations

from typing import Any

from engine.core.errors import OptionsError
from engine.core.events import Event
from engine.core.game import Game, Result, ToAct
from engine.core.options import OptionSpec
from engine.core.registry import register
from engine.games.trickerion import flow, setup
from engine.games.trickerion.actions import Action, Chance
from engine.games.trickerion.bots import BOTS
from engine.games.trickerion.catalog import catalog, solo_catalog
from engine.games.trickerion.state import Placement, State
from engine.games.trickerion.view import view as make_view

OPTIONS = (
    OptionSpec(id="dark_alley", kind="bool", default=True,
               names={"en": "Dark Alley", "ru": "Кривая улочка", "fr": "Allée Sombre"},
               help={"en": "7 rounds, special assignments, level-3 tricks, Magnus Pantheon, "
                           "magician abilities; off: 5 rounds, 9 permanent assignment cards.",
                     "ru": "7 раундов, особые поручения, номера 3-го уровня, Магнус-пантеон, "
                           "способности иллюзионистов; без модуля: 5 раундов.",
                     "fr": "7 tours, Affectations Spéciales, Tours de Niveau 3, The Magnus "
                           "Pantheon, capacités des Magiciens ; sans : 5 tours."}),
    OptionSpec(id="prophecies", kind="bool", default=True,
               names={"en": "Prophecies", "ru": "Пророчества", "fr": "Prophéties"},
               help={"en": "Dark Alley only; without them the Priestess of Mysticism is not "
                           "offered.",
                     "ru": "Только с «Кривой улочкой»; без них «Жрица мистики» недоступна.",
                     "fr": "Avec l'Allée Sombre seulement ; sinon la Prêtresse du Mysticisme "
                           "n'est pas proposée."}),
    OptionSpec(id="fast_game", kind="bool", default=False,
               names={"en": "Fast game", "ru": "Быстрая партия", "fr": "Partie rapide"},
               help={"en": "Start in round 2 with extra fame, props, a shard and a card.",
                     "ru": "Начать со 2-го раунда с дополнительными ресурсами.",
                     "fr": "Commencer au tour 2 avec des ressources en plus."}),
    OptionSpec(id="first_game", kind="bool", default=False,
               names={"en": "First-game kits", "ru": "Наборы для первой игры",
                      "fr": "Mise en place de première partie"},
               help={"en": "Starting trick, props and specialist from the rulebook's kit for "
                           "the magician's school.",
                     "ru": "Начальный номер, реквизит и специалист из набора школы.",
                     "fr": "Tour, matériaux et spécialiste de départ selon l'école."}),
)


@register
class Trickerion(Game):
    id = "trickerion"
    names = {"en": "Trickerion: Legends of Illusion", "ru": "Трикерион. Искусство иллюзии",
             "fr": "Trickerion – Légende de l'illusion"}
    min_players = 2
    max_players = 4
    option_specs = OPTIONS
    state_type = State
    action_type = Action
    bots = BOTS

    def __init__(self, players: int, options: dict[str, Any] | None = None,
                 packs: dict[str, bytes] | None = None) -> None:
        super().__init__(players, options, packs)
        self.cat = catalog()
        self._ap = dict(self.cat.ap)

    def check_options(self) -> None:
        # Prophecies exist only in the Dark Alley module: without it they are simply off.
        if not self.options["dark_alley"]:
            self.options["prophecies"] = False

    # The solo game's options (difficulty, adjustments), or None in a game between players.
    solo: dict[str, Any] | None = None

    def has_ability(self, s: State, seat: int, magician: str) -> bool:
        """``seat`` plays ``magician`` and its base ability is on: Dark Alley module only; never
        the Successor (its solo ability lives in the solo package), nor you with the harder
        adjustment "ignore your ability"."""
        if not self.options["dark_alley"] or s.players[seat].magician != magician:
            return False
        return s.solo is None or (seat != s.solo.seat and not s.solo.ignore_human_ability)

    # --- helpers the rules modules share ------------------------------------------------------

    def active_effect(self, s: State) -> str:
        return self.cat.prophecies[s.prophecy].effect if s.prophecy else ""

    def effect_of(self, act: Placement) -> str:
        card = act.mimic or act.card
        return self.cat.specials[card].effect if card else ""

    def effect_params(self, act: Placement) -> tuple:
        card = act.mimic or act.card
        return self.cat.specials[card].params if card else ()

    def action_ap(self, s: State, action: str) -> int:
        """AP cost of a location action, with an ActionCost prophecy applied."""
        if s.prophecy:
            for param in self.cat.prophecies[s.prophecy].params:
                if type(param).__name__ == "ActionCost" and param.action == action:
                    return param.ap
        return self._ap[action]

    # --- the Game interface -------------------------------------------------------------------

    def initial_state(self, seed: int) -> State:
        return setup.initial_state(self, seed)

    def to_act(self, state: State) -> ToAct:
        return flow.to_act(self, state)

    def legal_actions(self, state: State, seat: int) -> list:
        return flow.legal(self, state, seat)

    def chance_action(self, state: State) -> Chance:
        return Chance()

    def automaton_action(self, state: State, seat: int):
        return flow.automaton_action(self, state, seat)

    def _apply(self, state: State, seat: int, action) -> list[Event]:
        return flow.apply(self, state, seat, action)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return make_view(self, state, viewer)

    def hidden_probe(self, state: State, viewer: int | None) -> list[State]:
        from engine.games.trickerion.probe import hidden_probe

        return hidden_probe(self.copy, state, viewer)

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        scores = [b["total"] for b in state.final]
        return Result(scores=scores, winners=[state.winner], breakdown=list(state.final))

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        from engine.games.trickerion.terms import term_name
        return term_name(self.cat, kind, value, lang)


DIFFICULTY_NAMES = {
    "low": {"en": "Low", "ru": "Низкая", "fr": "Faible"},
    "medium": {"en": "Medium", "ru": "Средняя", "fr": "Moyenne"},
    "high": {"en": "High", "ru": "Высокая", "fr": "Élevée"},
}

SOLO_OPTIONS = (
    OptionSpec(id="difficulty", kind="choice", default="medium", choices=("low", "medium", "high"),
               choice_names=DIFFICULTY_NAMES,
               names={"en": "Difficulty", "ru": "Сложность", "fr": "Difficulté"},
               help={"en": "The Successor's characters, dice, cards and scoring table.",
                     "ru": "Персонажи преемника, кубики, карты и таблица подсчёта.",
                     "fr": "Personnages, dés, cartes et décompte du Successeur."}),
    OptionSpec(id="easier", kind="bool", default=False,
               names={"en": "Easier: ignore its ability", "ru": "Проще: без способности преемника",
                      "fr": "Plus facile : sans sa capacité"},
               help={"en": "The Successor's magician ability is ignored.",
                     "ru": "Способность иллюзиониста преемника не действует.",
                     "fr": "La capacité du Magicien du Successeur est ignorée."}),
    OptionSpec(id="harder_no_ability", kind="bool", default=False,
               names={"en": "Harder: ignore your ability", "ru": "Сложнее: без вашей способности",
                      "fr": "Plus difficile : sans votre capacité"},
               help={"en": "Your magician ability is ignored.",
                     "ru": "Способность вашего иллюзиониста не действует.",
                     "fr": "La capacité de votre Magicien est ignorée."}),
    OptionSpec(id="harder_coins", kind="bool", default=False,
               names={"en": "Harder: 8 coins for it", "ru": "Сложнее: 8 монет преемнику",
                      "fr": "Plus difficile : 8 pièces pour lui"},
               help={"en": "The Successor starts with 8 coins in its safe.",
                     "ru": "Преемник начинает с 8 монетами в сейфе.",
                     "fr": "Le Successeur commence avec 8 pièces dans son coffre."}),
    OPTIONS[1],  # prophecies
    OPTIONS[3],  # first-game kits (your setup)
)


@register
class TrickerionSolo(Trickerion):
    """The solo game against Dahlgaard's Successor (docs/solo.md): a separate lobby entry
    sharing the engine. Two seats: you (seat 0) and the Successor (seat 1, an automaton whose
    every step ``automaton_action`` computes). Always with the Dark Alley, never the fast game
    (base rulebook «БЫСТРАЯ ПАРТИЯ»: any module but the Successor)."""

    id = "trickerion-solo"
    names = {"en": "Trickerion: solo against Dahlgaard's Successor",
             "ru": "Трикерион: одиночная игра против преемника Далгарда",
             "fr": "Trickerion : en solo contre le Successeur de Dahlgaard"}
    min_players = 2
    max_players = 2
    option_specs = SOLO_OPTIONS
    # Seats the game plays itself (the lobby shows them as the automaton, not as a seat to fill).
    automata = (1,)
    # The bridge's game_data adds the solo packs as "solo/<pack>" (the solo cards' geometry).
    extra_data = {"solo/": "engine.games.trickerion.solo"}

    def __init__(self, players: int = 2, options: dict[str, Any] | None = None,
                 packs: dict[str, bytes] | None = None) -> None:
        given = dict(options or {})
        # The base game's module switches are fixed here; a save stores them as they are.
        if given.pop("fast_game", False) is not False:
            raise OptionsError("trickerion.solo.no_fast_game")
        if given.pop("dark_alley", True) is not True:
            raise OptionsError("trickerion.solo.needs_dark_alley")
        super().__init__(players, given, packs)
        self.cat = solo_catalog()

    def check_options(self) -> None:
        o = self.options
        self.solo = {"difficulty": o["difficulty"], "easier": o["easier"],
                     "harder_no_ability": o["harder_no_ability"], "harder_coins": o["harder_coins"]}
        o["dark_alley"] = True
        o["fast_game"] = False

    # Its name in the log and on its seat (seat 1).
    automaton_names = {"en": "Dahlgaard's Successor", "ru": "Преемник Далгарда",
                       "fr": "le Successeur de Dahlgaard"}

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        if kind == "seat" and value in self.automata:
            return self.automaton_names.get(lang, self.automaton_names["en"])
        return super().term_name(kind, value, lang)
