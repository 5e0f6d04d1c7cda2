"""A greedy Trickerion bot: simple plans for the hidden choices, one-step lookahead elsewhere.

Assignments and where to place a character follow a few rules of thumb (perform when markers
wait in the Theater, prepare when props are there, shop when they are missing, learn or take
coins Downtown). Every other decision (location actions, link rewards, which card to perform,
setup picks) applies each legal action to a copy and keeps the one that raises a value of the
bot's own position most (fame, coins, shards, prepared and set-up markers, tricks, helpers).
Actions that draw from the RNG (Reroll Die, Interest) are scored by rule instead of lookahead,
so the bot never peeks at a future die roll; it reads only its own seat's resources.
"""

from __future__ import annotations

from typing import Any

from engine.core.rng import Rng
from engine.core.search import level_bots
from engine.games.trickerion import actions as A
from engine.games.trickerion.common import effective, has_components, markers_in_theater
from engine.games.trickerion.state import State

MAX_CANDIDATES = 60


def value(g, s: State, seat: int) -> float:
    """How good ``seat``'s position looks (its own resources only)."""
    cat = g.cat
    p = s.players[seat]
    last = cat.rounds.with_dark_alley if g.options["dark_alley"] else cat.rounds.without_dark_alley
    left = max(0, last - s.round + 1) / last
    v = p.fame + 0.4 * p.coins + 0.9 * p.shards
    if s.phase == "over":
        return float(p.fame)
    for t in p.tricks:
        f, c, sh = cat.trick_yield[t.id]
        worth = f + 0.5 * c + 0.8 * sh + 1
        code = seat * 4 + t.sym
        v += 0.55 * worth * t.markers
        v += 0.85 * worth * markers_in_theater(s, code)
        v += (3 + 2 * cat.trick_level[t.id]) * left
        need = cat.tricks[t.id].components
        have = sum(min(effective(p, k), n) for k, n in need.items())
        v += 2.5 * left * have / sum(need.values())
        if t.markers == 0 and has_components(cat, p, t.id):
            v += 2 * left
    for c in p.chars:
        v += (2.5 if c.kind == "apprentice" else 4.5 if c.kind != "magician" else 0) * left
    v += (2.0 * left) * len(p.hired)
    v += 1.5 * len(p.specials)
    return v


