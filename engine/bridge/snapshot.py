"""The presenter: a table's position as the page reads it, ``Snapshot``.

The snapshot is the contract between the engine and the page (web/app/play.js, web/ui/,
every board renderer and the e2e suite read it): tests/core/test_bridge.py decodes every game's
as this Struct, so a field dropped or renamed here fails there before it reaches a board
(the Structs forbid unknown fields for that test's sake: encoding never looks at it).
"""

from __future__ import annotations

import hashlib
import json
from typing import Any

import msgspec
from msgspec import UNSET, UnsetType

from engine.bridge.seats import Seat, Table
from engine.bridge.transport import jsonable
from engine.core.events import Event
from engine.core.game import Game, ToAct
from engine.core.i18n import LANGS, action_label, render
from engine.core.presenter import presenter_of

LABEL_CACHE = 20_000  # remembered action labels (cleared when full)


class Entry(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A legal action: ``index`` its place in ``legal`` (what a hint points at), ``action`` the
    JSON that ``act`` takes back, ``warning`` (when the game warns, ``Presenter.action_warning``) the
    question the page asks before playing it."""

    index: int
    action: dict[str, Any]
    label: str
    warning: str | UnsetType = UNSET


class LogEntry(msgspec.Struct, forbid_unknown_fields=True):
    """A log line ``viewer`` may read, translated; ``step`` the move that wrote it."""

    step: int
    code: str
    params: dict[str, Any]
    text: str


class UndoRefusal(msgspec.Struct, forbid_unknown_fields=True):
    code: str
    message: str


class Outcome(msgspec.Struct, forbid_unknown_fields=True):
    """``Game.result`` plus the solo targets (``Presenter.score_targets``) and each scoring
    category's translated name (``labels``, keyed as ``breakdown``)."""

    scores: list[int]
    winners: list[int]
    breakdown: list[dict[str, int]]
    targets: list[int]
    labels: dict[str, str]


class Steps(msgspec.Struct, forbid_unknown_fields=True):
    steps: int


class Review(msgspec.Struct, forbid_unknown_fields=True):
    """The game under review as a whole (``review``): ``rounds`` where each round begins,
    ``chart`` the figures per round (None for a game without), ``log`` the whole game's."""

    steps: int
    over: bool
    rounds: list[dict[str, int]]
    chart: dict[str, Any] | None
    log: list[LogEntry]
    # a finished game's digest, the same whoever looks: the page keeps its verdicts under it
    # (None while it is played: a digest of hidden cards could be checked against guesses)
    key: str | None = None


class Snapshot(msgspec.Struct, kw_only=True, forbid_unknown_fields=True):
    """A position for one viewer, the answer of ``new``, ``snapshot``, ``act``, ``step``,
    ``undo``, ``load``, ``review``, ``review_at`` and ``fork``. What the page relies on:

    - ``game``, ``names`` (en/ru/fr), ``players``, ``options``: the game at the table;
      ``packs``: the box owner's pack files it plays with (pack id: sha256; ``{}`` on the
      shipped packs), for a renderer drawing from ``game_data`` to ask again when they change;
    - ``seats``: ``{kind, bot, name}`` each, a seat the game plays itself as ``"automaton"``
      named in the language;
    - ``step`` (moves so far), ``to_act`` (``{kind, seats}``), ``viewer`` (None: the spectator);
    - ``view``: ``Game.view`` for the viewer, the only game-specific part;
    - ``legal``: the viewer's actions, labelled; ``formed``: how many of each form-built kind
      (``Presenter.form_actions``) are left out of it; both empty in a review;
    - ``log`` (``[]`` from ``review_at``), ``unofficial`` (the project's own translations of
      names, to the official English), ``can_undo`` and ``undo_refusal``; at the table (not in
      a review) ``log_id`` names the whole log, and ``log`` is its lines from ``log_from`` on:
      0 unless the call said it holds the whole log of snapshot ``log_held`` (web/ui/bridge.js
      puts the two together, so the page reads the whole log);
    - ``result``: None until the game is over;
    - ``automation``, ``hints`` (the Hint button may show), ``hash`` (the viewer's digest, the
      state's in automation mode, with ``seed``).

    The method's own part comes last, only from that method: ``moved`` (``step``), ``loaded``
    (``load``), ``forked`` (``fork``), ``review`` (``review``), ``review_log`` (``review_at``
    with ``full_log``).
    """

    game: str
    names: dict[str, str]
    players: int
    options: dict[str, Any]
    packs: dict[str, str]
    seats: list[Seat]
    step: int
    to_act: ToAct
    viewer: int | None
    view: dict[str, Any]
    legal: list[Entry]
    formed: dict[str, int]
    log: list[LogEntry]
    log_from: int | UnsetType = UNSET
    log_id: int | UnsetType = UNSET
    unofficial: dict[str, str]
    can_undo: bool
    undo_refusal: UndoRefusal | None
    result: Outcome | None
    automation: bool
    hints: bool
    seed: int | UnsetType = UNSET
    hash: str
    moved: bool | UnsetType = UNSET
    loaded: Steps | UnsetType = UNSET
    forked: Steps | UnsetType = UNSET
    review: Review | UnsetType = UNSET
    review_log: list[LogEntry] | UnsetType = UNSET


class Labels:
    """Action labels and log lines, remembered: a label depends only on the game, its options,
    the action, the language and the few terms the position adds (``Presenter.label_terms``), and
    some positions list hundreds of actions (the Oracle's companion throw entry: 984), so a
    snapshot would spend most of its time formatting the same labels again. A log line depends
    only on the game, its options, the language, the seats' names and the event, and every
    snapshot carries the whole log, a step adding a line or two: rendered each time, a game's
    log cost the square of its length (docs/boot.md, #32 session 20). Both are also keyed by the
    table's packs: a box owner's pack names things otherwise (The Magnificent's artists, its
    master cards' words), and one door plays the shipped pack and an owner's in turn."""

    def __init__(self) -> None:
        self._known: dict[tuple[str, str, bytes, tuple[Any, ...]], str] = {}
        self._lines: dict[tuple[str, str, tuple[str | None, ...], int | None, str, bytes], str] = {}
        self._played: tuple[Game | None, str] = (None, "")

    def _table(self, game: Game) -> str:
        """The game, its options and packs as one key, kept for the table last asked about: a
        snapshot asks once per listed action."""
        if self._played[0] is not game:
            played = (game.id, game.options, game.pack_fingerprint())
            self._played = (game, json.dumps(played, sort_keys=True, default=str))
        return self._played[1]

    def get(self, game: Game, action: Any, lang: str, state: Any, seat: int | None) -> str:
        terms = presenter_of(game).label_terms(state, action, seat)
        key = (
            self._table(game),
            lang,
            game.codec.encode_action(action),
            tuple(sorted(terms.items())),
        )
        label = self._known.get(key)
        if label is None:
            if len(self._known) >= LABEL_CACHE:
                self._known.clear()
            label = self._known[key] = action_label(game, action, lang, terms)
        return label

    def lines(
        self,
        game: Game,
        lang: str,
        names: list[str | None],
        events: list[tuple[int, Event]],
        you: int | None = None,
    ) -> list[LogEntry]:
        table = (self._table(game), lang, tuple(names), you)
        out = []
        for i, e in events:
            params = msgspec.json.encode(e.params)
            key = (*table, e.code, params)
            text = self._lines.get(key)
            if text is None:
                if len(self._lines) >= LABEL_CACHE:
                    self._lines.clear()
                text = self._lines[key] = render(e.code, e.params, lang, game, names, you)
            out.append(LogEntry(i, e.code, msgspec.json.decode(params), text))
        return out


class SentLog:
    """The whole log of the last snapshot the door answered at the table, under its
    ``log_id``. A game's log only grows while it is played, and every snapshot carried all of
    it: encoded, sent to the page and decoded there at every step, a game's logs cost the
    square of its length (docs/boot.md, #32 session 21). A call that says it holds the last
    one's (``log_held``) gets only the lines after the part they share; any other (a test
    calling the door itself, an undo, another viewer or language) shares nothing or less."""

    def __init__(self) -> None:
        self.id = 0
        self.log: list[LogEntry] = []

    def send(self, snap: Snapshot, held: int | None) -> None:
        whole = snap.log
        shared = 0
        if held is not None and held == self.id:
            for old, new in zip(self.log, whole, strict=False):
                if old != new:
                    break
                shared += 1
        self.id += 1
        self.log = whole
        snap.log_id = self.id
        snap.log_from = shared
        snap.log = whole[shared:]


def score_label(game: Game, key: str, lang: str) -> str:
    """A scoring category's name: ``ui.score.<key>`` from the catalog, or for ``kind:value``
    keys (a category per card, e.g. ``trick:t09_mutilation``) the game's name of that term."""
    code = f"ui.score.{key}"
    text = render(code, {}, lang, game)
    if text != code:
        return text
    kind, sep, value = key.partition(":")
    if sep:
        return presenter_of(game).term_name(kind, value, lang)
    return key.replace("_", " ").capitalize()


def listed(game: Game, legal: list[Any]) -> tuple[list[Any], dict[str, int]]:
    """The legal actions the snapshot lists, and how many of each form-built kind it leaves
    out (``Presenter.form_actions``: the board builds those through a form)."""
    formed: dict[str, int] = {}
    form_actions = presenter_of(game).form_actions
    if not form_actions or not legal:
        return legal, formed
    out = []
    for a in legal:
        tag = type(a).__struct_config__.tag
        if tag in form_actions:
            formed[tag] = formed.get(tag, 0) + 1
        else:
            out.append(a)
    return out, formed


def shown_seats(game: Game, seats: list[Seat], lang: str) -> list[Seat]:
    """A seat the game plays itself (``Game.seating.automata``, e.g. Trickerion's solo
    Successor) shows as ``automaton`` named in ``lang``, whatever the lobby put there (the
    saved table keeps what it was given)."""
    out = list(seats)
    names = game.presenter.automaton_names
    for i in game.seating.automata:
        if i < min(game.players, len(out)):
            name = names.get(lang) or names.get("en") or out[i].name
            out[i] = msgspec.structs.replace(out[i], kind="automaton", name=name)
    return out


def log(table: Table, viewer: int | None, lang: str, labels: Labels) -> list[LogEntry]:
    """The translated log ``viewer`` may read, oldest first."""
    match, game = table.match, table.match.game
    names = [
        s.name or (render("ui.seat.default_bot", {"n": i + 1}, lang) if s.kind == "bot" else None)
        for i, s in enumerate(shown_seats(game, table.seats, lang))
    ]
    return labels.lines(game, lang, names, match.visible_events(viewer), table.addressed())


def present(
    table: Table,
    viewer: int | None,
    lang: str,
    labels: Labels,
    automation: bool,
    live: bool = True,
    with_log: bool = True,
) -> Snapshot:
    """``table``'s position for ``viewer`` (checked by the caller); not ``live`` (a reviewed
    position): read-only, so no legal actions, no undo, no hints."""
    if lang not in LANGS:
        lang = "en"
    match, game = table.match, table.match.game
    state = match.state
    to = match.to_act()  # encodes as {kind, seats}: the bytes the viewer's digest always hashed
    view = jsonable(game.view(state, viewer))
    legal, formed = listed(game, match.legal(viewer) if viewer is not None and live else [])
    refusal = match.undo_refusal(viewer) if viewer is not None and live else None
    result = match.result()
    if automation:
        seed: int | UnsetType = match.seed
        digest = game.codec.state_hash(state)
    else:
        # What this screen sees, not the whole state: equal views give equal digests.
        seed = UNSET
        seen = [game.id, len(match.steps), to, viewer, view]
        digest = hashlib.sha256(msgspec.json.encode(seen)).hexdigest()
    return Snapshot(
        game=game.id,
        names=table.presenter.names,
        players=game.players,
        options=game.options,
        packs={pid: sha for pid, sha in game.pack_fingerprint().items() if pid in game.user_packs},
        seats=shown_seats(game, table.seats, lang),
        step=len(match.steps),
        to_act=to,
        viewer=viewer,
        view=view,
        legal=[entry(table, i, a, lang, state, viewer, labels) for i, a in enumerate(legal)],
        formed=formed,
        log=log(table, viewer, lang, labels) if with_log else [],
        # names the project translated itself: the page marks them in labels and the log
        unofficial=table.presenter.unofficial_names(lang),
        can_undo=viewer is not None and refusal is None and live,
        undo_refusal=None
        if refusal is None
        else UndoRefusal(refusal.code, render(refusal.code, refusal.params, lang, game)),
        result=None
        if result is None
        else Outcome(
            result.scores,
            result.winners,
            result.breakdown,
            table.presenter.score_targets(),
            {key: score_label(game, key, lang) for row in result.breakdown for key in row},
        ),
        automation=automation,
        hints=table.hints_available() and live,
        seed=seed,
        hash=digest,
    )


def entry(
    table: Table, i: int, action: Any, lang: str, state: Any, seat: int | None, labels: Labels
) -> Entry:
    game = table.match.game
    warning = table.presenter.action_warning(state, action, seat)
    return Entry(
        index=i,
        action=game.codec.action_to_builtins(action),
        label=labels.get(game, action, lang, state, seat),
        warning=UNSET if warning is None else render(warning[0], warning[1], lang, game),
    )
