"""One table's frozen rules: the component pack plus what is precomputed from it (fragment
orientations and their placements as bitmasks, id indexes)."""

from __future__ import annotations

from engine.games.magnificent import components as C

ROUNDS = 3  # R20
TURNS = 4  # R20
MARKERS = 8  # R2, R111
START = "start"  # the printed starting tent in tent slot 1 (R12)


def orientations(cells: tuple[tuple[int, int], ...]) -> list[tuple[tuple[int, int], ...]]:
    """The distinct shapes under the 8 rotations/reflections (R34), normalised to (0, 0)."""
    seen: list[tuple[tuple[int, int], ...]] = []
    pts = list(cells)
    for flip in (False, True):
        cur = [(-x, y) for x, y in pts] if flip else pts
        for _ in range(4):
            cur = [(y, -x) for x, y in cur]
            mx, my = min(x for x, _ in cur), min(y for _, y in cur)
            shape = tuple(sorted((x - mx, y - my) for x, y in cur))
            if shape not in seen:
                seen.append(shape)
    return seen


class Geometry:
    """A camp grid: placements of every fragment orientation, as bitmasks over y * w + x."""

    def __init__(
        self,
        width: int,
        height: int,
        blocked: tuple[tuple[int, int], ...],
        fragments: tuple[C.Fragment, ...],
    ) -> None:
        self.w, self.h = width, height
        self.n = width * height
        self.full = (1 << self.n) - 1
        self.blocked = sum(1 << (y * width + x) for x, y in blocked)
        self.not_col0 = sum(1 << (y * width + x) for y in range(height) for x in range(1, width))
        self.not_last = sum(1 << (y * width + x) for y in range(height) for x in range(width - 1))
        self.shapes: dict[str, list[tuple[tuple[int, int], ...]]] = {}
        # fragment id -> every (orient, x, y, mask) inside the grid and off blocked cells
        self.placements: dict[str, list[tuple[int, int, int, int]]] = {}
        self.mask_of: dict[tuple[str, int, int, int], int] = {}
        for f in fragments:
            shapes = orientations(f.cells)
            self.shapes[f.id] = shapes
            out = []
            for o, shape in enumerate(shapes):
                sw = max(x for x, _ in shape) + 1
                sh = max(y for _, y in shape) + 1
                for y in range(height - sh + 1):
                    for x in range(width - sw + 1):
                        mask = sum(1 << ((y + dy) * width + x + dx) for dx, dy in shape)
                        if mask & self.blocked:
                            continue
                        out.append((o, x, y, mask))
                        self.mask_of[(f.id, o, x, y)] = mask
            self.placements[f.id] = out

    def neighbours(self, occ: int) -> int:
        w = self.w
        return (
            ((occ << 1) & self.not_col0)
            | ((occ >> 1) & self.not_last)
            | ((occ << w) & self.full)
            | (occ >> w)
        )

    def cells(self, mask: int) -> list[int]:
        return [i for i in range(self.n) if mask >> i & 1]


class Rules:
    def __init__(
        self, pack: C.Components, sha: str, players: int, solo: bool, advanced: bool
    ) -> None:
        self.pack = pack
        self.sha = sha
        self.players = players
        self.solo = solo
        self.advanced = advanced
        self.fragments = {f.id: f for f in pack.fragments}
        self.frag_by: dict[tuple[str, str], str] = {
            (f.colour, f.size): f.id for f in pack.fragments
        }
        self.boards = {b.id: b for b in pack.boards}
        self.posters = {p.id: p for p in pack.posters}
        self.cards = {m.id: m for m in pack.master_cards}
        self.tents = {t.id: t for t in pack.tents}
        self.spaces = {s.id: s for s in (*pack.assistant_tiles, *pack.board_assistant_spaces)}
        self.board_spaces = tuple(s.id for s in pack.board_assistant_spaces)
        self.by_effect = {s.effect: s.id for s in pack.board_assistant_spaces}
        self.track = pack.performance_track
        self.dice = pack.dice[str(players)]
        self.fair_pairs = pack.fair_pairs[str(players)]
        self._geo: dict[str, Geometry] = {}

    def geo(self, board: str) -> Geometry:
        g = self._geo.get(board)
        if g is None:
            key = (self.sha, board)  # one pack's board: the same grid for every table
            g = _GEOMETRY.get(key)
            if g is None:
                camp = self.boards[board].camp
                g = _GEOMETRY[key] = Geometry(
                    camp.width, camp.height, camp.blocked, self.pack.fragments
                )
            self._geo[board] = g
        return g

    def bonus_cells(self, board: str) -> dict[int, C.Bonus]:
        b = self.boards[board]
        return {c.y * b.camp.width + c.x: c.bonus for c in b.camp.bonus_cells}


_GEOMETRY: dict[tuple[str, str], Geometry] = {}