class GreedyBot:
    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game, state: State, seat: int, legal: list) -> Any:
        s = state
        if s.pending:
            return self._lookahead(game, s, seat, legal)
        if s.phase == "advertise":
            from engine.games.trickerion.flow import advertise_cost

            rich = s.players[seat].coins >= advertise_cost(game, s, seat) + 6
            return A.Advertise(rich) if A.Advertise(rich) in legal else legal[0]
        if s.phase == "assign":
            return self._assign(game, s, seat, legal)
        if s.phase == "place" and s.act is None:
            return self._place(game, s, seat, legal)
        return self._lookahead(game, s, seat, legal)

    # --- lookahead -------------------------------------------------------------------------

    def _lookahead(self, g, s: State, seat: int, legal: list) -> Any:
        if len(legal) == 1:
            return legal[0]
        candidates = legal
        if len(candidates) > MAX_CANDIDATES:
            keep = [a for a in legal if isinstance(a, (A.EndTurn, A.Pass))]
            picks = list(legal)
            self.rng.shuffle(picks)
            candidates = keep + picks[:MAX_CANDIDATES]
        base = value(g, s, seat)
        best, best_v = None, None
        for action in candidates:
            if isinstance(action, (A.DiscardProps, A.ReturnTrick)):
                continue
            if isinstance(action, A.RerollDie) or isinstance(action, A.SetDie):
                v = base - 0.5
            else:
                try:
                    new, _ = g.apply(s, seat, action)
                except Exception:  # pragma: no cover - a legal action never fails
                    continue
                if new.rng.draws != s.rng.draws:
                    v = base + 1.0
                else:
                    v = value(g, new, seat)
            if isinstance(action, (A.EndTurn, A.Pass)):
                v += 0.01  # stop rather than spend AP on moves that change nothing
            elif isinstance(action, A.Order):
                v += self._order_bonus(g, s, seat, action.prop)
            if best_v is None or v > best_v + 1e-9:
                best, best_v = action, v
        return best if best is not None else legal[0]

    @staticmethod
    def _order_bonus(g, s: State, seat: int, prop: str) -> float:
        """Orders pay off later: worth a little when an owned trick lacks that prop."""
        p = s.players[seat]
        if prop in s.market.buy or effective(p, prop) >= 3:
            return -0.05
        need = max(
            (n for t in p.tricks for k, n in g.cat.tricks[t.id].components.items() if k == prop),
            default=0,
        )
        return 0.6 if need > effective(p, prop) else -0.05

    # --- assignments -----------------------------------------------------------------------

    def _wanted(self, g, s: State, seat: int) -> list[str]:
        """Locations this player wants to send characters to, best first."""
        cat = g.cat
        p = s.players[seat]
        out: list[str] = []
        markers_on_cards = sum(t.markers for t in p.tricks)
        in_theater = sum(markers_in_theater(s, seat * 4 + t.sym) for t in p.tricks)
        preparable = [t for t in p.tricks if t.markers == 0 and has_components(cat, p, t.id)]
        missing = [t for t in p.tricks if not has_components(cat, p, t.id)]
        if markers_on_cards:
            out.append("theater")
        if preparable:
            out.append("workshop")
        if missing and p.coins >= 3:
            out.append("market_row")
        if len(p.tricks) < 3 or p.coins < 6:
            out.append("downtown")
        if in_theater or markers_on_cards:
            out.append("theater")
        out += ["downtown", "market_row", "workshop", "dark_alley", "theater"]
        return out

    def _assign(self, g, s: State, seat: int, legal: list) -> Any:
        p = s.players[seat]
        assigns = [a for a in legal if isinstance(a, A.Assign)]
        if not assigns:
            return A.EndAssignments()
        order = sorted(
            {a.character for a in assigns},
            key=lambda i: {"magician": 0, "assistant": 1, "engineer": 1, "manager": 1}.get(
                p.chars[i].kind, 2
            ),
        )
        char = order[0]
        cards = [a.card for a in assigns if a.character == char]
        wage = (
            0
            if p.chars[char].kind == "magician"
            else (1 if p.chars[char].kind == "apprentice" else 2)
        )
        busy = sum(1 for c in p.chars if c.card and c.kind != "magician")
        if wage and p.coins < busy + wage + 1 and s.round > 1:
            return A.EndAssignments()
        has_markers = any(markers_in_theater(s, seat * 4 + t.sym) for t in p.tricks)
        if p.chars[char].kind == "magician" and has_markers and "theater" in cards:
            return A.Assign(char, "theater")
        for loc in self._wanted(g, s, seat):
            specials = [
                c for c in cards if c in g.cat.specials and g.cat.specials[c].location == loc
            ]
            if specials:
                return A.Assign(char, specials[0])
            if loc in cards:
                return A.Assign(char, loc)
        return A.Assign(char, cards[0])

    # --- placement -------------------------------------------------------------------------

    def _place(self, g, s: State, seat: int, legal: list) -> Any:
        p = s.players[seat]
        places = [a for a in legal if isinstance(a, A.PlaceCharacter)]
        if not places:
            idle = [a for a in legal if isinstance(a, A.MakeIdle)]
            return idle[0] if idle else legal[0]
        has_markers = any(markers_in_theater(s, seat * 4 + t.sym) for t in p.tricks)

        def score(a: A.PlaceCharacter) -> float:
            from engine.games.trickerion.placement import board_index, slot_modifier

            c = p.chars[a.character]
            index = board_index(seat, a.location, a.slot)
            mod = slot_modifier(g, seat, index)
            sc = mod + g.cat.base_ap[c.kind]
            if a.location == "theater":
                day, k = divmod(a.slot, 3)
                if k == 2:
                    sc = 10 - day if has_markers else -5
                else:
                    sc -= 0.3 * day
            return sc

        best = max(places, key=score)
        if best.location == "theater" and best.slot % 3 == 2 and not has_markers:
            idle = [a for a in legal if isinstance(a, A.MakeIdle) and a.character == best.character]
            others = [a for a in places if a.character != best.character]
            if others:
                return max(others, key=score)
            if idle:
                return idle[0]
        return best


def make_greedy(seed: int) -> GreedyBot:
    return GreedyBot(seed)


# The search bot's levels (engine.core.search; Trickerion's knowledge is in ``search.py``).
BOTS = {"greedy": make_greedy, **level_bots()}
