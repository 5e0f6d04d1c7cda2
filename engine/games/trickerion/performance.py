"""Performance phase ("ФАЗА ПРЕДСТАВЛЕНИЙ").

Thursday to Sunday, the player whose Magician stands on that day's stage slot chooses a
performance card holding at least one of their markers and performs it: every marker on it
yields its trick's fame/coins/shards to its owner, changed by the owner's day modifier (the
performer's when the owner has no character in the Theater), never below 0; the performer adds
1 fame per link on the card, 2 fame / 3 coins / 1 shard for an Assistant / Manager / Engineer
backstage, and the card's printed bonus. The markers go back to their owners' supply and the
card stays.
"""

from __future__ import annotations

from msgspec.structs import replace

from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion.catalog import SLOT_THEATER, Catalog
from engine.games.trickerion.common import (
    change_trick,
    day_yield,
    formed_links,
    gain,
    held_trick_sym,
    put_card,
    raise_decision,
    symbol_schools,
    theater_day_of,
    trick_by_sym,
    with_cell,
)
from engine.games.trickerion.rules import TrickerionRules
from engine.games.trickerion.state import (
    PendingBreakFree,
    PendingDurable,
    PendingPerform,
    PendingPremiere,
    PendingSoulPossession,
    PendingSteal,
    PerfCard,
    State,
)


def performer_of(s: State, day: int) -> int:
    v = s.slots[SLOT_THEATER + 3 * day + 2]
    return v // 16 if v >= 0 else -1


