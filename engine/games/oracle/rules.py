"""The frozen rules of one table: the mode, the loaded packs and what is derived from them."""

from __future__ import annotations

from engine.games.oracle.packs import Practice, Sheet, load_practice, load_sheet
from engine.games.oracle.stargazing import Geometry


class Rules:
    def __init__(
        self, mode: str, sheet: Sheet | None = None, practice: Practice | None = None
    ) -> None:
        self.mode = mode
        self.practice_mode = mode == "practice"
        self.sheet = sheet or load_sheet()
        self.practice = practice or load_practice()
        self.geo = Geometry(self.sheet)
        self.colours = self.sheet.colours
        self.rows = self.sheet.horoscope.rows
        self.row_by_id = {r.id: r for r in self.rows}
        self.guild_ids = tuple(g.id for g in self.sheet.guilds)
        self.guild_symbols = {g.id: g.symbols for g in self.sheet.guilds}
        self.circle_count = {
            "plus_minus": self.sheet.circles.plus_minus.count,
            "move": self.sheet.circles.move.count,
        }

    def hours(self, action: str) -> int:
        """Hours an action costs. Hiring "varies": the practice frame sets it; in companion
        the player pays the hire on the physical board, so the sheet records none."""
        if action == "pass":
            return self.practice.pass_hours if self.practice_mode else 0
        cost: int | None = getattr(self.sheet.hours, action)
        if cost is None:
            return self.practice.hire_hours if self.practice_mode else 0
        return cost
