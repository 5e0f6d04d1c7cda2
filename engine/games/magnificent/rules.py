"""One table's frozen rules: the component pack plus what is precomputed from it (fragment
orientations and their placements as bitmasks, id indexes)."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

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


# The positions of the set bits of each byte value, lowest first.
_BITS = tuple(tuple(k for k in range(8) if v >> k & 1) for v in range(256))


def set_bits(mask: int, size: int) -> list[int]:
    """The indices of the set bits of ``mask`` (under ``8 * size`` bits), lowest first: a byte
    at a time, skipping empty bytes, where a bit at a time cost a few big-integer steps each."""
    out: list[int] = []
    base = 0
    for v in mask.to_bytes(size, "little"):
        if v:
            for k in _BITS[v]:
                out.append(base + k)
        base += 8
    return out


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
        self.bytes = (self.n + 7) // 8
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
        self._by_byte: dict[str, tuple[tuple[int, ...], ...]] = {}
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
        return set_bits(mask, self.bytes)

    def touching(self, fid: str, occ: int) -> int:
        """The placements of ``fid`` off the cells of ``occ`` (not empty) and touching one by
        an edge, as a bitmask over their indices in ``placements``: the union of the
        placements covering a neighbour cell less those covering an occupied one, read a byte
        of cells at a time (``_by_byte``: six look-ups where a bit at a time took a look-up
        and four big-integer steps for each of a few dozen cells)."""
        table = self._by_byte.get(fid) or self._bytes_of(fid)
        touch = block = 0
        size = self.bytes
        for row, o, t in zip(
            table, occ.to_bytes(size, "little"), self.neighbours(occ).to_bytes(size, "little")
        ):
            if t:
                touch |= row[t]
            if o:
                block |= row[o]
        return touch & ~block

    def _bytes_of(self, fid: str) -> tuple[tuple[int, ...], ...]:
        """``covering`` of ``fid`` by byte: for the cells 8j to 8j+7 and each byte value v,
        the placements covering any cell of v's bits (made at a fragment's first touch)."""
        covering = (*self.covering[fid], *(0,) * (8 * self.bytes - self.n))
        table = []
        for j in range(self.bytes):
            row = [0]
            for cell in covering[8 * j : 8 * j + 8]:  # bit k doubles the values below 1 << k
                row += [m | cell for m in row]
            table.append(tuple(row))
        self._by_byte[fid] = out = tuple(table)
        return out


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
        # each die colour with its small and its large fragment, for the supply checks asked
        # at every action choice
        self.colour_frags = tuple(
            (c, self.frag_by[c, "small"], self.frag_by[c, "large"]) for c in C.COLOURS
        )
        self.boards = {b.id: b for b in pack.boards}
        self.posters = {p.id: p for p in pack.posters}
        self.cards = {m.id: m for m in pack.master_cards}
        self.tents = {t.id: t for t in pack.tents}
        self.spaces = {s.id: s for s in (*pack.assistant_tiles, *pack.board_assistant_spaces)}
        self.board_spaces = tuple(s.id for s in pack.board_assistant_spaces)
        self.by_effect = {s.effect: s.id for s in pack.board_assistant_spaces}
        self.track = pack.performance_track
        # each track space's AP, a space without symbols at the lowest (R51: within any AP)
        self.track_ap = tuple(-(1 << 30) if sp.ap is None else sp.ap for sp in self.track)
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
            # one pack's grid, the same for every table and every board of its size and
            # blocked cells (the base game's eight boards share one)
            camp = self.boards[board].camp
            key = (self.sha, camp.width, camp.height, camp.blocked)
            g = _GEOMETRY.get(key)
            if g is None:
                g = _GEOMETRY[key] = Geometry(
                    camp.width, camp.height, camp.blocked, self.pack.fragments
                )
            self._geo[board] = g
        return g

    def bonus_cells(self, board: str) -> Mapping[int, C.Bonus]:
        """The board's bonus cells by cell index (one pack's board: made once, read-only)."""
        key = (self.sha, board)
        got = _BONUS_CELLS.get(key)
        if got is None:
            camp = self.boards[board].camp
            got = _BONUS_CELLS[key] = MappingProxyType(
                {c.y * camp.width + c.x: c.bonus for c in camp.bonus_cells}
            )
        return got

    def area_masks(self, board: str) -> tuple[int, ...]:
        """R80c: each area of the board's camp as a bitmask of its open cells (blocked cells
        left out), made once per pack board."""
        key = (self.sha, board)
        got = _AREAS.get(key)
        if got is None:
            camp = self.boards[board].camp
            geo = self.geo(board)
            got = _AREAS[key] = tuple(
                sum(
                    1 << (y * geo.w + x)
                    for y in range(a.y, a.y + a.h)
                    for x in range(a.x, a.x + a.w)
                )
                & ~geo.blocked
                for a in camp.areas
            )
        return got


_GEOMETRY: dict[tuple[str, int, int, tuple[tuple[int, int], ...]], Geometry] = {}
_SHAPES: dict[str, dict[str, list[tuple[tuple[int, int], ...]]]] = {}
_BONUS_CELLS: dict[tuple[str, str], Mapping[int, C.Bonus]] = {}
_AREAS: dict[tuple[str, str], tuple[int, ...]] = {}
