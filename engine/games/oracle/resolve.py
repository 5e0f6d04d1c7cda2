"""Doing it: a player action already cleared by ``available.refusal``, a chance outcome, and
their effects on the sheet.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.core import chance
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.games.oracle import actions as A
from engine.games.oracle import bowl as B
from engine.games.oracle import decisions, frame, predictions, rewards
from engine.games.oracle.available import MANIPULATIONS, entry_refusal, illegal
from engine.games.oracle.rules import Rules
from engine.games.oracle.state import (
    OracleState,
    PendingHoroscope,
    PendingLines,
    PendingStaff,
    PendingTownsfolk,
    PendingX,
)


def perform(r: Rules, s: OracleState, a: Any, ev: list[Event]) -> None:
    """Apply a player action already cleared by ``refusal``."""
    if s.pending:
        decisions.TABLE.apply(r, s, s.pending[-1], a, ev)
    elif s.phase == "roll":
        table_entry(r, s, a, ev)
    elif isinstance(a, MANIPULATIONS):
        manipulate(r, s, a, ev)
    else:
        take_action(r, s, a, ev)


def manipulate(r: Rules, s: OracleState, a: Any, ev: list[Event]) -> None:
    b = s.bowl
    if isinstance(a, A.AdjustDie):
        s.circles["plus_minus"].crossed += 1
        old = b.dice[a.die]
        b.dice[a.die] = B.turned(old, a.delta)
        ev.append(
            Event(
                "oracle.manipulation.die",
                {"rune": B.RUNES[a.die], "from": old, "to": b.dice[a.die]},
            )
        )
    else:
        s.circles["move"].crossed += 1
        i = B.RUNES.index(a.rune)
        b.halves[i] = 1 - b.halves[i]
        ev.append(Event("oracle.manipulation.move", {"rune": a.rune, "half": b.halves[i]}))


def take_action(r: Rules, s: OracleState, a: Any, ev: list[Event]) -> None:
    name = "pass" if isinstance(a, A.Pass) else A.SHEET_ACTIONS[type(a)]
    cost = r.hours(name)
    before = s.hours_today
    s.hours_spent += cost
    s.acted = True
    s.last_action = name
    if r.practice_mode:
        s.hours_today += cost
        s.draw_queue += frame.draws_passed(r, before, s.hours_today)
    if name != "pass":
        s.figure = name
    if name == "pass":
        ev.append(Event("oracle.action.passed", {"hours": cost}))
    else:
        ev.append(Event("oracle.action.taken", {"action": name, "hours": cost}))
    b = s.bowl
    if isinstance(a, A.ThreadsOfFate):
        effect = r.sheet.threads_of_fate.partner_effects[a.partner]
        if b.coin == "skull":
            rewards.take_corruption(s, ev, "skull")
        if effect == "x":
            s.pending.append(PendingX(source="threads_of_fate"))
        else:
            kind = "move" if effect == "fill_move" else "plus_minus"
            for _ in range(r.sheet.threads_of_fate.fill_count):
                rewards.fill_circle(r, s, ev, kind)
    elif isinstance(a, A.Stargazing):
        value = max(b.dice[d] for d in B.dice_with(b, B.BONE))
        s.pending.append(PendingLines(remaining=value, source="stargazing"))
    elif isinstance(a, A.Prediction):
        predictions.make(r, s, ev, b.dice[a.die], a.colour)
    elif isinstance(a, A.Horoscope):
        s.pending.append(PendingHoroscope(values=[b.dice[d] for d in B.dice_in_half(b, a.half)]))
    elif isinstance(a, A.HireTownsfolk):
        s.staff[a.slot].append([])
        ev.append(
            Event(
                "oracle.hire.hired",
                {
                    "slot": a.slot,
                    "ability": r.sheet.staff[a.slot].ability,
                    "cards": len(s.staff[a.slot]),
                },
            )
        )
        if not r.practice_mode:  # the card's guild symbols score at the end (companion)
            s.pending.append(PendingTownsfolk(slot=a.slot))
    elif isinstance(a, A.ActivateStaff):
        # «активировать все способности персонала, под которыми лежат карты»: each once.
        s.pending.append(PendingStaff(slots=[i for i, cards in enumerate(s.staff) if cards]))


def table_entry(r: Rules, s: OracleState, a: Any, ev: list[Event]) -> None:
    """Companion, between the Oracle's turns: the throw, and what happens at the table."""
    if isinstance(a, A.RollInApp):
        s.rolling = True
    elif isinstance(a, A.EnterRoll):
        set_bowl(r, s, list(a.halves), list(a.dice), a.coin, ev, entered=True)
    elif isinstance(a, A.AdventurerDrawn):
        predictions.drawn(r, s, ev, list(a.colours))
    elif isinstance(a, A.RecordCorruption):
        if a.delta > 0:
            rewards.take_corruption(s, ev, "table")
        else:
            rewards.discard_corruption(r, s, ev, "table")
    elif isinstance(a, A.MarketPhase):
        rewards.market_phase(s, ev)
    elif isinstance(a, A.EndGame):
        s.phase = "over"
        ev.append(Event("oracle.companion.game_end", {}))
        for guild, n in townsfolk_symbols(r, s).items():
            if n:
                ev.append(Event("oracle.townsfolk.score", {"guild": guild, "symbols": n}))