def candidates(s: State, seat: int) -> list[int]:
    return [
        ci
        for ci, pc in enumerate(s.row)
        if any(m >= 0 and m // 4 == seat for m in pc.m) or any(m // 4 == seat for m in pc.guest)
    ]


def stage_special(r: TrickerionRules, s: State, day: int) -> str:
    """Effect id of the special assignment under the Magician on ``day``'s stage slot."""
    v = s.slots[SLOT_THEATER + 3 * day + 2]
    if v < 0:
        return ""
    card = s.players[v // 16].chars[v % 16].card
    return r.cat.specials[card].effect if card in r.cat.specials else ""


def day_order(r: TrickerionRules, s: State) -> list[int]:
    """Thursday to Sunday, unless a variant puts an automaton's day first (if it performs)."""
    day = r.first_performance_day(s)
    if day >= 0 and performer_of(s, day) == r.automaton_seat(s):
        return [day] + [d for d in range(4) if d != day]
    return [0, 1, 2, 3]


def start(r: TrickerionRules, s: State, ev: list[Event]) -> None:
    s.phase = "perform"
    s.act = None
    s.day = day_order(r, s)[0]
    s.perf_card = -1
    s.perf_asked = False
    s.perf_opts = ()
    ev.append(Event("trickerion.performance_phase", {"round": s.round}))
    if r.options.dark_alley:
        from engine.games.trickerion.theater import reschedule_options

        for seat, _p in enumerate(s.players):
            if r.has_ability(s, seat, "m01_master_of_chains") and reschedule_options(
                r, s, seat, None
            ):
                raise_decision(r, s, PendingBreakFree(seat))


def advance(r: TrickerionRules, s: State, ev: list[Event]) -> bool:
    """Move the Performance phase on; False once Sunday is done (end of round follows)."""
    while s.day < 4:
        performer = performer_of(s, s.day)
        if performer < 0:
            _next_day(r, s)
            continue
        if s.perf_card >= 0:
            resolve(r, s, performer, s.perf_card, ev)
            _next_day(r, s)
            continue
        cards = candidates(s, performer)
        if not cards:
            ev.append(Event("trickerion.no_performance", {"seat": performer, "day": s.day}))
            _next_day(r, s)
            continue
        if not s.perf_asked:
            s.perf_asked = True
            for seat, p in enumerate(s.players):
                if (
                    seat != performer
                    and r.has_ability(s, seat, "m07_yoruba_spiritmaster")
                    and "soul_possession" not in p.used
                    and p.shards >= 1
                ):
                    raise_decision(r, s, PendingSoulPossession(seat, performer=performer))
                    return True
        raise_decision(r, s, PendingPerform(performer))
        return True
    return False


def _next_day(r: TrickerionRules, s: State) -> None:
    order = day_order(r, s)
    i = order.index(s.day) + 1
    s.day = order[i] if i < len(order) else len(order)
    s.perf_card = -1
    s.perf_asked = False
    s.perf_opts = ()


def choose(r: TrickerionRules, s: State, performer: int, card: int, ev: list[Event]) -> None:
    """A card is chosen for today's performance: queue the performer's options."""
    if card not in candidates(s, performer):
        raise IllegalAction("trickerion.perform.needs_own_marker", card=card)
    s.perf_card = card
    ev.append(
        Event(
            "trickerion.performance_chosen",
            {"seat": performer, "day": s.day, "card": card, "perf": s.row[card].id},
        )
    )
    p = s.players[performer]
    if not r.options.dark_alley or performer == r.automaton_seat(s):
        return  # the Successor has no per-performance options (perform.1–4)
    for kind, pending in (
        ("steal", PendingSteal),
        ("premiere", PendingPremiere),
        ("durable", PendingDurable),
    ):
        if option_choices(r, s, performer, kind):
            raise_decision(r, s, pending(performer))
    del p  # options are read from the state when answered


def option_choices(r: TrickerionRules, s: State, seat: int, kind: str) -> list[A.PerformanceOption]:
    """Answers to one per-performance option, besides passing."""
    cat: Catalog = r.cat
    pc = s.row[s.perf_card]
    p = s.players[seat]
    own = [(i, m) for i, m in enumerate(pc.m) if m >= 0 and m // 4 == seat]
    if kind == "steal":
        if not r.has_ability(s, seat, "m05_red_lotus"):
            return []
        out: list[A.PerformanceOption] = []
        for i, m in own:
            level = cat.trick_level[held_trick_sym(p, m % 4).id]
            for j, o in enumerate(pc.m):
                if o >= 0 and o // 4 != seat:
                    t = trick_by_sym(s.players[o // 4], o % 4)
                    if t and cat.trick_level[t.id] <= level:
                        out.append(A.StealYield(i, j))
        return out
    effect = stage_special(r, s, s.day)
    if kind == "premiere" and effect == "grand_premiere":
        return [
            A.PremiereYield(i, what)
            for i, m in own
            if not held_trick_sym(p, m % 4).premiered
            for what in ("fame", "coins", "shards")
        ]
    if kind == "durable" and effect == "durable_components":
        return [A.DurableMarker(i) for i, _m in own]
    return []


def option_code(option: A.PerformanceOption) -> str:
    """The chosen option as the log's ``performance_option`` event names it."""
    if isinstance(option, A.StealYield):
        return f"steal:{option.mine}:{option.theirs}"
    if isinstance(option, A.PremiereYield):
        return f"premiere:{option.cell}:{option.what}"
    return f"durable:{option.cell}"


def resolve(r: TrickerionRules, s: State, performer: int, ci: int, ev: list[Event]) -> None:  # noqa: C901 (debt: split by case)
    cat: Catalog = r.cat
    pc = s.row[ci]
    schools = symbol_schools(cat, s)
    links = formed_links(cat, s, pc, schools)
    steal = next((o for o in s.perf_opts if isinstance(o, A.StealYield)), None)
    premiere = next((o for o in s.perf_opts if isinstance(o, A.PremiereYield)), None)
    durable = next((o for o in s.perf_opts if isinstance(o, A.DurableMarker)), None)
    auto = r.automaton_seat(s)
    # An automaton's special assignments have no stage effect (solo ap.5: only +1 AP).
    effect = "" if performer == auto else stage_special(r, s, s.day)
    active = r.active_effect(s)
    perf_day = s.day
    entries = [(i, m) for i, m in enumerate(pc.m) if m >= 0] + [(-1, m) for m in pc.guest]
    yields: dict[int, list[int]] = {}
    fiasco: dict[int, int] = {}
    stolen = (steal.mine, steal.theirs) if steal else None
    for cell, code in entries:
        owner = code // 4
        t = trick_by_sym(s.players[owner], code % 4)
        if t is None:
            continue
        if owner == auto:
            fame, coins, shards = r.automaton_trick_yield(s, t.id)
            if stolen and cell == stolen[1]:
                fame = max(0, fame - 1)
            if effect == "arranged_fiasco":
                fiasco[owner] = fiasco.get(owner, 0) - 1
            acc = yields.setdefault(owner, [0, 0, 0])
            acc[0] += fame
            acc[1] += coins
            acc[2] += shards
            continue
        source = t
        if stolen and cell == stolen[0]:
            victim = pc.m[stolen[1]]
            source = held_trick_sym(s.players[victim // 4], victim % 4)
        fame, coins, shards = cat.trick_yield[source.id]
        if source.enhanced:
            fame, coins = fame + 1, coins + 1
        if cell >= 0 and cell in pc.dbl:
            level = cat.trick_level[t.id]
            fame, coins = fame + level, coins + level
        day = theater_day_of(s, owner)
        if day < 0 or (active == "performer_day_for_all" and owner != performer):
            day = perf_day
        df, dc = day_yield(cat, s, day)
        if premiere and premiere.cell == cell and owner == performer:
            what = premiere.what
            if what == "fame":
                fame = max(fame * 2 + df, (fame + df) * 2)
                df = 0
            elif what == "coins":
                coins = max(coins * 2 + dc, (coins + dc) * 2)
                dc = 0
            else:
                shards *= 2
        fame, coins = max(0, fame + df), max(0, coins + dc)
        if stolen and cell == stolen[1]:
            fame = max(0, fame - 1)
        if active == "coins_become_fame":
            fame, coins = fame + coins, 0
        if effect == "arranged_fiasco":
            fiasco[owner] = fiasco.get(owner, 0) + (1 if owner == performer else -1)
        acc = yields.setdefault(owner, [0, 0, 0])
        acc[0] += fame
        acc[1] += coins
        acc[2] += shards
        if not t.premiered:
            change_trick(s, owner, t, premiered=True)
    ev.append(
        Event(
            "trickerion.performed",
            {"seat": performer, "day": perf_day, "card": ci, "perf": pc.id, "links": len(links)},
        )
    )
    for owner, (fame, coins, shards) in sorted(yields.items()):
        if owner == auto:
            r.automaton_gain(s, owner, ev, "performance_yield", fame, coins, shards)
        else:
            gain(cat, s, owner, ev, "performance_yield", fame=fame, coins=coins, shards=shards)
    for owner, fame in sorted(fiasco.items()):
        # Arranged Fiasco: +1 fame per performer's marker, −1 per other marker (fame ≥ 0).
        gain(cat, s, owner, ev, "arranged_fiasco", fame=fame)
    if performer == auto:
        r.automaton_performer_bonus(s, pc, perf_day, ev)
    else:
        bonus = performer_bonus(r, s, performer, pc, len(links))
        if active == "double_performer_bonus":
            bonus = [2 * x for x in bonus]
        gain(
            cat, s, performer, ev, "performer_bonus", fame=bonus[0], coins=bonus[1], shards=bonus[2]
        )
    r.after_performance(s, ci, ev)
    pc = s.row[ci]  # the hook may have replaced it (the Successor takes its markers back)
    for i, m in enumerate(pc.m):
        if m >= 0:
            if durable and durable.cell == i:
                t = held_trick_sym(s.players[m // 4], m % 4)
                change_trick(s, m // 4, t, markers=t.markers + 1)
            pc = with_cell(pc, i)
    put_card(s, ci, replace(pc, dbl=(), guest=()))


def performer_bonus(r: TrickerionRules, s: State, seat: int, pc: PerfCard, links: int) -> list[int]:
    cat: Catalog = r.cat
    rules = cat.perf_rules
    fame = rules.link_bonus_fame * links
    coins = shards = 0
    day = theater_day_of(s, seat)
    base = SLOT_THEATER + 3 * day
    for k in range(2):
        v = s.slots[base + k]
        if v >= 0 and v // 16 == seat:
            kind = s.players[seat].chars[v % 16].kind
            reward = rules.specialist_bonus.get(kind)
            if reward is not None:
                fame, coins, shards = (
                    fame + reward.fame,
                    coins + reward.coins,
                    shards + reward.shards,
                )
    bf, bc, bs = cat.cards[pc.id].bonus
    return [fame + bf, coins + bc, shards + bs]


def perform_action(
    r: TrickerionRules, s: State, seat: int, performer: int, card: int, ev: list[Event]
) -> None:
    """``seat`` picks today's card for ``performer``: their own, or Yoruba Spiritmaster's
    Soul Possession (a shard, once per round) for another performer."""
    if seat != performer:
        p = s.players[seat]
        change_at(s.players, seat, shards=p.shards - 1, used=(*p.used, "soul_possession"))
        ev.append(
            Event(
                "trickerion.soul_possession",
                {"seat": seat, "performer": performer, "card": card, "perf": s.row[card].id},
            )
        )
    choose(r, s, performer, card, ev)
