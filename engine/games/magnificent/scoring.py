"""Master-card conditions (§16, C1-C19), halved at the end (R80a, A17), and end-of-game
scoring (§14: halves, coins, fully covered areas with the best gem filling, tie-break)."""

from __future__ import annotations

from collections import Counter

from engine.core.events import Event
from engine.core.tuples import change_at
from engine.games.magnificent import common
from engine.games.magnificent import components as C
from engine.games.magnificent.rules import START, Rules
from engine.games.magnificent.state import MagState, Player


def _capped(count: int, each: int, times: int, half: bool) -> int:
    full = min(count, times) * each
    return full // 2 if half else full


def _max_vp(v: int, cap: int, half: bool) -> int:
    return min(v // 2, cap // 2) if half else min(v, cap)


# camp byte -> "0" (empty) or "1" (covered): a camp read as a bitmask in one C-level pass
_BITS = bytes([48] + [49] * 255)


def covered(p: Player) -> int:
    """The camp's covered cells as a bitmask over y * w + x."""
    return int(p.camp.translate(_BITS)[::-1], 2) if p.camp else 0


def rows_cols(r: Rules, s: MagState, seat: int) -> tuple[int, int]:
    geo = r.geo(s.players[seat].board)
    occ = covered(s.players[seat])
    return (
        sum(1 for m in geo.rows if occ & m == m),
        sum(1 for m in geo.cols if occ & m == m),
    )


def largest_rectangle(r: Rules, s: MagState, seat: int, colour: str) -> int:
    """C9: the largest rectangle of cells covered by fragments of ``colour`` (histogram scan)."""
    p = s.players[seat]
    geo = r.geo(p.board)
    w, h = geo.w, geo.h
    heights = [0] * w
    best = 0
    for y in range(h):
        for x in range(w):
            v = p.camp[y * w + x]
            ok = v and r.fragments[p.built[v - 1].fragment].colour == colour
            heights[x] = heights[x] + 1 if ok else 0
        for x in range(w):
            lo = heights[x]
            for x2 in range(x, w):
                lo = min(lo, heights[x2])
                if not lo:
                    break
                best = max(best, lo * (x2 - x + 1))
    return best


# A condition is told by its type (``type(cond) is C.FlatCond``): the condition Structs have
# no subclasses, and isinstance against a Struct class goes through its metaclass's
# __instancecheck__ (about 500 instructions a miss, up to fourteen misses a card).


def value(
    r: Rules,
    s: MagState,
    seat: int,
    cond: C.Condition,
    artist: str = "",
    coins: int = 0,
    half: bool = False,
) -> int:
    p = s.players[seat]
    if type(cond) is C.FragmentsCond:
        n = sum(
            1
            for b in p.built
            if (cond.colour is None or r.fragments[b.fragment].colour == cond.colour)
            and (cond.size is None or r.fragments[b.fragment].size == cond.size)
        )
        return _capped(n, cond.vp_each, cond.max_times, half)
    if type(cond) is C.TentsCond:
        n = sum(1 for t in p.tents if t is not None and t != START)
        return _capped(n, cond.vp_each, cond.max_times, half)
    if type(cond) is C.PayCoinsCond:
        if half:  # A17: n coins give floor(vp_each * n / 2), capped at half the maximum
            return min(cond.vp_each * coins // 2, cond.vp_each * cond.max_times // 2)
        return min(coins, cond.max_times) * cond.vp_each
    if type(cond) is C.FullRowsCond:
        return _capped(rows_cols(r, s, seat)[0], cond.vp_each, cond.max_times, half)
    if type(cond) is C.FullColumnsCond:
        return _capped(rows_cols(r, s, seat)[1], cond.vp_each, cond.max_times, half)
    if type(cond) is C.MarkersCond:  # C13: Main Tent + play area
        return _capped(p.markers + p.markers_tent, cond.vp_each, cond.max_times, half)
    if type(cond) is C.ArtistChoiceCond:
        n = sum(1 for x in p.rewarded if r.posters[x].artist == artist)
        return _capped(n, cond.vp_each, cond.max_times, half)
    if type(cond) is C.UniqueArtistsCond:
        n = len({r.posters[x].artist for x in p.rewarded})
        return _capped(n, cond.vp_each, cond.max_times, half)
    if type(cond) is C.ColouredGemsCond:
        n = sum(p.gems[g] for g in C.COLOURS)
        return _capped(n, cond.vp_each, cond.max_times, half)
    if type(cond) is C.RewardedSymbolCond:
        n = sum(1 for x in p.rewarded if r.posters[x].symbol == cond.colour)
        return _capped(n, cond.vp_each, cond.max_times, half)
    if type(cond) is C.FlatCond:
        return cond.vp // 2 if half else cond.vp
    if type(cond) is C.LargestRectangleCond:
        return _max_vp(
            largest_rectangle(r, s, seat, cond.colour) * cond.vp_per_cell, cond.max_vp, half
        )
    if type(cond) is C.DicePaymentCond:
        big, clear = common.owes(p)
        return _max_vp(big + clear, cond.max_vp, half)
    if type(cond) is C.ClearDiceDoubleCond:
        return _max_vp(2 * common.owes(p)[1], cond.max_vp, half)
    if type(cond) is C.HatSpaceCond:  # C19: the space of the hat on the track
        aps = [r.track[h].ap or 0 for h in p.hats if h >= 0]
        v = max(aps) if aps else 0
        return v // 2 if half else v
    raise ValueError(cond)


def best_artist(r: Rules, s: MagState, seat: int) -> str:
    counts = Counter(r.posters[x].artist for x in s.players[seat].rewarded)
    return max(r.pack.artists, key=lambda a: (counts[a], -r.pack.artists.index(a)))


def fill_areas(r: Rules, s: MagState, seat: int) -> tuple[int, int]:
    """R80c: fully covered areas; leftover gems fill empty cells, areas with the fewest empty
    cells first (that maximises the count). Returns (areas, gems used)."""
    p = s.players[seat]
    gems = sum(p.gems.values())
    empty = ~covered(p)
    gaps = [(m & empty).bit_count() for m in r.area_masks(p.board)]
    done = used = 0
    for g in sorted(gaps):
        if g <= gems - used:
            used += g
            done += 1
    return done, used


def end_game(r: Rules, s: MagState, events: list[Event]) -> None:
    """§14 a-c; the halved cards needing a choice were scored already (``roundend.final_choice``)."""
    for seat, p in enumerate(s.players):
        chosen = p.final.get("cards", 0)
        before = p.vp - chosen
        cards = 0
        for i, held in enumerate(p.cards):
            if i not in p.settled:
                cards += value(r, s, seat, r.cards[held.id].condition, half=True)
        common.vp(s, seat, cards, "final_cards", events)
        cards += chosen
        common.vp(s, seat, p.coins // 5, "final_coins", events)
        areas, _ = fill_areas(r, s, seat)
        common.vp(s, seat, 4 * areas, "final_areas", events)
        p = s.players[seat]  # its VP as the lines above left them
        final = {
            "play": before,
            "cards": cards,
            "coins": p.coins // 5,
            "areas": 4 * areas,
            "total": p.vp,
        }
        change_at(s.players, seat, final=final)


def hat_height(p: Player) -> int:
    return max(p.hats)


def winners(s: MagState) -> list[int]:
    """R81: most VP; a tie goes to the higher hat."""
    top = max(p.vp for p in s.players)
    tied = [i for i, p in enumerate(s.players) if p.vp == top]
    best = max(hat_height(s.players[i]) for i in tied)
    return [i for i in tied if hat_height(s.players[i]) == best]
