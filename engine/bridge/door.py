"""The page's methods: a game at the table, played, saved, explained and reviewed.

Each ``m_<name>`` takes its method's argument Struct (``transport.ARGS``) and answers plain
values or a ``Snapshot``; who may ask what is the seat policy's (``seats``), how a position
reads the presenter's (``snapshot``).
"""

from __future__ import annotations

import json
import time
from importlib import resources
from typing import Any

import msgspec

import engine
from engine import guides, rules_ref
from engine.bridge.automation import Automation
from engine.bridge.seats import HINT_LEVEL, Seat, Table
from engine.bridge.snapshot import Labels, Review, SentLog, Snapshot, Steps, listed, log, present
from engine.bridge.transport import (
    MAX_ARGS,
    ActArgs,
    ChartArgs,
    Door,
    ForkArgs,
    GameDataArgs,
    GamesArgs,
    GuideArgs,
    HintArgs,
    LoadArgs,
    NewArgs,
    PackCheckArgs,
    Refusal,
    RenderArgs,
    ReviewArgs,
    ReviewAtArgs,
    ReviewCloseArgs,
    RulesArgs,
    SaveArgs,
    SnapshotArgs,
    StepArgs,
    StringsArgs,
    UndoArgs,
    VerdictArgs,
    VerdictStepsArgs,
    VersionArgs,
    WhyArgs,
    refusal,
)
from engine.core import MarqueeError, OptionsError, history, registry, verdicts
from engine.core import save as savefile
from engine.core.game import Game
from engine.core.i18n import LANGS, game_package, page_strings, render
from engine.core.levels import hint as search_hint
from engine.core.levels import thinking_seconds, turn_seconds
from engine.core.match import Match, random_seed
from engine.core.packs import PackError, check_file, read_header

HINT_COUNT = 3


