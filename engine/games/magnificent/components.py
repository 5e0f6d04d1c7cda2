"""The Magnificent's component pack (``data/components.json``): schema, checks, loader.

No component number lives in code: boards, fragments, tracks, the performance track, tents,
posters, master cards and the assistant spaces all come from the pack, so typing in the printed
components is a data-only change (docs/magnificent-data.md documents every field). Rules
constants that the book prints in its text (3 rounds, 4 turns, the 3/4 tiles revealed at setup)
stay in code.
"""

# No `from __future__ import annotations` here: msgspec reads a schema's annotations at its
# first decode, and strings it must compile and evaluate one by one (a new tab's first `load`
# in the page pays it: docs/speed.md "Issue #32, session 26").

from functools import lru_cache
from importlib import resources
from typing import Literal

from engine.core.packs import Pack, PackStruct, read_pack, register_schema

GAME = "magnificent"
PACK_ID = "magnificent.components"
COLOURS = ("orange", "green", "purple")
GEMS = ("orange", "green", "purple", "clear")
Colour = Literal["orange", "green", "purple"]
GemType = Literal["orange", "green", "purple", "clear"]
Size = Literal["small", "large"]
SIZE_CELLS = {"small": 4, "large": 6}


# --- bonuses: master-card tops (K1-K12), camp bonus cells and tent slots (§17) ---------------


class _Bonus(PackStruct, tag_field="kind", frozen=True):
    pass


class Coins(_Bonus, tag="coins", frozen=True):
    n: int


class Vp(_Bonus, tag="vp", frozen=True):
    n: int


class Posters(_Bonus, tag="posters", frozen=True):
    n: int


class Markers(_Bonus, tag="markers", frozen=True):
    n: int


class Gem(_Bonus, tag="gem", frozen=True):
    colour: GemType
    n: int


class GemChoice(_Bonus, tag="gem_choice", frozen=True):
    colours: tuple[GemType, ...]
    n: int


class DiePlus(_Bonus, tag="die_plus", frozen=True):
    n: int
    colour: Colour | None  # None: whatever the die's colour (K8)


class PayCoinsForMarker(_Bonus, tag="pay_coins_for_marker", frozen=True):
    coins: int


class SetFace(_Bonus, tag="set_face", frozen=True):
    pass


class Copy(_Bonus, tag="copy", frozen=True):
    pass


class MarkerToFragment(_Bonus, tag="marker_to_fragment", frozen=True):
    fragment: str


class GemsToFragment(_Bonus, tag="gems_to_fragment", frozen=True):
    gems: int
    fragment: str


Bonus = (
    Coins
    | Vp
    | Posters
    | Markers
    | Gem
    | GemChoice
    | DiePlus
    | PayCoinsForMarker
    | SetFace
    | Copy
    | MarkerToFragment
    | GemsToFragment
)
CELL_BONUS_KINDS = ("coins", "vp", "posters", "markers", "gem", "gem_choice")


# --- master-card conditions (C1-C19, §16) ----------------------------------------------------


class _Cond(PackStruct, tag_field="kind", frozen=True):
    pass


class FragmentsCond(_Cond, tag="fragments", frozen=True):
    colour: Colour | None
    size: Size | None
    vp_each: int
    max_times: int


class _Counted(_Cond, frozen=True):
    vp_each: int
    max_times: int


class TentsCond(_Counted, tag="tents", frozen=True):
    pass


class PayCoinsCond(_Counted, tag="pay_coins", frozen=True):
    pass


class FullRowsCond(_Counted, tag="full_rows", frozen=True):
    pass


class FullColumnsCond(_Counted, tag="full_columns", frozen=True):
    pass


class MarkersCond(_Counted, tag="markers", frozen=True):
    pass


class ArtistChoiceCond(_Counted, tag="artist_choice", frozen=True):
    pass


class UniqueArtistsCond(_Counted, tag="unique_artists", frozen=True):
    pass


class ColouredGemsCond(_Counted, tag="coloured_gems", frozen=True):
    pass


