"""The solo game (§15, R90-R93): one player against the targets of the pack, as a layer over
the base game. Its rules answer the base game's hooks (``SoloRules``); its game adds the
once-a-turn poster discard (R92), the offer of master cards at setup (R91) and the result
against the targets. No base module imports this one (tests/core/test_imports.py)."""

from __future__ import annotations

from typing import Any, ClassVar

import msgspec

from engine.core import Event, Result
from engine.core.game import Seating
from engine.core.registry import register
from engine.core.rng import Rng
from engine.core.tuples import change_at, pop, put, without
from engine.games.magnificent import actions as A
from engine.games.magnificent import common, setup
from engine.games.magnificent.common import ev
from engine.games.magnificent.game import Magnificent, Move
from engine.games.magnificent.presenter import MagPresenter
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import HeldCard, MagState

OFFER = 6  # R91: master cards revealed; the player keeps 4


class SoloDiscard(msgspec.Struct, frozen=True, tag_field="type", tag="solo_discard"):
    slot: int  # New Posters slot (R92)


class SoloRules(Rules):
    """The solo changes to setup (R91, A15) and to the round's end (R93, A16)."""

    def __init__(self, pack: Any, sha: str, players: int, advanced: bool) -> None:
        super().__init__(pack, sha, players, advanced)
        self.tiles_revealed = 2  # R91: reveal 2, keep 1

    def first_seat(self, rng: Rng) -> int:
        return 0

    def master_pool(self, others: list[str], numbered: list[str]) -> list[str]:
        return others

    def deals_numbered(self) -> bool:
        return False

    def numbered_left(self, numbered: list[str], used: set[str]) -> tuple[str, ...]:
        # A15: the 16 numbered cards join the deck before the offer is revealed.
        return tuple(numbered)

    def dice_supply(self) -> tuple[str, ...]:
        """R6: the dice not in use stay beside the board, for the discards (R92)."""
        spare = tuple(a - b for a, b in zip(self.pack.dice["4"], self.dice))
        return tuple(setup.dice_colours(spare))

    def dummy_hats(self) -> tuple[int, ...]:
        return tuple(i for i, sp in enumerate(self.track) if sp.ap in self.pack.solo.dummy_hat_ap)

    def offer(self, s: MagState) -> bool:
        s.master_deck, cards = pop(s.master_deck, OFFER)
        s.offer = tuple(cards)
        s.phase = "offer"
        s.seat = 0
        return True

    def discard_before_fair(self, s: MagState, events: list[Event]) -> None:
        """R93: the top pair is discarded for each dummy hat above yours."""
        kept = self.fair_kept(s)
        for i in super().fair_kept(s):
            if i not in kept:
                ev(events, "fair_discard", seat=-1, card=s.fair[i][0], tile=s.fair[i][1])
                s.fair = put(s.fair, i, (None, None))

    def fair_kept(self, s: MagState, hat: int = -1) -> tuple[int, ...]:
        """R93: all but the top pair for each dummy hat above the highest of yours."""
        mine = max(*s.players[0].hats, hat)
        left = super().fair_kept(s)
        return left[sum(1 for h in s.dummy_hats if h > mine) :]

    def new_round(self, s: MagState) -> None:
        """A16: only your hat slides (the dummies stay) and you stay first; the spare dice go
        back beside the board."""
        change_at(s.players, 0, hats=tuple(0 if h >= 0 else -1 for h in s.players[0].hats))
        s.first = 0
        s.dice_supply = self.dice_supply()


def keep(r: Rules, s: MagState, card: str, events: list[Event]) -> None:
    """R91: keep 4 of the offer one by one; the rest is shuffled back into the deck."""
    p = s.players[0]
    p = change_at(s.players, 0, cards=(*p.cards, HeldCard(id=card)))
    s.offer = without(s.offer, card)
    ev(events, "draft_keep", seat=0, card=card)
    if len(p.cards) == 4:
        s.master_deck = tuple(s.rng.shuffled(s.master_deck + s.offer))
        s.offer = ()
        setup.tiles_phase(r, s)


