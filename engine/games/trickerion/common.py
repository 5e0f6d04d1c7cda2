"""Small rules helpers shared by the phase and location modules.

Gains and losses of the three resources go through :func:`gain` so that fame floors at 0
(rulebook "Выплата жалования": fame cannot go below 0) and the shard prophecies trigger in one
place. Marker bookkeeping (a trick's four markers between supply, its card and the Theater) and
link detection on performance cards live here too.
"""

from __future__ import annotations

from typing import Any

from msgspec.structs import replace

from engine.core.events import Event
from engine.core.tuples import change_at, put, with_key, without, without_key
from engine.games.trickerion.catalog import DAYS, SLOT_THEATER, Catalog, LinkGeo
from engine.games.trickerion.components import DayYield, load_packs
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import Char, PendingBase, PerfCard, Player, State, Trick

MARKERS_PER_SYMBOL = 4
FREE = -1  # an empty slot of a performance card (NEUTRAL, -3: a neutral marker)
# Prop storage limits from the board pack (Market Row rules).
_MARKET = load_packs().board.market
STACK_LIMIT = _MARKET.stack_limit
BOARD_PROP_SLOTS = _MARKET.board_prop_slots
MANAGER_PROP_SLOTS = _MARKET.manager_slots


def active_effect(cat: Catalog, s: State) -> str:
    """Effect id of the active prophecy ("" when none)."""
    return cat.prophecies[s.prophecy].effect if s.prophecy else ""


def gain(
    cat: Catalog,
    s: State,
    seat: int,
    ev: list[Event],
    why: str,
    fame: int = 0,
    coins: int = 0,
    shards: int = 0,
) -> None:
    """Add (or remove) resources; fame floors at 0; shard gains trigger prophecies pr02/pr03."""
    if not (fame or coins or shards):
        return
    p = s.players[seat]
    if shards > 0 and s.prophecy:
        eff = cat.prophecies[s.prophecy].effect
        if eff == "shard_gain_extra_shard":
            shards += 1
        elif eff == "shard_gain_fame":
            fame += 2
    change_at(
        s.players,
        seat,
        fame=max(0, p.fame + fame),
        coins=p.coins + coins,
        shards=p.shards + shards,
    )
    ev.append(
        Event(
            "trickerion.gain",
            {"seat": seat, "why": why, "fame": fame, "coins": coins, "shards": shards},
        )
    )


def pay(s: State, seat: int, ev: list[Event], why: str, coins: int = 0, shards: int = 0) -> None:
    """Spend coins/shards the player has (callers check affordability)."""
    p = s.players[seat]
    assert p.coins >= coins and p.shards >= shards
    change_at(s.players, seat, coins=p.coins - coins, shards=p.shards - shards)
    ev.append(Event("trickerion.pay", {"seat": seat, "why": why, "coins": coins, "shards": shards}))
    share = s.market.share
    if why.startswith("market") and coins and share >= 0 and share != seat:
        # Business Share (a44): opponents' Market Row spending goes to the card's owner.
        change_at(s.players, share, coins=s.players[share].coins + coins)
        ev.append(Event("trickerion.business_share", {"seat": share, "from": seat, "coins": coins}))


# --- characters and specialists -------------------------------------------------------------


def has_specialist(p: Player, kind: str) -> bool:
    return any(c.kind == kind for c in p.chars)


def owns_or_hired(p: Player, kind: str) -> int:
    return sum(1 for c in p.chars if c.kind == kind) + p.hired.count(kind)


# --- props ----------------------------------------------------------------------------------


def effective(p: Player, prop: str) -> int:
    """Tokens a stack counts as: the Manager board adds 1, never above the limit of 3."""
    n = p.props.get(prop, 0)
    if n and prop in p.mgr:
        n += 1
    return min(n, STACK_LIMIT)