class RewardedSymbolCond(_Cond, tag="rewarded_symbol", frozen=True):
    colour: Colour
    vp_each: int
    max_times: int


class FlatCond(_Cond, tag="flat", frozen=True):
    vp: int


class LargestRectangleCond(_Cond, tag="largest_rectangle", frozen=True):
    colour: Colour
    vp_per_cell: int
    max_vp: int


class DicePaymentCond(_Cond, tag="dice_payment", frozen=True):
    max_vp: int


class ClearDiceDoubleCond(_Cond, tag="clear_dice_double", frozen=True):
    max_vp: int


class HatSpaceCond(_Cond, tag="hat_space", frozen=True):
    pass


Condition = (
    FragmentsCond
    | TentsCond
    | PayCoinsCond
    | FullRowsCond
    | FullColumnsCond
    | MarkersCond
    | ArtistChoiceCond
    | UniqueArtistsCond
    | ColouredGemsCond
    | RewardedSymbolCond
    | FlatCond
    | LargestRectangleCond
    | DicePaymentCond
    | ClearDiceDoubleCond
    | HatSpaceCond
)

# Conditions whose scoring takes a player's choice (C7 coins paid, C14 artist).
CHOICE_CONDS = (PayCoinsCond, ArtistChoiceCond)


# --- components ------------------------------------------------------------------------------


class Fragment(PackStruct, frozen=True):
    id: str
    colour: Colour
    size: Size
    cells: tuple[tuple[int, int], ...]  # (x, y) of the shape as printed
    supply: int
    provisional: bool = False
    provisional_reason: str = ""


class Area(PackStruct, frozen=True):
    id: str
    x: int
    y: int
    w: int
    h: int


class BonusCell(PackStruct, frozen=True):
    x: int
    y: int
    bonus: Bonus


class Camp(PackStruct, frozen=True):
    width: int
    height: int
    blocked: tuple[tuple[int, int], ...]
    areas: tuple[Area, ...]
    bonus_cells: tuple[BonusCell, ...]


class Level(PackStruct, frozen=True):
    ap: int
    small: int
    large: int


class StartTent(PackStruct, frozen=True):
    vp: int
    coins: int


class Starting(PackStruct, frozen=True):
    gems: dict[GemType, int]
    coins: int
    markers: int
    tents: int
    posters: int


class Board(PackStruct, frozen=True):
    id: str
    numeral: Literal["I", "II", "III", "IV"]
    side: Literal["A", "B"]
    camp: Camp
    build_levels: tuple[Level, ...]
    start_tent: StartTent
    tent_slot_bonuses: tuple[tuple[Bonus, ...], ...]  # slots 2..5, each a list of bonuses
    storage_per_type: int
    poster_slots: int
    tent_slots: int
    tile_slots: int
    starting: Starting
    provisional: bool = False
    provisional_reason: str = ""


class TrackSpace(PackStruct, frozen=True):
    kind: Literal["blank", "gems", "tent"]
    gems: tuple[GemType, ...] = ()


class Track(PackStruct, frozen=True):
    colour: Colour
    start: int
    spaces: tuple[TrackSpace, ...]


class Travel(PackStruct, frozen=True):
    tracks: tuple[Track, ...]


class PerfSpace(PackStruct, frozen=True):
    index: int
    ap: int | None  # None: a space without symbols (any AP, no posters)
    posters: int


class Tent(PackStruct, frozen=True):
    id: str
    vp: int
    coins: int
    gem: GemType | None


class Poster(PackStruct, frozen=True):
    id: str
    starting: bool
    artist: str
    fragments: tuple[str, ...]
    gems: tuple[GemType, ...]
    vp: int
    coins: int
    symbol: Colour


class MasterCard(PackStruct, frozen=True):
    id: str
    numeral: Literal["I", "II", "III", "IV"] | None
    bonus: Bonus
    condition: Condition


Effect = Literal[
    "coins",
    "clear_gem",
    "die_plus",
    "build_plus",
    "extra_large",
    "double_cells",
    "travel_plus",
    "double_tent_slot",
    "vp_per_poster",
    "ignore_fragment",
    "perform_plus",
    "extra_poster",
    "flip_die",
    "buy_poster",
    "recolour",
    "counter_clockwise",
    "rearrange",
]


