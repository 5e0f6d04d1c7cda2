"""Downtown ("ЦЕНТР"): Learn Trick, Hire Character, Take Coins, Reroll Die, Set Die.

Dice: 0–1 in Dahlgaard's Residence (schools, "any", X), 2–3 in the Inn (characters, X),
4–5 in the Bank (coins, X). Using a die for an action turns it to X.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from engine.core import chance
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import change_at, put, without
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import SPECIALISTS, Catalog, X
from engine.games.trickerion.common import (
    change_trick,
    free_symbol,
    gain,
    has_components,
    held_trick,
    owns_or_hired,
    raise_decision,
    residence,
    trick_by_id,
)
from engine.games.trickerion.components import ActionCostDelta
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import (
    Char,
    Draw,
    PendingHypnotic,
    PendingInvestments,
    PendingMassRecruitment,
    Placement,
    Player,
    State,
    Trick,
)

RESIDENCE, INN, BANK = (0, 1), (2, 3), (4, 5)


def cost(r: TrickerionRules, s: State, act: Placement, action: str) -> int:
    """AP cost of a Downtown action with the active prophecy and the special card applied."""
    ap = r.action_ap(s, action)
    if act.effect == "ready":
        for param in r.effect_params(act):
            if type(param) is ActionCostDelta and param.action == action:
                ap += param.delta
    return ap if ap > 0 else 0  # not max(): asked a few times at every Downtown step


def learnable(r: TrickerionRules, s: State, seat: int, act: Placement) -> list[tuple[str, int]]:
    """(trick, die) pairs: a die showing the school or "any", or any die for a trick of the
    favourite school ("НОМЕРА СВОЕЙ ШКОЛЫ"); the fame threshold may be topped up with coins."""
    cat: Catalog = r.cat
    p = s.players[seat]
    overhaul = act.effect == "ready" and r.effect_of(act) == "trick_overhaul"
    if free_symbol(p) < 0 and not overhaul:
        return []
    thirst = act.effect == "ready" and r.effect_of(act) == "thirst_for_knowledge"
    out: list[tuple[str, int]] = []
    # The Residence's tricks whose fame threshold the player reaches, with their schools:
    # worked out once for both dice.
    tricks: list[tuple[str, str]] | None = None
    mine = p.school
    for die in RESIDENCE:
        face = s.dice[die]
        if face == X:
            continue
        if tricks is None:
            # the fame short of a threshold is topped up with coins (``max(0, short) <=
            # coins``, without the builtin's cost at every trick)
            reach, school_of = p.fame + p.coins, cat.trick_school
            tricks = [
                (t, school_of[t])
                for t in residence(r, s)
                if cat.tricks[t].fame_threshold <= reach and p.coins >= 0
            ]
        anywhere = thirst or face == "any"
        out += [(t, die) for t, school in tricks if anywhere or school in (face, mine)]
    return out


def legal(r: TrickerionRules, s: State, seat: int, act: Placement) -> list[Any]:
    cat: Catalog = r.cat
    p = s.players[seat]
    out: list[Any] = []
    if act.ap >= cost(r, s, act, "learn_trick"):
        overhaul = act.effect == "ready" and r.effect_of(act) == "trick_overhaul"
        symbol_free = free_symbol(p) >= 0
        for t, die in learnable(r, s, seat, act):
            if symbol_free:
                out.append(A.LearnTrick(t, die))
            if overhaul:
                out.extend(
                    A.LearnTrick(t, die, old.id) for old in p.tricks if has_components(cat, p, t)
                )
    if act.ap >= cost(r, s, act, "hire_character"):
        headhunter = act.effect == "ready" and r.effect_of(act) == "headhunter"
        for die in INN:
            face = s.dice[die]
            if face == X:
                continue
            for kind in ("apprentice",) + SPECIALISTS if headhunter else (face,):
                if can_hire(cat, p, kind):
                    out.append(A.HireCharacter(kind, die))
    if act.ap >= cost(r, s, act, "take_coins"):
        out.extend(A.TakeCoins(die) for die in BANK if s.dice[die] != X)
    if act.ap >= r.action_ap(s, "reroll_die"):
        out.extend(_REROLLS)
    if act.ap >= r.action_ap(s, "set_die"):
        out.extend(_set_dice(r, s))
    return out


_REROLLS = tuple(A.RerollDie(die) for die in range(6))


def _set_dice(r: TrickerionRules, s: State) -> tuple[Any, ...]:
    """Every Set Die move: they depend on the dice's faces alone, which change a few times a
    round, so a table keeps them by the faces (``TrickerionRules.set_die_lists``)."""
    key = s.dice
    got = r.set_die_lists.get(key)
    if got is None:
        if len(r.set_die_lists) >= SET_DIE_LISTS:
            r.set_die_lists.clear()
        faces = r.cat.die_faces
        got = r.set_die_lists[key] = tuple(
            A.SetDie(die, face)
            for die in range(6)
            for face in dict.fromkeys(faces[die])
            if face != key[die]
        )
    return got


# Dice faces remembered per catalogue before starting afresh.
SET_DIE_LISTS = 1024


def can_hire(cat: Catalog, p: Player, kind: str) -> bool:
    if kind == "apprentice":
        return owns_or_hired(p, "apprentice") < cat.supply["apprentice"]
    return kind in SPECIALISTS and owns_or_hired(p, kind) == 0


def reroll_die(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.RerollDie, ev: list[Event]
) -> None:
    _spend(act, r.action_ap(s, "reroll_die"))
    _die(action.die)
    s.draw = Draw("reroll", seat, action.die)  # the chance step throws it (``drawn``)


def set_die(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.SetDie, ev: list[Event]
) -> None:
    _die(action.die)
    if action.face not in r.cat.die_faces[action.die]:
        raise IllegalAction("trickerion.downtown.no_such_face", die=action.die, face=action.face)
    if action.face == s.dice[action.die]:
        raise IllegalAction("trickerion.downtown.face_already_up", die=action.die, face=action.face)
    _spend(act, r.action_ap(s, "set_die"))
    s.dice = put(s.dice, action.die, action.face)
    ev.append(Event("trickerion.die_set", {"seat": seat, "die": action.die, "face": action.face}))


def _spend(act: Placement, ap: int) -> None:
    if act.ap < ap:
        raise IllegalAction("trickerion.ap.not_enough", need=ap, have=act.ap)
    act.ap -= ap


def _die(die: int) -> None:
    if not 0 <= die < 6:
        raise IllegalAction("trickerion.downtown.no_such_die", die=die)


def learn_trick(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.LearnTrick, ev: list[Event]
) -> None:
    cat: Catalog = r.cat
    p = s.players[seat]
    if action.die not in RESIDENCE or s.dice[action.die] == X:
        raise IllegalAction("trickerion.downtown.die_unavailable", die=action.die)
    if action.trick not in residence(r, s):
        raise IllegalAction("trickerion.learn.not_in_residence", trick=action.trick)
    if (action.trick, action.die) not in learnable(r, s, seat, act):
        raise IllegalAction("trickerion.learn.school_or_fame", trick=action.trick, die=action.die)
    if action.replace:
        if not (act.effect == "ready" and r.effect_of(act) == "trick_overhaul"):
            raise IllegalAction("trickerion.special.not_available", effect="trick_overhaul")
        if trick_by_id(p, action.replace) is None or not has_components(cat, p, action.trick):
            raise IllegalAction("trickerion.trick_overhaul.not_allowed", trick=action.replace)
    elif free_symbol(p) < 0:
        raise IllegalAction("trickerion.learn.no_free_symbol")
    _spend(act, cost(r, s, act, "learn_trick"))
    short = max(0, cat.tricks[action.trick].fame_threshold - p.fame)
    if short:
        p = change_at(s.players, seat, coins=p.coins - short)
        ev.append(
            Event(
                "trickerion.pay",
                {"seat": seat, "why": "fame_threshold", "coins": short, "shards": 0},
            )
        )
    s.dice = put(s.dice, action.die, X)
    effect = r.effect_of(act) if act.effect == "ready" else ""
    if action.replace:
        old = held_trick(p, action.replace)
        sym, markers = old.sym, old.markers
        new = Trick(action.trick, sym, markers=markers, eng=old.eng)
        change_at(s.players, seat, tricks=(*without(p.tricks, old), new))
        act.effect = "used"
        ev.append(
            Event(
                "trickerion.trick_overhauled", {"seat": seat, "old": old.id, "trick": action.trick}
            )
        )
    else:
        t = Trick(action.trick, free_symbol(p))
        change_at(s.players, seat, tricks=(*p.tricks, t))
        if effect == "thirst_for_knowledge":
            act.effect = "used"
        if effect == "leaked_blueprints" and cat.tricks[action.trick].fame_threshold <= 16:
            change_trick(s, seat, t, markers=1)
            act.effect = "used"
    ev.append(
        Event("trickerion.trick_learned", {"seat": seat, "trick": action.trick, "die": action.die})
    )


def hire(
    r: TrickerionRules,
    s: State,
    seat: int,
    act: Placement,
    action: A.HireCharacter,
    ev: list[Event],
) -> None:
    cat: Catalog = r.cat
    p = s.players[seat]
    if action not in legal(r, s, seat, act):
        raise IllegalAction(
            "trickerion.hire.not_allowed", character=action.character, die=action.die
        )
    effect = r.effect_of(act) if act.effect == "ready" else ""
    _spend(act, cost(r, s, act, "hire_character"))
    s.dice = put(s.dice, action.die, X)
    if effect == "headhunter":
        act.effect = "used"
    if effect == "hypnotic_motivation":
        act.effect = "used"
        p = change_at(s.players, seat, chars=(*p.chars, Char(action.character)))
        ev.append(
            Event(
                "trickerion.hired", {"seat": seat, "character": action.character, "at_once": True}
            )
        )
        if p.hand and any(p.hand.values()) or p.specials:
            raise_decision(r, s, PendingHypnotic(seat, character=len(p.chars) - 1))
        return
    p = change_at(s.players, seat, hired=(*p.hired, action.character))
    ev.append(Event("trickerion.hired", {"seat": seat, "character": action.character}))
    if (
        effect == "mass_recruitment"
        and action.character == "apprentice"
        and p.coins >= 3
        and can_hire(cat, p, "apprentice")
    ):
        act.effect = "used"
        raise_decision(r, s, PendingMassRecruitment(seat))


def take_coins(
    r: TrickerionRules, s: State, seat: int, act: Placement, action: A.TakeCoins, ev: list[Event]
) -> None:
    if action.die not in BANK or s.dice[action.die] == X:
        raise IllegalAction("trickerion.downtown.die_unavailable", die=action.die)
    effect = r.effect_of(act) if act.effect == "ready" else ""
    _spend(act, cost(r, s, act, "take_coins"))
    if effect == "interest":
        # Interest adds the roll of the die's own faces: the chance step throws it (``drawn``).
        s.draw = Draw("interest", seat, action.die)
        return
    value = int(s.dice[action.die])
    _take_coins(r, s, seat, action.die, value, ev)
    if effect == "fame_and_fortune":
        act.effect = "used"
        gain(r.cat, s, seat, ev, "fame_and_fortune", fame=value - 1)
    elif effect == "investments":
        act.effect = "used"
        raise_decision(r, s, PendingInvestments(seat, left=3))


def _take_coins(
    r: TrickerionRules, s: State, seat: int, die: int, coins: int, ev: list[Event]
) -> None:
    if r.active_effect(s) == "double_take_coins":
        coins *= 2
    s.dice = put(s.dice, die, X)
    gain(r.cat, s, seat, ev, "take_coins", coins=coins)


def throw_die(r: TrickerionRules, die: int, rng: Rng) -> str:
    """One face of ``die``: a Reroll Die's or Interest's draw (``chance.outcome`` throws it on
    a copy of the state's RNG, ``drawn`` moves the state's own on by the same draw)."""
    return rng.choice(r.cat.die_faces[die])


def drawn(r: TrickerionRules, s: State, face: str, ev: list[Event]) -> None:
    """The chance step after Reroll Die or Interest: ``face`` thrown, the action finished."""
    draw = s.draw
    assert draw is not None  # flow.chance_step comes here only at a draw
    if face not in r.cat.die_faces[draw.die]:
        raise IllegalAction("trickerion.draw.not_a_face", die=draw.die, face=face)
    chance.take(s.rng, partial(throw_die, r, draw.die))
    s.draw = None
    seat, die = draw.seat, draw.die
    if draw.kind == "reroll":
        old = s.dice[die]
        s.dice = put(s.dice, die, face)
        ev.append(
            Event("trickerion.die_rerolled", {"seat": seat, "die": die, "old": old, "face": face})
        )
        return
    ev.append(Event("trickerion.interest_roll", {"seat": seat, "face": face}))
    act = s.act
    assert act is not None  # Interest stops mid-placement
    act.effect = "used"
    _take_coins(r, s, seat, die, int(s.dice[die]) + (0 if face == X else int(face)), ev)


# What a character placed here may do, by action type (``placement.apply`` refuses any other).
ACTIONS: dict[type, Callable[..., None]] = {
    A.LearnTrick: learn_trick,
    A.HireCharacter: hire,
    A.TakeCoins: take_coins,
    A.RerollDie: reroll_die,
    A.SetDie: set_die,
}