def room_for(p: Player, prop: str, cat_limit_slots: int = BOARD_PROP_SLOTS) -> int:
    """How many more tokens of ``prop`` this player may take (stack limit, board slots)."""
    n = p.props.get(prop, 0)
    if n == 0:
        on_board = sum(1 for k, v in p.props.items() if v and k not in p.mgr)
        if on_board >= cat_limit_slots:
            return 0
        return STACK_LIMIT
    bonus = 1 if prop in p.mgr else 0
    return max(0, STACK_LIMIT - n - bonus)


def can_take(
    p: Player, props: tuple[str, ...], to_manager: bool = False, board_slots: int = BOARD_PROP_SLOTS
) -> bool:
    """May the player add these tokens (stack limit 3 with the Manager's +1 inside it, free
    prop slots on the player board, or on the Manager board with ``to_manager``)?"""
    new_types = [x for x in dict.fromkeys(props) if p.props.get(x, 0) == 0]
    if to_manager:
        if len(set(p.mgr) | set(props)) > MANAGER_PROP_SLOTS:
            return False
    else:
        on_board = sum(1 for k, v in p.props.items() if v and k not in p.mgr)
        if on_board + len(new_types) > board_slots:
            return False
    for prop in set(props):
        bonus = 1 if (to_manager or prop in p.mgr) else 0
        if p.props.get(prop, 0) + props.count(prop) + bonus > STACK_LIMIT:
            return False
    return True


def with_cell(pc: PerfCard, cell: int, marker: int = FREE, facing: int = 0) -> PerfCard:
    """The performance card with ``marker`` on ``cell``, turned to ``facing`` (by default the
    cell emptied: a free cell faces up)."""
    return replace(pc, m=put(pc.m, cell, marker), o=put(pc.o, cell, facing))


def set_cell(s: State, card: int, cell: int, marker: int = FREE, facing: int = 0) -> PerfCard:
    """The row's card ``card`` replaced by ``with_cell``'s (the old one stays as the earlier
    states sharing it hold it), and that new card."""
    return put_card(s, card, with_cell(s.row[card], cell, marker, facing))


def put_card(s: State, card: int, pc: PerfCard) -> PerfCard:
    """``pc`` in the row's place ``card`` (the row is a tuple, replaced: the earlier states
    sharing it keep theirs), and ``pc``."""
    s.row = put(s.row, card, pc)
    return pc


def add_props(s: State, seat: int, prop: str, count: int) -> Player:
    """``seat``'s player with ``count`` more tokens of ``prop`` (replaced: see ``change_at``)."""
    p = s.players[seat]
    return change_at(s.players, seat, props=with_key(p.props, prop, p.props.get(prop, 0) + count))


def remove_props(s: State, seat: int, prop: str, count: int) -> Player:
    """``seat``'s player with ``count`` fewer tokens of ``prop``; an emptied stack leaves the
    Manager board."""
    p = s.players[seat]
    left = p.props.get(prop, 0) - count
    if left > 0:
        return change_at(s.players, seat, props=with_key(p.props, prop, left))
    mgr = without(p.mgr, prop) if prop in p.mgr else p.mgr
    return change_at(s.players, seat, props=without_key(p.props, prop), mgr=mgr)


def has_components(cat: Catalog, p: Player, trick_id: str, missing_ok: int = 0) -> bool:
    """The player holds the trick's props (``missing_ok`` prop types may be short)."""
    short = 0
    for prop, need in cat.tricks[trick_id].components.items():
        if effective(p, prop) < need:
            short += 1
            if short > missing_ok:
                return False
    return True


# --- tricks and markers -----------------------------------------------------------------------


def change_char(s: State, seat: int, i: int, **changes: Any) -> Char:
    """``seat``'s character ``i``, replaced by one with ``changes`` made. Players, their
    characters and tricks are frozen, and held in tuples, so that a state's copies share them
    until one changes here: a copy makes neither a Struct per player, character and trick nor
    a list per player."""
    p = s.players[seat]
    c = replace(p.chars[i], **changes)
    change_at(s.players, seat, chars=put(p.chars, i, c))
    return c


