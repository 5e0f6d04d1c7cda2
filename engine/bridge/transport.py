"""The door's transport: one msgspec Struct of arguments per method, JSON in and JSON out.

Unknown fields, wrong types and oversized or absurdly nested JSON are refused with a coded error
before anything runs; a refusal comes back as ``{"error": {code, params, message}}``, the
table left as it was. ``Door.call`` is the whole protocol; the methods themselves (``m_<name>``)
belong to the subclass (``engine.bridge.door.Bridge``).
"""

from __future__ import annotations

from typing import Annotated, Any

import msgspec

from engine.bridge.seats import Seat
from engine.core import MarqueeError, OptionsError
from engine.core import save as savefile
from engine.core.game import Game
from engine.core.i18n import render

MAX_ARGS = 3 * savefile.MAX_BYTES  # a save's text travels JSON-escaped inside the arguments


class Refusal(msgspec.Struct, frozen=True):
    """A coded refusal as the page shows it: the error of any method, and ``why``'s answer."""

    code: str
    params: dict[str, Any]
    message: str


def refusal(exc: MarqueeError, lang: str, game: Game | None) -> Refusal:
    return Refusal(exc.code, jsonable(exc.params), render(exc.code, exc.params, lang, game))


def jsonable(value: Any) -> Any:
    """``value`` as plain JSON values: the page gets what the JSON text says, nothing more."""
    return msgspec.json.decode(msgspec.json.encode(value))


# --- one Struct per method ---------------------------------------------------------------------


class _Args(msgspec.Struct, forbid_unknown_fields=True, frozen=True):
    pass


class _Lang(_Args, frozen=True):
    lang: str = "en"


class _Viewed(_Lang, frozen=True):
    viewer: int | None = None
    # the ``log_id`` of the last snapshot whose whole log the page holds (web/ui/bridge.js):
    # the answer then carries only the lines after what the page has (``log_from``)
    log_held: int | None = None


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
    # a box owner's packs (pack id -> the file's text) in place of the shipped ones
    packs: dict[str, str] | None = None


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


class PackCheckArgs(_Args, frozen=True):
    game: str = ""
    text: str = ""


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
    # While enabled: every timed bot level thinks for at most this many seconds a move
    # (``engine.core.levels.BUDGET_CAP``); None: the levels' own budgets.
    bot_seconds: Annotated[float, msgspec.Meta(gt=0)] | None = None


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
    # with a budget: rollouts until it is spent, then ``{pending}`` (ask again to go on)
    budget_ms: int | None = None


class GuideArgs(_Args, frozen=True):
    game: str = ""


class RulesArgs(_Lang, frozen=True):
    game: str = ""
    # a refusal to open the reference at: its code and params, as the error gave them
    code: str | None = None
    params: dict[str, Any] | None = None


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
    "pack_check": PackCheckArgs,
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
    "guide": GuideArgs,
    "rules": RulesArgs,
}
_DECODERS = {name: msgspec.json.Decoder(t) for name, t in ARGS.items()}
_ENCODER = msgspec.json.Encoder()


def decode(method: str, args_json: str | bytes) -> _Args:
    decoder = _DECODERS.get(method) if isinstance(method, str) else None
    if decoder is None:
        raise OptionsError("bridge.unknown_method", method=str(method)[:40])
    if not args_json:
        args_json = "{}"
    if not isinstance(args_json, (str, bytes)):
        raise OptionsError("bridge.bad_args", method=method, detail="arguments must be JSON text")
    data = args_json.encode("utf-8", "replace") if isinstance(args_json, str) else args_json
    refused = savefile.json_refusal(data, MAX_ARGS)
    if refused is not None:
        raise OptionsError(f"bridge.{refused[0]}", **refused[1])
    try:
        return decoder.decode(data)
    except msgspec.DecodeError as exc:  # ValidationError included
        raise OptionsError("bridge.bad_args", method=method, detail=str(exc)[:200]) from None


class Door:
    """``call``: decode the method's arguments, run its ``m_<name>``, encode the answer."""

    def call(self, method: str, args_json: str = "{}") -> str:
        lang = "en"
        try:
            args = decode(method, args_json)
            lang = getattr(args, "lang", "en")
            result = getattr(self, "m_" + method)(args)
        except MarqueeError as exc:
            result = {"error": refusal(exc, lang, self.game())}
        return _ENCODER.encode(result).decode()

    def game(self) -> Game | None:
        """The game whose catalog translates a refusal."""
        return None
