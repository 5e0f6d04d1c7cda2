"""A stand-in round loop for the Successor until the base engine offers the solo hooks.

It drives seven rounds with a crude random human (assignments from its hand, placements on a
random free slot, no location actions) so that contested locations, full locations and closed
slots happen, and runs every Successor step through ``automaton``. Performance, wages, Return
Characters, Orders Arrive and the performance-card shift are done here the way the base engine
would, calling the solo module's functions where the book differs. It is a test harness, not the
game: the real integration is the base engine's (docs/solo.md part 4).
"""

from __future__ import annotations

import hashlib

from engine.core.rng import Rng
from engine.games.trickerion.catalog import SLOT_THEATER
from engine.games.trickerion.state import HOME, Char
from engine.games.trickerion.solo import automaton as AU
from engine.games.trickerion.solo import dice as DI
from engine.games.trickerion.solo import endround as EN
from engine.games.trickerion.solo import perform as PF
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.state import BLOCKED

from .scenario import HUMAN, make

LOCS = ("downtown", "market_row", "dark_alley", "workshop", "theater")


def human_assign(s, rnd: Rng) -> None:
    p = s.players[HUMAN]
    hand = [loc for loc, n in p.hand.items() for _ in range(n)]
    rnd.shuffle(hand)
    for c in p.chars:
        if hand and rnd.below(5):
            c.card = hand.pop()
            p.hand[c.card] -= 1
            c.shown = True


def human_place(g, s, rnd: Rng) -> bool:
    p = s.players[HUMAN]
    left = [i for i, c in enumerate(p.chars) if c.card and c.slot == HOME and not c.idle]
    if not left:
        return False
    i = left[0]
    c = p.chars[i]
    if c.card == "theater":
        mine = R.theater_day(s, HUMAN)
        days = [mine] if mine >= 0 else [d for d in range(4) if R.day_open(s, HUMAN, d)]
        free = [SLOT_THEATER + 3 * d + k for d in days for k in ((2,) if c.kind == "magician" else (0, 1))
                if s.slots[SLOT_THEATER + 3 * d + k] == -1]
    else:
        slot = R.first_free_slot(g.cat, s, HUMAN, c.card)
        free = [R.board_index(HUMAN, c.card, slot)] if slot >= 0 else []
    if not free:
        c.idle = True
        return True
    index = rnd.choice(free)
    s.slots[index] = HUMAN * 16 + i
    c.slot = index
    return True


def successor_turn(g, s, solo, log: list) -> bool:
    acted = False
    for _ in range(60):
        st = AU.next_action(g.cat, s, solo)
        if st is None:
            return acted
        ev: list = []
        done = AU.apply_step(g.cat, s, solo, st, ev)
        log.append(str(st))
        acted = True
        if done:
            return True
    raise AssertionError("Successor turn did not end")


def perform(g, s, solo, log: list) -> None:
    for day in range(4):
        v = s.slots[SLOT_THEATER + 3 * day + 2]
        if v < 0 or v // 16 != solo.seat:
            continue
        st = PF.choose_card(g.cat, s, solo)
        if st is None:
            continue
        log.append(str(st))
        pc = s.row[st.card]
        p = s.players[solo.seat]
        f, c, sh = PF.yields(g.cat, s, solo, pc)
        bf, bc, bs = PF.performer_bonus(g.cat, s, solo, pc, day)
        p.fame += f + bf
        p.coins += c + bc
        p.shards += sh + bs
        PF.return_markers(s, solo, pc, [], "perform.4")
        for i, m in enumerate(pc.m):  # your markers go back to your supply
            if m >= 0:
                pc.m[i] = -1


def end_round(g, s, solo, log: list) -> None:
    ev: list = []
    EN.pay_wages(g.cat, s, solo, ev)
    for i, v in enumerate(s.slots):
        if v >= 0:
            s.slots[i] = -1
    for seat, p in enumerate(s.players):
        for c in p.chars:
            if c.card:
                if c.card in g.cat.specials:
                    if c.slot != HOME:
                        s.decks[g.cat.specials[c.card].location].append(
                            g.cat.special_index[c.card] if hasattr(g.cat, "special_index") else c.card)
                    else:
                        p.specials.append(c.card)
                else:
                    p.hand[c.card] = p.hand.get(c.card, 0) + 1
            c.card, c.slot, c.idle, c.shown = "", HOME, False, False
        p.chars.extend(Char(k) for k in p.hired)
        p.hired = []
    EN.order_characters(s, solo, ev)
    m = s.market
    for i, prop in enumerate(m.order):
        if prop:
            m.buy[i], m.order[i] = prop, ""
    if s.round >= g.cat.perf_rules.discard_from_round and s.row:
        EN.discard(g.cat, s, solo, s.row[-1], ev)
        s.row.pop()
    if s.perf_deck:
        s.row.insert(0, R.new_perf_card(g.cat, s.perf_deck.pop(0)))
    if s.pending_prophecies:
        s.prophecy = s.pending_prophecies.pop(0)
        if s.prophecy_stack:
            s.pending_prophecies.append(s.prophecy_stack.pop(0))
    EN.new_round(solo)
    log.extend(f"{e.code}:{e.params.get('step')}" for e in ev)


def play(seed: int, difficulty: str = "medium", **adjust) -> tuple[object, object, object, list]:
    g, s, solo = make(difficulty, seed=seed, human_school=("optical", "escape", "spiritual",
                                                            "mechanical")[seed % 4], **adjust)
    rnd = Rng.from_seed(seed ^ 0x5EED)
    s.pending_prophecies = [s.prophecy_stack.pop(0) for _ in range(3)]
    log: list = []
    for rnd_no in range(1, 8):
        s.round = rnd_no
        options = DI.reroll_options(solo, rnd_no)
        DI.roll(g.cat, s, solo, rnd.choice(options), [])
        s.dice = [s.rng.choice(f) for f in g.cat.die_faces]
        human_assign(s, rnd)
        s.phase = "assign"
        while True:
            st = AU.next_assignment(g.cat, s, solo)
            log.append(str(st))
            if AU.apply_step(g.cat, s, solo, st, []):
                break
        s.phase = "place"
        while True:
            h = human_place(g, s, rnd)
            a = successor_turn(g, s, solo, log)
            if not h and not a:
                break
        perform(g, s, solo, log)
        end_round(g, s, solo, log)
        assert all(v != BLOCKED or i < SLOT_THEATER + 12 for i, v in enumerate(s.slots))
    final = EN.final_breakdown(g.cat, s, solo)
    s.players[solo.seat].fame += sum(final.values())
    log.append(repr(sorted(final.items())))
    return g, s, solo, log


def digest(log: list) -> str:
    return hashlib.sha256("\n".join(log).encode()).hexdigest()
