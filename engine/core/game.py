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
"""

from __future__ import annotations

import hashlib
from typing import Any, ClassVar, Literal

import msgspec

from engine.core.errors import IllegalAction, OptionsError
from engine.core.events import Event
from engine.core.options import OptionSpec, normalize

CHANCE = -1

ToActKind = Literal["players", "chance", "automaton", "terminal"]


class ToAct(msgspec.Struct, frozen=True):
    kind: ToActKind
    seats: tuple[int, ...] = ()

    @property
    def simultaneous(self) -> bool:
        return self.kind == "players" and len(self.seats) > 1


AUTOMATON: ToActKind = "automaton"
TERMINAL = ToAct("terminal")
CHANCE_NODE = ToAct("chance", (CHANCE,))


class Result(msgspec.Struct, frozen=True):
    scores: list[int]
    winners: list[int]
    # Per seat: category -> points, in display order (the end-of-game scoring table).
    breakdown: list[dict[str, int]] = []


class Game:
    id: ClassVar[str]
    names: ClassVar[dict[str, str]]  # en / ru / fr
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    state_type: ClassVar[type]
    action_type: ClassVar[Any]
    # Data packs a box owner may replace with their own file (see ``engine.core.packs``).
    replaceable_packs: ClassVar[tuple[str, ...]] = ()
    # Extra bot kinds beyond the generic random bot: name -> factory(seed) -> Bot.
    bots: ClassVar[dict[str, Any]] = {}

    def __init__(self, players: int, options: dict[str, Any] | None = None,
                 packs: dict[str, bytes] | None = None) -> None:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise OptionsError("options.player_count", game=self.id, players=players,
                               min=self.min_players, max=self.max_players)
        self.players = players
        self.options = normalize(self.option_specs, options)
        self.check_options()
        # A box owner's own data packs (pack id -> the file's bytes), replacing shipped ones;
        # the game validates them (``engine.core.packs``) and reports them in pack_fingerprint.
        self.user_packs: dict[str, bytes] = dict(packs or {})
        unknown = sorted(set(self.user_packs) - set(self.replaceable_packs))
        if unknown:
            raise OptionsError("options.unknown_pack", game=self.id, packs=unknown,
                               known=list(self.replaceable_packs))
        self._state_encoder = msgspec.msgpack.Encoder()
        self._state_decoder = msgspec.msgpack.Decoder(self.state_type)
        self._action_decoder = msgspec.json.Decoder(self.action_type)
        self._json = msgspec.json.Encoder()

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
        data = msgspec.to_builtins(state)
        data.pop("rng", None)
        return data

    def result(self, state: Any) -> Result | None:
        """Final scores once terminal, else None."""
        raise NotImplementedError

    def chance_action(self, state: Any) -> Any:
        raise NotImplementedError(f"{self.id} has no chance nodes")

    def automaton_action(self, state: Any, seat: int) -> Any:
        raise NotImplementedError(f"{self.id} has no automaton")

    def enters_outcomes(self, state: Any, seat: int, action: Any) -> bool:
        """True when a person may enter this chance or automaton step by hand (the outcome of
        a physical throw or draw at a real table). Otherwise such a step is accepted only when
        it equals what ``chance_action``/``automaton_action`` compute (``engine.core.match``),
        so neither a save file nor a script can choose the dice or the automaton's moves."""
        return False

    def pack_fingerprint(self) -> dict[str, str]:
        """The data packs this table plays with: pack id -> sha256 of the pack file. A save
        records it and refuses to load under other packs (a box owner's pack, a newer shipped
        pack). Games with packs override; ``{}`` means nothing to check."""
        return {}

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        """Official name of a game term (a card, a location) for the log; games override."""
        return str(value)

    # --- the core's side of the loop --------------------------------------------------------

    def apply(self, state: Any, seat: int, action: Any) -> tuple[Any, list[Event]]:
        to = self.to_act(state)
        if to.kind == "terminal":
            raise IllegalAction("core.game_over")
        if seat not in to.seats:
            raise IllegalAction("core.not_your_turn", seat=seat, to_act=list(to.seats))
        if not isinstance(action, self._action_types()):
            raise IllegalAction("core.unknown_action", action=type(action).__name__)
        new = self.copy(state)
        events = self._apply(new, seat, action)
        return new, events

    def _action_types(self) -> tuple[type, ...]:
        types = getattr(self.action_type, "__args__", None)
        return tuple(types) if types else (self.action_type,)

    def copy(self, state: Any) -> Any:
        return self._state_decoder.decode(self._state_encoder.encode(state))

    def encode_state(self, state: Any) -> bytes:
        return self._state_encoder.encode(state)

    def state_hash(self, state: Any) -> str:
        return hashlib.sha256(self._state_encoder.encode(state)).hexdigest()

    def encode_action(self, action: Any) -> bytes:
        return self._json.encode(action)

    def decode_action(self, data: bytes | str) -> Any:
        return self._action_decoder.decode(data)

    def action_to_builtins(self, action: Any) -> dict[str, Any]:
        return msgspec.to_builtins(action)

    def action_from_builtins(self, data: Any) -> Any:
        return msgspec.convert(data, self.action_type)

    @classmethod
    def describe(cls) -> dict[str, Any]:
        """The lobby's description: names, seats, options and bot kinds."""
        return {
            "id": cls.id,
            "names": cls.names,
            "min_players": cls.min_players,
            "max_players": cls.max_players,
            "options": msgspec.to_builtins(cls.option_specs),
            "bots": ["random", *cls.bots],
        }
