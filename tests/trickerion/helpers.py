"""Helpers for the Trickerion tests: a game factory, invariants, scenario building."""

from __future__ import annotations

from pathlib import Path

from msgspec.structs import replace

from engine.core.bots import RandomBot, bot_seed
from engine.core.copier import copy_state
from engine.core.match import Match
from engine.core.tuples import change_at, put
from engine.games.trickerion.catalog import SLOT_WORKSHOP
from engine.games.trickerion.common import STACK_LIMIT, change_char, put_card
from engine.games.trickerion.game import Trickerion
from engine.games.trickerion.state import HOME, State

OPTION_SETS = [
    {"dark_alley": da, "prophecies": pr, "fast_game": fast, "first_game": kit}
    for da in (True, False)
    for pr in (True, False)
    for fast in (False, True)
    for kit in (False, True)
    if da or not pr
]


def new_game(players: int = 4, **options) -> Trickerion:
    return Trickerion(players, options)


def check_invariants(g: Trickerion, s: State) -> None:  # noqa: C901 (debt: split by case)
    """The random-walk invariants (issue 3, "Tests and figures")."""
    cat = g.cat
    on_cards: dict[int, int] = {}
    for pc in s.row:
        assert len(pc.m) == len(cat.cards[pc.id].cells)
        for i, m in enumerate(pc.m):
            if m >= 0:
                on_cards[m] = on_cards.get(m, 0) + (2 if i in pc.dbl else 1)
        for m in pc.guest:
            on_cards[m] = on_cards.get(m, 0) + 1
    owned = set()
    for seat, p in enumerate(s.players):
        assert p.coins >= 0, (seat, "coins", p.coins)
        assert p.shards >= 0, (seat, "shards", p.shards)
        assert p.fame >= 0, (seat, "fame", p.fame)
        for prop, n in p.props.items():
            assert 1 <= n <= STACK_LIMIT, (seat, prop, n)
        assert len(p.props) - len(p.mgr) <= 6, (seat, p.props, p.mgr)
        assert len(p.mgr) <= 2 and all(k in p.props for k in p.mgr), (seat, p.mgr)
        kinds = [c.kind for c in p.chars] + list(p.hired)
        for sp in ("assistant", "engineer", "manager"):
            assert kinds.count(sp) <= 1, (seat, sp, kinds)
        assert kinds.count("magician") == 1
        assert kinds.count("apprentice") <= 4, (seat, kinds)
        assert sum(1 for c in p.chars if c.assist) <= 1
        assert len(p.tricks) <= 4
        syms = {t.sym for t in p.tricks}
        assert len(syms) == len(p.tricks)
        for t in p.tricks:
            assert t.id not in owned, t.id
            owned.add(t.id)
            assert g.options["dark_alley"] or cat.trick_level[t.id] < 3, t.id
            assert t.markers >= 0
            n = on_cards.get(seat * 4 + t.sym, 0)
            assert t.markers + n <= 4, (seat, t.id, t.markers, n)
        for sym in range(4):
            if sym not in syms:
                assert seat * 4 + sym not in on_cards, (seat, sym)
        for i, c in enumerate(p.chars):
            if c.slot != HOME:
                assert s.slots[c.slot] == seat * 16 + i, (seat, i, c.slot)
        assert all(v >= 0 for v in p.hand.values())
    for index, v in enumerate(s.slots):
        if v >= 0:
            seat, char = divmod(v, 16)
            assert s.players[seat].chars[char].slot == index
            if index >= SLOT_WORKSHOP:
                assert (index - SLOT_WORKSHOP) // 2 == seat
    if s.act is not None:
        assert s.act.ap >= 0, s.act
    # Special assignment cards are conserved between decks, hands, characters and pendings.
    if g.options["dark_alley"]:
        seen = sum(len(d) for d in s.decks.values()) + len(s.used_specials)
        for p in s.players:
            seen += len(p.specials) + sum(1 for c in p.chars if c.card in cat.specials)
        for pend in s.pending:
            if pend.kind == "keep_card":
                seen += len(pend.cards)
        assert seen == len(cat.specials), seen


def play_random(
    players: int, options: dict, seed: int, check: bool = True, probe_every: int = 0
) -> Match:
    """A whole game of random bots; invariants after every step; every ``probe_every``-th
    decision, each legal action is also applied to a copy (none may be refused)."""
    g = Trickerion(players, options)
    m = Match(g, seed)
    bots = {s: RandomBot(seed * 1000 + s) for s in range(players)}
    decisions = 0
    for _ in range(100_000):
        to = m.to_act()
        if to.kind == "terminal":
            return m
        if m.auto_step() is None:
            seat = to.seats[0]
            legal = g.legal_actions(m.state, seat)
            assert legal, (seat, m.state.phase)
            assert len(legal) == len(set(legal)), "duplicate legal actions"
            decisions += 1
            if probe_every and decisions % probe_every == 0:
                for action in legal:
                    g.apply(m.state, seat, action)
            m.act(seat, bots[seat].choose(g, m.state, seat, legal))
        if check:
            check_invariants(g, m.state)
    raise AssertionError("game did not end")


# --- scenario building ----------------------------------------------------------------------

from engine.games.trickerion import actions as A  # noqa: E402
from engine.games.trickerion.catalog import SLOT_THEATER  # noqa: E402
from engine.games.trickerion.common import set_cell  # noqa: E402
from engine.games.trickerion.state import Char, PerfCard, Placement, Trick  # noqa: E402

MAGICIANS = ["m06_gentleman", "m04_mechaniker", "m01_master_of_chains", "m07_yoruba_spiritmaster"]


