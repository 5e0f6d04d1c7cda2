"""The page's one door into the engine: JSON in, JSON out.

The page (JavaScript) calls ``call(method, args_json)`` and gets a JSON string back; the same
entry point runs under CPython in the tests, so everything the page relies on is tested without
a browser. Errors come back as ``{"error": {code, params, message}}`` and leave the table as it
was.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import msgspec

import engine
from engine.core import MarqueeError, OptionsError, Rng
from engine.core import registry
from engine.core import save as savefile
from engine.core.bots import Bot, bot_seed, make_bot
from engine.core.i18n import LANGS, action_label, game_package, page_strings, render
from engine.core.match import Match
from engine.core.play import play_to_end


LABEL_CACHE = 20_000  # remembered action labels (cleared when full)


class Seat(msgspec.Struct, frozen=True):
    kind: str = "human"  # "human" or "bot"
    bot: str = "random"
    name: str = ""


class Table:
    """A match plus who sits where."""

    def __init__(self, match: Match, seats: list[Seat]) -> None:
        if len(seats) != match.game.players:
            raise OptionsError("options.seat_count", seats=len(seats), players=match.game.players)
        self.match = match
        self.seats = seats
        self.bots: dict[int, Bot] = {
            i: make_bot(match.game, s.bot, bot_seed(match.seed, i))
            for i, s in enumerate(seats) if s.kind == "bot"
        }
        for s in seats:
            if s.kind not in ("human", "bot"):
                raise OptionsError("options.seat_kind", kind=s.kind)

    def meta(self) -> dict[str, Any]:
        return {"seats": msgspec.to_builtins(self.seats)}


class Bridge:
    def __init__(self) -> None:
        self.table: Table | None = None
        self._labels: dict[tuple[str, str, str, bytes], str] = {}

    # --- entry point ---------------------------------------------------------------------

    def call(self, method: str, args_json: str = "{}") -> str:
        try:
            args = json.loads(args_json) if args_json else {}
            handler = getattr(self, "m_" + method, None)
            if handler is None:
                raise OptionsError("bridge.unknown_method", method=method)
            result = handler(**args)
        except MarqueeError as exc:
            lang = args.get("lang", "en") if isinstance(args, dict) else "en"
            game = self.table.match.game if self.table else None
            result = {"error": {"code": exc.code, "params": _jsonable(exc.params),
                                "message": render(exc.code, exc.params, lang, game)}}
        return json.dumps(result, ensure_ascii=False)

    # --- methods (m_<name>) --------------------------------------------------------------

    def m_version(self) -> dict[str, Any]:
        return {"engine": engine.__version__, "save_format": savefile.FORMAT_VERSION}

    def m_games(self, lang: str = "en") -> list[dict[str, Any]]:
        return [cls.describe() for cls in registry.all_games()]

    def m_strings(self, lang: str = "en") -> dict[str, str]:
        game = self.table.match.game if self.table else None
        return page_strings(lang, game)

    def m_new(self, game: str, players: int, options: dict[str, Any] | None = None,
              seed: int = 0, seats: list[dict[str, Any]] | None = None,
              viewer: int | None = None, lang: str = "en") -> dict[str, Any]:
        match = Match.new(game, players, options, seed)
        seat_list = [msgspec.convert(s, Seat) for s in (seats or [{}] * players)]
        self.table = Table(match, seat_list)
        return self.snapshot(viewer, lang)

    def m_snapshot(self, viewer: int | None = None, lang: str = "en") -> dict[str, Any]:
        return self.snapshot(viewer, lang)

    def m_act(self, seat: int, action: dict[str, Any], viewer: int | None = None,
              lang: str = "en") -> dict[str, Any]:
        table = self._table()
        if 0 <= seat < len(table.seats) and table.seats[seat].kind != "human":
            raise OptionsError("bridge.seat_is_bot", seat=seat)
        try:
            parsed = table.match.game.action_from_builtins(action)
        except msgspec.ValidationError as exc:
            raise OptionsError("bridge.bad_action", detail=str(exc)) from None
        table.match.act(seat, parsed)
        return self.snapshot(seat if viewer is None else viewer, lang)

    def m_step(self, viewer: int | None = None, lang: str = "en") -> dict[str, Any]:
        """One step nobody at the screen chooses: chance, automaton, or a bot's decision."""
        table = self._table()
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
        snap = self.snapshot(viewer, lang)
        snap["moved"] = moved
        return snap

    def m_undo(self, seat: int, viewer: int | None = None, lang: str = "en") -> dict[str, Any]:
        self._table().match.undo(seat)
        return self.snapshot(seat if viewer is None else viewer, lang)

    def m_save(self) -> dict[str, Any]:
        table = self._table()
        text = savefile.dump(table.match, table.meta()).decode()
        return {"text": text, "filename": f"marquee-{table.match.game.id}-{table.match.seed}.json"}

    def m_load(self, text: str, viewer: int | None = None, lang: str = "en") -> dict[str, Any]:
        match, meta = savefile.load_with_table(text)
        seats = [msgspec.convert(s, Seat) for s in meta.get("seats", [])] or [Seat()] * match.game.players
        self.table = Table(match, seats)  # only replaced once the file has fully loaded
        return self.snapshot(viewer, lang)

    def m_why(self, seat: int, action: dict[str, Any], lang: str = "en") -> dict[str, Any] | None:
        """Why ``seat`` may not play ``action`` now: the engine's refusal ``{code, params,
        message}``, or None when it is legal. Tried on a copy; the table is never changed. Lets
        a board explain an illegal target the player points at, for every game."""
        table = self._table()
        match, game = table.match, table.match.game
        try:
            parsed = game.action_from_builtins(action)
        except msgspec.ValidationError as exc:
            raise OptionsError("bridge.bad_action", detail=str(exc)) from None
        try:
            game.apply(match.state, seat, parsed)  # apply() works on a copy of the state
        except MarqueeError as exc:
            return {"code": exc.code, "params": _jsonable(exc.params),
                    "message": render(exc.code, exc.params, lang, game)}
        return None

    def m_game_data(self, game: str) -> dict[str, Any]:
        """A game's shipped data packs, for its board renderer: every ``data/*.json`` file of
        the game's package as ``{file stem: parsed JSON}`` (``{}`` for a game without any).
        Read once per page; the packs never change during a game."""
        cls = registry.get(game)
        out: dict[str, Any] = {}
        # A game may add packs of another package under a prefix (trickerion-solo: the solo
        # packs as "solo/board", "solo/performances", …).
        sources = {"": game_package(cls), **cls.extra_data}
        for prefix, package in sources.items():
            folder = resources.files(package).joinpath("data")
            if not folder.is_dir():
                continue
            out.update({prefix + entry.name[:-5]: json.loads(entry.read_bytes())
                        for entry in sorted(folder.iterdir(), key=lambda e: e.name)
                        if entry.name.endswith(".json")})
        return out

    def m_render(self, code: str, params: dict[str, Any] | None = None,
                 lang: str = "en") -> str:
        game = self.table.match.game if self.table else None
        return render(code, params, lang, game)

    def m_rng_check(self, seed: int, count: int = 10) -> dict[str, Any]:
        """Dice from a seed: the e2e suite compares them with CPython's."""
        rng = Rng.from_seed(seed)
        return {"dice": [rng.between(1, 6) for _ in range(count)]}

    def m_selfplay(self, game: str, players: int, options: dict[str, Any] | None = None,
                   seed: int = 0) -> dict[str, Any]:
        """Random bots play a whole game apart from the table: the e2e suite compares the
        final hash with CPython's to prove both hosts play identically."""
        match = Match.new(game, players, options, seed)
        decisions = play_to_end(match, {s: make_bot(match.game, "random", bot_seed(seed, s))
                                        for s in range(players)})
        return {"hash": match.game.state_hash(match.state), "steps": len(match.steps),
                "decisions": decisions}

    # --- helpers -------------------------------------------------------------------------

    def _table(self) -> Table:
        if self.table is None:
            raise OptionsError("bridge.no_game")
        return self.table

    def _label(self, game: Any, action: Any, lang: str) -> str:
        """An action's translated label, remembered: a label depends only on the game, its
        options, the action and the language, and some positions list hundreds of actions
        (the Oracle's companion throw entry: 984), so a snapshot would spend most of its time
        formatting the same labels again."""
        key = (game.id, self._options_key(game), lang, game.encode_action(action))
        label = self._labels.get(key)
        if label is None:
            if len(self._labels) >= LABEL_CACHE:
                self._labels.clear()
            label = self._labels[key] = action_label(game, action, lang)
        return label

    @staticmethod
    def _seats(game: Any, seats: list[Seat], lang: str) -> list[dict[str, Any]]:
        """The table's seats for the page; a seat the game plays itself (``Game.seat_kinds``,
        e.g. Trickerion's solo Successor) shows as ``kind: "automaton"`` named in ``lang``,
        whatever the lobby put there (the saved table keeps what it was given)."""
        out = msgspec.to_builtins(seats)
        names = game.automaton_names
        for i, kind in enumerate(game.seat_kinds()):
            if kind == "automaton" and i < len(out):
                out[i] = {**out[i], "kind": "automaton",
                          "name": names.get(lang) or names.get("en") or out[i]["name"]}
        return out

    @staticmethod
    def _options_key(game: Any) -> str:
        return json.dumps(game.options, sort_keys=True, default=str)

    def snapshot(self, viewer: int | None, lang: str) -> dict[str, Any]:
        if lang not in LANGS:
            lang = "en"
        table = self._table()
        match, game = table.match, table.match.game
        to = match.to_act()
        legal = match.legal(viewer) if viewer is not None else []
        refusal = match.undo_refusal(viewer) if viewer is not None else None
        result = match.result()
        seats = self._seats(game, table.seats, lang)
        names = [s["name"] or (render("ui.seat.default_bot", {"n": i + 1}, lang)
                               if s["kind"] == "bot" else None)
                 for i, s in enumerate(seats)]
        return {
            "game": game.id,
            "names": game.names,
            "players": game.players,
            "options": game.options,
            "seed": match.seed,
            "seats": seats,
            "step": len(match.steps),
            "to_act": {"kind": to.kind, "seats": list(to.seats)},
            "viewer": viewer,
            "view": _jsonable(game.view(match.state, viewer)),
            "legal": [{"index": i, "action": game.action_to_builtins(a),
                       "label": self._label(game, a, lang)} for i, a in enumerate(legal)],
            "log": [{"step": i, "code": e.code, "params": _jsonable(e.params),
                     "text": render(e.code, e.params, lang, game, names)}
                    for i, e in match.visible_events(viewer)],
            "can_undo": viewer is not None and refusal is None,
            "undo_refusal": None if refusal is None else {
                "code": refusal.code, "message": render(refusal.code, refusal.params, lang, game)},
            "result": None if result is None else {
                **msgspec.to_builtins(result),
                "labels": {key: score_label(game, key, lang)
                           for row in result.breakdown for key in row}},
            "hash": game.state_hash(match.state),
        }


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


def _jsonable(value: Any) -> Any:
    return msgspec.json.decode(msgspec.json.encode(value))
