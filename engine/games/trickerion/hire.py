"""The early hire: one more character in rounds 1-2, when the purse pays its wages (the poster
waits for it: ``spares``).

The greedy bot's one-step value prices a hire below Take Coins (the body's worth comes over the
rounds), so it never hired. Hired early, an apprentice is a fifth body for the permanent cards
the other four leave: the Dark Alley (a special assignment card, 2 fame at the end) or the
Theater's second card on a round without a show. It idled Downtown behind the first body until
``jobs.downtown_job`` kept an apprentice off a Downtown slot short of 3 AP (docs/bots.md,
"Issue #30, session 20"). The rule is session 19's engine plan without its target (``plan.py``
at 16aed82).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.trickerion import actions as A
from engine.games.trickerion.common import effective
from engine.games.trickerion.downtown import INN
from engine.games.trickerion.state import State

if TYPE_CHECKING:
    from engine.games.trickerion.table import Table

# A hire while 5 rounds or more are left: worth this much beyond what the value sees.
WORTH = 8.0
# The rounds whose hire outranks any other Downtown action (an apprentice on an Inn die also
# puts Downtown first in the round plan).
ROUNDS = 2
COMMIT = 50.0
# Rounds of every character's wages, this one's first, the purse must hold on top of the props
# the owned tricks still lack (a hired body the purse cannot pay idles); the hire's own from
# the next round.
WAGES = 2
# The most characters a seat keeps (the Magician and four others).
MOST = 5


def _rounds_left(g: Table, s: State) -> int:
    return max(0, g.rules.last_round - max(s.round, 1))


def ask(g: Table, s: State, seat: int, kind: str = "apprentice") -> int:
    """The coins ``paid`` asks for: ``WAGES`` rounds of every wage and the owned tricks' props.
    The hire's wage counts from the next round: a body hired joins at Return Characters, after
    this round's wages are paid (the book's end of round). Asked for it this round too, the
    second seat of 2-player self-play, whose starting trick lacks a coin more of props, fell a
    coin short after Take Coins in round 1 of 45 games of 200, the first seat in 1
    (docs/bots.md, "Issue #30, session 23")."""
    cat = g.cat
    p = s.players[seat]
    own = sum(cat.wage[ch.kind] for ch in p.chars if not ch.assist)
    needs: dict[str, int] = {}
    for t in p.tricks:
        for k, n in cat.tricks[t.id].components.items():
            needs[k] = max(needs.get(k, 0), n)
    lacking = sum(cat.prop_cost[k] * max(0, n - effective(p, k)) for k, n in needs.items())
    return WAGES * own + (WAGES - 1) * cat.wage[kind] + lacking


def paid(g: Table, s: State, seat: int, kind: str = "apprentice") -> bool:
    """Whether the purse pays the hire (``ask``)."""
    return s.players[seat].coins >= ask(g, s, seat, kind)


def spares(g: Table, s: State, seat: int, coins: int) -> bool:
    """Whether ``coins`` spent now leave this round's early hire as it stands: it is not
    coming (not wanted, no apprentice on an Inn die, or not paid anyway), or still paid. The
    poster asks it: in 2-player self-play the seat last in round 1's turn order holds 14 coins,
    and the poster's 3 left the second seat's hire (12) a coin short where the first seat's
    (11) was paid (docs/bots.md, "Issue #30, session 23")."""
    if not first_visit(g, s, seat):
        return True
    return s.players[seat].coins - coins >= ask(g, s, seat)


def wanted(g: Table, s: State, seat: int) -> bool:
    """Whether the bot still wants its early hire this round."""
    p = s.players[seat]
    return s.round <= ROUNDS and len(p.chars) + len(p.hired) < MOST and _rounds_left(g, s) >= 5


def first_visit(g: Table, s: State, seat: int) -> bool:
    """Downtown opens the round plan: the hire is wanted, paid, and an apprentice shows on an
    Inn die (any body with 3 AP there hires it)."""
    return wanted(g, s, seat) and any(s.dice[d] == "apprentice" for d in INN) and paid(g, s, seat)


def worth(g: Table, s: State, seat: int, action: Any) -> float:
    """What a Hire Character is worth beyond the position it leads to (0 for other actions)."""
    if not isinstance(action, A.HireCharacter) or _rounds_left(g, s) < 5:
        return 0.0
    if not paid(g, s, seat, action.character):
        return 0.0
    return WORTH + COMMIT * wanted(g, s, seat)