def step(g, s, seat, action):
    """Apply one action; returns (new state, events)."""
    return g.apply(s, seat, action)


def run_chance(g, s):
    while g.to_act(s).kind == "chance":
        s, _ = g.apply(s, -1, g.chance_action(s))
    return s


def started(players: int = 4, seed: int = 0, magicians=None, **options):
    """A game right after setup and the first dice roll (Advertise phase of the first round).

    Setup choices: the given magicians (default: four of different schools), then the first
    legal option for every other choice."""
    g = new_game(players, **options)
    s = g.initial_state(seed)
    mags = list(magicians or MAGICIANS)
    while s.phase.startswith("setup"):
        s = run_chance(g, s)
        if not s.phase.startswith("setup"):
            break
        pend = s.pending[0]
        legal = g.legal_actions(s, pend.seat)
        if pend.kind == "magician":
            choice = next(a for a in legal if a.magician == mags[pend.seat])
        else:
            choice = legal[0]
        s, _ = g.apply(s, pend.seat, choice)
    s = run_chance(g, s)
    return g, s


def to_placement(g, s, plan: dict[int, list[tuple[int, str]]]):
    """Skip advertising, give the planned assignment cards (others idle) and reveal."""
    while s.phase == "advertise":
        seat = g.to_act(s).seats[0]
        s, _ = g.apply(s, seat, A.Advertise(False))
    for seat in range(g.players):
        for char, card in plan.get(seat, []):
            s, _ = g.apply(s, seat, A.Assign(char, card))
    for seat in range(g.players):
        if not s.players[seat].done:
            s, _ = g.apply(s, seat, A.EndAssignments())
    return s


def placing(g, s, seat: int, char: int, loc: str, ap: int, card: str = ""):
    """Put ``seat``'s character directly into a placement at ``loc`` with ``ap`` AP (a
    constructed state for location tests; slot: the first board slot of the location)."""
    from engine.games.trickerion.placement import board_index

    s = copy_state(s)
    s.phase = "place"
    s.pending = []
    s.turn = s.order.index(seat)
    s.turn_left = 1
    index = board_index(seat, loc, 0)
    change_char(s, seat, char, card=card or loc, shown=True, slot=index)
    set_slot(s, index, seat * 16 + char)
    s.act = Placement(
        seat=seat, char=char, slot=index, loc=loc, ap=ap, card=card, effect="ready" if card else ""
    )
    return s


def give_trick(s, seat: int, trick_id: str, markers: int = 0, eng: bool = False):
    p = s.players[seat]
    used = {t.sym for t in p.tricks}
    sym = next(i for i in range(4) if i not in used)
    t = Trick(trick_id, sym, markers=markers, eng=eng)
    change_at(s.players, seat, tricks=(*p.tricks, t))
    return t


def clear_tricks(s, seat: int):
    from engine.games.trickerion.common import remove_markers_everywhere

    p = s.players[seat]
    for t in list(p.tricks):
        remove_markers_everywhere(s, seat * 4 + t.sym)
    change_at(s.players, seat, tricks=())


def set_row(g, s, card_ids: list[str]):
    s.row = tuple(
        PerfCard(c, (-1,) * len(g.cat.cards[c].cells), (0,) * len(g.cat.cards[c].cells))
        for c in card_ids
    )


def set_slot(s, index: int, value: int):
    """Board slot ``index`` holds ``value`` (a tuple that a state's copies share: the position
    gets a new one, as the rules' own changes do)."""
    s.slots = put(s.slots, index, value)


def change_card(s, card: int, **changes):
    """The row's performance card ``card`` with ``changes`` made (the row is a tuple of frozen
    cards that a state's copies share: the position gets a new one), and that card."""
    return put_card(s, card, replace(s.row[card], **changes))


def set_dice(s, first: int, *faces: str):
    """The dice from ``first`` on show ``faces``. The dice are a tuple that a state's copies
    share, so the position gets a new one, as the rules' own changes do."""
    s.dice = (*s.dice[:first], *faces, *s.dice[first + len(faces) :])


def put_marker(g, s, seat: int, trick_id: str, card: int, cell: int, facing: str):
    from engine.games.trickerion.catalog import DIRECTIONS

    t = next(t for t in s.players[seat].tricks if t.id == trick_id)
    set_cell(s, card, cell, seat * 4 + t.sym, DIRECTIONS.index(facing))


def stage(s, seat: int, day: int, kind: str = "magician", backstage: bool = False, k: int = 0):
    """Put ``seat``'s character of ``kind`` on ``day`` (stage, or backstage slot k)."""
    p = s.players[seat]
    char = next(i for i, c in enumerate(p.chars) if c.kind == kind and c.slot == HOME)
    index = SLOT_THEATER + 3 * day + (k if backstage else 2)
    set_slot(s, index, seat * 16 + char)
    change_char(s, seat, char, slot=index, card="theater", shown=True)
    return char


def add_char(s, seat: int, kind: str) -> int:
    change_at(s.players, seat, chars=(*s.players[seat].chars, Char(kind)))
    return len(s.players[seat].chars) - 1


def position(name: str):
    """A saved position of ``positions/`` (a scenario a bot's earlier rules reached, kept when
    later rules play the seed differently), loaded through the save's checks, with greedy for
    its seat 0."""
    from engine.core import save
    from engine.games.trickerion import bots

    match = save.load((Path(__file__).parent / "positions" / f"{name}.json").read_bytes())
    return match, bots.GreedyBot(bot_seed(match.seed, 0))
