"""The page's one door into the engine: JSON in, JSON out.

The page (JavaScript) calls ``call(method, args_json)`` and gets a JSON string back; the same
entry point runs under CPython in the tests, so everything the page relies on is tested without
a browser. Each method's arguments are one msgspec Struct (``ARGS``): unknown fields, wrong types
and oversized or absurdly nested JSON are refused with a coded error before anything runs.
Errors come back as ``{"error": {code, params, message}}`` and leave the table as it was.

The door answers for the humans at this screen (docs/security.md): a view, ``why`` and undo
only for a human seat (or the spectator's view); a move only for a human seat (chance, bots and
automata move through ``step``, the engine's own steps); the state hash and the seed only in
automation mode (``automation``, for test suites: docs/automation.md). Otherwise ``hash`` is a
digest of what the viewer sees.
"""

from __future__ import annotations

import hashlib
import json
from importlib import resources
from typing import Any, Literal

import msgspec

import engine
from engine.core import MarqueeError, OptionsError, Rng, history, registry, verdicts
from engine.core import save as savefile
from engine.core.bots import Bot, bot_seed, make_bot
from engine.core.errors import SaveError
from engine.core.game import Game
from engine.core.i18n import LANGS, action_label, game_package, page_strings, render
from engine.core.levels import hint as search_hint
from engine.core.match import Match, check_seed, random_seed
from engine.core.play import play_to_end

HINT_LEVEL = "hard"  # the bot whose best moves a hint shows (issue #15)
HINT_COUNT = 3

LABEL_CACHE = 20_000  # remembered action labels (cleared when full)
MAX_ARGS = 3 * savefile.MAX_BYTES  # a save's text travels JSON-escaped inside the arguments
RNG_CHECK_LIMIT = 10_000


class Seat(msgspec.Struct, frozen=True, forbid_unknown_fields=True):
    """A seat as the lobby fills it; an automaton seat is the game's, whatever the lobby sent."""

    kind: Literal["human", "bot", "automaton"] = "human"
    bot: savefile.Name = "random"
    name: savefile.Name = ""


def automata(game: Game) -> tuple[int, ...]:
    """Seats the game plays itself (Trickerion solo: the Successor): ``Game.automata``."""
    return tuple(type(game).automata)


class Table:
    """A match plus who sits where, and whether hints are allowed at this table."""

    def __init__(self, match: Match, seats: list[Seat], hints: bool = True) -> None:
        game = match.game
        if len(seats) != game.players:
            raise OptionsError("options.seat_count", seats=len(seats), players=game.players)
        own = automata(game)
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
        self.hints = hints
        self.bots: dict[int, Bot] = {
            i: make_bot(game, s.bot, bot_seed(match.seed, i))
            for i, s in enumerate(self.seats)
            if s.kind == "bot"
        }

    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    def meta(self) -> savefile.SavedTable:
        return savefile.SavedTable(
            [savefile.SavedSeat(s.kind, s.bot, s.name) for s in self.seats], hints=self.hints
        )

    def hints_available(self) -> bool:
        """Hints are on for this table and the game has the level that gives them."""
        return self.hints and HINT_LEVEL in type(self.match.game).bots


# --- one Struct per method ---------------------------------------------------------------------


