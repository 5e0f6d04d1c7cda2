"""The rules object every game subclasses, and the loop vocabulary.

A ``Game`` instance is the frozen rules of one table (player count, validated options, loaded
data packs); a *state* is a msgspec Struct owned by the game; actions are a tagged union of
msgspec Structs. The loop is the same for every game:

    to_act(state)  -> ToAct: players (one seat, or several choosing at once), chance,
                      automaton, or terminal
    legal_actions(state, seat) -> every action that seat may take now, in a stable order
    apply(state, seat, action) -> (new_state, events); the input is never mutated and an
                      illegal action raises IllegalAction naming the rule

Randomness happens only inside ``apply`` through ``state.rng``. A chance node is a step nobody
chooses (the dice roll, a shuffle): the driver applies ``chance_action(state)`` as seat CHANCE.
An automaton (a solo opponent following a printed flowchart) is a seat whose action the game
itself computes with ``automaton_action``.

Everything the bridge, the page and ``tests/core/test_every_game.py`` read from a game is
declared with a default on ``Game`` below (the rules) or on the ``Presenter`` it names (how it
reads: ``engine.core.presenter``; see docs/adding-a-game.md), so nothing outside the game
probes it with ``getattr``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Literal, NoReturn

import msgspec

from engine.core.botkit import BotKit
from engine.core.codec import Codec
from engine.core.copier import copy_state
from engine.core.errors import IllegalAction, OptionsError
from engine.core.events import Event
from engine.core.legacy import Legacy
from engine.core.options import OptionSpec, normalize
from engine.core.presenter import Presenter

CHANCE = -1

# What a rule module raises when an action's fields point nowhere.
_MALFORMED = (IndexError, KeyError, ValueError, TypeError, AttributeError, AssertionError)

ToActKind = Literal["players", "chance", "automaton", "terminal"]


# Game class -> the set of its action types (``_action_set``).
_ACTION_SETS: dict[type, frozenset[type]] = {}


def _action_types(cls: type[Game]) -> tuple[type, ...]:
    types = getattr(cls.action_type, "__args__", None)
    return tuple(types) if types else (cls.action_type,)


def _action_set(cls: type[Game]) -> frozenset[type]:
    # Every apply checks the action's type: a set lookup first (isinstance against a union of
    # 45 Trickerion actions tried them one by one), built once per game class.
    found = _ACTION_SETS.get(cls)
    if found is None:
        found = _ACTION_SETS[cls] = frozenset(_action_types(cls))
    return found


class ToAct(msgspec.Struct, frozen=True):
    kind: ToActKind
    seats: tuple[int, ...] = ()

    @property
    def simultaneous(self) -> bool:
        return self.kind == "players" and len(self.seats) > 1


AUTOMATON: ToActKind = "automaton"
TERMINAL = ToAct("terminal")
CHANCE_NODE = ToAct("chance", (CHANCE,))


class Seating(msgspec.Struct, frozen=True):
    """Who sits at a table of the game: ``fewest`` to ``most`` players, every seat counted,
    and the seats the game plays itself through ``automaton_action`` (``automata``: a solo
    opponent such as Trickerion's Successor), which the lobby names instead of offering a
    human or a bot, and so does the log."""

    fewest: int
    most: int
    automata: tuple[int, ...] = ()


class Result(msgspec.Struct, frozen=True):
    scores: list[int]
    winners: list[int]
    # Per seat: category -> points, in display order (the end-of-game scoring table).
    breakdown: list[dict[str, int]] = []


class Game:
    id: ClassVar[str]
    seating: ClassVar[Seating]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    state_type: ClassVar[type]
    action_type: ClassVar[Any]
    # Data packs a box owner may replace with their own file (see ``engine.core.packs``).
    replaceable_packs: ClassVar[tuple[str, ...]] = ()
    # Its bots: the kinds beyond the generic random bot, what they know, what training tunes.
    bots: ClassVar[BotKit] = BotKit()
    # How the game reads saves of older formats (``engine.core.legacy``; the game's legacy.py).
    legacy: ClassVar[type[Legacy]] = Legacy
    # How its positions read on the page (``engine.core.presenter``), held by the bridge; also
    # the lobby's names of its packs and automaton.
    presenter: ClassVar[type[Presenter]] = Presenter

    def __init__(
        self,
        players: int,
        options: dict[str, Any] | None = None,
        packs: dict[str, bytes] | None = None,
    ) -> None:
        seating = self.seating
        if not isinstance(players, int) or not seating.fewest <= players <= seating.most:
            raise OptionsError(
                "options.player_count",
                game=self.id,
                players=players,
                min=seating.fewest,
                max=seating.most,
            )
        self.players = players
        self.options = normalize(self.option_specs, options)
        self.check_options()
        # A box owner's own data packs (pack id -> the file's bytes), replacing shipped ones;
        # the game validates them (``engine.core.packs``) and reports them in pack_fingerprint.
        self.user_packs: dict[str, bytes] = dict(packs or {})
        unknown = sorted(set(self.user_packs) - set(self.replaceable_packs))
        if unknown:
            raise OptionsError(
                "options.unknown_pack",
                game=self.id,
                packs=unknown,
                known=list(self.replaceable_packs),
            )
        # How its states and actions are encoded: hashes, saves, the page's JSON.
        self.codec = Codec(self.action_type)
        # The action types ``apply`` checks every action against (an attribute: the module
        # function's call cost more than its lookup, at every step).
        self._actions = _action_set(type(self))

    # --- what a game implements -------------------------------------------------------------

    def check_options(self) -> None:
        """Raise OptionsError for invalid combinations (after defaults are filled)."""

    def initial_state(self, seed: int) -> Any:
        raise NotImplementedError

    def to_act(self, state: Any) -> ToAct:
        raise NotImplementedError

    def legal_actions(self, state: Any, seat: int) -> list[Any]:
        raise NotImplementedError

    def _apply(self, state: Any, seat: int, action: Any) -> list[Event]:
        """Change ``state`` (already a private copy) in place; return the events."""
        raise NotImplementedError

    def view(self, state: Any, viewer: int | None) -> dict[str, Any]:
        """What ``viewer`` (a seat, or None for a spectator) may see, as JSON-ready builtins.

        The default suits games without hidden information. The RNG is always removed: its
        state predicts every future draw.
        """
        data: dict[str, Any] = msgspec.to_builtins(state)
        data.pop("rng", None)
        return data

    def result(self, state: Any) -> Result | None:
        """Final scores once terminal, else None."""
        raise NotImplementedError

    def chance_action(self, state: Any) -> Any:
        raise NotImplementedError(f"{self.id} has no chance nodes")

    def automaton_action(self, state: Any, seat: int) -> Any:
        raise NotImplementedError(f"{self.id} has no automaton")

    def hidden_probe(self, state: Any, viewer: int | None) -> list[Any]:
        """States that differ from ``state`` only in what ``viewer`` may not see (another
        seat's face-down card, a deck's order): ``view`` must give the same for each of them,
        which tests/core/test_every_game.py checks. A game with hidden information returns at
        least one such state wherever something is hidden; the RNG is probed by the test."""
        return []

    def enters_outcomes(self, state: Any, seat: int, action: Any) -> bool:
        """True when a person may enter this chance or automaton step by hand (the outcome of
        a physical throw or draw at a real table). Otherwise such a step is accepted only when
        it equals what ``chance_action``/``automaton_action`` compute (checked in ``apply``),
        so neither a save file nor a script can choose the dice or the automaton's moves."""
        return False

    def hidden_draw(self, state: Any, seat: int, action: Any) -> bool:
        """True when the player step ``action`` at ``state`` may shuffle what nobody sees (cards
        put back face down into their pile): the only player steps that may draw on
        ``state.rng``. Every public draw (a throw, a card turned up) is a chance step of its own,
        which tests/core/test_chance_contract.py holds every game to."""
        return False

    def pack_fingerprint(self) -> dict[str, str]:
        """The data packs this table plays with: pack id -> sha256 of the pack file. A save
        records it and refuses to load under other packs (a box owner's pack, a newer shipped
        pack). Games with packs override; ``{}`` means nothing to check."""
        return {}

    # --- the core's side of the loop --------------------------------------------------------

    def apply(
        self,
        state: Any,
        seat: int,
        action: Any,
        listed: list[Any] | None = None,
        to: ToAct | None = None,
    ) -> tuple[Any, list[Event]]:
        """``listed``: ``legal_actions(state, seat)`` when the caller already has it (``Match``
        keeps the list it last gave out); a game whose legality check enumerates may look the
        action up there instead of listing again. ``to``: ``to_act(state)``, likewise."""
        if to is None:
            to = self.to_act(state)
        if to.kind == "terminal":
            raise IllegalAction("core.game_over")
        if seat not in to.seats:
            raise IllegalAction("core.not_your_turn", seat=seat, to_act=list(to.seats))
        if type(action) not in self._actions and not isinstance(action, _action_types(type(self))):
            raise IllegalAction("core.unknown_action", action=type(action).__name__)
        if to.kind in ("chance", "automaton") and not self.enters_outcomes(state, seat, action):
            expected = (
                self.chance_action(state)
                if to.kind == "chance"
                else self.automaton_action(state, seat)
            )
            if type(action) is not type(expected) or (
                self.codec.encode_action(action) != self.codec.encode_action(expected)
            ):
                # Only the engine draws for chance and moves the automaton: a save file or a
                # page call cannot choose the dice or the Successor's steps.
                raise IllegalAction(f"core.forced.{to.kind}", seat=seat)
        elif to.kind == "players":
            # the legality check inline, its refusal a call of its own (one call less a step)
            try:
                allowed = self.allows(state, seat, action, listed)
            except _MALFORMED as exc:
                raise IllegalAction("core.malformed_action", error=type(exc).__name__) from exc
            if not allowed:
                _refuse(self, state, seat, action)
        new = copy_state(state)
        try:
            events = self._apply(new, seat, action)
        except _MALFORMED as exc:
            # An action whose fields point nowhere (an index past a list, an unknown key): the
            # input state is untouched, so it is simply refused.
            raise IllegalAction("core.malformed_action", error=type(exc).__name__) from exc
        return new, events

    def allows(self, state: Any, seat: int, action: Any, listed: list[Any] | None) -> bool:
        """Whether ``action`` is among ``legal_actions(state, seat)`` (``listed``, when the
        caller has it). A game may answer the same question without listing (a placement
        checked among its one fragment's spots); never a different one."""
        return action in (listed if listed is not None else self.legal_actions(state, seat))

    def refusal(self, state: Any, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
        """Why ``seat`` may not take ``action`` now, which ``allows`` refused: the rule's code
        and its parameters, in the player's terms (a catalog text of the game's)."""
        raise NotImplementedError(f"{self.id} names no refusal")

    def decisions(self) -> Any:
        """This table's ``engine.core.decisions.Decisions`` (the pending kinds its state can
        hold, each with its entry), or None for a game without pending decisions."""
        return None


def _refuse(game: Game, state: Any, seat: int, action: Any) -> NoReturn:
    """The one refusal path: a player's action not among the legal ones is refused here,
    before anything applies, and the game is asked only for the words (``refusal``)."""
    try:
        code, params = game.refusal(state, seat, action)
    except _MALFORMED as exc:
        raise IllegalAction("core.malformed_action", error=type(exc).__name__) from exc
    raise IllegalAction(code, **params)
