"""Rules tables derived once from the data packs (``components.load_packs``), shaped for speed.

The packs describe components; this module turns them into the flat tuples and dicts the rules
modules index many thousand times per game: slot modifiers by board index, link geometry per
performance card with the school each marker side shows, action costs, dice faces.
"""

from __future__ import annotations

import functools
from itertools import combinations_with_replacement
from typing import Any

from engine.games.trickerion.components import DIRECTIONS, OPPOSITE, DieSpec, Packs, load_packs

LOCATIONS = ("downtown", "market_row", "workshop", "theater", "dark_alley")
ASSIGN_DECKS = ("downtown", "market_row", "workshop", "theater")
DAYS = ("thursday", "friday", "saturday", "sunday")
SPECIALISTS = ("assistant", "engineer", "manager")

# Board slot indices (State.slots).
SLOT_DOWNTOWN = 0
SLOT_MARKET = 4
SLOT_ALLEY = 8
SLOT_THEATER = 12  # day d: 12 + 3d, 12 + 3d + 1 backstage; 12 + 3d + 2 stage
SLOT_WORKSHOP = 24  # seat s: 24 + 2s, 24 + 2s + 1
BOARD_SLOTS = {"downtown": SLOT_DOWNTOWN, "market_row": SLOT_MARKET, "dark_alley": SLOT_ALLEY}

# Dice (State.dice): Residence 0–1, Inn 2–3, Bank 4–5; a used die shows X.
X = "x"

# A link of a performance card (``CardGeo.links``).
LinkGeo = tuple[int, int, bool, int, int]


def is_stage(slot: int) -> bool:
    return SLOT_THEATER <= slot < SLOT_WORKSHOP and (slot - SLOT_THEATER) % 3 == 2


class CardGeo:
    """Geometry of one performance card: cells, links and the facings each cell allows.

    ``links``: (cell a, cell b, shard, side of a toward b, side of b toward a) with sides as
    direction indices. ``facings[c]``: direction indices of cell c that hold a link circle.
    ``cell_links[c]``: link indices touching cell c. ``neutral``: the neutral grey markers
    printed on a solo performance card, cell -> (school, facing direction index).
    """

    __slots__ = ("id", "theater", "cells", "links", "facings", "cell_links", "bonus", "neutral")

    # A base or a solo performance card (the solo one adds ``neutral``): the base game never
    # imports the solo layer to name its type.
    def __init__(self, card: Any) -> None:
        self.id = card.id
        self.theater = card.theater
        self.cells = [tuple(c) for c in card.cells]
        index = {c: i for i, c in enumerate(self.cells)}
        self.links: list[LinkGeo] = []
        for link in card.links:
            a, b = tuple(link.a), tuple(link.b)
            side_a = _side(a, b)
            self.links.append(
                (
                    index[a],
                    index[b],
                    link.shard,
                    DIRECTIONS.index(side_a),
                    DIRECTIONS.index(OPPOSITE[side_a]),
                )
            )
        self.facings: list[list[int]] = [[] for _ in self.cells]
        self.cell_links: list[list[int]] = [[] for _ in self.cells]
        for li, (ia, ib, _shard, da, db) in enumerate(self.links):
            self.facings[ia].append(da)
            self.facings[ib].append(db)
            self.cell_links[ia].append(li)
            self.cell_links[ib].append(li)
        for f in self.facings:
            f.sort()
        b = card.performer_bonus
        self.bonus = (b.fame, b.coins, b.shards)
        self.neutral: dict[int, tuple[str, int]] = {
            index[tuple(n.cell)]: (n.school, DIRECTIONS.index(n.facing))
            for n in getattr(card, "neutral", ())
        }


def _side(a: tuple[int, int], b: tuple[int, int]) -> str:
    dx, dy = b[0] - a[0], b[1] - a[1]
    return {(0, -1): "up", (1, 0): "right", (0, 1): "down", (-1, 0): "left"}[(dx, dy)]


