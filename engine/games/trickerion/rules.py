"""One table's frozen rules: player count, options, the catalogue, the decision table, and the
hooks a variant's rules override (a subclass, as the solo game's ``SoloRules``). Every rules
function takes it first as ``r``; the base modules call its hooks and never ask which variant
is played."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.core.decisions import Decision, Decisions
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.options import OptionSpec
from engine.core.rng import Rng
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.components import ActionCost, EnhanceAP
from engine.games.trickerion.state import PerfCard, Placement, State


class Options(msgspec.Struct, frozen=True, kw_only=True):
    """The lobby's switches as validated (``OPTIONS`` in ``game``; a test keeps the two
    alike): read as attributes, never as a dict."""

    dark_alley: bool = True
    prophecies: bool = True
    fast_game: bool = False
    first_game: bool = False


def options_of(
    specs: tuple[OptionSpec, ...], given: dict[str, Any], kind: type[Options]
) -> Options:
    """The frozen options of a table: every option spec's validated value (``given`` holds
    them all once ``Game`` has normalised and checked them), and only those."""
    return msgspec.convert({spec.id: given[spec.id] for spec in specs}, kind)


class TrickerionRules:
    """The rules of one table, and the hook points of a variant.

    The base game implements each hook plainly and a variant (the solo game,
    ``solo.hooks.SoloRules``) overrides it. A seat the game plays itself is an *automaton
    seat*: the hooks named ``automaton_*`` are only called for it, so the base game (which has
    none) never reaches them."""

    options_type: ClassVar[type[Options]] = Options
    state_type: ClassVar[type[State]] = State
    # The setup's chance step draws the initiative order (False: ``setup_initiative`` sets it).
    draws_initiative: ClassVar[bool] = True
    # A seat the game plays itself (the solo Successor). Without one the flow does not ask
    # ``automaton_seat``, ``automaton_busy`` or ``variant_drawing`` (None and False here):
    # about eight calls at every step of a base game, 2% of its instructions.
    automaton: ClassVar[bool] = False

    def __init__(self, players: int, options: Options, cat: Catalog, table: Decisions) -> None:
        self.players = players
        self.options = options
        self.cat = cat
        # The fixed AP costs (Prepare's is printed on the trick card, not here).
        self._ap = {a: ap for a, ap in cat.ap.items() if ap is not None}
        # Every pending decision kind -> (legal, apply), in the declared order of decisions
        # raised together; the rank is each kind's place in it (``common.raise_decision``).
        self.decisions = table | self.extra_decisions()
        # Moves kept between listings by what they are worked out from, and the catalogue
        # (``Catalog.kept``: every table of it shares them, so a new game starts with them warm):
        # Market Row's Order and Quick Order moves, by the Order area or the prop in the Quick
        # Order slot (``market``): a third of its listing was building these same few dozen
        # moves again at every Market Row step.
        self.order_lists: dict[tuple[str, ...], tuple[Any, ...]]
        self.quick_lists: dict[str, tuple[Any, ...]]
        # Downtown's Set Die moves by the six faces (``downtown``), likewise.
        self.set_die_lists: dict[tuple[str, ...], tuple[Any, ...]]
        # The setup's and the Manager's prop bundles by value, whose, and the player's props
        # and Manager list (``setup``): every player starts with the same, and checking the
        # 14 bundles against them again was about 1.5% of a random game's instructions.
        self.bundle_lists: dict[Any, tuple[Any, ...]]
        self.order_lists, self.quick_lists, self.set_die_lists, self.bundle_lists = cat.kept

    @property
    def last_round(self) -> int:
        """The game's last round, by the board's round counts with and without the Dark Alley."""
        rounds = self.cat.rounds
        return rounds.with_dark_alley if self.options.dark_alley else rounds.without_dark_alley

    def has_ability(self, s: State, seat: int, magician: str) -> bool:
        """``seat`` plays ``magician`` and its base ability is on (Dark Alley module only)."""
        return self.options.dark_alley and s.players[seat].magician == magician

    # --- hook points ----------------------------------------------------------------------------

    def automaton_seat(self, s: State) -> int | None:
        """The seat the game plays itself, or None."""
        return None

    def automaton_worth(self, s: State) -> float | None:
        """What the automaton holds, in fame, for a bot to weigh what a move hands it; None
        without one."""
        return None

    def setup_seats(self) -> int:
        """How many seats make the setup choices (magician, trick, props, specialist)."""
        return self.players

    def variant_performances(self, rng: Rng) -> tuple[list[str], list[PerfCard]] | None:
        """A variant's own performance deck (top first) and face-up row, dealt before play
        from ``rng``; None: the base game's (``setup.deal_performances``)."""
        return None

    def prophecy_pool(self) -> list[str]:
        """The prophecy tokens the stack is shuffled from."""
        return list(self.cat.prophecies)

    def deal_variant(self, s: State) -> None:
        """A variant's own hidden decks, dealt before play from the state's RNG after the base
        game's."""

    def setup_initiative(self, s: State, ev: list[Event]) -> None:
        """Setup's chance step where a variant sets the initiative order and the starting
        coins itself (``draws_initiative`` False); the base game's step carries the order it
        drew (``setup.random_initiative``)."""

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

    def variant_drawing(self, s: State) -> bool:
        """A variant's step stopped at a public draw of its own: the state is at a chance node
        whose step ``variant_chance_action`` gives and ``variant_chance_step`` applies."""
        return False

    def variant_chance_action(self, s: State) -> Any:
        raise AssertionError("no variant draw")  # flow asks only where variant_drawing

    def variant_chance_step(self, s: State, action: Any, ev: list[Event]) -> None:
        raise AssertionError("no variant draw")

    def apply_automaton(self, s: State, seat: int, action: Any, ev: list[Event]) -> None:
        raise IllegalAction("core.unknown_action", action=type(action).__name__)

    def first_performance_day(self, s: State) -> int:
        """A day that performs before the others (Thursday to Sunday otherwise), or -1."""
        return -1

    def automaton_takes(self, s: State, seat: int) -> int:
        """The row's card an automaton will perform this round before ``seat``'s show, or -1."""
        return -1

    def automaton_trick_yield(self, s: State, trick: str) -> tuple[int, int, int]:
        raise AssertionError("no automaton seat")

    def automaton_gain(
        self, s: State, seat: int, ev: list[Event], why: str, fame: int, coins: int, shards: int
    ) -> None:
        raise AssertionError("no automaton seat")

    def automaton_performer_bonus(self, s: State, pc: Any, day: int, ev: list[Event]) -> None:
        raise AssertionError("no automaton seat")

    def after_performance(self, s: State, card: int, ev: list[Event]) -> None:
        """The row's card ``card`` has been performed, before its markers leave it."""

    def automaton_wages(self, s: State, ev: list[Event]) -> None:
        raise AssertionError("no automaton seat")

    def on_characters_returned(self, s: State, ev: list[Event]) -> None:
        """End of round: every character is home again."""

    def before_discard(self, s: State, pc: Any, ev: list[Event]) -> None:
        """End of round: the rightmost performance card is about to be discarded."""

    def final_breakdown(self, s: State, seat: int) -> dict[str, int] | None:
        """A seat's final score by category where a variant scores it its own way; None for
        the base game's categories (``scoring.breakdown``)."""
        return None

    def extra_decisions(self) -> dict[type, Decision]:
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

    def effect_params(self, act: Placement) -> tuple[Any, ...]:
        card = act.mimic or act.card
        return self.cat.specials[card].params if card else ()

    def action_ap(self, s: State, action: str) -> int:
        """AP cost of a location action, with an ActionCost prophecy applied."""
        # A parameter told by its type, not isinstance: a Struct class's isinstance calls its
        # metaclass's __instancecheck__ (about 500 instructions a miss), and this is asked at
        # most listings.
        if s.prophecy:
            for param in self.cat.prophecies[s.prophecy].params:
                if type(param) is ActionCost and param.action == action:
                    return param.ap
        return self._ap[action]

    def enhance_ap(self, s: State) -> int:
        """AP a shard's Enhance Character gives: 1, or an EnhanceAP prophecy's (pr08: 2)."""
        if s.prophecy:
            for param in self.cat.prophecies[s.prophecy].params:
                if type(param) is EnhanceAP:
                    return param.ap
        return 1
