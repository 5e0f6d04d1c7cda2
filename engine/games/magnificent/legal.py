"""Every legal action of the seat to act, in a stable order, and the check of one action."""

from __future__ import annotations

from itertools import combinations_with_replacement

from engine.games.magnificent import actions as A
from engine.games.magnificent import build, perform, posters, roundend
from engine.games.magnificent import components as C
from engine.games.magnificent.decisions import TABLE
from engine.games.magnificent.rules import MARKERS, Rules
from engine.games.magnificent.state import MagState, OwedFragment, Player
from engine.games.magnificent.turn import AP_OPEN, ap

BUILD_STAGES = ("build", "place")
MARKER_STAGES = {
    "coins": None,
    "clear_gem": None,
    "buy_poster": None,
    "die_plus": AP_OPEN,
    "flip_die": (),
    "build_plus": ("build",),
    "extra_large": BUILD_STAGES,
    "double_cells": BUILD_STAGES,
    "recolour": BUILD_STAGES,
    "travel_plus": ("travel",),
    "double_tent_slot": ("travel",),
    "counter_clockwise": ("travel",),
    "perform_plus": ("perform",),
    "rearrange": ("perform",),
    "vp_per_poster": ("perform", "reward"),
    "ignore_fragment": ("perform", "reward"),
    "extra_poster": ("perform", "reward"),
}


def options(r: Rules, s: MagState, seat: int) -> list[A.Action]:
    ph = s.phase
    if ph == "over" or s.throw:  # the engine's own step: nobody chooses
        return []
    if ph == "draft":
        p = s.players[seat]
        return [] if p.kept else [A.DraftKeep(c) for c in p.draft]
    if seat != s.seat:
        return []
    if s.pending:
        return TABLE.legal(r, s, s.pending[0])
    if ph == "side":
        return [A.ChooseSide("A"), A.ChooseSide("B")]
    if ph == "tiles":
        return [A.PickTile(t) for t in s.reveal]
    if ph == "fair":
        return [A.PickPair(i) for i, pr in enumerate(s.fair) if pr[0] or pr[1]]
    if ph == "fair_discard":
        return [A.DiscardPair(i) for i, pr in enumerate(s.fair) if pr[0] or pr[1]]
    if ph == "score":
        return score_options(r, s, seat)
    if ph == "final":
        return final_options(r, s, seat)
    return turn_options(r, s, seat)


def score_options(r: Rules, s: MagState, seat: int) -> list[A.Action]:
    p = s.players[seat]
    out: list[A.Action] = []
    for i, held in enumerate(p.cards):
        cond = r.cards[held.id].condition
        if type(cond) is C.ArtistChoiceCond:
            out += [A.ScoreCard(i, artist=a) for a in r.pack.artists]
        elif type(cond) is C.PayCoinsCond:
            out += [A.ScoreCard(i, coins=n) for n in range(min(p.coins, cond.max_times) + 1)]
        else:
            out.append(A.ScoreCard(i))
    return out


def final_options(r: Rules, s: MagState, seat: int) -> list[A.Action]:
    """D2 (§14a): the next halved card needing a choice; C7 pays from the coins left."""
    p = s.players[seat]
    i = roundend.choice_left(r, s, seat)
    cond = r.cards[p.cards[i].id].condition
    if type(cond) is C.ArtistChoiceCond:
        return [A.FinalChoice(i, artist=a) for a in r.pack.artists]
    assert isinstance(cond, C.PayCoinsCond)
    return [A.FinalChoice(i, coins=n) for n in range(min(p.coins, cond.max_times) + 1)]


# A card's bonus is told by its type (``type(b) is C.SetFace``), not isinstance: the bonus
# Structs have no subclasses, and isinstance against a Struct class goes through its
# metaclass's __instancecheck__ (about 500 instructions a miss), several times a step.


def _sets_face(r: Rules, p: Player, card: int) -> bool:
    """K11 on the card (or K3 on it copying a K11 card, A20): any face at die take."""
    b = r.cards[p.cards[card].id].bonus
    return type(b) is C.SetFace or (
        type(b) is C.Copy
        and any(type(r.cards[c.id].bonus) is C.SetFace for j, c in enumerate(p.cards) if j != card)
    )