class Space(PackStruct, frozen=True):
    """An assistant space, on a tile (T1-T12) or on the board (B1-B5)."""

    id: str
    effect: Effect
    action: Literal["general", "build", "travel", "perform"]
    capacity: Literal["one", "per_marker", "two"]
    n: int = 0  # the effect's number: coins gained, AP added, VP per poster
    cost_coins: int = 0
    capacity_from_text: bool = False


class Solo(PackStruct, frozen=True):
    dummy_hat_ap: tuple[int, ...]
    targets: tuple[int, ...]


class Components(Pack, frozen=True):
    version: int
    notes: tuple[str, ...]
    colours: tuple[Colour, ...]
    dice: dict[str, tuple[int, int, int, int]]  # players -> orange, green, purple, clear
    fair_pairs: dict[str, int]
    fragments: tuple[Fragment, ...]
    boards: tuple[Board, ...]
    travel: Travel
    performance_track: tuple[PerfSpace, ...]
    tents: tuple[Tent, ...]
    artists: tuple[str, ...]
    posters: tuple[Poster, ...]
    master_cards: tuple[MasterCard, ...]
    assistant_tiles: tuple[Space, ...]
    board_assistant_spaces: tuple[Space, ...]
    solo: Solo
    # artist id -> {en, ru, fr}: the names shown; ids stay neutral (a pack without names shows ids)
    artist_names: dict[str, dict[str, str]] = {}

    def check(self) -> list[tuple[str, str]]:
        return check(self)


