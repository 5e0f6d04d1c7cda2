"""Final scoring ("КОНЕЦ ИГРЫ").

Each player adds 1 fame per unspent shard, 1 per 3 coins; without the Dark Alley 2 per
apprentice and 3 per specialist; with it 2 per special assignment card in hand and the level-3
trick bonuses (for a trick whose props are owned or that holds a marker). Every category and
every level-3 trick is capped at 20. Highest fame wins; a tie goes to the player earlier in
initiative order.
"""

from __future__ import annotations

from engine.core.events import Event
from engine.core.tuples import change_at
from engine.games.trickerion.catalog import SPECIALISTS, Catalog
from engine.games.trickerion.common import effective, has_components
from engine.games.trickerion.components import (
    HasSpecialists,
    OwnsTricks,
    PerCharacter,
    PerMarkerInWorkshop,
    PerOwnedTrick,
    PerPropToken,
    PerSpecialAssignmentInHand,
    PerUnspent,
)
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import Player, State


def level3_bonus(cat: Catalog, p: Player, trick_id: str) -> int:
    """The fame a level-3 trick's end bonus gives ``p`` (before the cap)."""
    match cat.tricks[trick_id].end_bonus:
        case PerPropToken(tier=tier, fame_each=each):
            return each * sum(effective(p, prop) for prop in p.props if cat.prop_tier[prop] == tier)
        case PerOwnedTrick(level=level, fame_each=each):
            return each * sum(1 for t in p.tricks if cat.trick_level[t.id] == level)
        case HasSpecialists(specialists=wanted, fame=fame):
            kinds = {c.kind for c in p.chars}
            return fame if all(x in kinds for x in wanted) else 0
        case OwnsTricks(count=count, fame=fame):
            return fame if len(p.tricks) >= count else 0
        case PerCharacter(character=character, fame_each=each):
            return each * sum(1 for c in p.chars if c.kind == character)
        case PerUnspent(resource=resource, per=per, fame=fame):
            return fame * ((p.coins if resource == "coins" else p.shards) // per)
        case PerSpecialAssignmentInHand(fame_each=each):
            return each * len(p.specials)
        case PerMarkerInWorkshop(fame_each=each):
            return each * sum(t.markers for t in p.tricks)
        case other:
            raise AssertionError(f"unknown end bonus {type(other).__name__}")


def characters_fame(cat: Catalog, p: Player) -> tuple[int, int]:
    """The end's fame for a player's apprentices and for its specialists, each capped (a game
    without the Dark Alley scores them)."""
    end = cat.end
    apprentices = sum(1 for c in p.chars if c.kind == "apprentice")
    specialists = sum(1 for c in p.chars if c.kind in SPECIALISTS)
    return (
        min(end.cap, apprentices * end.fame_per_apprentice_without_dark_alley),
        min(end.cap, specialists * end.fame_per_specialist_without_dark_alley),
    )


def breakdown(r: TrickerionRules, s: State, seat: int) -> dict[str, int]:
    cat: Catalog = r.cat
    end = cat.end
    cap = end.cap
    p = s.players[seat]
    out: dict[str, int] = {"fame": p.fame}
    out["shards"] = min(cap, p.shards * end.fame_per_shard)
    out["coins"] = min(cap, p.coins // end.coins_per_fame)
    if r.options.dark_alley:
        out["special_assignments"] = min(
            cap, len(p.specials) * end.fame_per_special_assignment_with_dark_alley
        )
        for t in p.tricks:
            if cat.trick_level[t.id] == 3 and (t.markers > 0 or has_components(cat, p, t.id)):
                out["trick:" + t.id] = min(cap, level3_bonus(cat, p, t.id))
    else:
        out["apprentices"], out["specialists"] = characters_fame(cat, p)
    out["total"] = sum(v for k, v in out.items())
    return out


def final_scoring(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    s.final = tuple(
        r.final_breakdown(s, seat) or breakdown(r, s, seat) for seat in range(len(s.players))
    )
    for seat, b in enumerate(s.final):
        change_at(s.players, seat, fame=b["total"])
    best = max(b["total"] for b in s.final)
    s.winner = next(seat for seat in s.order if s.final[seat]["total"] == best)
    ev.append(
        Event(
            "trickerion.final_scoring",
            {"scores": [b["total"] for b in s.final], "winner": s.winner},
            reveal=True,
        )
    )