def take_options(r: Rules, s: MagState, seat: int) -> list[A.Action]:
    p = s.players[seat]
    flip_ok = p.markers >= 1
    # The free cards, each with whether it sets any face at die take (K11); asked of each
    # card only where one of the player's cards has that bonus.
    if any(type(r.cards[c.id].bonus) is C.SetFace for c in p.cards):
        free = tuple((ci, _sets_face(r, p, ci)) for ci, c in enumerate(p.cards) if c.die is None)
    else:
        free = tuple((ci, False) for ci, c in enumerate(p.cards) if c.die is None)
    sets = any(card_sets for _, card_sets in free)
    rows = _ROWS.get((free, flip_ok))
    if rows is None:
        rows = _ROWS[free, flip_ok] = {}
    out: list[A.Action] = []
    seen = set()
    for d in s.tent_dice:
        key = (d.colour, d.face)
        if key in seen:
            continue  # identical dice are one choice
        seen.add(key)
        face = d.face if sets else 0  # a row depends on the face only where one is set
        got = rows.get((d.id, face))
        if got is None or got[0] != d.colour:
            row: tuple[A.Action, ...] = ()
            for ci, card_sets in free:
                row += _takes(d.id, d.colour == "clear", face if card_sets else 0, ci, flip_ok)
            got = rows[d.id, face] = (d.colour, row)
        out += got[1]
    return out


# A die's takes on one card, by (die, clear, the face a K11 card sets any other than, else
# 0, card, may flip), and on every free card: by the free cards (as ``take_options`` keys
# them) and whether a flip may be paid, then by the die and that face (with the die's
# colour). A take lists a row per distinct die in the Main Tent, the same rows at take after
# take (a fifth of a random game's listing was making them).
_TAKES: dict[tuple[int, bool, int, int, bool], tuple[A.Action, ...]] = {}
_ROWS: dict[
    tuple[tuple[tuple[int, bool], ...], bool],
    dict[tuple[int, int], tuple[str, tuple[A.Action, ...]]],
] = {}


def _takes(die: int, clear: bool, face: int, card: int, flip: bool) -> tuple[A.Action, ...]:
    key = (die, clear, face, card, flip)
    got = _TAKES.get(key)
    if got is None:
        out: list[A.Action] = []
        for colour in C.COLOURS if clear else ("",):
            out.append(A.TakeDie(die, card, colour))
            if flip:
                out.append(A.TakeDie(die, card, colour, flip=True))
            if face:  # K11: any other face
                out += [A.TakeDie(die, card, colour, face=f) for f in range(1, 7) if f != face]
        got = _TAKES[key] = tuple(out)
    return got


def bonus_targets(r: Rules, s: MagState, seat: int) -> list[int]:
    t = s.turn
    p = s.players[seat]
    own = r.cards[p.cards[t.card].id].bonus
    if type(own) is C.Copy:  # K3: another card's bonus
        return [
            i
            for i, c in enumerate(p.cards)
            if i != t.card and type(r.cards[c.id].bonus) is not C.Copy
        ]
    return [t.card]


def bonus_options(r: Rules, s: MagState, seat: int) -> list[A.Action]:
    t = s.turn
    p = s.players[seat]
    if t.bonus_used or t.card < 0:
        return []
    out: list[A.Action] = []
    own = r.cards[p.cards[t.card].id].bonus
    targets: tuple[int, ...] | list[int] = (
        bonus_targets(r, s, seat) if type(own) is C.Copy else (t.card,)
    )
    for i in targets:
        b = own if i == t.card else r.cards[p.cards[i].id].bonus
        if type(b) is C.SetFace:
            continue  # only at die take
        if type(b) is C.DiePlus:
            if t.stage in AP_OPEN and (b.colour is None or b.colour == t.colour):
                out.append(_card_bonus(i))
        elif type(b) is C.PayCoinsForMarker:
            if p.coins >= b.coins and p.markers_out < MARKERS:  # A19
                out.append(_card_bonus(i))
        elif type(b) is C.MarkerToFragment:
            if p.markers >= 1 and s.supply[b.fragment] > 0:
                out.append(_card_bonus(i))
        elif type(b) is C.GemsToFragment:
            if s.supply[b.fragment] > 0:
                for combo in combinations_with_replacement(C.GEMS, b.gems):
                    if all(combo.count(g) <= p.gems[g] for g in set(combo)):
                        out.append(A.CardBonus(i, gems=combo))
        else:
            out.append(_card_bonus(i))
    return out