def check(c: Components) -> list[tuple[str, str]]:
    errors: list[tuple[str, str]] = []

    def need(ok: bool, path: str, reason: str) -> None:
        if not ok:
            errors.append((path, reason))

    frag_ids = {f.id: f for f in c.fragments}
    for i, f in enumerate(c.fragments):
        p = f"$.fragments[{i}]"
        need(
            len(f.cells) == SIZE_CELLS[f.size],
            f"{p}.cells",
            f"a {f.size} fragment covers {SIZE_CELLS[f.size]} cells",
        )
        need(len(set(f.cells)) == len(f.cells), f"{p}.cells", "cells repeat")
        need(f.supply >= 0, f"{p}.supply", "negative supply")
        need(_connected(f.cells), f"{p}.cells", "cells must be edge-connected")
    for colour in COLOURS:
        for size in SIZE_CELLS:
            need(
                sum(f.colour == colour and f.size == size for f in c.fragments) == 1,
                "$.fragments",
                f"exactly one {colour} {size} fragment needed",
            )
    for i, b in enumerate(c.boards):
        p = f"$.boards[{i}]"
        w, h = b.camp.width, b.camp.height
        need(w > 0 and h > 0, f"{p}.camp", "empty grid")
        for j, cell in enumerate(b.camp.bonus_cells):
            need(0 <= cell.x < w and 0 <= cell.y < h, f"{p}.camp.bonus_cells[{j}]", "off the grid")
            need(
                cell.bonus.__struct_config__.tag in CELL_BONUS_KINDS,
                f"{p}.camp.bonus_cells[{j}].bonus",
                "not a cell bonus kind",
            )
        for j, a in enumerate(b.camp.areas):
            need(
                a.x >= 0 and a.y >= 0 and a.x + a.w <= w and a.y + a.h <= h,
                f"{p}.camp.areas[{j}]",
                "area off the grid",
            )
        aps = [lv.ap for lv in b.build_levels]
        need(
            bool(aps) and aps == sorted(set(aps)), f"{p}.build_levels", "levels must rise strictly"
        )
        need(
            len(b.tent_slot_bonuses) == b.tent_slots - 1,
            f"{p}.tent_slot_bonuses",
            "one bonus list per tent slot after the starting tent",
        )
        need(set(b.starting.gems) == set(GEMS), f"{p}.starting.gems", "every gem type needed")
    sides = {(b.numeral, b.side) for b in c.boards}
    need(len(sides) == len(c.boards), "$.boards", "a numeral/side pair repeats")
    for n in ("I", "II", "III", "IV"):
        need((n, "A") in sides, "$.boards", f"board {n} side A missing")
    for k in ("1", "2", "3", "4"):
        need(k in c.dice, "$.dice", f"dice for {k} player(s) missing")
        need(
            k in c.fair_pairs and 1 <= c.fair_pairs.get(k, 0) <= 4,
            "$.fair_pairs",
            f"fair pairs for {k} player(s) missing or not 1..4",
        )
    tracks = {t.colour for t in c.travel.tracks}
    need(
        tracks == set(COLOURS) and len(c.travel.tracks) == 3,
        "$.travel.tracks",
        "one track per colour",
    )
    tent_spaces = 0
    for i, t in enumerate(c.travel.tracks):
        need(0 <= t.start < len(t.spaces), f"$.travel.tracks[{i}].start", "start off the track")
        tent_spaces += sum(s.kind == "tent" for s in t.spaces)
    need(
        tent_spaces < len(c.tents), "$.tents", "need more tents than tent spaces (one stays boxed)"
    )
    idx = [s.index for s in c.performance_track]
    need(idx == list(range(1, len(idx) + 1)), "$.performance_track", "indices must be 1..n")
    artists = set(c.artists)
    for artist, names in c.artist_names.items():
        need(artist in artists, f"$.artist_names.{artist}", f"unknown artist {artist!r}")
        need(
            all(names.get(lang) for lang in ("en", "ru", "fr")),
            f"$.artist_names.{artist}",
            "a name in en, ru and fr",
        )
    for i, p_ in enumerate(c.posters):
        need(p_.artist in artists, f"$.posters[{i}].artist", f"unknown artist {p_.artist!r}")
        for j, fid in enumerate(p_.fragments):
            need(fid in frag_ids, f"$.posters[{i}].fragments[{j}]", f"unknown fragment {fid!r}")
    need(sum(p_.starting for p_ in c.posters) >= 4, "$.posters", "at least 4 starting posters")
    for i, m in enumerate(c.master_cards):
        frag = getattr(m.bonus, "fragment", None)
        need(
            frag is None or frag in frag_ids,
            f"$.master_cards[{i}].bonus.fragment",
            f"unknown fragment {frag!r}",
        )
    for n in ("I", "II", "III", "IV"):
        need(
            sum(m.numeral == n for m in c.master_cards) == 4,
            "$.master_cards",
            f"numeral {n} needs 4 cards",
        )
    need(
        sum(m.numeral is None for m in c.master_cards) >= 25,
        "$.master_cards",
        "too few unnumbered cards for 3 rounds of 4 players",
    )
    need(len(c.assistant_tiles) >= 12, "$.assistant_tiles", "12 tiles needed (4 players draw all)")
    ap_spaces = {s.ap for s in c.performance_track}
    for i, dummy in enumerate(c.solo.dummy_hat_ap):
        need(dummy in ap_spaces, f"$.solo.dummy_hat_ap[{i}]", "no performance space with that AP")
    return errors


def _connected(cells: tuple[tuple[int, int], ...]) -> bool:
    if not cells:
        return False
    todo, seen = [cells[0]], {cells[0]}
    rest = set(cells)
    while todo:
        x, y = todo.pop()
        for n in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if n in rest and n not in seen:
                seen.add(n)
                todo.append(n)
    return len(seen) == len(rest)


register_schema(GAME, PACK_ID, Components)


@lru_cache(maxsize=1)
def shipped_bytes() -> bytes:
    # read once: a table is made for every game (the page's, a bench's), and ``parse``'s cache
    # then finds the same bytes object at once instead of hashing a new one
    return (
        resources.files("engine.games.magnificent")
        .joinpath("data")
        .joinpath("components.json")
        .read_bytes()
    )


@lru_cache(maxsize=8)
def parse(data: bytes) -> tuple[Components, str]:
    return read_pack(data, Components, PACK_ID, GAME)