def change_trick(s: State, seat: int, t: Trick, **changes: Any) -> Trick:
    """``t``, one of ``seat``'s tricks, replaced by one with ``changes`` made (see
    ``change_char``)."""
    p = s.players[seat]
    i = next(i for i, held in enumerate(p.tricks) if held is t)
    new = replace(t, **changes)
    change_at(s.players, seat, tricks=put(p.tricks, i, new))
    return new


def trick_by_id(p: Player, trick_id: str) -> Trick | None:
    for t in p.tricks:
        if t.id == trick_id:
            return t
    return None


def trick_by_sym(p: Player, sym: int) -> Trick | None:
    for t in p.tricks:
        if t.sym == sym:
            return t
    return None


def held_trick(p: Player, trick_id: str) -> Trick:
    """``p``'s trick ``trick_id``, where ``p`` is known to hold it (a checked action names it)."""
    t = trick_by_id(p, trick_id)
    if t is None:
        raise LookupError(f"no trick {trick_id!r} on this player's board")
    return t


def held_trick_sym(p: Player, sym: int) -> Trick:
    """``p``'s trick of symbol ``sym``, where ``p`` is known to hold it (a marker of it is on a
    card: a trick learned in place of another takes over its symbol and markers)."""
    t = trick_by_sym(p, sym)
    if t is None:
        raise LookupError(f"no trick of symbol {sym} on this player's board")
    return t


def free_symbol(p: Player) -> int:
    used = {t.sym for t in p.tricks}
    for sym in range(MARKERS_PER_SYMBOL):
        if sym not in used:
            return sym
    return -1


def markers_in_theater(s: State, code: int) -> int:
    """Markers ``code`` (seat * 4 + symbol) lying on performance cards."""
    n = 0
    for pc in s.row:
        for i, m in enumerate(pc.m):
            if m == code:
                n += 2 if i in pc.dbl else 1
        n += pc.guest.count(code)
    return n


def marker_supply(s: State, seat: int, t: Trick) -> int:
    return MARKERS_PER_SYMBOL - t.markers - markers_in_theater(s, seat * 4 + t.sym)


def remove_markers_everywhere(s: State, code: int) -> int:
    """Take every marker ``code`` off the performance cards (to its owner's supply)."""
    removed = 0
    row = list(s.row)
    for ci, pc in enumerate(row):
        for i, m in enumerate(pc.m):
            if m == code:
                removed += 2 if i in pc.dbl else 1
                pc = with_cell(pc, i)
                if i in pc.dbl:
                    pc = replace(pc, dbl=without(pc.dbl, i))
        if code in pc.guest:
            removed += pc.guest.count(code)
            pc = replace(pc, guest=tuple(g for g in pc.guest if g != code))
        row[ci] = pc
    s.row = tuple(row)
    return removed


def residence(r: TrickerionRules, s: State) -> list[str]:
    """Tricks in Dahlgaard's Residence: every trick of the game nobody owns, in card order
    (level 3 only with the Dark Alley)."""
    owned = {t.id for p in s.players for t in p.tricks}
    da = r.options.dark_alley
    cat = r.cat
    return [t for t in cat.trick_ids if t not in owned and (da or cat.trick_level[t] < 3)]


def return_trick(cat: Catalog, s: State, seat: int, trick_id: str, ev: list[Event]) -> Trick:
    """Return a trick to Dahlgaard's Residence; its markers everywhere go to the supply."""
    p = s.players[seat]
    t = trick_by_id(p, trick_id)
    assert t is not None, trick_id  # the action's own check found it
    change_at(s.players, seat, tricks=without(p.tricks, t))
    remove_markers_everywhere(s, seat * 4 + t.sym)
    ev.append(Event("trickerion.trick_returned", {"seat": seat, "trick": trick_id}))
    return t


# --- performance-card links -------------------------------------------------------------------