def discard(r: Rules, s: MagState, slot: int, events: list[Event]) -> None:
    """R92: discard a New Poster and refill its slot; a die of the poster's symbol colour, if
    one is left beside the board, is thrown into the Main Tent (the next step, a Roll)."""
    pid = s.new_posters[slot]
    assert pid is not None  # only a filled slot is offered (legal_actions)
    colour = r.posters[pid].symbol
    s.poster_discard = (*s.poster_discard, pid)
    s.new_posters = put(s.new_posters, slot, common.draw_poster(s, s.rng))
    s.turn.discarded = pid
    if colour in s.dice_supply:
        s.dice_supply = without(s.dice_supply, colour)
        s.throw = (colour,)
    else:
        ev(events, "solo_die", poster=pid, colour=colour, face=0)


def die_thrown(s: MagState, faces: tuple[int, ...], events: list[Event]) -> None:
    setup.take_throw(s, faces)
    (d,) = setup.new_dice(s, s.throw, faces)
    s.throw = ()
    s.tent_dice = (*s.tent_dice, d)
    ev(events, "solo_die", poster=s.turn.discarded, colour=d.colour, face=d.face)


class SoloPresenter(MagPresenter):
    names = {
        "en": "The Magnificent — solo",
        "ru": "Грандиозное представление — одиночная игра",
        "fr": "The Magnificent — solo",
    }

    def score_targets(self) -> list[int]:
        return list(self.game.rules.pack.solo.targets)

    def label_terms(self, state: Any, action: Any, seat: int | None) -> dict[str, Any]:
        if isinstance(action, SoloDiscard):
            slots = state.new_posters if state is not None else ()
            pid = slots[action.slot] if 0 <= action.slot < len(slots) else None
            return {"poster_id": pid} if pid is not None else {}
        return super().label_terms(state, action, seat)


@register
class MagnificentSolo(Magnificent):
    """§15: one player against the targets 200 / 220 / 240 (R90)."""

    id = "magnificent-solo"
    seating = Seating(1, 1)
    option_specs = ()
    action_type = A.Action | SoloDiscard
    rules_type = SoloRules
    presenter = SoloPresenter
    moves: ClassVar[dict[type, Move]] = {
        **Magnificent.moves,
        SoloDiscard: Move(lambda r, s, seat, a, ev: discard(r, s, a.slot, ev), "R92"),
    }

    def __init__(
        self,
        players: int = 1,
        options: dict[str, Any] | None = None,
        packs: dict[str, bytes] | None = None,
    ) -> None:
        super().__init__(players, options, packs)

    def legal_actions(self, state: MagState, seat: int) -> list[Any]:
        if state.phase == "offer":
            return [A.DraftKeep(c) for c in state.offer] if seat == state.seat else []
        out = super().legal_actions(state, seat)
        t = state.turn
        if (
            state.phase == "turn"
            and seat == state.seat
            and t.stage == "take"
            and not (state.pending or state.throw or t.discarded)
        ):
            slots = [i for i, x in enumerate(state.new_posters) if x is not None]
            out = [SoloDiscard(i) for i in slots] + out
        return out

    def _act(self, s: MagState, seat: int, a: Any, events: list[Event]) -> None:
        if s.phase == "offer" and isinstance(a, A.DraftKeep):
            keep(self.rules, s, a.card, events)
        elif isinstance(a, A.Roll) and s.phase == "turn":
            die_thrown(s, a.faces, events)
        else:
            super()._act(s, seat, a, events)

    def result(self, state: MagState) -> Result | None:
        if state.phase != "over":
            return None
        score = state.players[0].vp
        return Result(
            scores=[score],
            winners=[0] if score >= self.rules.pack.solo.targets[0] else [],
            breakdown=[dict(state.players[0].final)],
        )
