"""One table's frozen rules: the component pack plus what is precomputed from it (fragment
orientations and their placements as bitmasks, id indexes)."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import change_at
from engine.games.magnificent import components as C
from engine.games.magnificent.state import MagState

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
        # the open cells of each row and column (C10, C11 count the full ones); empty ones left out
        open_ = self.full & ~self.blocked
        rows = (sum(1 << (y * width + x) for x in range(width)) & open_ for y in range(height))
        cols = (sum(1 << (y * width + x) for y in range(height)) & open_ for x in range(width))
        self.rows = tuple(m for m in rows if m)
        self.cols = tuple(m for m in cols if m)
        self.shapes: dict[str, list[tuple[tuple[int, int], ...]]] = {}
        # fragment id -> every (orient, x, y, mask) inside the grid and off blocked cells
        self.placements: dict[str, list[tuple[int, int, int, int]]] = {}
        self.mask_of: dict[tuple[str, int, int, int], int] = {}
        # fragment id -> per cell, the placements covering it as a bitmask over their indices
        # in ``placements`` (``touching``)
        self.covering: dict[str, tuple[int, ...]] = {}
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
            covering = [0] * self.n
            for k, (*_, mask) in enumerate(out):
                for cell in self.cells(mask):
                    covering[cell] |= 1 << k
            self.covering[f.id] = tuple(covering)

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

    def touching(self, fid: str, occ: int) -> int:
        """The placements of ``fid`` off the cells of ``occ`` (not empty) and touching one by
        an edge, as a bitmask over their indices in ``placements``: the union of the
        placements covering a neighbour cell less those covering an occupied one, a few dozen
        cells instead of every placement."""
        covering = self.covering[fid]
        touch = block = 0
        nb = self.neighbours(occ)
        while nb:
            low = nb & -nb
            touch |= covering[low.bit_length() - 1]
            nb ^= low
        while occ:
            low = occ & -occ
            block |= covering[low.bit_length() - 1]
            occ ^= low
        return touch & ~block


class Rules:
    """The rules of one table (pack, player count, options), and the hooks a variant's rules
    override (a subclass): the base game's answers live here, the base modules call
    them and never ask which variant is played."""

    # R17: tiles revealed for the setup pick (3 with 2-3 players, 4 with 4).
    tiles_revealed: int

    def __init__(self, pack: C.Components, sha: str, players: int, advanced: bool) -> None:
        self.pack = pack
        self.sha = sha
        self.players = players
        self.advanced = advanced
        self.tiles_revealed = 4 if players == 4 else 3
        self.fragments = {f.id: f for f in pack.fragments}
        # each fragment's distinct orientations, as every view lists them (the same on every
        # board and every table of the pack: worked out once per pack, as its boards' grids)
        shapes = _SHAPES.get(sha)
        if shapes is None:
            shapes = _SHAPES[sha] = {f.id: orientations(f.cells) for f in pack.fragments}
        self.shapes = shapes
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

    # --- variant hooks --------------------------------------------------------------------

    def first_seat(self, rng: Rng) -> int:
        """R13: a random first player."""
        return rng.below(self.players)

    def master_pool(self, others: list[str], numbered: list[str]) -> list[str]:
        """The master deck shuffled at setup: the master draft (R19) shuffles all 56 together;
        otherwise the 16 numbered cards wait for the boards (R7, R15)."""
        return others + numbered if self.advanced else others

    def deals_numbered(self) -> bool:
        """R14: each board comes with its numbered master cards (not in the draft, R19)."""
        return not self.advanced

    def numbered_left(self, numbered: list[str], used: set[str]) -> tuple[str, ...] | None:
        """R15: the numbered cards of the boards nobody plays, shuffled into the deck; None
        when the deck is not shuffled again (after the draft, which dealt them all)."""
        if self.advanced:
            return None
        return tuple(m for m in numbered if self.cards[m].numeral not in used)

    def dice_supply(self) -> tuple[str, ...]:
        """Dice colours set aside beside the board (none in the base game: every die of the
        player count is in the Main Tent)."""
        return ()

    def dummy_hats(self) -> tuple[int, ...]:
        """Performance-track positions held by hats nobody plays (none in the base game)."""
        return ()

    def offer(self, s: MagState) -> bool:
        """A setup step of the variant's own between the sides and the tiles; True when it
        took the turn (the base game has none)."""
        return False

    def discard_before_fair(self, s: MagState, events: list[Event]) -> None:
        """Pairs leave the Fair before anybody picks (none in the base game: R72 picks first)."""

    def fair_kept(self, s: MagState, hat: int = -1) -> tuple[int, ...]:
        """The Fair pairs left to pick from at this round's end were the round to end now,
        with the seat's highest hat raised to ``hat`` if that is higher (the base game: every
        pair, R72's order of picks aside)."""
        return tuple(i for i, pr in enumerate(s.fair) if pr[0] or pr[1])

    def new_round(self, s: MagState) -> None:
        """R75: hats slide down keeping their order; the hat on #1 is first player."""
        ranked = sorted(range(len(s.players)), key=lambda i: max(s.players[i].hats))
        for pos, seat in enumerate(ranked):
            hats = tuple(pos if h >= 0 else -1 for h in s.players[seat].hats)
            change_at(s.players, seat, hats=hats)
        s.first = ranked[0]

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
_SHAPES: dict[str, dict[str, list[tuple[tuple[int, int], ...]]]] = {}