class Bridge(Automation, Door):
    def __init__(self) -> None:
        self.table: Table | None = None
        # The game being reviewed (docs/automation.md "Review"): a table of its own over a copy
        # of the history, so stepping through it never touches the game at the table.
        self.review: Table | None = None
        # the verdict being worked out a budget at a time (``verdict``): its step and rating
        self.rating: tuple[int, verdicts.Rating] | None = None
        self.automation = False
        self.labels = Labels()
        self.sent = SentLog()
        # The last hint's ranking with the position (the state object itself, never changed in
        # place) and seat it was for: a hint asked again there gives the same advice, where a
        # time budget would let the futures played differ from one asking to the next.
        self.hinted: tuple[Any, int, list[dict[str, Any]]] | None = None

    def game(self) -> Game | None:
        return self.table.match.game if self.table else None

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
        # "guide": the game has a guided first game ("Learn to play", bridge ``guide``);
        # "thinks": the levels that think for a time budget, seconds a move; "thinks_turn":
        # those of them that share a budget among a turn's decisions, seconds a turn
        return [
            {
                **registry.describe(cls),
                "guide": guides.available(cls.id),
                "thinks": thinking_seconds(cls),
                "thinks_turn": turn_seconds(cls),
            }
            for cls in registry.all_games()
        ]

    def m_strings(self, a: StringsArgs) -> dict[str, str]:
        # the game on screen: the one under review, else the table's
        shown = self.review or self.table
        return page_strings(a.lang, shown.match.game if shown else None)

    def m_new(self, a: NewArgs) -> Snapshot:
        seed = a.seed
        if seed is None:
            seed = random_seed()
        elif isinstance(seed, str) and seed.isascii() and seed.isdigit() and len(seed) <= 20:
            seed = int(seed)  # digits as text: JavaScript numbers lose seeds above 2^53
        packs = {k: v.encode("utf-8") for k, v in (a.packs or {}).items()}
        match = Match.new(a.game, a.players, a.options, seed, packs)
        seats = list(a.seats) if a.seats is not None else [Seat()] * a.players
        return self._seat(Table(match, seats, a.hints), a.viewer, a.lang, a.log_held)

    def m_snapshot(self, a: SnapshotArgs) -> Snapshot:
        return self._snapshot(a.viewer, a.lang, a.log_held)

    def m_act(self, a: ActArgs) -> Snapshot:
        table = self._table()
        table.check_human(a.seat)
        viewer = a.seat if a.viewer is None else a.viewer
        table.check_viewer(viewer, self.automation)
        table.match.act(a.seat, _action(table.match.game, a.action))
        return self._snapshot(viewer, a.lang, a.log_held)

    def m_step(self, a: StepArgs) -> Snapshot:
        """One step nobody at the screen chooses: chance, automaton, or a bot's decision."""
        table = self._table()
        table.check_viewer(a.viewer, self.automation)
        match = table.match
        moved = match.auto_step() is not None
        if not moved:
            to = match.to_act()
            bot_seats = [s for s in to.seats if s in table.bots] if to.kind == "players" else []
            if bot_seats:
                seat = bot_seats[0]
                legal = match.game.legal_actions(match.state, seat)
                # a guide's bot plays its scripted opening (engine/guides), else it chooses
                action = guides.scripted(match, table.seats, seat, legal)
                if action is None:
                    action = table.bots[seat].choose(match.game, match.state, seat, legal)
                match.act(seat, action)
                moved = True
        snap = self._snapshot(a.viewer, a.lang, a.log_held)
        snap.moved = moved
        return snap

    def m_undo(self, a: UndoArgs) -> Snapshot:
        table = self._table()
        table.check_human(a.seat)
        viewer = a.seat if a.viewer is None else a.viewer
        table.check_viewer(viewer, self.automation)
        table.match.undo(a.seat)
        return self._snapshot(viewer, a.lang, a.log_held)

    def m_save(self, a: SaveArgs) -> dict[str, Any]:
        table = self._table()
        text = savefile.dump(table.match, table.meta()).decode()
        # No seed in the name: it would let anyone list the decks (docs/security.md).
        return {
            "text": text,
            "filename": f"marquee-{table.match.game.id}-step{len(table.match.steps)}.json",
        }

    def m_load(self, a: LoadArgs) -> Snapshot:
        match, saved = savefile.load_with_table(a.text)
        # the table is only replaced once the file has fully loaded
        snap = self._seat(Table.saved(match, saved), a.viewer, a.lang, a.log_held)
        # The page tells the whole table a game came from a file (docs/security.md: a file
        # can hold any earlier position of the game).
        snap.loaded = Steps(len(match.steps))
        return snap

    def m_why(self, a: WhyArgs) -> Refusal | None:
        """Why ``seat`` may not play ``action`` now: the engine's refusal ``{code, params,
        message}``, or None when it is legal. Tried on a copy; the table is never changed. Lets
        a board explain an illegal target the player points at, for every game. Only for a
        human seat: about another seat it would tell what that seat holds."""
        table = self._table()
        if not self.automation:
            table.check_human(a.seat)
        match, game = table.match, table.match.game
        parsed = _action(game, a.action)
        try:
            game.apply(match.state, a.seat, parsed)  # works on a copy of the state
        except MarqueeError as exc:
            return refusal(exc, a.lang, game)
        return None

    def m_hint(self, a: HintArgs) -> list[dict[str, Any]]:
        """The hard bot's best moves for ``seat`` now, at most three, best first: ``{index,
        action, label, score, margin, loss}`` with ``index`` into the snapshot's ``legal``
        (None for an action the board builds through a form), ``score`` the seat's mean score
        where the rollouts stop (the final score if they reach the end, else the game's value
        of the position, in its points), ``margin`` that against the best other seat's,
        ``loss`` the points it gives up against the best move and ``why`` what the best move
        is for (``Presenter.move_reason``: ``{code, params, text}``, None for the other moves
        and where the game cannot say) (all None when there is only one move;
        a game without rollouts gives ``estimate``, the tree search's reward in [0, 1], instead).
        The bot reads only what the seat
        sees and is seeded from that view, so the same position gives the same hint (where the
        level spends a time budget, as far as the futures it had time for agree; asked again
        at the same position, the ranking already given). Only for
        a human seat at this screen, and refused when hints are off for the table."""
        table = self._table()
        if not self.automation:
            table.check_human(a.seat)
        else:
            table.check_seat(a.seat)
        if not table.hints:
            raise OptionsError("bridge.hints_off")
        match, game = table.match, table.match.game
        if HINT_LEVEL not in type(game).bots.kinds:
            raise OptionsError("bridge.hints_unavailable", game=game.id)
        if not match.legal(a.seat):
            return []
        shown = [game.codec.encode_action(x) for x in listed(game, match.legal(a.seat))[0]]
        lang = a.lang if a.lang in LANGS else "en"
        out: list[dict[str, Any]] = []
        if self.hinted is None or self.hinted[0] is not match.state or self.hinted[1] != a.seat:
            ranked = search_hint(game, match.state, a.seat, HINT_COUNT, level=HINT_LEVEL)
            self.hinted = (match.state, a.seat, ranked)
        for h in self.hinted[2]:
            action = game.codec.action_from_builtins(h["action"])
            key = game.codec.encode_action(action)
            # what the best move is for (only the best: the others are ranked against it)
            why = None if out else table.presenter.move_reason(match.state, action, a.seat)
            out.append(
                {
                    "index": shown.index(key) if key in shown else None,
                    "action": h["action"],
                    "label": self.labels.get(game, action, lang, match.state, a.seat),
                    "estimate": h["estimate"],
                    "score": h.get("score"),
                    "margin": h.get("margin"),
                    "loss": h.get("loss"),
                    "why": None
                    if why is None
                    else {
                        "code": why[0],
                        "params": why[1],
                        "text": render(why[0], why[1], lang, game),
                    },
                }
            )
        return out

    def m_game_data(self, a: GameDataArgs) -> dict[str, Any]:
        """A game's data packs, for its board renderer: every ``data/*.json`` file of the
        game's package as ``{file stem: parsed JSON}`` (``{}`` for a game without any), a box
        owner's file in place of the shipped one where the game on screen (under review, else
        at the table) plays with it. The page asks again when the snapshot's ``packs`` change."""
        cls = registry.get(a.game)
        shown = self.review or self.table
        own = shown.match.game.user_packs if shown and shown.match.game.id == a.game else {}
        out: dict[str, Any] = {}
        # A game may add packs of another package under a prefix (trickerion-solo: the solo
        # packs as "solo/board", "solo/performances", …).
        sources = {"": game_package(cls), **cls.presenter.extra_data}
        for prefix, package in sources.items():
            folder = resources.files(package).joinpath("data")
            if not folder.is_dir():
                continue
            for entry in sorted(folder.iterdir(), key=lambda e: e.name):
                if entry.name.endswith(".json"):
                    pack = json.loads(entry.read_bytes())
                    pid = pack.get("pack") if isinstance(pack, dict) else None
                    out[prefix + entry.name[:-5]] = json.loads(own[pid]) if pid in own else pack
        return out

    def m_pack_check(self, a: PackCheckArgs) -> dict[str, Any]:
        """A box owner's pack file for ``game`` (the lobby's pack file): read by the game as it
        would be at the start, so every problem is refused here with its path (``pack.invalid``
        or ``options.unknown_pack``); else its id, sha256 and whether it is still provisional."""
        cls = registry.get(a.game)
        data = a.text.encode("utf-8")
        pack_id = read_header(data)["pack"]
        if not isinstance(pack_id, str):
            raise PackError("?", [("$.pack", "a pack file names its pack id in its header")])
        game = cls(cls.seating.fewest, None, {pack_id: data})
        pack, sha = check_file(data)
        assert game.pack_fingerprint()[pack_id] == sha  # the game holds the file it was given
        return {"pack": pack_id, "sha256": sha, "provisional": pack.provisional}

    def m_render(self, a: RenderArgs) -> str:
        return render(a.code, a.params, a.lang, self.game())

    def m_chart(self, a: ChartArgs) -> dict[str, Any] | None:
        """Each seat's figures at the end of every round of the game at the table (the
        ending's chart): ``history.chart``; None for a game that keeps no running score."""
        table = self._table()
        return history.chart(table.presenter, table.match.states)

    def m_review(self, a: ReviewArgs) -> Snapshot:
        """Open a review: of a save file's game (``text``, loaded as ``load`` does: a bad file
        is refused and nothing changes) or of the game at the table as it stands. Answers the
        last position's snapshot for ``viewer`` with ``review``: ``{steps, over, rounds,
        chart, log}``, the log being the whole game's as ``viewer`` may read it."""
        if a.text is None:
            table = self._table()
            review = Table(table.match.prefix(len(table.match.steps)), table.seats, table.hints)
        else:
            review = Table.saved(*savefile.load_with_table(a.text))
        review.check_review_viewer(a.viewer, self.automation)
        self.review = review
        self.rating = None
        match, game = review.match, review.match.game
        snap = present(review, a.viewer, a.lang, self.labels, self.automation, live=False)
        snap.review = Review(
            len(match.steps),
            match.terminal,
            history.rounds(review.presenter, match.states),
            history.chart(review.presenter, match.states),
            log(review, a.viewer, a.lang, self.labels),
            game.codec.state_hash(match.state) if match.terminal else None,
        )
        return snap

    def m_review_at(self, a: ReviewAtArgs) -> Snapshot:
        """The reviewed game after its first ``step`` steps, as ``viewer`` saw it then (any
        seat once the game is over; else only a seat this screen may see); the log is left
        out (the page has the whole game's from ``review``; ``full_log`` asks for it again, as
        another seat may read it)."""
        review = self._review()
        review.check_review_viewer(a.viewer, self.automation)
        at = Table(review.match.prefix(a.step), review.seats, review.hints)
        snap = present(
            at, a.viewer, a.lang, self.labels, self.automation, live=False, with_log=False
        )
        if a.full_log:
            snap.review_log = log(review, a.viewer, a.lang, self.labels)
        return snap

    def m_fork(self, a: ForkArgs) -> Snapshot:
        """Play on from step ``step`` of the finished game under review: a new game at the
        table (the reviewed one is not changed), with the same seats. A game still being
        played is not forked: that would be an undo past the barriers that forbid it."""
        review = self._review()
        if not review.match.terminal:
            raise OptionsError("bridge.fork_live")
        table = Table(review.match.prefix(a.step), review.seats, review.hints)
        snap = self._seat(table, a.viewer, a.lang, a.log_held)
        snap.forked = Steps(a.step)
        return snap

    def m_review_close(self, a: ReviewCloseArgs) -> None:
        self.review = None
        self.rating = None

    def m_verdict_steps(self, a: VerdictStepsArgs) -> list[int]:
        """The steps of the finished game under review at which a person chose among several
        moves: what ``verdict`` rates, one call each."""
        review = self._finished_review()
        return verdicts.moves_to_rate(review.match, review.humans())

    def m_guide(self, a: GuideArgs) -> dict[str, Any]:
        """The guided first game of ``a.game`` (engine/guides, docs/guides.md): the table it
        opens and its steps, for the page to walk."""
        if not guides.available(a.game):
            raise OptionsError("bridge.no_guide", game=a.game)
        steps: dict[str, Any] = msgspec.to_builtins(guides.load(a.game))
        return steps

    def m_rules(self, a: RulesArgs) -> dict[str, Any]:
        """The rules reference of ``a.game`` in ``a.lang`` (engine/rules_ref): its sections and
        the section of each board location; ``at``: the section explaining refusal ``a.code``."""
        if not rules_ref.available(a.game):
            raise OptionsError("bridge.no_rules", game=a.game)
        at = rules_ref.section_of(a.game, a.code, a.params) if a.code else None
        return {**rules_ref.localized(a.game, a.lang), "at": at}

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
        if self.rating is None or self.rating[0] != a.step:
            self.rating = (a.step, verdicts.Rating(game, state, step.seat, step.action))
        rating = self.rating[1]
        until = None if a.budget_ms is None else time.perf_counter() + a.budget_ms / 1000
        while not rating.advance():
            if until is not None and time.perf_counter() >= until:
                return {"step": a.step, "pending": True, "done": rating.done, "of": rating.total}
        self.rating = None
        out = rating.verdict()
        best = game.codec.action_from_builtins(out["best"])

        def label(action: Any, lang: str) -> str:
            return self.labels.get(game, action, lang, state, step.seat)

        return {
            **out,
            "step": a.step,
            "seat": step.seat,
            "played": game.codec.action_to_builtins(step.action),
            "label": label(step.action, lang),
            "best_label": label(best, lang),
            # in every language: the page keeps a rating across a change of language
            "labels": {x: label(step.action, x) for x in LANGS},
            "best_labels": {x: label(best, x) for x in LANGS},
        }

    def _table(self) -> Table:
        if self.table is None:
            raise OptionsError("bridge.no_game")
        return self.table

    def _review(self) -> Table:
        if self.review is None:
            raise OptionsError("bridge.no_review")
        return self.review

    def _finished_review(self) -> Table:
        review = self._review()
        if not review.match.terminal:
            raise OptionsError("bridge.verdicts_live")
        return review

    def _seat(self, table: Table, viewer: int | None, lang: str, held: int | None) -> Snapshot:
        """Put ``table`` at the screen, ``viewer`` checked first: a refused viewer keeps the
        game in progress."""
        table.check_viewer(viewer, self.automation)
        self.table = table
        return self._snapshot(viewer, lang, held)

    def _snapshot(self, viewer: int | None, lang: str, held: int | None) -> Snapshot:
        table = self._table()
        table.check_viewer(viewer, self.automation)
        snap = present(table, viewer, lang, self.labels, self.automation)
        self.sent.send(snap, held)
        return snap


def _action(game: Game, action: dict[str, Any]) -> Any:
    try:
        return game.codec.action_from_builtins(action)
    except msgspec.ValidationError as exc:
        raise OptionsError("bridge.bad_action", detail=str(exc)[:200]) from None