class Catalog:
    """Everything the rules read from the packs, precomputed."""

    def __init__(self, packs: Packs) -> None:
        self.packs = packs
        # The moves every table of this catalogue keeps between listings, by what each list
        # is worked out from (``TrickerionRules.order_lists``, ``quick_lists``,
        # ``set_die_lists``, ``bundle_lists``): a table is made for every game, and one that
        # started them empty made the same lists again in each (1.6% of a random game).
        self.kept: tuple[dict[Any, Any], ...] = ({}, {}, {}, {})
        b = packs.board
        self.tricks = packs.tricks
        self.trick_school = {t.id: t.school for t in packs.tricks.values()}
        self.trick_level = {t.id: t.level for t in packs.tricks.values()}
        self.trick_yield = {
            t.id: (t.yield_.fame, t.yield_.coins, t.yield_.shards) for t in packs.tricks.values()
        }
        self.props = tuple(packs.props)
        self.prop_cost = {p.id: p.cost for p in packs.props.values()}
        self.prop_tier = {p.id: p.tier for p in packs.props.values()}
        self.cards = {c.id: CardGeo(c) for c in packs.performances.values()}
        clockwise = list(packs.marker_geometry.clockwise)
        # side_school[school][facing][side]: the school symbol on ``side`` of a marker of
        # ``school`` whose own symbol faces ``facing``.
        # Keyed by school and character ids as the state and actions hold them (plain str).
        self.side_school: dict[str, list[list[str]]] = {
            s: [
                [clockwise[(clockwise.index(s) + (side - facing)) % 4] for side in range(4)]
                for facing in range(4)
            ]
            for s in clockwise
        }
        self.magicians = packs.magicians
        self.specials = packs.special_assignments
        self.special_ids = tuple(packs.special_assignments)
        self.special_index = {c: i for i, c in enumerate(self.special_ids)}
        self.trick_ids = tuple(packs.tricks)
        self.prophecies = packs.prophecies
        self.prophecies_pending = packs.prophecies_pending
        self.levels = {t.level: t for t in b.trick_levels}
        self.link_reward = {t.level: t.link_reward for t in b.trick_levels}
        self.characters = {c.id: c for c in b.characters}
        self.base_ap: dict[str, int] = {c.id: c.base_ap for c in b.characters}
        self.wage: dict[str, int] = {c.id: c.wage for c in b.characters}
        self.supply = {c.id: c.supply for c in b.characters}
        self.ap = {a.id: a.ap for a in b.actions}
        self.market = b.market
        self.setup = b.setup
        self.perf_rules = b.performance
        self.wages = b.wages
        self.rounds = b.rounds
        self.end = b.end_scoring
        self.limits = b.limits
        self.fast = b.fast_game
        self.advertise = b.advertise
        self.perm = packs.permanent_assignments
        # Slot modifiers and blocking, by board slot index (Workshop: per slot of a seat).
        self.slot_mod: dict[int, int] = {}
        self.slot_blocked: dict[int, tuple[int, ...]] = {}
        for loc in b.locations:
            if loc.id in BOARD_SLOTS:
                base = BOARD_SLOTS[loc.id]
                for i, slot in enumerate(loc.slots):
                    self.slot_mod[base + i] = slot.ap_modifier
                    self.slot_blocked[base + i] = tuple(slot.unused_with_players)
            elif loc.id == "workshop":
                self.workshop_mods = tuple(s.ap_modifier for s in loc.slots)
        self.day_mod: dict[int, int] = {}
        self.day_yield: dict[int, tuple[int, int]] = {}
        for day in b.theater_days:
            d = DAYS.index(day.id)
            self.day_yield[d] = (day.yield_fame, day.yield_coins)
            for k in range(3):
                self.slot_mod[SLOT_THEATER + 3 * d + k] = day.ap_modifier
        # Dice faces in State.dice order.
        self.die_faces = _order_dice(b.dice)
        self.school_ids = tuple(s.id for s in b.schools)
        # Level-1 tricks by school, for setup choices.
        self.level1: dict[str, tuple[str, ...]] = {
            s: tuple(t.id for t in packs.tricks_of(s, 1)) for s in self.school_ids
        }

    def card_location(self, card: str) -> str:
        """The location an assignment card sends its character to (a special card names it)."""
        return self.specials[card].location if card in self.specials else card

    @functools.cached_property
    def prop_bundles(self) -> dict[int, tuple[tuple[str, ...], ...]]:
        """Multisets of props by exact total value (setup choices), in catalogue order."""
        out: dict[int, list[tuple[str, ...]]] = {}
        for size in range(1, 4):
            for combo in combinations_with_replacement(self.props, size):
                value = sum(self.prop_cost[p] for p in combo)
                if value <= 3:
                    out.setdefault(value, []).append(combo)
        return {k: tuple(v) for k, v in out.items()}


def _order_dice(dice: tuple[DieSpec, ...]) -> tuple[tuple[str, ...], ...]:
    by_area: dict[str, list[tuple[str, ...]]] = {"dahlgaard_residence": [], "inn": [], "bank": []}
    for die in dice:
        by_area[die.area].extend([tuple(str(f).lower() for f in die.faces)] * die.count)
    out = by_area["dahlgaard_residence"] + by_area["inn"] + by_area["bank"]
    if len(out) != 6:
        raise ValueError("Trickerion needs 6 Downtown dice")
    return tuple(out)


@functools.cache
def catalog() -> Catalog:
    return Catalog(load_packs())
