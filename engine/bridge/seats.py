"""Who sits where, and what the door lets each of them do (docs/security.md).

The door answers for the humans at this screen: a view, ``why`` and undo only for a human seat
(or the spectator's view); a move only for a human seat (chance, bots and automata move through
``step``, the engine's own steps). Automation mode (docs/automation.md) lets a test suite look
through any seat's eyes.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from engine.core import OptionsError
from engine.core import save as savefile
from engine.core.bots import Bot, bot_seed, make_bot
from engine.core.errors import SaveError
from engine.core.match import Match
from engine.core.presenter import presenter_of

HINT_LEVEL = "hard"  # the bot whose best moves a hint shows (issue #15)


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat as the lobby fills it; an automaton seat is the game's, whatever the lobby sent."""

    kind: Literal["human", "bot", "automaton"] = "human"
    bot: savefile.Name = "random"
    name: savefile.Name = ""


class Table:
    """A match plus who sits where, and whether hints are allowed at this table."""

    def __init__(self, match: Match, seats: list[Seat], hints: bool = True) -> None:
        game = match.game
        if len(seats) != game.players:
            raise OptionsError("options.seat_count", seats=len(seats), players=game.players)
        own = tuple(type(game).seating.automata)
        for i, s in enumerate(seats):
            if s.kind == "automaton" and i not in own:
                raise OptionsError("options.seat_kind", kind=s.kind)
        # The game says which seats are its automata: the page never stores them as "human".
        self.seats = [
            Seat("automaton", "random", "")
            if i in own
            else msgspec.structs.replace(s, name=savefile.clean_name(s.name))
            for i, s in enumerate(seats)
        ]
        self.match = match
        # how the game's positions read (the chart, the ending's targets, warnings, names)
        self.presenter = presenter_of(game)
        self.hints = hints
        self.bots: dict[int, Bot] = {
            i: make_bot(game, s.bot, bot_seed(match.seed, i))
            for i, s in enumerate(self.seats)
            if s.kind == "bot"
        }

    @classmethod
    def saved(cls, match: Match, saved: savefile.SavedTable) -> Table:
        """The table a save file describes; a file naming seats it may not is a bad file."""
        seats = [Seat(s.kind, s.bot, s.name) for s in saved.seats] or [Seat()] * match.game.players
        try:
            return cls(match, seats, saved.hints)
        except OptionsError as exc:
            raise SaveError("save.bad_table", detail=exc.code) from None

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def addressed(self) -> int | None:
        """The seat the log speaks to ("You gain 3 coins"): the one person at a table of bots
        or an automaton, the person at this screen (``isYou`` in web/ui/seats.js: the page's
        sentences say "Your move" to them, its seat strip shows "You" unless they typed a
        name). Among several people the device changes hands and the log is everyone's, read
        again after each pass: each stays a numbered or named player in the third person."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def meta(self) -> savefile.SavedTable:
        return savefile.SavedTable(
            [savefile.SavedSeat(s.kind, s.bot, s.name) for s in self.seats], hints=self.hints
        )

    def hints_available(self) -> bool:
        """Hints are on for this table and the game has the level that gives them."""
        return self.hints and HINT_LEVEL in type(self.match.game).bots.kinds

    def check_seat(self, seat: int) -> None:
        if not 0 <= seat < len(self.seats):
            raise OptionsError("bridge.bad_seat", seat=seat, players=len(self.seats))

    def check_human(self, seat: int) -> None:
        """Only a person at this screen moves, undoes or asks why through the door."""
        self.check_seat(seat)
        kind = self.seats[seat].kind
        if kind == "bot":
            raise OptionsError("bridge.seat_is_bot", seat=seat)
        if kind == "automaton":
            raise OptionsError("bridge.seat_is_automaton", seat=seat)

    def check_viewer(self, viewer: int | None, automation: bool) -> None:
        """A view is a human seat's (or the spectator's, ``None``); any seat's in automation."""
        if viewer is None:
            return
        self.check_seat(viewer)
        if not automation and self.seats[viewer].kind != "human":
            raise OptionsError("bridge.not_at_screen", seat=viewer)

    def check_review_viewer(self, viewer: int | None, automation: bool) -> None:
        """Once a game is over every seat's hidden choices may be shown; before that a review
        shows no more than the table itself would."""
        if self.match.terminal and viewer is not None:
            self.check_seat(viewer)
            return
        self.check_viewer(viewer, automation)