def _card_bonus(card: int) -> A.Action:
    """The CardBonus move of a card without gems, made once (listed at most action choices)."""
    return _CARD_BONUS[card] if card < len(_CARD_BONUS) else A.CardBonus(card)


_CARD_BONUS = tuple(A.CardBonus(i) for i in range(16))


def marker_options(r: Rules, s: MagState, seat: int) -> list[A.Action]:
    t = s.turn
    p = s.players[seat]
    if p.markers <= 0:
        return []
    out: list[A.Action] = []
    for sid, capacity, effect, cost, move in _marker_spaces(r, t.stage, p.tiles):
        used = t.markers.get(sid, 0)
        if capacity == "one" and used:
            continue
        if capacity == "two" and (used or p.markers < 2):
            continue
        if effect == "buy_poster" and (p.coins < cost or not posters.sources(s)):
            continue
        if effect == "rearrange" and not any(p.posters):
            continue
        out.append(move)
    return out


def _marker_spaces(
    r: Rules, stage: str, tiles: tuple[str, ...]
) -> tuple[tuple[str, str, str, int, A.Marker], ...]:
    """The assistant spaces (the player's tiles, then the board's) whose effect the turn's
    stage allows (``MARKER_STAGES``), each with what ``marker_options`` asks of it and its
    Marker move: the same few rows at every action choice, kept by pack, stage and tiles."""
    key = (r.sha, stage, tiles)
    got = _MARKER_SPACES.get(key)
    if got is None:
        if len(_MARKER_SPACES) >= MARKER_ROWS:
            _MARKER_SPACES.clear()
        rows = []
        for sid in (*tiles, *r.board_spaces):
            sp = r.spaces[sid]
            stages = MARKER_STAGES[sp.effect]
            if stages is None or stage in stages:
                rows.append((sid, sp.capacity, sp.effect, sp.cost_coins, A.Marker(sid)))
        got = _MARKER_SPACES[key] = tuple(rows)
    return got


_MARKER_SPACES: dict[
    tuple[str, str, tuple[str, ...]], tuple[tuple[str, str, str, int, A.Marker], ...]
] = {}
MARKER_ROWS = 1024


def level_ok(r: Rules, s: MagState, seat: int, lv: C.Level) -> bool:
    t = s.turn
    if lv.ap > ap(s):
        return False
    supply, frag_by = s.supply, r.frag_by
    for colour in C.COLOURS:
        if colour == t.colour or t.recolours > 0:
            # A6: one of its fragments in supply is enough
            if lv.small and supply[frag_by[colour, "small"]]:
                return True
            if lv.large and supply[frag_by[colour, "large"]]:
                return True
    return False


def _in_supply(r: Rules, s: MagState) -> tuple[bool, bool]:
    """``level_ok``'s supply check for every level at once: whether a small and whether a
    large fragment lies in supply in a colour the turn may build (its die's, or any after a
    recolour)."""
    t = s.turn
    supply, recoloured = s.supply, t.recolours > 0
    small = large = False
    for colour, small_id, large_id in r.colour_frags:
        if colour == t.colour or recoloured:
            small = small or bool(supply[small_id])
            large = large or bool(supply[large_id])
    return small, large


