"""What a hinted Trickerion move is for, in the greedy bot's plan (``bots``): the starting
trick a magician's school offers and what a starting trick yields, the trick a Workshop Prepare
readies and the show it is for, the trick a purchase equips, the trick set up on a performance
card, what a character is sent to a location to do; otherwise the fame, coins and shards the
move earns at once. Codes are ``ui.hint.why.trk.*`` of the game's catalog.
"""

from __future__ import annotations

from typing import Any

from engine.core.loop import played
from engine.games.trickerion import actions as A
from engine.games.trickerion.bots import preparable, start_rank
from engine.games.trickerion.catalog import Catalog
from engine.games.trickerion.common import effective, has_components, residence, theater_day_of
from engine.games.trickerion.state import State
from engine.games.trickerion.table import Table

Reason = tuple[str, dict[str, Any]]


def reason(g: Table, s: State, action: Any, seat: int) -> Reason | None:
    cat = g.cat
    p = s.players[seat]
    if isinstance(action, A.ChooseMagician):
        # the bot's opening: a magician is worth the best starting trick of its school still free
        school = cat.magicians[action.magician].school
        free = set(residence(g.rules, s))
        tricks = [t for t in cat.level1[school] if t in free]
        if tricks:
            best = max(tricks, key=lambda t: start_rank(cat, t))
            return "ui.hint.why.trk.magician", {"school": school, "trick": best}
    if isinstance(action, A.ChooseTrick):
        return "ui.hint.why.trk.start_trick", {
            "trick": action.trick,
            "markers": cat.tricks[action.trick].markers,
            **_marker_yield(cat, action.trick),
        }
    if isinstance(action, A.Prepare):
        # the markers it readies as played (an Engineer adds one, four of a symbol at most)
        after = played(g, s, seat, action).players[seat]
        return "ui.hint.why.trk.prepare", {
            "trick": action.trick,
            "markers": next(t.markers for t in after.tricks if t.id == action.trick),
            **_show(s, seat),
        }
    if isinstance(action, A.SetUpTrick):
        return "ui.hint.why.trk.set_up", {
            "trick": action.trick,
            "perf": s.row[action.card].id,
            **_marker_yield(cat, action.trick),
        }
    if isinstance(action, (A.Buy, A.Order, A.QuickOrder)):
        prop = action.prop if not isinstance(action, A.Buy) else (action.props or ("",))[0]
        trick = _needing(g, s, seat, prop) if prop else ""
        if trick:
            return "ui.hint.why.trk.equip", {"prop": prop, "trick": trick}
    if isinstance(action, A.LearnTrick):
        short = [k for k, n in cat.tricks[action.trick].components.items() if effective(p, k) < n]
        return "ui.hint.why.trk.learn", {"trick": action.trick, "props": short}
    if isinstance(action, A.Assign):
        card = action.card
        where = cat.card_location(card)
        return _sent(g, s, seat, action.character, where, -1)
    if isinstance(action, A.PlaceCharacter):
        return _sent(g, s, seat, action.character, action.location, action.slot)
    return _earned(g, s, action, seat)


def _marker_yield(cat: Catalog, trick: str) -> dict[str, int]:
    """What one of the trick's markers yields when performed, as a reason's parameters."""
    fame, coins, shards = cat.trick_yield[trick]
    return {"fame": fame, "coins": coins, "shards": shards}


def _show(s: State, seat: int) -> dict[str, Any]:
    """The show a prepared trick is for: the day where the seat has a Theater character this
    round, else this round's Theater assignment still to place, else a later round."""
    day = theater_day_of(s, seat)
    if day >= 0:
        return {"show": "day", "day": day}
    if any(c.card == "theater" for c in s.players[seat].chars):
        return {"show": "round"}
    return {"show": "later"}


def _needing(g: Table, s: State, seat: int, prop: str) -> str:
    """The seat's first trick still short of ``prop`` ("" when none is)."""
    p = s.players[seat]
    for t in p.tricks:
        if g.cat.tricks[t.id].components.get(prop, 0) > effective(p, prop):
            return t.id
    return ""


def _sent(g: Table, s: State, seat: int, char: int, where: str, slot: int) -> Reason:
    """What a character is sent to ``where`` for (``slot`` -1: assigned, not yet placed)."""
    p = s.players[seat]
    kind = p.chars[char].kind
    params: dict[str, Any] = {"location": where, "task": where}
    if where == "theater":
        stage = slot % 3 == 2 if slot >= 0 else kind == "magician"
        params["task"] = "stage" if stage else "backstage"
        if slot >= 0:
            params["day"] = slot // 3
    elif where == "workshop":
        params["trick"] = preparable(g, s, seat)
    elif where == "market_row":
        short = [t.id for t in p.tricks if not has_components(g.cat, p, t.id)]
        params["trick"] = short[0] if short else ""
    return "ui.hint.why.trk.send", params


def _earned(g: Table, s: State, action: Any, seat: int) -> Reason | None:
    """Fame, coins and shards the move adds at once, where it draws nothing from the RNG."""
    after = played(g, s, seat, action)
    if after.rng.draws != s.rng.draws:
        return None
    old, new = s.players[seat], after.players[seat]
    gained = {
        "fame": new.fame - old.fame,
        "coins": new.coins - old.coins,
        "shards": new.shards - old.shards,
    }
    if not any(v > 0 for v in gained.values()):
        return None
    return "ui.hint.why.trk.earn", {k: max(0, v) for k, v in gained.items()}
