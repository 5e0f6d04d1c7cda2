"""The Successor's setup ("ОБЩАЯ ПОДГОТОВКА" 1–2, "ПОДГОТОВКА ИЛЛЮЗИОНИСТОВ" 3–11, and the
changes for the game without the Academy).

Called once your own magician is chosen (it needs your school), on the state copy of a
two-player game, with the state's RNG. ``setup.*`` ids are the digest's.
"""

from __future__ import annotations

from engine.core.errors import OptionsError
from engine.core.events import Event
from engine.core.rng import Rng
from engine.games.trickerion.catalog import BOARD_SLOTS, Catalog
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.downtown import single_basic
from engine.games.trickerion.solo.state import BLOCKED, SoloState
from engine.games.trickerion.state import Char, State, Trick

SEAT = 1  # the Successor's seat; you are seat 0 and always first player (setup.11)


def build_plan_deck(cat: Catalog, rng: Rng, academy: bool = False) -> list[str]:
    """``setup.12``: the plan deck, top card first."""
    plans = R.table_packs(cat).plans_pack
    deck = plans.deck(academy)
    pools = {
        kind: rng.shuffled([c.id for c in plans.cards_for(academy) if c.kind == kind])
        for kind in deck.cards
    }
    if not all(pools.values()):
        raise OptionsError("trickerion.solo.no_plan_cards", academy=academy)
    bottom_up: list[str] = []
    for layer in deck.layers:
        taken: list[str] = []
        for kind, n in layer.take.items():
            taken.extend(pools[kind].pop() for _ in range(n))
        rng.shuffle(taken)
        bottom_up.extend(taken[: layer.place])
    return list(reversed(bottom_up))


def solo_performances(cat: Catalog, s: State, ev: list[Event]) -> None:
    """``setup.1``: the performance deck and the face-up row from the solo cards."""
    sp = R.table_packs(cat).performances_pack
    deck: list[str] = []
    leftovers: dict[str, list[str]] = {}
    for theater, n in sp.deck.items():
        cards = s.rng.shuffled([c.id for c in sp.cards if c.theater == theater])
        deck.extend(cards[:n])
        leftovers[theater] = cards[n:]
    s.perf_deck = deck
    s.row = [
        R.new_perf_card(cat, cid) for cid in leftovers["riverside_theater"][: sp.active_at_start]
    ]
    R.emit(ev, "performances", "setup.1", row=[pc.id for pc in s.row])


def remove_prophecies(s: State, ev: list[Event]) -> None:
    """``setup.2``."""
    gone = R.packs().removed_prophecies
    s.prophecy_stack = [x for x in s.prophecy_stack if x not in gone]
    s.pending_prophecies = [x for x in s.pending_prophecies if x not in gone]
    R.emit(ev, "prophecies_removed", "setup.2", prophecies=sorted(gone))


def magician_choices(
    cat: Catalog, human_school: str, prophecies: bool, academy: bool = False
) -> list[str]:
    """``setup.6``: magicians of another school (Academy ones only with the Academy)."""
    out = []
    for a in R.packs().abilities.values():
        if a.academy and not academy or a.school == human_school:
            continue
        m = cat.magicians.get(a.magician)
        if m is not None and m.requires_prophecies and not prophecies:
            continue
        out.append(a.magician)
    return out


def start_trick_choices(cat: Catalog, s: State, school: str) -> list[str]:
    """``setup.7``: the level-1 tricks of its school but the single-basic-prop one."""
    home = set(R.residence(cat, s))
    return [t for t in cat.level1[school] if t in home and not single_basic(cat, t)]


def setup_successor(
    cat: Catalog,
    s: State,
    human_school: str,
    difficulty: str,
    ev: list[Event],
    *,
    prophecies: bool = True,
    easier: bool = False,
    harder_no_ability: bool = False,
    harder_coins: bool = False,
    academy: bool = False,
) -> SoloState:
    """Set the Successor up on seat ``SEAT`` and return its :class:`SoloState`."""
    if academy:
        raise OptionsError("trickerion.solo.academy_not_in_seeds")
    board = R.packs().board
    level = board.difficulty(difficulty)
    solo = SoloState(
        seat=SEAT,
        difficulty=level.id,
        academy=academy,
        ignore_successor_ability=easier,
        ignore_human_ability=harder_no_ability,
    )
    rng = s.rng
    solo_performances(cat, s, ev)
    remove_prophecies(s, ev)
    p = s.players[SEAT]
    magician = rng.choice(magician_choices(cat, human_school, prophecies, academy))
    p.magician, p.school = magician, cat.magicians[magician].school
    R.emit(ev, "magician", "setup.6", magician=magician)
    start = rng.choice(start_trick_choices(cat, s, p.school))
    p.tricks = [Trick(start, 0, markers=R.printed_markers(cat, s, solo, start))]
    solo.shopping = list(cat.tricks[start].components)
    R.emit(ev, "start_trick", "setup.7", trick=start, markers=p.tricks[0].markers)
    R.emit(ev, "shopping", "setup.8", props=list(solo.shopping))
    chars = [Char("magician")]
    specialists = rng.shuffled(list(R.SPECIALISTS))[: level.characters.specialist]
    chars += [Char(kind) for kind in specialists]
    chars += [Char("apprentice") for _ in range(level.characters.apprentice)]
    p.chars = chars
    R.emit(ev, "characters", "setup.9", chars=[c.kind for c in chars])
    p.hand = dict(board.setup.assignment_deck)
    p.specials = ()
    R.emit(ev, "assignment_deck", "setup.10", cards=dict(p.hand))
    p.coins = board.setup.start_coins + (
        next(a.coins for a in board.adjustments if a.effect == "successor_extra_coins")
        if harder_coins
        else 0
    )
    p.shards = board.setup.start_shards
    p.fame = cat.setup.start_fame
    s.order = [1 - SEAT, SEAT]
    s.players[1 - SEAT].coins = cat.setup.start_coins_by_initiative[
        board.setup.human_initiative_slot - 1
    ]
    R.emit(ev, "initiative", "setup.11", order=list(s.order))
    solo.plan_deck = build_plan_deck(cat, rng, academy)
    R.emit(ev, "plan_deck", "setup.12", cards=len(solo.plan_deck))
    # The prep dice replace the two-player rule of closing the +1 slots (dice.1).
    for base in BOARD_SLOTS.values():
        for i in range(base, base + 4):
            if s.slots[i] == BLOCKED:
                s.slots[i] = -1
    if easier or harder_no_ability or harder_coins:
        R.emit(
            ev,
            "adjustments",
            "setup.13",
            easier=easier,
            harder_no_ability=harder_no_ability,
            harder_coins=harder_coins,
        )
    return solo