def swap_options(s: MagState, seat: int) -> list[A.Action]:
    p = s.players[seat]
    if s.turn.swaps >= len(p.posters) - 1:
        return []
    row = _SWAPS.get(p.posters)
    if row is None:
        if len(_SWAPS) >= SWAP_ROWS:
            _SWAPS.clear()
        n, posters = len(p.posters), p.posters
        row = _SWAPS[posters] = tuple(
            A.Swap(a, b) for a in range(n) for b in range(a + 1, n) if posters[a] != posters[b]
        )
    return list(row)


# A player's Swap moves by the posters in their slots: a rearrangement lists them again at
# each of its swaps, and making them was half of an arrange stage's listing (19,600
# instructions of 34,800 in a random 4-player game). Rows remembered before starting afresh:
_SWAPS: dict[tuple[str | None, ...], tuple[A.Action, ...]] = {}
SWAP_ROWS = 1024


# Moves without a changing field, listed at most steps of a turn: made once (frozen).
_BUILD, _TRAVEL, _PERFORM = A.Choose("build"), A.Choose("travel"), A.Choose("perform")
_END_TURN = A.EndTurn()
_SPEND = {g: A.SpendGem(g) for g in C.GEMS}


def turn_options(r: Rules, s: MagState, seat: int) -> list[A.Action]:
    t = s.turn
    if t.stage == "take":
        return take_options(r, s, seat)
    p = s.players[seat]
    out: list[A.Action] = []
    st = t.stage
    if st in AP_OPEN:
        gems = p.gems
        if gems[t.colour] > 0:
            out.append(_SPEND[t.colour])
        if t.colour != "clear" and gems["clear"] > 0:
            out.append(_SPEND["clear"])
    if st == "act":
        # level_ok of each level, its supply check made once for all of them
        most, (small, large) = ap(s), _in_supply(r, s)
        for lv in r.boards[p.board].build_levels:
            if lv.ap <= most and (lv.small and small or lv.large and large):
                out.append(_BUILD)
                break
        out.append(_TRAVEL)  # A5: always possible
        if perform.hat_allowed(s, seat) and perform.space_allowed(r, s, ap(s)):
            out.append(_PERFORM)
    elif st == "build":
        most, (small, large) = ap(s), _in_supply(r, s)
        out += [
            A.Level(i)
            for i, lv in enumerate(r.boards[p.board].build_levels)
            if lv.ap <= most and (lv.small and small or lv.large and large)
        ]
    elif st == "travel":
        out += [A.Move(d) for d in range(1, ap(s) + 1)]
    elif st == "perform":
        out += [
            A.Hat(h, sp)
            for h in perform.hats_allowed(s, seat)
            for sp in perform.spaces_allowed(r, s, ap(s))
        ]
        if t.rearrange:
            out += swap_options(s, seat)
    elif st == "reward":
        out += [A.Reward(slots, ig) for slots, ig in perform.reward_options(r, s, seat)]
    elif st == "arrange":
        out += swap_options(s, seat)
    out += bonus_options(r, s, seat)
    out += marker_options(r, s, seat)
    for i in _distinct_pending(t.frags) if t.frags else ():
        spots = build.place_moves(r, s, seat, i)
        out += spots
        if not spots:
            out.append(A.Skip(i))
    if t.acted and st in ("place", "done", "arrange") and not t.frags:
        out.append(_END_TURN)
    return out


def _distinct_pending(frags: tuple[OwedFragment, ...]) -> list[int]:
    """The index of the first of each kind of pending fragment: placing either of two alike is
    the same move, so only the first is offered."""
    seen = set()
    out = []
    for i, pend in enumerate(frags):
        key = (pend.source == "bonus", pend.fragment, pend.size)
        if key not in seen:
            seen.add(key)
            out.append(i)
    return out


def place_allowed(r: Rules, s: MagState, seat: int, action: A.Place) -> bool:
    t = s.turn
    if s.phase != "turn" or s.pending or seat != s.seat:
        return False
    # the list offers one of two alike pending fragments (the first); the check agrees with it
    if action.pending not in _distinct_pending(t.frags):
        return False
    return (action.fragment, action.orient, action.x, action.y) in build.placements(
        r, s, seat, action.pending
    )
