"""The Magnificent (Aporta Games 2019; RU «Грандиозное представление») as an engine game for
2-4 players (``magnificent``), on a replaceable component pack. A variant is a layer on top:
a subclass answering the hooks of ``Rules`` and of this class."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, ClassVar, NamedTuple

from engine.core import Event, Game, OptionSpec, Result, ToAct, chance
from engine.core.botkit import BotKit
from engine.core.copier import copy_state
from engine.core.decisions import Decisions
from engine.core.game import CHANCE_NODE, TERMINAL, Seating
from engine.core.levels import level_bots
from engine.core.registry import register
from engine.core.tuples import change_at
from engine.games.magnificent import actions as A
from engine.games.magnificent import (
    build,
    decisions,
    legal,
    perform,
    posters,
    refusals,
    roundend,
    scoring,
    setup,
    travel,
    turn,
)
from engine.games.magnificent import components as C
from engine.games.magnificent.bots import GreedyBot
from engine.games.magnificent.common import ev
from engine.games.magnificent.legacy import MagLegacy
from engine.games.magnificent.presenter import MagPresenter
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.search import KNOWLEDGE
from engine.games.magnificent.state import MagState, PendingPoster
from engine.games.magnificent.tuning import LEARNER
from engine.games.magnificent.view import view as build_view

ADVANCED = OptionSpec(
    id="advanced",
    kind="bool",
    default=False,
    names={
        "en": "Advanced setup",
        "ru": "Подготовка для опытных игроков",
        "fr": "Mise en place avancée",
    },
    help={
        "en": "Each player chooses side A or B of their board; master cards are drafted.",
        "ru": "Каждый выбирает сторону планшета А или Б; карты импресарио выбираются драфтом.",
        "fr": "Chacun choisit la face A ou B de son plateau ; les cartes Maître sont draftées.",
    },
)


def _roll(r: Rules, s: MagState, seat: int, a: A.Roll, events: list[Event]) -> None:
    setup.take_throw(s, a.faces)
    if s.dealt:  # the deal's throw (R6): setup goes on
        s.dealt = ()
        roundend.dice_in(s, a.faces, events)
    else:
        roundend.rolled(r, s, a.faces, events)


def _end_turn(r: Rules, s: MagState, seat: int, a: A.EndTurn, events: list[Event]) -> None:
    if turn.end_turn(r, s, seat, events):
        roundend.start(r, s, events)


class Move(NamedTuple):
    """A move of the turn: what it does, ``(rules, state, seat, action, events) -> None``, and
    the rule (rules-digest id) an illegal-action error of it names (a pending decision's
    answers carry theirs in ``decisions.TABLE``)."""

    do: Callable[..., None]
    rule: str


MOVES: dict[type, Move] = {
    A.ChooseSide: Move(lambda r, s, seat, a, ev: setup.choose_side(r, s, seat, a.side, ev), "R18"),
    A.DraftKeep: Move(lambda r, s, seat, a, ev: setup.draft_keep(r, s, seat, a.card, ev), "R19"),
    A.PickTile: Move(lambda r, s, seat, a, ev: setup.pick_tile(r, s, seat, a.tile, ev), "R17"),
    A.Roll: Move(_roll, "R75"),
    A.TakeDie: Move(
        lambda r, s, seat, a, ev: turn.take_die(
            r, s, seat, a.die, a.card, a.colour, a.flip, a.face, ev
        ),
        "R23",
    ),
    A.SpendGem: Move(lambda r, s, seat, a, ev: turn.spend_gem(s, seat, a.gem, ev), "R29"),
    A.CardBonus: Move(
        lambda r, s, seat, a, ev: turn.card_bonus(r, s, seat, a.card, a.gems, ev), "R24"
    ),
    A.Marker: Move(lambda r, s, seat, a, ev: turn.marker(r, s, seat, a.space, ev), "R61"),
    A.Choose: Move(lambda r, s, seat, a, ev: turn.choose(s, seat, a.action, ev), "R31"),
    A.Level: Move(lambda r, s, seat, a, ev: build.level(r, s, seat, a.index, ev), "R33"),
    A.Place: Move(
        lambda r, s, seat, a, ev: build.place(
            r, s, seat, a.pending, a.fragment, a.orient, a.x, a.y, ev
        ),
        "R34",
    ),
    A.Skip: Move(lambda r, s, seat, a, ev: build.skip(s, seat, a.pending, ev), "R36"),
    A.Move: Move(lambda r, s, seat, a, ev: travel.move(r, s, seat, a.distance, ev), "R37"),
    A.Hat: Move(lambda r, s, seat, a, ev: perform.hat(r, s, seat, a.hat, a.space, ev), "R51"),
    A.Reward: Move(
        lambda r, s, seat, a, ev: perform.reward(r, s, seat, a.slots, a.ignore, ev), "R52"
    ),
    A.Swap: Move(lambda r, s, seat, a, ev: perform.swap(s, seat, a.a, a.b, ev), "R54"),
    A.EndTurn: Move(_end_turn, "R22"),
    A.PickPair: Move(lambda r, s, seat, a, ev: roundend.take_pair(r, s, seat, a.index, ev), "R72"),
    A.DiscardPair: Move(
        lambda r, s, seat, a, ev: roundend.discard_pair(r, s, seat, a.index, ev), "R73"
    ),
    A.ScoreCard: Move(
        lambda r, s, seat, a, ev: roundend.score(r, s, seat, a.card, a.artist, a.coins, ev), "R74"
    ),
    A.FinalChoice: Move(
        lambda r, s, seat, a, ev: roundend.final_choice(r, s, seat, a.card, a.artist, a.coins, ev),
        "R80",
    ),
}


# One seat to act, asked at every step: made once (frozen).
_SEAT = tuple(ToAct("players", (seat,)) for seat in range(4))


@register
class Magnificent(Game):
    id = "magnificent"
    seating = Seating(2, 4)
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (ADVANCED,)
    state_type = MagState
    action_type = A.Action
    replaceable_packs = (C.PACK_ID,)
    bots = BotKit({"greedy": GreedyBot, **level_bots()}, KNOWLEDGE, LEARNER)
    rules_type: ClassVar[type[Rules]] = Rules  # a variant's hooks (Rules subclass)
    # The moves of the turn, each with its rule (a variant adds its own moves).
    moves: ClassVar[dict[type, Move]] = MOVES
    legacy = MagLegacy
    presenter = MagPresenter

    def __init__(
        self,
        players: int,
        options: dict[str, Any] | None = None,
        packs: dict[str, bytes] | None = None,
    ) -> None:
        super().__init__(players, options, packs)
        data = self.user_packs.get(C.PACK_ID) or C.shipped_bytes()
        pack, sha = C.parse(data)
        self._fingerprint = {C.PACK_ID: sha}
        self.rules = self.rules_type(pack, sha, players, self.options.get("advanced", False))

    def pack_fingerprint(self) -> dict[str, str]:
        return dict(self._fingerprint)

    def initial_state(self, seed: int) -> MagState:
        s = setup.initial_state(self.rules, seed)
        setup.begin(self.rules, s, [])
        return s

    def to_act(self, state: MagState) -> ToAct:
        if state.phase == "over":
            return TERMINAL
        if state.throw:
            return CHANCE_NODE
        if state.phase == "draft" and not state.pending:
            return ToAct("players", tuple(i for i, p in enumerate(state.players) if not p.kept))
        return _SEAT[state.seat]

    def legal_actions(self, state: MagState, seat: int) -> list[Any]:
        return legal.options(self.rules, state, seat)

    def chance_action(self, state: MagState) -> A.Roll:
        """The dice waiting in ``state.throw``, thrown on a copy of the state's RNG (the first
        round's: the faces the deal threw, R6)."""
        if state.dealt:
            return A.Roll(state.dealt)
        return A.Roll(chance.outcome(state.rng, partial(setup.throw, count=len(state.throw))))

    def hidden_draw(self, state: MagState, seat: int, action: Any) -> bool:
        # R17, R19, R91: the cards and tiles not kept go back shuffled into their piles; A9: an
        # empty poster deck is refilled from the shuffled discard pile (one poster a step).
        return isinstance(action, (A.DraftKeep, A.PickTile)) or (
            not state.poster_deck and bool(state.poster_discard)
        )

    def allows(self, state: MagState, seat: int, action: Any, listed: list[Any] | None) -> bool:
        # A placement not already listed is cheaper checked among its one fragment's spots than
        # by listing every move; one the caller listed (a bot's, the page's) is simply found
        # there (0.7 us against 12.8 us for working its fragment's spots out again).
        if type(action) is A.Place:  # a final Struct: no subclass to miss
            if listed is not None and action in listed:
                return True
            return legal.place_allowed(self.rules, state, seat, action)
        if listed is not None:  # Game.allows' own answer, without its call at every step
            return action in listed
        # Game's own check, named: super() makes an object of its own at every step
        return Game.allows(self, state, seat, action, listed)

    def refusal(self, state: MagState, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
        # the player's reason in words and numbers; the rule stays named in it: the move's, or
        # that of the pending decision it would answer
        move = self.moves.get(type(action))
        rule = move.rule if move is not None else decisions.TABLE.rules()[type(action)]
        return refusals.reason(self.rules, state, seat, action, rule)

    def decisions(self) -> Decisions:
        return decisions.TABLE

    def _apply(self, s: MagState, seat: int, action: Any) -> list[Event]:
        events: list[Event] = []
        if s.pending:
            decisions.TABLE.apply(self.rules, s, s.pending[0], action, events)
        else:
            self._act(s, seat, action, events)
        self._advance(s, events)
        return events

    def _act(self, s: MagState, seat: int, a: Any, events: list[Event]) -> None:
        # One lookup by the action's type (a chain of isinstance tests cost ten per step).
        self.moves[type(a)].do(self.rules, s, seat, a, events)

    def _advance(self, s: MagState, events: list[Event]) -> None:
        while s.pending and type(s.pending[0]) is PendingPoster and not posters.sources(s):
            s.pending.pop(0)  # A9: no poster left anywhere
            ev(events, "poster_none", seat=s.seat)
        if s.phase == "side" and not s.pending and s.players[s.seat].side_chosen:
            setup.next_side(self.rules, s, events)

    def hidden_probe(self, state: MagState, viewer: int | None) -> list[Any]:
        """Deck orders, the boxed tent and other seats' draft hands and picks are hidden."""
        probe = copy_state(state)
        probe.master_deck = probe.master_deck[::-1]
        probe.tile_stack = probe.tile_stack[::-1]
        probe.poster_deck = probe.poster_deck[::-1]
        probe.dealt = tuple(f % 6 + 1 for f in probe.dealt)  # the first round's, unshown
        if probe.box_tent is not None:
            probe.box_tent = "probe-tent"
        for i, p in enumerate(probe.players):
            if i != viewer and p.draft:
                draft = p.draft[::-1]
                kept = next((c for c in draft if c != p.kept), p.kept) if p.kept else p.kept
                change_at(probe.players, i, draft=draft, kept=kept)
        return [probe]

    def view(self, state: MagState, viewer: int | None) -> dict[str, Any]:
        return build_view(self, state, viewer)

    def result(self, state: MagState) -> Result | None:
        if state.phase != "over":
            return None
        scores = [p.vp for p in state.players]
        return Result(
            scores=scores,
            winners=scoring.winners(state),
            breakdown=[dict(p.final) for p in state.players],
        )