# --- chance -------------------------------------------------------------------------------------


def chance_step(r: Rules, s: OracleState, a: Any, ev: list[Event]) -> None:
    """A chance step: the throw or the draw it carries (``OracleGame.chance_action`` computes
    it on a copy of the RNG; ``chance.take`` moves the state's own on by the same draws)."""
    if s.phase == "roll":
        if isinstance(a, A.Roll):
            refused = entry_refusal(s, a)
            if refused:
                raise illegal(refused)
            chance.take(s.rng, partial(B.thrown, setup=s.turn == 0))
            for half in a.rerolled:
                ev.append(Event("oracle.bowl.setup_reroll", {"half": half}))
            set_bowl(r, s, list(a.halves), list(a.dice), a.coin, ev, entered=False)
        elif isinstance(a, A.EnterRoll):
            refused = entry_refusal(s, a)
            if refused:
                raise illegal(refused)
            set_bowl(r, s, list(a.halves), list(a.dice), a.coin, ev, entered=True)
        else:
            raise IllegalAction("oracle.chance.runes_expected")
        return
    if s.phase == "draw" and s.draw_queue:
        n = s.draw_queue[0]
        if isinstance(a, A.DrawAdventurers):
            bag = dict(s.bag)
            # the bag may run short of a batch: the step draws what is left
            take_from_bag(s, a.colours, min(n, sum(bag.values())))
            chance.take(s.rng, partial(frame.draw_from_bag, bag=bag, n=n))
        elif isinstance(a, A.AdventurerDrawn):
            take_from_bag(s, a.colours, n)
        else:
            raise IllegalAction("oracle.chance.draw_expected")
        s.draw_queue.pop(0)
        if a.colours:
            predictions.drawn(r, s, ev, list(a.colours))
        return
    raise IllegalAction("oracle.chance.nothing_to_resolve")


def take_from_bag(s: OracleState, colours: tuple[str, ...], expected: int) -> None:
    """The adventurers a draw brought out, checked against the batch and the bag's contents."""
    if len(colours) != expected:
        raise IllegalAction("oracle.adventurer.batch_size", expected=expected, got=len(colours))
    need: dict[str, int] = {}
    for c in colours:
        need[c] = need.get(c, 0) + 1
    if any(s.bag.get(c, 0) < k for c, k in need.items()):
        raise IllegalAction("oracle.adventurer.not_in_bag", colours=list(colours))
    for c in colours:
        s.bag[c] -= 1


def set_bowl(
    r: Rules,
    s: OracleState,
    halves: list[int],
    dice: list[int],
    coin: str,
    ev: list[Event],
    entered: bool,
) -> None:
    b = s.bowl
    b.halves, b.dice, b.coin = halves, dice, coin
    setup = s.turn == 0
    s.rolling = False
    s.turn += 1
    s.phase = "act"
    ev.append(
        Event(
            "oracle.bowl.thrown",
            {
                "halves": list(halves),
                "dice": list(dice),
                "coin": coin,
                "entered": entered,
                "setup": setup,
                "left": [B.RUNES[i] for i in range(5) if halves[i] == 0] or ["none"],
                "right": [B.RUNES[i] for i in range(5) if halves[i] == 1] or ["none"],
            },
        )
    )
    if not setup and B.all_in_one_half(b):
        rewards.take_corruption(s, ev, "one_half")


def townsfolk_symbols(r: Rules, s: OracleState) -> dict[str, int]:
    """Guild symbols on the hired townsfolk cards, by guild: «символы Гильдий, которые приносят
    золото во время финального подсчета»."""
    out = dict.fromkeys(r.guild_ids, 0)
    for cards in s.staff:
        for card in cards:
            for g in card:
                out[g] += 1
    return out
