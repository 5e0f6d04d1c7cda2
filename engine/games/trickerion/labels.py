"""What labels need from the position beyond an action's own fields (``Presenter.label_terms``).

A character is named by its kind ("your Engineer"), numbered only among characters of the same
kind ("Apprentice 2"), as the table shows it. A performance card is named as the board names
it, by its theater and its place in the row ("Riverside Theater (2)"); a slot by its number and
its place on the card in words ("slot 2 (top right)"); a set-up's facing by the slot its symbol
turns to and the links it makes with their reward; Advertise and Buy by their price.
"""

from __future__ import annotations

from typing import Any, Protocol

from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import CardGeo, Catalog
from engine.games.trickerion.common import FREE, advertise_cost, link_formed, symbol_schools
from engine.games.trickerion.components import DIRECTIONS, STEP
from engine.games.trickerion.market import buy_terms
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import PerfCard, Player, State

_BY_INDEX = ("assign", "place_character", "make_idle")
_ROWS = {1: ("",), 2: ("top", "bottom"), 3: ("top", "middle", "bottom")}


def char_params(p: Player, i: int) -> dict[str, Any]:
    """``kind``: the character's kind; ``same``: its 1-based number among the player's
    characters of that kind, 0 when it is the only one."""
    if not 0 <= i < len(p.chars):
        return {"kind": "", "same": 0}
    kind = p.chars[i].kind
    same = [k for k, ch in enumerate(p.chars) if ch.kind == kind]
    return {"kind": kind, "same": same.index(i) + 1 if len(same) > 1 else 0}


def character_terms(state: Any, action: Any, seat: int | None) -> dict[str, Any]:
    tag = type(action).__struct_config__.tag
    if tag not in _BY_INDEX:
        return {}
    if state is None or seat is None or not 0 <= seat < len(state.players):
        return {"kind": "", "same": 0}
    return char_params(state.players[seat], action.character)


def cell_place(geo: CardGeo, cell: int) -> str:
    """Where a slot lies on its card, as the ``cell_pos`` term names it: "top_right",
    "middle" (a card one slot wide), "left" (a card one slot high)."""
    x, y = geo.cells[cell]
    rows = _ROWS.get(1 + max(c[1] for c in geo.cells), ("",))
    wide = any(c[0] for c in geo.cells)
    row = rows[y] if y < len(rows) else ""
    col = ("left", "right")[x] if wide and x < 2 else ""
    return "_".join(part for part in (row, col) if part) or "middle"


def _toward(geo: CardGeo, cell: int, facing: str) -> int:
    """The slot the marker's own symbol turns to (a facing always points at a link circle,
    which joins the slot to a neighbour); -1 where none."""
    x, y = geo.cells[cell]
    dx, dy = STEP.get(facing, (0, 0))
    return geo.cells.index((x + dx, y + dy)) if (x + dx, y + dy) in geo.cells else -1


def _new_links(r: TrickerionRules, s: State, seat: int, pc: PerfCard, a: Any) -> tuple[int, int]:
    """Link rewards and shard links a Set Up Trick makes, as the rules pay them
    (``theater.pay_new_links``): Headliner Trick doubles them, Orchestral Interlude pays every
    neighbour."""
    cat: Catalog = r.cat
    p = s.players[seat]
    trick = next((t for t in p.tricks if t.id == a.trick), None)
    if trick is None or a.facing not in DIRECTIONS:
        return 0, 0
    act = s.act
    # the special assignment under the placing character, still to be used (theater._effect)
    ready = act is not None and act.seat == seat and act.effect == "ready"
    effect = r.effect_of(act) if ready and act is not None else ""
    geo = cat.cards[pc.id]
    m = list(pc.m)
    o = list(pc.o)
    m[a.cell], o[a.cell] = seat * 4 + trick.sym, DIRECTIONS.index(a.facing)
    after = PerfCard(pc.id, tuple(m), tuple(o))
    schools = symbol_schools(cat, s)
    times = 2 if effect == "headliner_trick" else 1
    units = shards = 0
    for li in geo.cell_links[a.cell]:
        link = geo.links[li]
        other = link[1] if link[0] == a.cell else link[0]
        if after.m[other] == FREE:
            continue
        if link_formed(cat, after, link, schools) or effect == "orchestral_interlude":
            units += times
            shards += times if link[2] else 0
    return units, shards