class _Args(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    pass


class _Lang(_Args, frozen=True):
    lang: str = "en"


class _Viewed(_Lang, frozen=True):
    viewer: int | None = None


class VersionArgs(_Args, frozen=True):
    pass


class GamesArgs(_Lang, frozen=True):
    pass


class StringsArgs(_Lang, frozen=True):
    pass


class NewArgs(_Viewed, frozen=True):
    game: str = ""
    players: int = 0
    options: dict[str, Any] | None = None
    # None: the engine picks one from the whole 64-bit range (the lobby's default); else a
    # whole number, or its decimal digits as text; anything else is refused as core.bad_seed
    seed: Any = None
    seats: list[Seat] | None = None
    hints: bool = True  # a lobby option: False refuses ``hint`` for the whole game


class SnapshotArgs(_Viewed, frozen=True):
    pass


class ActArgs(_Viewed, frozen=True):
    seat: int = -2
    action: dict[str, Any] = {}


class StepArgs(_Viewed, frozen=True):
    pass


class UndoArgs(_Viewed, frozen=True):
    seat: int = -2


class SaveArgs(_Args, frozen=True):
    pass


class LoadArgs(_Viewed, frozen=True):
    text: str = ""


class WhyArgs(_Lang, frozen=True):
    seat: int = -2
    action: dict[str, Any] = {}


class HintArgs(_Lang, frozen=True):
    seat: int = -2


class GameDataArgs(_Args, frozen=True):
    game: str = ""


class RenderArgs(_Lang, frozen=True):
    code: str = ""
    params: dict[str, Any] | None = None


class RngCheckArgs(_Args, frozen=True):
    seed: int = 0
    count: int = 10


class SelfplayArgs(_Args, frozen=True):
    game: str = ""
    players: int = 0
    options: dict[str, Any] | None = None
    seed: int = 0


class AutomationArgs(_Args, frozen=True):
    enabled: bool = False


class ChartArgs(_Args, frozen=True):
    pass


class ReviewArgs(_Viewed, frozen=True):
    # a save file's text to review; None: the game at the table, as it stands now
    text: str | None = None


class ReviewAtArgs(_Viewed, frozen=True):
    step: int = 0
    full_log: bool = False  # also the whole game's log for this viewer (another seat's eyes)


class ForkArgs(_Viewed, frozen=True):
    step: int = 0


class ReviewCloseArgs(_Args, frozen=True):
    pass


class VerdictStepsArgs(_Args, frozen=True):
    pass


class VerdictArgs(_Lang, frozen=True):
    step: int = 0


ARGS: dict[str, type[_Args]] = {
    "version": VersionArgs,
    "games": GamesArgs,
    "strings": StringsArgs,
    "new": NewArgs,
    "snapshot": SnapshotArgs,
    "act": ActArgs,
    "step": StepArgs,
    "undo": UndoArgs,
    "save": SaveArgs,
    "load": LoadArgs,
    "why": WhyArgs,
    "hint": HintArgs,
    "game_data": GameDataArgs,
    "render": RenderArgs,
    "rng_check": RngCheckArgs,
    "selfplay": SelfplayArgs,
    "automation": AutomationArgs,
    "chart": ChartArgs,
    "review": ReviewArgs,
    "review_at": ReviewAtArgs,
    "fork": ForkArgs,
    "review_close": ReviewCloseArgs,
    "verdict_steps": VerdictStepsArgs,
    "verdict": VerdictArgs,
}


class Bridge:
    def __init__(self) -> None:
        self.table: Table | None = None
        # The game being reviewed (docs/automation.md "Review"): a table of its own over a copy
        # of the history, so stepping through it never touches the game at the table.
        self.review: Table | None = None
        # Automation mode: test suites may read any seat's view, the state hash and the seed.
        self.automation = False
        self._labels: dict[tuple[str, str, str, bytes, tuple[Any, ...]], str] = {}
        self._decoders = {name: msgspec.json.Decoder(t) for name, t in ARGS.items()}

    # --- entry point ---------------------------------------------------------------------

    def call(self, method: str, args_json: str = "{}") -> str:
        lang = "en"
        try:
            args = self._decode(method, args_json)
            lang = getattr(args, "lang", "en")
            result = getattr(self, "m_" + method)(args)
        except MarqueeError as exc:
            game = self.table.match.game if self.table else None
            result = {
                "error": {
                    "code": exc.code,
                    "params": _jsonable(exc.params),
                    "message": render(exc.code, exc.params, lang, game),
                }
            }
        return json.dumps(result, ensure_ascii=False)

    def _decode(self, method: str, args_json: str) -> _Args:
        decoder = self._decoders.get(method) if isinstance(method, str) else None
        if decoder is None:
            raise OptionsError("bridge.unknown_method", method=str(method)[:40])
        if not args_json:
            args_json = "{}"
        if not isinstance(args_json, (str, bytes)):
            raise OptionsError(
                "bridge.bad_args", method=method, detail="arguments must be JSON text"
            )
        data = args_json.encode("utf-8", "replace") if isinstance(args_json, str) else args_json
        refusal = savefile.json_refusal(data, MAX_ARGS)
        if refusal is not None:
            raise OptionsError(f"bridge.{refusal[0]}", **refusal[1])
        try:
            return decoder.decode(data)
        except msgspec.DecodeError as exc:  # ValidationError included
            raise OptionsError("bridge.bad_args", method=method, detail=str(exc)[:200]) from None

    # --- methods (m_<name>) --------------------------------------------------------------

    def m_version(self, a: VersionArgs) -> dict[str, Any]:
        """The engine's version and the limits the page checks before a file reaches Python."""
        return {
            "engine": engine.__version__,
            "save_format": savefile.FORMAT_VERSION,
            "limits": {
                "save_bytes": savefile.MAX_BYTES,
                "json_depth": savefile.MAX_DEPTH,
                "name_chars": savefile.NAME_LIMIT,
                "args_bytes": MAX_ARGS,
            },
        }

    def m_games(self, a: GamesArgs) -> list[dict[str, Any]]:
        return [cls.describe() for cls in registry.all_games()]

    def m_strings(self, a: StringsArgs) -> dict[str, str]:
        # the game on screen: the one under review, else the table's
        shown = self.review or self.table
        game = shown.match.game if shown else None
        return page_strings(a.lang, game)

    def m_automation(self, a: AutomationArgs) -> dict[str, Any]:
        self.automation = a.enabled
        return {"automation": self.automation}

    def m_new(self, a: NewArgs) -> dict[str, Any]:
        seed = a.seed
        if seed is None:
            seed = random_seed()
        elif isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 20:
            seed = int(seed)  # digits as text: JavaScript numbers lose seeds above 2^53
        match = Match.new(a.game, a.players, a.options, seed)
        seats = list(a.seats) if a.seats is not None else [Seat()] * a.players
        table = Table(match, seats, a.hints)
        self._check_viewer(table, a.viewer)
        self.table = table
        return self.snapshot(a.viewer, a.lang)

    def m_snapshot(self, a: SnapshotArgs) -> dict[str, Any]:
        return self.snapshot(a.viewer, a.lang)

    def m_act(self, a: ActArgs) -> dict[str, Any]:
        table = self._table()
        self._check_human(table, a.seat)
        viewer = a.seat if a.viewer is None else a.viewer
        self._check_viewer(table, viewer)
        try:
            parsed = table.match.game.action_from_builtins(a.action)
        except msgspec.ValidationError as exc:
            raise OptionsError("bridge.bad_action", detail=str(exc)[:200]) from None
        table.match.act(a.seat, parsed)
        return self.snapshot(viewer, a.lang)

    def m_step(self, a: StepArgs) -> dict[str, Any]:
        """One step nobody at the screen chooses: chance, automaton, or a bot's decision."""
        table = self._table()
        self._check_viewer(table, a.viewer)
        match = table.match
        moved = match.auto_step() is not None
        if not moved:
            to = match.to_act()
            bot_seats = [s for s in to.seats if s in table.bots] if to.kind == "players" else []
            if bot_seats:
                seat = bot_seats[0]
                legal = match.game.legal_actions(match.state, seat)
                match.act(seat, table.bots[seat].choose(match.game, match.state, seat, legal))
                moved = True
        snap = self.snapshot(a.viewer, a.lang)
        snap["moved"] = moved
        return snap

    def m_undo(self, a: UndoArgs) -> dict[str, Any]:
        table = self._table()
        self._check_human(table, a.seat)
        viewer = a.seat if a.viewer is None else a.viewer
        self._check_viewer(table, viewer)
        table.match.undo(a.seat)
        return self.snapshot(viewer, a.lang)

    def m_save(self, a: SaveArgs) -> dict[str, Any]:
        table = self._table()
        text = savefile.dump(table.match, table.meta()).decode()
        # No seed in the name: it would let anyone list the decks (docs/security.md).
        return {
            "text": text,
            "filename": f"marquee-{table.match.game.id}-step{len(table.match.steps)}.json",
        }

    def m_load(self, a: LoadArgs) -> dict[str, Any]:
        match, saved = savefile.load_with_table(a.text)
        seats = [Seat(s.kind, s.bot, s.name) for s in saved.seats] or [Seat()] * match.game.players
        try:
            table = Table(match, seats, saved.hints)
        except OptionsError as exc:
            raise SaveError("save.bad_table", detail=exc.code) from None
        self._check_viewer(table, a.viewer)
        self.table = table  # only replaced once the file has fully loaded
        snap = self.snapshot(a.viewer, a.lang)
        # The page tells the whole table a game came from a file (docs/security.md: a file
        # can hold any earlier position of the game).
        snap["loaded"] = {"steps": len(match.steps)}
        return snap

    def m_why(self, a: WhyArgs) -> dict[str, Any] | None:
        """Why ``seat`` may not play ``action`` now: the engine's refusal ``{code, params,
        message}``, or None when it is legal. Tried on a copy; the table is never changed. Lets
        a board explain an illegal target the player points at, for every game. Only for a
        human seat: about another seat it would tell what that seat holds."""
        table = self._table()
        if not self.automation:
            self._check_human(table, a.seat)
        match, game = table.match, table.match.game
        try:
            parsed = game.action_from_builtins(a.action)
        except msgspec.ValidationError as exc:
            raise OptionsError("bridge.bad_action", detail=str(exc)[:200]) from None
        try:
            game.apply(match.state, a.seat, parsed)  # works on a copy of the state
        except MarqueeError as exc:
            return {
                "code": exc.code,
                "params": _jsonable(exc.params),
                "message": render(exc.code, exc.params, a.lang, game),
            }
        return None

    def m_hint(self, a: HintArgs) -> list[dict[str, Any]]:
        """The hard bot's best moves for ``seat`` now, at most three, best first: ``{index,
        action, label, score, margin, loss}`` with ``index`` into the snapshot's ``legal``
        (None for an action the board builds through a form), ``score`` the seat's mean score
        where the rollouts stop (the final score if they reach the end, else the game's value
        of the position, in its points), ``margin`` that against the best other seat's and
        ``loss`` the points it gives up against the best move (all None when there is only one move;
        a game without rollouts gives ``estimate``, the tree search's reward in [0, 1], instead).
        The bot reads only what the seat
        sees and is seeded from that view, so the same position gives the same hint. Only for
        a human seat at this screen, and refused when hints are off for the table."""
        table = self._table()
        if not self.automation:
            self._check_human(table, a.seat)
        elif not 0 <= a.seat < len(table.seats):
            raise OptionsError("bridge.bad_seat", seat=a.seat, players=len(table.seats))
        if not table.hints:
            raise OptionsError("bridge.hints_off")
        match, game = table.match, table.match.game
        if HINT_LEVEL not in type(game).bots:
            raise OptionsError("bridge.hints_unavailable", game=game.id)
        if not match.legal(a.seat):
            return []
        listed = [game.encode_action(x) for x in _listed(game, match.legal(a.seat))[0]]
        lang = a.lang if a.lang in LANGS else "en"
        out = []
        for h in search_hint(game, match.state, a.seat, HINT_COUNT, level=HINT_LEVEL):
            action = game.action_from_builtins(h["action"])
            key = game.encode_action(action)
            out.append(
                {
                    "index": listed.index(key) if key in listed else None,
                    "action": h["action"],
                    "label": self._label(game, action, lang, match.state, a.seat),
                    "estimate": h["estimate"],
                    "score": h.get("score"),
                    "margin": h.get("margin"),
                    "loss": h.get("loss"),
                }
            )
        return out

    def m_game_data(self, a: GameDataArgs) -> dict[str, Any]:
        """A game's shipped data packs, for its board renderer: every ``data/*.json`` file of
        the game's package as ``{file stem: parsed JSON}`` (``{}`` for a game without any).
        Read once per page; the packs never change during a game."""
        cls = registry.get(a.game)
        out: dict[str, Any] = {}
        # A game may add packs of another package under a prefix (trickerion-solo: the solo
        # packs as "solo/board", "solo/performances", …).
        sources = {"": game_package(cls), **cls.extra_data}
        for prefix, package in sources.items():
            folder = resources.files(package).joinpath("data")
            if not folder.is_dir():
                continue
            out.update(
                {
                    prefix + entry.name[:-5]: json.loads(entry.read_bytes())
                    for entry in sorted(folder.iterdir(), key=lambda e: e.name)
                    if entry.name.endswith(".json")
                }
            )
        return out

    def m_render(self, a: RenderArgs) -> str:
        game = self.table.match.game if self.table else None
        return render(a.code, a.params, a.lang, game)

    def m_rng_check(self, a: RngCheckArgs) -> dict[str, Any]:
        """Dice from a seed: the e2e suite compares them with CPython's."""
        if not 0 <= a.count <= RNG_CHECK_LIMIT:
            raise OptionsError(
                "bridge.bad_args", method="rng_check", detail=f"count must be 0..{RNG_CHECK_LIMIT}"
            )
        rng = Rng.from_seed(check_seed(a.seed))
        return {"dice": [rng.between(1, 6) for _ in range(a.count)]}

    def m_selfplay(self, a: SelfplayArgs) -> dict[str, Any]:
        """Random bots play a whole game apart from the table: the e2e suite compares the
        final hash with CPython's to prove both hosts play identically."""
        match = Match.new(a.game, a.players, a.options, a.seed)
        decisions = play_to_end(
            match,
            {s: make_bot(match.game, "random", bot_seed(a.seed, s)) for s in range(a.players)},
        )
        return {
            "hash": match.game.state_hash(match.state),
            "steps": len(match.steps),
            "decisions": decisions,
        }

    def m_chart(self, a: ChartArgs) -> dict[str, Any] | None:
        """Each seat's figures at the end of every round of the game at the table (the
        ending's chart): ``history.chart``; None for a game that keeps no running score."""
        table = self._table()
        return history.chart(table.match.game, table.match.states)

    def m_review(self, a: ReviewArgs) -> dict[str, Any]:
        """Open a review: of a save file's game (``text``, loaded as ``load`` does: a bad file
        is refused and nothing changes) or of the game at the table as it stands. Answers the
        last position's snapshot for ``viewer`` with ``review``: ``{steps, over, rounds,
        chart, log}``, the log being the whole game's as ``viewer`` may read it."""
        if a.text is None:
            table = self._table()
            match = table.match.prefix(len(table.match.steps))
            review = Table(match, table.seats, table.hints)
        else:
            match, saved = savefile.load_with_table(a.text)
            seats = [Seat(s.kind, s.bot, s.name) for s in saved.seats] or [
                Seat()
            ] * match.game.players
            try:
                review = Table(match, seats, saved.hints)
            except OptionsError as exc:
                raise SaveError("save.bad_table", detail=exc.code) from None
        self._check_review_viewer(review, a.viewer)
        self.review = review
        snap = self.snapshot(a.viewer, a.lang, review)
        game = review.match.game
        snap["review"] = {
            "steps": len(match.steps),
            "over": match.terminal,
            "rounds": history.rounds(game, match.states),
            "chart": history.chart(game, match.states),
            "log": self._log(review.match, a.viewer, a.lang, review),
        }
        return snap

    def m_review_at(self, a: ReviewAtArgs) -> dict[str, Any]:
        """The reviewed game after its first ``step`` steps, as ``viewer`` saw it then (any
        seat once the game is over; else only a seat this screen may see); the log is left
        out (the page has the whole game's from ``review``; ``full_log`` asks for it again, as
        another seat may read it)."""
        review = self._review()
        self._check_review_viewer(review, a.viewer)
        at = Table(review.match.prefix(a.step), review.seats, review.hints)
        snap = self.snapshot(a.viewer, a.lang, at, log=False)
        if a.full_log:
            snap["review_log"] = self._log(review.match, a.viewer, a.lang, review)
        return snap

    def m_fork(self, a: ForkArgs) -> dict[str, Any]:
        """Play on from step ``step`` of the finished game under review: a new game at the
        table (the reviewed one is not changed), with the same seats. A game still being
        played is not forked: that would be an undo past the barriers that forbid it."""
        review = self._review()
        if not review.match.terminal:
            raise OptionsError("bridge.fork_live")
        table = Table(review.match.prefix(a.step), review.seats, review.hints)
        self._check_viewer(table, a.viewer)
        self.table = table
        snap = self.snapshot(a.viewer, a.lang)
        snap["forked"] = {"steps": a.step}
        return snap

    def m_review_close(self, a: ReviewCloseArgs) -> None:
        self.review = None

    def m_verdict_steps(self, a: VerdictStepsArgs) -> list[int]:
        """The steps of the finished game under review at which a person chose among several
        moves: what ``verdict`` rates, one call each."""
        review = self._finished_review()
        return verdicts.moves_to_rate(review.match, review.humans())

    def m_verdict(self, a: VerdictArgs) -> dict[str, Any]:
        """The bot's verdict on the move made at ``step`` of the finished game under review
        (``verdicts.rate``: expected points after it and after the bot's preferred move, the
        points given up, the mark), with both moves' labels. Only once the game is over: in a
        game being played it would be a hint, and hints may be off."""
        review = self._finished_review()
        match, game = review.match, review.match.game
        if not verdicts.rated(match, a.step, review.humans()):
            raise OptionsError("bridge.no_verdict", step=a.step)
        step, state = match.steps[a.step], match.states[a.step]
        lang = a.lang if a.lang in LANGS else "en"
        out = verdicts.rate(game, state, step.seat, step.action)
        best = game.action_from_builtins(out["best"])
        return {
            **out,
            "step": a.step,
            "seat": step.seat,
            "played": game.action_to_builtins(step.action),
            "label": self._label(game, step.action, lang, state, step.seat),
            "best_label": self._label(game, best, lang, state, step.seat),
            # in every language: the page keeps a rating across a change of language
            "labels": {x: self._label(game, step.action, x, state, step.seat) for x in LANGS},
            "best_labels": {x: self._label(game, best, x, state, step.seat) for x in LANGS},
        }

    # --- helpers -------------------------------------------------------------------------

    def _review(self) -> Table:
        if self.review is None:
            raise OptionsError("bridge.no_review")
        return self.review

    def _finished_review(self) -> Table:
        review = self._review()
        if not review.match.terminal:
            raise OptionsError("bridge.verdicts_live")
        return review

    def _check_review_viewer(self, review: Table, viewer: int | None) -> None:
        """Once a game is over every seat's hidden choices may be shown; before that a review
        shows no more than the table itself would."""
        if review.match.terminal and viewer is not None:
            if not 0 <= viewer < len(review.seats):
                raise OptionsError("bridge.bad_seat", seat=viewer, players=len(review.seats))
            return
        self._check_viewer(review, viewer)

    def _table(self) -> Table:
        if self.table is None:
            raise OptionsError("bridge.no_game")
        return self.table

    @staticmethod
    def _check_human(table: Table, seat: int) -> None:
        """Only a person at this screen moves, undoes or asks why through the door."""
        if not 0 <= seat < len(table.seats):
            raise OptionsError("bridge.bad_seat", seat=seat, players=len(table.seats))
        kind = table.seats[seat].kind
        if kind == "bot":
            raise OptionsError("bridge.seat_is_bot", seat=seat)
        if kind == "automaton":
            raise OptionsError("bridge.seat_is_automaton", seat=seat)

    def _check_viewer(self, table: Table, viewer: int | None) -> None:
        """A view is a human seat's (or the spectator's, ``None``); any seat's in automation."""
        if viewer is None:
            return
        if not 0 <= viewer < len(table.seats):
            raise OptionsError("bridge.bad_seat", seat=viewer, players=len(table.seats))
        if not self.automation and table.seats[viewer].kind != "human":
            raise OptionsError("bridge.not_at_screen", seat=viewer)

    def _label(self, game: Any, action: Any, lang: str, state: Any, seat: int | None) -> str:
        """An action's translated label, remembered: a label depends only on the game, its
        options, the action, the language and the few terms the position adds
        (``Game.label_terms``), and some positions list hundreds of actions (the Oracle's
        companion throw entry: 984), so a snapshot would spend most of its time formatting the
        same labels again."""
        terms = game.label_terms(state, action, seat)
        key = (
            game.id,
            self._options_key(game),
            lang,
            game.encode_action(action),
            tuple(sorted(terms.items())),
        )
        label = self._labels.get(key)
        if label is None:
            if len(self._labels) >= LABEL_CACHE:
                self._labels.clear()
            label = self._labels[key] = action_label(game, action, lang, terms)
        return label

    def _entry(
        self, game: Any, i: int, action: Any, lang: str, state: Any, seat: int | None
    ) -> dict[str, Any]:
        """A legal action for the page: its label and, when the game warns about it
        (``Game.action_warning``), the warning the page asks about before playing it."""
        entry = {
            "index": i,
            "action": game.action_to_builtins(action),
            "label": self._label(game, action, lang, state, seat),
        }
        warning = game.action_warning(state, action, seat)
        if warning is not None:
            entry["warning"] = render(warning[0], warning[1], lang, game)
        return entry

    @staticmethod
    def _seats(game: Any, seats: list[Seat], lang: str) -> list[dict[str, Any]]:
        """The table's seats for the page; a seat the game plays itself (``Game.seat_kinds``,
        e.g. Trickerion's solo Successor) shows as ``kind: "automaton"`` named in ``lang``,
        whatever the lobby put there (the saved table keeps what it was given)."""
        out = msgspec.to_builtins(seats)
        names = game.automaton_names
        for i, kind in enumerate(game.seat_kinds()):
            if kind == "automaton" and i < len(out):
                out[i] = {
                    **out[i],
                    "kind": "automaton",
                    "name": names.get(lang) or names.get("en") or out[i]["name"],
                }
        return out

    def _log(
        self, match: Match, viewer: int | None, lang: str, table: Table
    ) -> list[dict[str, Any]]:
        """The translated log ``viewer`` may read, oldest first, each entry with its step."""
        game = match.game
        seats = self._seats(game, table.seats, lang)
        names = [
            s["name"]
            or (render("ui.seat.default_bot", {"n": i + 1}, lang) if s["kind"] == "bot" else None)
            for i, s in enumerate(seats)
        ]
        return [
            {
                "step": i,
                "code": e.code,
                "params": _jsonable(e.params),
                "text": render(e.code, e.params, lang, game, names),
            }
            for i, e in match.visible_events(viewer)
        ]

    @staticmethod
    def _options_key(game: Any) -> str:
        return json.dumps(game.options, sort_keys=True, default=str)

    def snapshot(
        self, viewer: int | None, lang: str, review: Table | None = None, log: bool = True
    ) -> dict[str, Any]:
        """The table's position for ``viewer``; with ``review``, that reviewed position
        instead, read-only: no legal actions, no undo, no hints (the viewer checked by the
        caller)."""
        if lang not in LANGS:
            lang = "en"
        if review is None:
            table = self._table()
            self._check_viewer(table, viewer)
        else:
            table = review
        match, game = table.match, table.match.game
        to = match.to_act()
        view = _jsonable(game.view(match.state, viewer))
        legal = match.legal(viewer) if viewer is not None and review is None else []
        legal, formed = _listed(game, legal)
        refusal = match.undo_refusal(viewer) if viewer is not None and review is None else None
        result = match.result()
        seats = self._seats(game, table.seats, lang)
        snap = {
            "game": game.id,
            "names": game.names,
            "players": game.players,
            "options": game.options,
            "seats": seats,
            "step": len(match.steps),
            "to_act": {"kind": to.kind, "seats": list(to.seats)},
            "viewer": viewer,
            "view": view,
            "legal": [
                self._entry(game, i, a, lang, match.state, viewer) for i, a in enumerate(legal)
            ],
            "formed": formed,
            "log": self._log(match, viewer, lang, table) if log else [],
            # names the project translated itself: the page marks them in labels and the log
            "unofficial": game.unofficial_names(lang),
            "can_undo": viewer is not None and refusal is None and review is None,
            "undo_refusal": None
            if refusal is None
            else {
                "code": refusal.code,
                "message": render(refusal.code, refusal.params, lang, game),
            },
            "result": None
            if result is None
            else {
                **msgspec.to_builtins(result),
                "targets": game.score_targets(),
                "labels": {
                    key: score_label(game, key, lang) for row in result.breakdown for key in row
                },
            },
            "automation": self.automation,
            "hints": table.hints_available() and review is None,
        }
        if self.automation:
            snap["seed"] = match.seed
            snap["hash"] = game.state_hash(match.state)
        else:
            # What this screen sees, not the whole state: equal views give equal digests.
            seen = [game.id, snap["step"], snap["to_act"], viewer, view]
            snap["hash"] = hashlib.sha256(msgspec.json.encode(seen)).hexdigest()
        return snap


def score_label(game: Any, key: str, lang: str) -> str:
    """A scoring category's name: ``ui.score.<key>`` from the catalog, or for ``kind:value``
    keys (a category per card, e.g. ``trick:t09_mutilation``) the game's name of that term."""
    code = f"ui.score.{key}"
    text = render(code, {}, lang, game)
    if text != code:
        return text
    kind, sep, value = key.partition(":")
    if sep:
        return game.term_name(kind, value, lang)
    return key.replace("_", " ").capitalize()


def _listed(game: Any, legal: list[Any]) -> tuple[list[Any], dict[str, int]]:
    """The legal actions the snapshot lists, and how many of each form-built kind it leaves
    out (``Game.form_actions``: the board builds those through a form)."""
    formed: dict[str, int] = {}
    if not game.form_actions or not legal:
        return legal, formed
    listed = []
    for a in legal:
        tag = type(a).__struct_config__.tag
        if tag in game.form_actions:
            formed[tag] = formed.get(tag, 0) + 1
        else:
            listed.append(a)
    return listed, formed


def _jsonable(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))
