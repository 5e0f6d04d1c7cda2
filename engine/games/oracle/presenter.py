"""How an Oracle position reads on the page: the chart counts days; a hinted move's purpose."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.i18n import catalog
from engine.core.presenter import Presenter, Progress
from engine.core.reasons import measured, raised
from engine.games.oracle import actions as A
from engine.games.oracle import bots, frame
from engine.games.oracle import packs as P
from engine.games.oracle.rules import Rules
from engine.games.oracle.stargazing import line_terms
from engine.games.oracle.state import OracleState


class _Table(Protocol):
    # what the presenter reads of its Game (typed apart: the Game names its presenter class)
    @property
    def rules(self) -> Rules: ...


class OraclePresenter(Presenter):
    names = {
        "en": "The Oracle of Merchants Cove",
        "ru": "Оракул. Бухта торговцев",
        "fr": "L'Oracle de Merchants Cove",
    }
    game: _Table
    unit = "day"
    # The page's throw form builds a companion's physical throw (docs/oracle-page.md).
    form_actions = ("enter_roll",)
    pack_names = {
        P.SHEET: {
            "en": "The Oracle's dry-erase sheet",
            "ru": "Лист оракула",
            "fr": "La feuille de l'Oracle",
        }
    }

    def progress(self, state: OracleState) -> Progress:
        """By day: the practice sheet's score so far; the companion sheet keeps no score (the
        box's scoring does), so its goods made instead."""
        if self.game.rules.practice_mode:
            return Progress(
                state.day, {"score": [frame.breakdown(self.game.rules, state)["total"]]}
            )
        made = sum(state.made.talisman.values()) + sum(state.made.tome.values())
        return Progress(state.day, {"goods": [made]})

    def move_reason(
        self, state: OracleState, action: Any, seat: int
    ) -> tuple[str, dict[str, Any]] | None:
        """The greedy value's term the move raises most one step ahead; for the score, the
        good made (its size, colour and points) or the guild funded."""
        top = measured(self.game, state, seat, action, lambda s: bots.terms(self.game, s))
        if top is None:
            return None
        after, term, _ = top
        if term != "score":
            return f"ui.hint.why.oracle.{term}", {}
        before, now = (
            frame.breakdown(self.game.rules, state),
            frame.breakdown(self.game.rules, after),
        )
        del before["total"], now["total"]
        key, points = raised(
            {k: float(v) for k, v in before.items()}, {k: float(v) for k, v in now.items()}
        ) or ("", 0.0)
        size, _, colour = key.partition("_")
        if size in ("talisman", "tome"):
            return "ui.hint.why.oracle.made", {
                "size": size,
                "colour": colour,
                "points": int(points),
            }
        return "ui.hint.why.oracle.guild", {"points": int(points)}

    def label_terms(self, state: Any, action: Any, seat: int | None) -> dict[str, Any]:
        """A stargazing line named by the squares it runs between (``stargazing.line_terms``;
        the sheet's size is the pack's, so no position is needed)."""
        if not isinstance(action, A.DrawLine):
            return {}
        return line_terms(self.game.rules.geo, action.r, action.c, action.dir)

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        entry = catalog("engine.games.oracle").get(f"term.{kind}.{value}")
        if entry is None:
            return str(value)
        return entry.get(lang) or entry["en"]

    def term_form(self, kind: str, value: Any, lang: str, case: str) -> str:
        """The term's grammatical form kept beside it in the catalog ("ru.gen": "жёлтой")."""
        entry = catalog("engine.games.oracle").get(f"term.{kind}.{value}") or {}
        return entry.get(f"{lang}.{case}") or self.term_name(kind, value, lang)
