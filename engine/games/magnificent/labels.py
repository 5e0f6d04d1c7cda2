"""What a choice gives, read from the position before it is made: the terms an action's label
needs beyond its own fields (``Presenter.label_terms``), and the warning a choice that wastes the
turn carries (``Presenter.action_warning``).

The numbers come from the rules' own functions (the travel path and its storage cap, the value
of a card, the reward of posters), so a label says what the move will do, never a guess. Terms
are plain values (numbers, ids, tuples of them): the catalog turns them into words, and equal
terms share a cached label (``engine/bridge.py``). Only public facts are read: a label never
tells the deck's top card.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from engine.games.magnificent import actions as A
from engine.games.magnificent import components as C
from engine.games.magnificent import perform, scoring, travel
from engine.games.magnificent.rules import MARKERS, START, Rules
from engine.games.magnificent.state import MagState, PendingTent
from engine.games.magnificent.turn import ap, dice_ap

Gain = tuple[str, int, str]  # (kind, count, colour): a kind of ``ui.mgn.gain.<kind>``


def gains(
    r: Rules, s: MagState, seat: int, bonuses: tuple[C.Bonus, ...], times: int
) -> tuple[Gain, ...]:
    """Printed bonuses (a tent space, a card's top half) as gains, the storage cap (R44) and the
    marker supply (R111) applied as ``common.bonus`` will apply them."""
    p = s.players[seat]
    room = {g: r.boards[p.board].storage_per_type - n for g, n in p.gems.items()}
    markers_left = MARKERS - p.markers_out
    out: list[Gain] = []
    for _ in range(times):
        for b in bonuses:
            if isinstance(b, C.Vp):
                out.append(("vp", b.n, ""))
            elif isinstance(b, C.Coins):
                out.append(("coins", b.n, ""))
            elif isinstance(b, C.Posters):
                out.append(("posters", b.n, ""))
            elif isinstance(b, C.Markers):
                got = min(b.n, markers_left)
                markers_left -= got
                out.append(("markers", got, ""))
            elif isinstance(b, C.Gem):
                for _ in range(b.n):
                    out.append(
                        ("gem", 1, b.colour) if room[b.colour] > 0 else ("full", 1, b.colour)
                    )
                    room[b.colour] -= 1
            elif isinstance(b, C.GemChoice):
                out.append(("gem_choice", b.n, ""))
    return tuple(g for g in out if g[1])


def performable(r: Rules, s: MagState, seat: int) -> int:
    """How many posters one perform could reward now (R52), whichever free space the hat takes
    within the power: 0 means a perform would only move the hat."""
    p = s.players[seat]
    spaces = perform.spaces_allowed(r, s, ap(s))
    most = max((r.track[i].posters for i in spaces), default=0) + s.turn.extra_posters
    # a trainer marker the player can still put on an "ignore a camp tile" tile counts too: the
    # marker goes on once Perform is chosen, so before it the label would deny a ready poster
    can_ignore = s.turn.ignore or (
        p.markers > 0
        and any(
            r.spaces[t].effect == "ignore_fragment" and not s.turn.markers.get(t) for t in p.tiles
        )
    )
    ignores = [""] + (list(r.fragments) if can_ignore else [])
    filled = [i for i, x in enumerate(p.posters) if x is not None]
    for k in range(min(most, len(filled)), 0, -1):
        # posters rewarded together need their camp tiles and gems together (R52 ii, iii)
        if any(
            perform.eligible(r, s, seat, combo, ig)
            for combo in combinations(filled, k)
            for ig in ignores
        ):
            return k
    return 0


def _move(r: Rules, s: MagState, seat: int, a: A.Move) -> dict[str, Any]:
    pv = travel.preview(r, s, seat, a.distance)
    return {"gems": pv.gems, "full": pv.full, "posters": pv.posters, "tent": pv.tent or ""}


def _reward(r: Rules, s: MagState, seat: int, slots: tuple[int, ...]) -> dict[str, Any]:
    """The points and coins of a reward (R53), as ``perform.pay_and_reward`` adds them."""
    p = s.players[seat]
    vp = coins = 0
    for i in slots:
        poster = r.posters[perform.poster_at(p, i)]
        vp += poster.vp + s.turn.vp_per_poster
        coins += poster.coins
        tent = p.tents[i]
        if tent == START:
            vp += r.boards[p.board].start_tent.vp
            coins += r.boards[p.board].start_tent.coins
        elif tent is not None:
            vp += r.tents[tent].vp
            coins += r.tents[tent].coins
    return {"vp": vp, "coins": coins}


def _card(
    r: Rules, s: MagState, seat: int, card: int, artist: str, coins: int, half: bool
) -> dict[str, Any]:
    cards = s.players[seat].cards
    if not 0 <= card < len(cards):
        return {}
    held = cards[card].id
    cond = r.cards[held].condition
    return {"card_id": held, "vp": scoring.value(r, s, seat, cond, artist, coins, half)}


def _span(first: int, size: int) -> str:
    """Grid lines or columns counted from 1: "2" or "2–3"."""
    return str(first + 1) if size == 1 else f"{first + 1}–{first + size}"


def _build(r: Rules, board: str, a: A.Place | A.Level) -> dict[str, Any]:
    """A build level by its price and tiles; a camp tile by the columns and rows it covers and
    its orientation as the page counts them ("orientation 2/4" beside rotate and reflect)."""
    if isinstance(a, A.Level):
        levels = r.boards[board].build_levels
        if not 0 <= a.index < len(levels):
            return {}
        lv = levels[a.index]
        return {"ap": lv.ap, "small": lv.small, "large": lv.large}
    shapes = r.geo(board).shapes.get(a.fragment, [])
    if not 0 <= a.orient < len(shapes):
        return {}
    wide = max(x for x, _ in shapes[a.orient]) + 1
    high = max(y for _, y in shapes[a.orient]) + 1
    return {
        "cols": _span(a.x, wide),
        "wide": wide,
        "rows": _span(a.y, high),
        "high": high,
        "shapes": len(shapes),
    }


def terms(r: Rules, s: MagState, a: Any, seat: int) -> dict[str, Any]:
    p = s.players[seat]
    t = s.turn
    if isinstance(a, A.TakeDie):
        die = next((d for d in s.tent_dice if d.id == a.die), None)
        if die is None or not 0 <= a.card < len(p.cards):
            return {}
        out: dict[str, Any] = {
            "die_colour": die.colour,
            "die_face": die.face,
            "card_id": p.cards[a.card].id,
        }
        face = a.face or (7 - die.face if a.flip else die.face)
        colour = a.colour if die.colour == "clear" else die.colour
        out["power"] = dice_ap(s, seat, colour, face, a.card)
        if a.flip:
            out["flip_face"] = face
        return out
    if isinstance(a, A.SpendGem):
        return {"power": ap(s) + 2}
    if isinstance(a, A.CardBonus):
        return {"card_id": p.cards[a.card].id} if 0 <= a.card < len(p.cards) else {}
    if isinstance(a, A.Choose) and a.action == "perform":
        return {"performable": performable(r, s, seat)}
    if isinstance(a, (A.Place, A.Level)):
        return _build(r, p.board, a)
    if isinstance(a, A.Move):
        return _move(r, s, seat, a) if t.colour else {}
    if isinstance(a, A.TakeTent):
        pend = s.pending[0] if s.pending else None
        if a.slot < 1 or not isinstance(pend, PendingTent):
            return {}
        double = pend.source == "travel" and t.double_tent
        bonuses = r.boards[p.board].tent_slot_bonuses[a.slot - 1]
        return {"gives": gains(r, s, seat, bonuses, 2 if double else 1)}
    if isinstance(a, A.PickGem):
        full = p.gems[a.gem] >= r.boards[p.board].storage_per_type
        return {"full": 1} if full else {}
    if isinstance(a, A.Reward):
        return _reward(r, s, seat, a.slots)
    if isinstance(a, A.GainPoster):
        if 0 <= a.source < len(s.new_posters) and s.new_posters[a.source] is not None:
            return {"poster_id": s.new_posters[a.source]}
        return {}
    if isinstance(a, A.ScoreCard):
        return _card(r, s, seat, a.card, a.artist, a.coins, False)
    if isinstance(a, A.FinalChoice):
        return _card(r, s, seat, a.card, a.artist, a.coins, True)
    if isinstance(a, (A.PickPair, A.DiscardPair)) and 0 <= a.index < len(s.fair):
        card, tile = s.fair[a.index]
        return {"pair_card": card or "", "pair_tile": tile or ""}
    return {}


def thrown(a: A.Roll) -> dict[str, Any]:
    """A throw's faces, in the order of the dice thrown (the same without a position)."""
    return {"faces": ", ".join(str(f) for f in a.faces)}


def warning(r: Rules, s: MagState, a: Any, seat: int) -> tuple[str, dict[str, Any]] | None:
    """A choice that spends the turn for nothing, said before the click (issue #20): a perform
    when no poster of the seat's can be performed moves only the hat."""
    if isinstance(a, A.Choose) and a.action == "perform" and not performable(r, s, seat):
        return "ui.mgn.why.perform_nothing", {"ap": ap(s)}
    return None
