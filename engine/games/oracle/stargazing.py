"""Stargazing geometry: the dot grid, its lines, and which areas the lines enclose.

Seed passage: «Гадание по звездам (2 часа)». Lines join orthogonally adjacent dots. An area is
enclosed when no path of undrawn edges leads from it off the grid. A newly enclosed 1×1 area of
a colour pays a talisman of that colour, a single-colour 2×1 area a tome; the area is then
filled in. Any other enclosed area pays nothing but may be split later by lines drawn inside
it. An area paid whose outline uses a printed line of the corruption cross costs one
corruption card.

Edge ids: horizontal edges (dot (r, c) to (r, c+1)) first, row by row, then vertical edges
(dot (r, c) to (r+1, c)).
"""

from __future__ import annotations

from typing import Any, Literal

from engine.games.oracle.packs import Sheet
from engine.games.oracle.state import Region


class Geometry:
    def __init__(self, sheet: Sheet) -> None:
        sg = sheet.stargazing
        self.rows = len(sg.cells)
        self.cols = len(sg.cells[0])
        self.n_cells = self.rows * self.cols
        self.outside = self.n_cells
        self.colour = [sg.legend[ch] for row in sg.cells for ch in row]
        self.n_h = (self.rows + 1) * self.cols
        self.n_edges = self.n_h + self.rows * (self.cols + 1)
        self.talisman_size = sg.talisman_size
        self.tome_size = sg.tome_size
        # For each edge, the two cells it separates (``outside`` beyond the border).
        self.sides: list[tuple[int, int]] = []
        for r in range(self.rows + 1):
            for c in range(self.cols):
                above = (r - 1) * self.cols + c if r > 0 else self.outside
                below = r * self.cols + c if r < self.rows else self.outside
                self.sides.append((above, below))
        for r in range(self.rows):
            for c in range(self.cols + 1):
                left = r * self.cols + c - 1 if c > 0 else self.outside
                right = r * self.cols + c if c < self.cols else self.outside
                self.sides.append((left, right))
        self.cell_edges: list[list[int]] = [[] for _ in range(self.n_cells)]
        for e, (a, b) in enumerate(self.sides):
            for cell in (a, b):
                if cell != self.outside:
                    self.cell_edges[cell].append(e)
        # Each cell's (and the outside's) neighbours across its sides: (edge, other side).
        self.links: list[list[tuple[int, int]]] = [[] for _ in range(self.n_cells + 1)]
        for e, (a, b) in enumerate(self.sides):
            self.links[a].append((e, b))
            self.links[b].append((e, a))
        self.cross = frozenset(self.edge_id(e.r, e.c, e.dir) for e in sg.cross)
        # The same as bit masks over edge ids, for counting a cell's closed sides in one AND
        # (the greedy bot's value does so for every cell after every move it tries).
        self.cell_edge_mask = [sum(1 << e for e in edges) for edges in self.cell_edges]
        self.cross_mask = sum(1 << e for e in self.cross)

    # --- naming ---------------------------------------------------------------------------

    def edge_id(self, r: int, c: int, direction: str) -> int:
        """The id of the line from dot (r, c) rightwards ("h") or downwards ("v"); -1 if that
        line is not on the grid."""
        if direction == "h":
            if 0 <= r <= self.rows and 0 <= c < self.cols:
                return r * self.cols + c
        elif direction == "v":
            if 0 <= r < self.rows and 0 <= c <= self.cols:
                return self.n_h + r * (self.cols + 1) + c
        return -1

    def edge_dots(self, e: int) -> tuple[tuple[int, int], tuple[int, int]]:
        if e < self.n_h:
            r, c = divmod(e, self.cols)
            return (r, c), (r, c + 1)
        r, c = divmod(e - self.n_h, self.cols + 1)
        return (r, c), (r + 1, c)

    def edge_key(self, e: int) -> tuple[int, int, Literal["h", "v"]]:
        (r, c), _ = self.edge_dots(e)
        return r, c, ("h" if e < self.n_h else "v")

    def cell_rc(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.cols)

    # --- rules ----------------------------------------------------------------------------

    def filled_cells(self, regions: list[Region]) -> set[int]:
        return {c for reg in regions if reg.kind != "unfit" for c in reg.cells}

    def line_refusal(self, e: int, drawn: set[int], filled: set[int]) -> str | None:
        if e < 0:
            return "oracle.stargazing.not_adjacent_dots"
        if e in drawn or e in self.cross:
            return "oracle.stargazing.line_exists"
        a, b = self.sides[e]
        if a in filled and b in filled:
            return "oracle.stargazing.inside_filled_area"
        return None

    def free_lines(self, drawn: set[int], filled: set[int]) -> list[int]:
        blocked = drawn | self.cross
        out = []
        for e, (a, b) in enumerate(self.sides):
            if e in blocked or (a in filled and b in filled):
                continue
            out.append(e)
        return out

    def any_free_line(self, drawn: set[int], filled: set[int]) -> bool:
        blocked = drawn | self.cross
        for e, (a, b) in enumerate(self.sides):
            if e not in blocked and not (a in filled and b in filled):
                return True
        return False

    def enclosed(self, drawn: set[int]) -> list[tuple[int, ...]]:
        """Every enclosed area (cells not joined to the outside), each as sorted cell ids.

        A walk from the outside over the lines not drawn, then one from each cell it missed:
        the greedy bot judges every line it might draw, so this runs once per line tried."""
        closed = drawn | self.cross
        seen = [False] * (self.n_cells + 1)
        self._walk(self.outside, seen, closed)
        return sorted(
            tuple(sorted(self._walk(cell, seen, closed)))
            for cell in range(self.n_cells)
            if not seen[cell]
        )

    def _walk(self, start: int, seen: list[bool], closed: set[int]) -> list[int]:
        """The cells (or the outside) reached from ``start`` across lines not in ``closed``
        and not ``seen`` before, marked seen."""
        seen[start] = True
        reached, stack = [start], [start]
        while stack:
            for e, y in self.links[stack.pop()]:
                if not seen[y] and e not in closed:
                    seen[y] = True
                    stack.append(y)
                    reached.append(y)
        return reached

    def uses_cross(self, cells: tuple[int, ...]) -> bool:
        inside = set(cells)
        for cell in cells:
            for e in self.cell_edges[cell]:
                if e in self.cross:
                    a, b = self.sides[e]
                    if (a in inside) != (b in inside):
                        return True
        return False

    def judge(self, cells: tuple[int, ...]) -> Region:
        """What a newly enclosed area is worth."""
        colours = {self.colour[c] for c in cells}
        colour = next(iter(colours)) if len(colours) == 1 else None
        kind = "unfit"
        if colour is not None:
            if len(cells) == self.talisman_size:
                kind = "talisman"
            elif len(cells) == self.tome_size:
                kind = "tome"
        return Region(
            cells=list(cells),
            kind=kind,
            colour=colour,
            cross=kind != "unfit" and self.uses_cross(cells),
        )

    def after_line(
        self, regions: list[Region], drawn: set[int]
    ) -> tuple[list[Region], list[Region]]:
        """The regions once ``drawn`` holds the new line: (all regions, the new ones)."""
        known = {tuple(r.cells): r for r in regions}
        now: list[Region] = []
        new: list[Region] = []
        for cells in self.enclosed(drawn):
            old = known.get(cells)
            if old is not None:
                now.append(old)
            else:
                region = self.judge(cells)
                now.append(region)
                new.append(region)
        return now, new


def line_terms(geo: Geometry, r: int, c: int, direction: str) -> dict[str, Any]:
    """A line named by the squares it runs between, rows and columns counted from 1 at the
    sheet's top left as the page numbers them: ``edge`` top/bottom/left/right for a line on
    the border, else "inner"; ``row``/``col`` the 1-based row and column after the dot's."""
    if direction == "h":
        edge = {0: "top", geo.rows: "bottom"}.get(r, "inner")
    else:
        edge = {0: "left", geo.cols: "right"}.get(c, "inner")
    return {"dir": direction, "r": r, "c": c, "edge": edge, "row": r + 1, "col": c + 1}
