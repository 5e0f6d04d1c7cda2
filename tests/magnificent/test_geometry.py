"""The camp grid's placement masks read a byte of cells at a time (``Geometry.touching``,
``set_bits``): each answer checked against the rule it stands for, spelled out cell by cell,
on the base game's grid and on grids whose cells do not fill their last byte."""

from __future__ import annotations

import pytest

from engine.core.rng import Rng
from engine.games.magnificent import Magnificent
from engine.games.magnificent import components as C
from engine.games.magnificent.rules import Geometry, set_bits


def _fragments() -> tuple[C.Fragment, ...]:
    return Magnificent(4).rules.pack.fragments


def _random_camp(rng: Rng, geo: Geometry, filled: int) -> int:
    """A camp with about ``filled`` of its open cells covered (any shape: the masks do not
    care whether the cells were placed as fragments)."""
    occ = 0
    for cell in range(geo.n):
        if not geo.blocked >> cell & 1 and rng.below(geo.n) < filled:
            occ |= 1 << cell
    return occ


def _touching_by_rule(geo: Geometry, fid: str, occ: int) -> int:
    """R34 spelled out: the placements off every covered cell and sharing an edge with one."""
    near = geo.neighbours(occ)
    out = 0
    for k, (*_, mask) in enumerate(geo.placements[fid]):
        if not mask & occ and mask & near:
            out |= 1 << k
    return out


@pytest.mark.parametrize(
    ("width", "height", "blocked"),
    [(8, 6, ()), (5, 3, ((0, 0), (4, 2))), (7, 5, ((3, 2),))],
)
def test_touching_is_every_placement_off_the_camp_and_next_to_it(width, height, blocked):
    geo = Geometry(width, height, blocked, _fragments())
    rng = Rng.from_seed(width * 100 + height)
    for filled in (1, 3, geo.n // 4, geo.n // 2, geo.n - 2):
        for _ in range(4):
            occ = _random_camp(rng, geo, filled)
            if not occ:
                continue
            for fid in geo.placements:
                assert geo.touching(fid, occ) == _touching_by_rule(geo, fid, occ), (fid, occ)


def test_set_bits_lists_each_set_bit_lowest_first():
    rng = Rng.from_seed(7)
    for size in (1, 2, 6, 29):
        for _ in range(50):
            mask = int.from_bytes(bytes(rng.below(256) for _ in range(size)), "little")
            assert set_bits(mask, size) == [i for i in range(8 * size) if mask >> i & 1]
    assert set_bits(0, 6) == []


def test_each_area_mask_is_its_open_cells():
    r = Magnificent(4).rules
    for board_id, board in r.boards.items():
        geo = r.geo(board_id)
        masks = r.area_masks(board_id)
        assert len(masks) == len(board.camp.areas)
        for area, mask in zip(board.camp.areas, masks):
            cells = {
                y * geo.w + x
                for y in range(area.y, area.y + area.h)
                for x in range(area.x, area.x + area.w)
                if not geo.blocked >> (y * geo.w + x) & 1
            }
            assert set(set_bits(mask, geo.bytes)) == cells
