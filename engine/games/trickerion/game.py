"""Trickerion: Legends of Illusion — the rules object registered with the engine core."""

from __future__ import annotations

from typing import Any, ClassVar

from engine.core.botkit import BotKit
from engine.core.copier import copy_state
from engine.core.decisions import Decisions
from engine.core.events import Event
from engine.core.game import Game, Result, Seating, ToAct
from engine.core.options import OptionSpec
from engine.core.registry import register
from engine.games.trickerion import decisions, flow, setup
from engine.games.trickerion.actions import Action, Buy
from engine.games.trickerion.bots import BOTS
from engine.games.trickerion.catalog import Catalog, catalog
from engine.games.trickerion.legacy import TrickerionLegacy
from engine.games.trickerion.presenter import TrickerionPresenter
from engine.games.trickerion.rules import TrickerionRules, options_of
from engine.games.trickerion.search import KNOWLEDGE
from engine.games.trickerion.state import State
from engine.games.trickerion.tuning import LEARNER
from engine.games.trickerion.view import view as make_view

OPTIONS = (
    OptionSpec(
        id="dark_alley",
        kind="bool",
        default=True,
        names={"en": "Dark Alley", "ru": "Кривая улочка", "fr": "Allée Sombre"},
        help={
            "en": "7 rounds, special assignments, level-3 tricks, Magnus Pantheon, "
            "magician abilities; off: 5 rounds, 9 permanent assignment cards.",
            "ru": "7 раундов, особые поручения, номера 3-го уровня, Магнус-пантеон, "
            "способности иллюзионистов; без модуля: 5 раундов.",
            "fr": "7 tours, Affectations Spéciales, Tours de Niveau 3, The Magnus "
            "Pantheon, capacités des Magiciens ; sans : 5 tours.",
        },
    ),
    OptionSpec(
        id="prophecies",
        kind="bool",
        default=True,
        names={"en": "Prophecies", "ru": "Пророчества", "fr": "Prophéties"},
        requires="dark_alley",
        help={
            "en": "Dark Alley only; without them the Priestess of Mysticism is not offered.",
            "ru": "Только с «Кривой улочкой»; без них «Жрица мистики» недоступна.",
            "fr": "Avec l'Allée Sombre seulement ; sinon la Prêtresse du Mysticisme "
            "n'est pas proposée.",
        },
    ),
    OptionSpec(
        id="fast_game",
        kind="bool",
        default=False,
        names={"en": "Fast game", "ru": "Быстрая партия", "fr": "Partie rapide"},
        help={
            "en": "Start in round 2 with extra fame, props, a shard and a card.",
            "ru": "Начать со 2-го раунда с дополнительными ресурсами.",
            "fr": "Commencer au tour 2 avec des ressources en plus.",
        },
    ),
    OptionSpec(
        id="first_game",
        kind="bool",
        default=False,
        names={
            "en": "First-game kits",
            "ru": "Наборы для первой игры",
            "fr": "Mise en place de première partie",
        },
        help={
            "en": "Starting trick, props and specialist from the rulebook's kit for "
            "the magician's school.",
            "ru": "Начальный номер, реквизит и специалист из набора школы.",
            "fr": "Tour, matériaux et spécialiste de départ selon l'école.",
        },
    ),
)


@register
class Trickerion(Game):
    id = "trickerion"
    seating = Seating(2, 4)
    # Declared as the base class does (a variant has other options and a State subclass).
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    state_type: ClassVar[type[State]] = State
    action_type = Action
    bots = BotKit(BOTS, KNOWLEDGE, LEARNER)
    legacy = TrickerionLegacy
    presenter = TrickerionPresenter

    rules_type: ClassVar[type[TrickerionRules]] = TrickerionRules  # a variant's hooks

    def __init__(
        self,
        players: int,
        options: dict[str, Any] | None = None,
        packs: dict[str, bytes] | None = None,
    ) -> None:
        super().__init__(players, options, packs)
        kind = self.rules_type
        self.rules = kind(
            players,
            options_of(self.option_specs, self.options, kind.options_type),
            self.catalog(),
            Decisions(decisions.TABLE),
        )
        self.cat = self.rules.cat  # what the presentation hooks read

    def catalog(self) -> Catalog:
        """The table's catalogue (a variant's adds its own packs)."""
        return catalog()

    def check_options(self) -> None:
        # Prophecies exist only in the Dark Alley module: without it they are simply off.
        if not self.options["dark_alley"]:
            self.options["prophecies"] = False

    # --- the Game interface -------------------------------------------------------------------

    def initial_state(self, seed: int) -> State:
        return setup.initial_state(self.rules, seed)

    def to_act(self, state: State) -> ToAct:
        return flow.to_act(self.rules, state)

    def legal_actions(self, state: State, seat: int) -> list[Any]:
        return flow.legal(self.rules, state, seat)

    def chance_action(self, state: State) -> Any:
        return flow.chance_action(self.rules, state)

    def allows(self, state: State, seat: int, action: Any, listed: list[Any] | None) -> bool:
        legal = listed if listed is not None else self.legal_actions(state, seat)
        if type(action) is Buy:
            # A bundle is bought in any order of its props (Component Sale, a36: "4 of any
            # types"); the listing names each bundle once.
            key = _bundle(action)
            return any(type(a) is Buy and _bundle(a) == key for a in legal)
        return action in legal

    def refusal(self, state: State, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
        return flow.refusal(self.rules, copy_state(state), seat, action)

    def decisions(self) -> Decisions:
        return self.rules.decisions

    def _apply(self, state: State, seat: int, action: Any) -> list[Event]:
        return flow.apply(self.rules, state, seat, action)

    def view(self, state: State, viewer: int | None) -> dict[str, Any]:
        return make_view(self.rules, state, viewer)

    def hidden_probe(self, state: State, viewer: int | None) -> list[State]:
        from engine.games.trickerion.probe import hidden_probe

        return hidden_probe(copy_state, state, viewer)

    def result(self, state: State) -> Result | None:
        if state.phase != "over":
            return None
        scores = [b["total"] for b in state.final]
        return Result(
            scores=scores, winners=[state.winner], breakdown=[dict(b) for b in state.final]
        )


def _bundle(a: Buy) -> tuple[Any, ...]:
    return tuple(sorted(a.props)), a.bargain, a.mode, a.refill
