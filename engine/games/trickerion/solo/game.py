"""The solo game against Dahlgaard's Successor (docs/solo.md) as a layer on the base game: it
registers ``trickerion-solo``, whose rules (``hooks.SoloRules``) override the base rules' hook
points (``automaton_*``, ``setup_*``, ``on_*``) with the solo book's. The base rules modules
never import this package."""

from __future__ import annotations

import functools
from typing import Any

import msgspec

from engine.core.botkit import BotKit
from engine.core.errors import OptionsError
from engine.core.game import Seating
from engine.core.options import OptionSpec
from engine.core.registry import register
from engine.games.trickerion.actions import Action
from engine.games.trickerion.bots import BOTS
from engine.games.trickerion.catalog import catalog
from engine.games.trickerion.game import OPTIONS, Trickerion
from engine.games.trickerion.search import SOLO_KNOWLEDGE
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import (
    RerollPrepDice,
    SuccessorDraw,
    SuccessorSetup,
    SuccessorStep,
)
from engine.games.trickerion.solo.components import REPLACEABLE, pack_id, solo_packs_with
from engine.games.trickerion.solo.hooks import SoloRules
from engine.games.trickerion.solo.legacy import SoloLegacy
from engine.games.trickerion.solo.presenter import SoloPresenter
from engine.games.trickerion.solo.state import SoloGameState
from engine.games.trickerion.state import State
from engine.games.trickerion.tuning import LEARNER


@functools.lru_cache(maxsize=8)
def solo_catalog(own: tuple[tuple[str, bytes], ...] = ()) -> tuple[R.SoloCatalog, dict[str, str]]:
    """The catalogue of the solo game on the shipped packs or with a box owner's (pack id,
    bytes) in their place, and the replaceable packs' fingerprint."""
    solo, fingerprint = solo_packs_with(own)
    return R.SoloCatalog(catalog(), solo), fingerprint


DIFFICULTY_NAMES = {
    "low": {"en": "Low", "ru": "Низкая", "fr": "Faible"},
    "medium": {"en": "Medium", "ru": "Средняя", "fr": "Moyenne"},
    "high": {"en": "High", "ru": "Высокая", "fr": "Élevée"},
}

SOLO_OPTIONS = (
    OptionSpec(
        id="difficulty",
        kind="choice",
        default="medium",
        choices=("low", "medium", "high"),
        choice_names=DIFFICULTY_NAMES,
        names={"en": "Difficulty", "ru": "Сложность", "fr": "Difficulté"},
        help={
            # how strong, in a player's words; the measured scores are in docs/bots.md
            "en": "Sets the Successor's characters, dice, cards and scoring table: Low is the "
            "gentlest, High the toughest. Even at Low it is a real challenge in a first solo game. "
            "Its plan cards are provisional (our copy of the rulebook lost their pictures): load "
            "the printed ones as a pack file below.",
            "ru": "Задаёт персонажей преемника, его кубики, карты и таблицу подсчёта: низкая — "
            "самая мягкая, высокая — самая суровая. Даже на низкой он серьёзный соперник в первой "
            "одиночной партии. Его карты планов предварительные (в нашем тексте правил их "
            "картинки утеряны): напечатанные можно загрузить файлом пакета ниже.",
            "fr": "Règle les Personnages, dés, cartes et décompte du Successeur : Faible est la "
            "plus douce, Élevée la plus rude. Même en Faible, c'est un vrai défi pour une première "
            "partie en solo. Ses cartes de plan sont provisoires (notre texte de la règle en a "
            "perdu les images) : chargez les cartes imprimées comme fichier de paquet ci-dessous.",
        },
    ),
    OptionSpec(
        id="easier",
        kind="bool",
        default=False,
        names={
            "en": "Easier: ignore its ability",
            "ru": "Проще: без способности преемника",
            "fr": "Plus facile : sans sa capacité",
        },
        help={
            "en": "The Successor's magician ability is ignored.",
            "ru": "Способность иллюзиониста преемника не действует.",
            "fr": "La capacité du Magicien du Successeur est ignorée.",
        },
    ),
    OptionSpec(
        id="harder_no_ability",
        kind="bool",
        default=False,
        names={
            "en": "Harder: ignore your ability",
            "ru": "Сложнее: без вашей способности",
            "fr": "Plus difficile : sans votre capacité",
        },
        help={
            "en": "Your magician ability is ignored.",
            "ru": "Способность вашего иллюзиониста не действует.",
            "fr": "La capacité de votre Magicien est ignorée.",
        },
    ),
    OptionSpec(
        id="harder_coins",
        kind="bool",
        default=False,
        names={
            "en": "Harder: 8 coins for it",
            "ru": "Сложнее: 8 монет преемнику",
            "fr": "Plus difficile : 8 pièces pour lui",
        },
        help={
            "en": "The Successor starts with 8 coins in its safe.",
            "ru": "Преемник начинает с 8 монетами в сейфе.",
            "fr": "Le Successeur commence avec 8 pièces dans son coffre.",
        },
    ),
    # prophecies: the solo game always has the Dark Alley, so nothing to require, and the
    # help does not speak of a Dark Alley switch the solo lobby does not have
    msgspec.structs.replace(
        OPTIONS[1],
        requires=None,
        help={
            "en": "The solo game always plays with the Dark Alley; without prophecies the "
            "Priestess of Mysticism is not offered.",
            "ru": "Одиночная игра всегда идёт с «Кривой улочкой»; без пророчеств «Жрица мистики» "
            "недоступна.",
            "fr": "Le jeu en solo se joue toujours avec l'Allée Sombre ; sans les prophéties, la "
            "Prêtresse du Mysticisme n'est pas proposée.",
        },
    ),
    OPTIONS[3],  # first-game kits (your setup)
)