def symbol_schools(cat: Catalog, s: State) -> dict[int, str]:
    """Marker code -> school of the trick it stands for, for every owned trick."""
    out: dict[int, str] = {}
    for seat, p in enumerate(s.players):
        for t in p.tricks:
            out[seat * 4 + t.sym] = cat.trick_school[t.id]
    return out


def link_formed(cat: Catalog, pc: PerfCard, link: LinkGeo, schools: dict[int, str]) -> bool:
    """Both cells of ``link`` hold markers (a neutral one counts as its printed school) whose
    facing sides show the same school symbol."""
    ia, ib, _shard, da, db = link
    ma, mb = pc.m[ia], pc.m[ib]
    if ma == FREE or mb == FREE:
        return False
    sa = schools.get(ma) if ma >= 0 else cat.cards[pc.id].neutral[ia][0]
    sb = schools.get(mb) if mb >= 0 else cat.cards[pc.id].neutral[ib][0]
    if sa is None or sb is None:
        return False
    return cat.side_school[sa][pc.o[ia]][da] == cat.side_school[sb][pc.o[ib]][db]


def formed_links(
    cat: Catalog, s: State, pc: PerfCard, schools: dict[int, str] | None = None
) -> list[int]:
    """Indices of the links formed on a card: both slots hold markers whose facing sides show
    the same school symbol (rulebook "СВЯЗИ НОМЕРОВ")."""
    schools = schools if schools is not None else symbol_schools(cat, s)
    geo = cat.cards[pc.id]
    return [li for li, link in enumerate(geo.links) if link_formed(cat, pc, link, schools)]


# --- theater presence -------------------------------------------------------------------------


def theater_day_of(s: State, seat: int) -> int:
    """The Theater day (0–3) where ``seat`` has a character this round, or -1."""
    for d in range(4):
        base = SLOT_THEATER + 3 * d
        for k in range(3):
            v = s.slots[base + k]
            if v >= 0 and v // 16 == seat:
                return d
    return -1


def day_yield(cat: Catalog, s: State, day: int) -> tuple[int, int]:
    """Yield modifier (fame, coins) per performed trick for a character on ``day``; the day
    prophecies (pr11, pr16, pr22) replace a day's modifier while active."""
    f, c = cat.day_yield[day]
    if s.prophecy:
        for param in cat.prophecies[s.prophecy].params:
            if isinstance(param, DayYield) and DAYS.index(param.day) == day:
                f, c = param.fame, param.coins
    return f, c


def hand_cards(p: Player) -> list[str]:
    """Distinct assignment cards in hand: permanent (location ids) then specials."""
    out = [loc for loc, n in p.hand.items() if n > 0]
    for card in p.specials:
        if card not in out:
            out.append(card)
    return out


def take_card(s: State, seat: int, card: str) -> Player:
    """``seat``'s player with the assignment card ``card`` taken from hand."""
    p = s.players[seat]
    if card in p.specials:
        return change_at(s.players, seat, specials=without(p.specials, card))
    return change_at(s.players, seat, hand=with_key(p.hand, card, p.hand[card] - 1))


def raise_decision(r: TrickerionRules, s: State, pend: PendingBase) -> None:
    """Queue a pending decision at its place in the declared order (``decisions.TABLE``)."""
    r.decisions.insert(s.pending, pend)


def initiative_slot(r: TrickerionRules, s: State, seat: int) -> int:
    """The printed initiative slot number (1–4) of ``seat``; 2 players use slots 1 and 3."""
    i = s.order.index(seat)
    if r.players == 2:
        return r.cat.setup.two_player_initiative_slots[i]
    return i + 1


def advertise_cost(r: TrickerionRules, s: State, seat: int) -> int:
    """What Advertise costs ``seat`` this round: its initiative slot's price (the label names
    it, the rules charge it)."""
    return r.cat.advertise.cost_by_initiative[initiative_slot(r, s, seat) - 1]