def _marker_trick(s: State, code: int) -> str:
    if code < 0 or code // 4 >= len(s.players):
        return ""
    return next((t.id for t in s.players[code // 4].tricks if t.sym == code % 4), "")


def _card(s: State, ci: int) -> PerfCard | None:
    return s.row[ci] if 0 <= ci < len(s.row) else None


def _slot_terms(
    r: TrickerionRules, s: State, ci: int, cell: int, prefix: str = ""
) -> dict[str, Any]:
    pc = _card(s, ci)
    if pc is None:
        return {}
    out: dict[str, Any] = {f"{prefix}perf": pc.id}
    geo = r.cat.cards[pc.id]
    if 0 <= cell < len(geo.cells):
        out[f"{prefix}where"] = cell_place(geo, cell)
    return out


def theater_terms(r: TrickerionRules, s: State, action: Any, seat: int) -> dict[str, Any]:
    """The board's names for the Theater's and the Performance's choices (module doc)."""
    tag = type(action).__struct_config__.tag
    if tag == "advertise":
        return {"cost": advertise_cost(r, s, seat), "fame": r.cat.advertise.fame}
    if tag == "buy":
        return buy_terms(r, s, action)
    if tag == "perform":
        return _slot_terms(r, s, action.card, -1)
    if tag == "swap_cards":
        a, b = _card(s, action.a), _card(s, action.b)
        return {"perf_a": a.id, "perf_b": b.id} if a is not None and b is not None else {}
    if tag == "set_up_trick":
        out = _slot_terms(r, s, action.card, action.cell)
        pc = _card(s, action.card)
        if pc is None or not 0 <= action.cell < len(pc.m):
            return out
        geo = r.cat.cards[pc.id]
        links, shards = _new_links(r, s, seat, pc, action)
        level = r.cat.trick_level.get(action.trick, 1)
        toward = _toward(geo, action.cell, action.facing)
        return {
            **out,
            "toward": toward,
            "links": links,
            "shards": shards,
            "value": r.cat.link_reward[level],
        }
    if tag == "reschedule":
        src, dst = _card(s, action.card), _card(s, action.to_card)
        if src is None or dst is None or not 0 <= action.cell < len(src.m):
            return {}
        geo = r.cat.cards[dst.id]
        if not 0 <= action.to_cell < len(geo.cells):
            return {}
        return {
            "perf": src.id,
            "trick": _marker_trick(s, src.m[action.cell]),
            **_slot_terms(r, s, action.to_card, action.to_cell, "to_"),
            "toward": _toward(geo, action.to_cell, action.facing),
        }
    if tag == "street_performance":
        pc = _card(s, action.card)
        if pc is None or not 0 <= action.cell < len(pc.m):
            return {}
        return {
            **_slot_terms(r, s, action.card, action.cell),
            "trick": _marker_trick(s, pc.m[action.cell]),
        }
    if tag in ("durable_marker", "premiere_yield"):
        return _slot_terms(r, s, s.perf_card, action.cell)
    if tag == "steal_yield":
        mine = _slot_terms(r, s, s.perf_card, action.mine)
        theirs = _slot_terms(r, s, s.perf_card, action.theirs, "their_")
        return {**mine, **theirs}
    return {}


def special_terms(r: TrickerionRules, action: Any) -> dict[str, Any]:
    """``effect``: the special assignment card a character is given, so that the label says
    what it does (its name alone does not; the card's tooltip is out of reach on a phone)."""
    if isinstance(action, A.Assign) and action.card in r.cat.specials:
        return {"effect": action.card}
    return {}


def label_terms(r: TrickerionRules, state: Any, action: Any, seat: int | None) -> dict[str, Any]:
    out = {**character_terms(state, action, seat), **special_terms(r, action)}
    if state is not None and seat is not None and 0 <= seat < len(state.players):
        out.update(theater_terms(r, state, action, seat))
    return out


class Lister(Protocol):
    # what ``warning`` reads of its Game (typed apart: the Game names its presenter)
    def legal_actions(self, state: State, seat: int) -> list[Any]: ...


def warning(g: Lister, s: State, action: Any, seat: int) -> tuple[str, dict[str, Any]] | None:
    """A move that ends a phase or a turn while the player could still act, said before the
    click (issue #31: one Enter ended Assignment with no character assigned, and the round was
    lost): Done assigning with characters left without a card, End turn with action points
    left and something to spend them on."""
    if isinstance(action, A.EndAssignments):
        p = s.players[seat]
        left = sum(1 for ch in p.chars if not ch.card and not ch.assist)
        if left and any(isinstance(a, A.Assign) for a in g.legal_actions(s, seat)):
            total = sum(1 for ch in p.chars if not ch.assist)
            return "ui.trk.why.end_assign", {"left": left, "total": total}
    if isinstance(action, A.EndTurn) and s.act is not None and s.act.ap > 0:
        stop = (A.EndTurn, A.Pass, A.DiscardProps, A.ReturnTrick)
        if any(not isinstance(a, stop) for a in g.legal_actions(s, seat)):
            return "ui.trk.why.end_turn", {"ap": s.act.ap}
    return None