@register
class TrickerionSolo(Trickerion):
    """The solo game: two seats, you (seat 0) and the Successor (seat 1, an automaton whose
    every step ``automaton_action`` computes). Always with the Dark Alley, never the fast game
    (base rulebook «БЫСТРАЯ ПАРТИЯ»: any module but the Successor)."""

    id = "trickerion-solo"
    # Seat 1 is the Successor's: the lobby shows it as the automaton, not as a seat to fill.
    seating = Seating(2, 2, automata=(1,))
    option_specs = SOLO_OPTIONS
    state_type = SoloGameState
    action_type = Action | SuccessorStep | RerollPrepDice | SuccessorDraw | SuccessorSetup
    presenter = SoloPresenter
    # A box owner may type in the printed difficulty tables, plan cards, dice and solo
    # performance cards
    # (docs/trickerion-data.md).
    replaceable_packs = tuple(pack_id(name) for name in REPLACEABLE)
    rules_type = SoloRules
    rules: SoloRules
    legacy = SoloLegacy
    # Hard's rollouts keep greedy's move unless another clearly beats it (search.LEAD).
    bots = BotKit(BOTS, SOLO_KNOWLEDGE, LEARNER)

    def __init__(
        self,
        players: int = 2,
        options: dict[str, Any] | None = None,
        packs: dict[str, bytes] | None = None,
    ) -> None:
        given = dict(options or {})
        # The base game's module switches are fixed here; a save stores them as they are.
        if given.pop("fast_game", False) is not False:
            raise OptionsError("trickerion.solo.no_fast_game")
        if given.pop("dark_alley", True) is not True:
            raise OptionsError("trickerion.solo.needs_dark_alley")
        super().__init__(players, given, packs)
        self._fingerprint = self._own_catalog()[1]

    def pack_fingerprint(self) -> dict[str, str]:
        return dict(self._fingerprint)

    def catalog(self) -> R.SoloCatalog:
        return self._own_catalog()[0]

    def _own_catalog(self) -> tuple[R.SoloCatalog, dict[str, str]]:
        return solo_catalog(tuple(sorted(self.user_packs.items())))

    def check_options(self) -> None:
        o = self.options
        o["dark_alley"] = True
        o["fast_game"] = False

    def automaton_action(self, state: State, seat: int) -> SuccessorStep:
        return self.rules.automaton_action(state, seat)
