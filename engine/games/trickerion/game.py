"""Trickerion: Legends of Illusion — the rules object registered with the engine core."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.core.decisions import Decisions
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.game import Game, Progress, Result, ToAct
from engine.core.options import OptionSpec
from engine.core.registry import register
from engine.games.trickerion import decisions, flow, scoring, setup
from engine.games.trickerion.actions import Action, Chance
from engine.games.trickerion.bots import BOTS
from engine.games.trickerion.catalog import catalog
from engine.games.trickerion.components import ActionCost
from engine.games.trickerion.search import KNOWLEDGE
from engine.games.trickerion.state import Placement, State
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
    names = {
        "en": "Trickerion: Legends of Illusion",
        "ru": "Трикерион. Искусство иллюзии",
        "fr": "Trickerion – Légende de l'illusion",
    }
    min_players = 2
    max_players = 4
    # Declared as the base class does (a variant has other options and a State subclass).
    option_specs: ClassVar[tuple[OptionSpec, ...]] = OPTIONS
    state_type: ClassVar[type[State]] = State
    action_type = Action
    bots = BOTS
    learner = LEARNER
    search_knowledge = KNOWLEDGE

    def __init__(
        self,
        players: int,
        options: dict[str, Any] | None = None,
        packs: dict[str, bytes] | None = None,
    ) -> None:
        super().__init__(players, options, packs)
        self.cat = catalog()
        # The fixed AP costs (Prepare's is printed on the trick card, not here).
        self._ap = {a: ap for a, ap in self.cat.ap.items() if ap is not None}
        # Every pending decision kind -> (legal, apply), in the declared order of decisions
        # raised together; the rank is each kind's place in it (``common.raise_decision``).
        self.decisions = Decisions(decisions.TABLE) | self.extra_decisions()

    def check_options(self) -> None:
        # Prophecies exist only in the Dark Alley module: without it they are simply off.
        if not self.options["dark_alley"]:
            self.options["prophecies"] = False

    def has_ability(self, s: State, seat: int, magician: str) -> bool:
        """``seat`` plays ``magician`` and its base ability is on (Dark Alley module only)."""
        return bool(self.options["dark_alley"]) and s.players[seat].magician == magician

    # --- hook points ----------------------------------------------------------------------------
    # The base rules call these where a variant of the game changes them; the base game
    # implements them plainly and a variant (the solo game, ``solo.game``) overrides them. A
    # seat the game plays itself is an *automaton seat*: the hooks named ``automaton_*`` are
    # only called for it, so the base game (which has none) never reaches them.

    def automaton_seat(self, s: State) -> int | None:
        """The seat the game plays itself, or None."""
        return None

    def setup_seats(self) -> int:
        """How many seats make the setup choices (magician, trick, props, specialist)."""
        return self.players

    def setup_initiative(self, s: State, ev: list[Event]) -> None:
        """Setup's chance step: the initiative order and the starting coins by slot."""
        setup.random_initiative(self, s)

    def on_round_start(self, s: State, ev: list[Event]) -> None:
        """After the dice roll and initiative, before advertising."""

    def on_advertise_start(self, s: State, ev: list[Event]) -> None:
        """Advertise phase begins (who can pay is already known)."""

    def assignments_face_up(self, s: State) -> bool:
        """Assignment cards are placed face up (no hidden assignments)."""
        return False

    def automaton_busy(self, s: State) -> bool:
        """The automaton is in the middle of a placement turn of its own."""
        return False

    def apply_automaton(self, s: State, seat: int, action: Any, ev: list[Event]) -> None:
        raise IllegalAction("core.unknown_action", action=type(action).__name__)

    def first_performance_day(self, s: State) -> int:
        """A day that performs before the others (Thursday to Sunday otherwise), or -1."""
        return -1

    def automaton_trick_yield(self, s: State, trick: str) -> tuple[int, int, int]:
        raise AssertionError("no automaton seat")

    def automaton_gain(
        self, s: State, seat: int, ev: list[Event], why: str, fame: int, coins: int, shards: int
    ) -> None:
        raise AssertionError("no automaton seat")

    def automaton_performer_bonus(self, s: State, pc: Any, day: int, ev: list[Event]) -> None:
        raise AssertionError("no automaton seat")

    def after_performance(self, s: State, pc: Any, ev: list[Event]) -> None:
        """A card has been performed, before its markers leave it."""

    def automaton_wages(self, s: State, ev: list[Event]) -> None:
        raise AssertionError("no automaton seat")

    def on_characters_returned(self, s: State, ev: list[Event]) -> None:
        """End of round: every character is home again."""

    def before_discard(self, s: State, pc: Any, ev: list[Event]) -> None:
        """End of round: the rightmost performance card is about to be discarded."""

    def final_breakdown(self, s: State, seat: int) -> dict[str, int]:
        return scoring.breakdown(self, s, seat)

    def extra_decisions(self) -> dict:
        """Pending decision kinds a variant adds, after the base ones in the declared order:
        ``{Pending Struct: engine.core.decisions.Decision(legal, apply)}``."""
        return {}

    def variant_view(self, s: State, viewer: int | None) -> dict[str, Any]:
        """Keys a variant adds to every seat's view."""
        return {}

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
                if isinstance(param, ActionCost) and param.action == action:
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
        if state.phase == "roll":
            return Chance(dice=flow.throw(self, msgspec.structs.replace(state.rng)))
        return Chance()

    def upgrade_step(self, state: State, seat: int, action: Any, format_version: int) -> Any:
        # Format 2 recorded the Dice roll as a bare Chance (the faces were drawn in apply):
        # the engine's own throw, recomputed from the seed, is what that step rolled.
        if format_version < 3 and isinstance(action, Chance) and state.phase == "roll":
            return self.chance_action(state)
        return action

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

    def progress(self, state: State) -> Progress:
        """Fame (what wins) and coins by seat; the Successor's fame too in the solo game. Once
        scored, the fame the game earned (the breakdown's first row), not the total the end
        bonuses make of it: the chart's "Fame" line ends on fame."""
        players = state.players
        fame = [b["fame"] for b in state.final] if state.final else [p.fame for p in players]
        return Progress(state.round, {"fame": fame, "coins": [p.coins for p in players]})

    def label_terms(self, state: Any, action: Any, seat: int | None) -> dict[str, Any]:
        """What labels read off the position (``labels``): a character named by its kind
        ("Place your Engineer…"; "Apprentice 2" when there are two), performance cards and
        slots as the board names them, a set-up's links, Advertise's price. Without a position
        or seat the labels fall back to numbers."""
        from engine.games.trickerion.labels import label_terms

        return label_terms(self, state, action, seat)

    def unofficial_names(self, lang: str) -> dict[str, str]:
        from engine.games.trickerion.terms import unofficial_names

        return unofficial_names(self.cat, lang)

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        from engine.games.trickerion.terms import term_name

        return term_name(self.cat, kind, value, lang)

    def term_form(self, kind: str, value: Any, lang: str, case: str) -> str:
        from engine.games.trickerion.terms import term_form

        return term_form(self.term_name(kind, value, lang), case, lang)
