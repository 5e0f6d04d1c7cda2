"""The Successor's setup ("ОБЩАЯ ПОДГОТОВКА" 1–2, "ПОДГОТОВКА ИЛЛЮЗИОНИСТОВ" 3–11, and the
changes for the game without the Academy).

What lies face down is dealt before play with the other decks (``initial_state``, through the
rules' deal hooks): the performance deck of solo cards (setup.1), the prophecy stack without the
removed tokens (setup.2) and the plan deck (setup.12). What the book has you pick at random in
view, once your own magician is chosen (it needs your school), is one chance step carrying the
picks (:class:`SuccessorSetup`, drawn by ``draw_picks``): its magician (setup.6), start trick
(setup.7) and specialists (setup.9). ``setup_successor`` then sets it up on seat ``SEAT``
without drawing. ``setup.*`` ids are the digest's.
"""

from __future__ import annotations

from engine.core.errors import IllegalAction, OptionsError
from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import change_at, put
from engine.games.trickerion.catalog import BOARD_SLOTS, Catalog
from engine.games.trickerion.solo import rules as R
from engine.games.trickerion.solo.actions import SuccessorSetup
from engine.games.trickerion.solo.downtown import single_basic
from engine.games.trickerion.solo.state import BLOCKED, SoloState
from engine.games.trickerion.state import Char, PerfCard, State, Trick

SEAT = 1  # the Successor's seat; you are seat 0 and start as first player (setup.10); initiative then follows fame as in 2 players


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


def deal_performances(cat: Catalog, rng: Rng) -> tuple[list[str], list[PerfCard]]:
    """``setup.1``: the performance deck (top first) and the face-up row from the solo cards."""
    sp = R.table_packs(cat).performances_pack
    deck: list[str] = []
    leftovers: dict[str, list[str]] = {}
    for theater, n in sp.deck.items():
        cards = rng.shuffled([c.id for c in sp.cards if c.theater == theater])
        deck.extend(cards[:n])
        leftovers[theater] = cards[n:]
    row = [
        R.new_perf_card(cat, cid) for cid in leftovers["riverside_theater"][: sp.active_at_start]
    ]
    return deck, row


def prophecy_pool(cat: Catalog) -> list[str]:
    """``setup.2``: the prophecy tokens left once the solo game's are out of the box."""
    gone = R.packs().removed_prophecies
    return [x for x in cat.prophecies if x not in gone]


def deal_plans(cat: Catalog, rng: Rng, academy: bool = False) -> list[str]:
    """``setup.12``, dealt before play (the Academy is not in the seeds)."""
    if academy:
        raise OptionsError("trickerion.solo.academy_not_in_seeds")
    return build_plan_deck(cat, rng, academy)


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


def draw_picks(
    cat: Catalog, s: State, difficulty: str, prophecies: bool, rng: Rng
) -> SuccessorSetup:
    """The Successor's public picks, drawn from ``rng``: a magician of another school than
    yours (setup.6), a start trick of its school (setup.7), its specialists (setup.9)."""
    human_school = s.players[1 - SEAT].school
    magician = rng.choice(magician_choices(cat, human_school, prophecies))
    trick = rng.choice(start_trick_choices(cat, s, cat.magicians[magician].school))
    n = R.packs().board.difficulty(difficulty).characters.specialist
    return SuccessorSetup(magician, trick, tuple(rng.shuffled(list(R.SPECIALISTS))[:n]))


def check_picks(
    cat: Catalog, s: State, difficulty: str, prophecies: bool, picks: SuccessorSetup
) -> None:
    """Refuse picks the Successor's setup cannot give, naming the rule they break."""
    human_school = s.players[1 - SEAT].school
    if picks.magician not in magician_choices(cat, human_school, prophecies):
        raise IllegalAction("trickerion.solo.draw.not_a_magician", magician=picks.magician)
    school = cat.magicians[picks.magician].school
    if picks.trick not in start_trick_choices(cat, s, school):
        raise IllegalAction("trickerion.solo.draw.not_a_start_trick", trick=picks.trick)
    n = R.packs().board.difficulty(difficulty).characters.specialist
    chosen = picks.specialists
    if len(chosen) != n or len(set(chosen)) != n or not set(chosen) <= set(R.SPECIALISTS):
        raise IllegalAction("trickerion.solo.draw.not_the_specialists", n=n)


def setup_successor(
    cat: Catalog,
    s: State,
    difficulty: str,
    picks: SuccessorSetup,
    plans: list[str],
    ev: list[Event],
    *,
    easier: bool = False,
    harder_no_ability: bool = False,
    harder_coins: bool = False,
) -> SoloState:
    """Set the Successor up on seat ``SEAT`` with its ``picks`` and dealt ``plans`` (the state's
    performance deck and prophecy stack already the solo game's); return its
    :class:`SoloState`. Draws nothing. (Never with the Academy: ``deal_plans`` refuses it.)"""
    board = R.packs().board
    level = board.difficulty(difficulty)
    solo = SoloState(
        seat=SEAT,
        difficulty=level.id,
        ignore_successor_ability=easier,
        ignore_human_ability=harder_no_ability,
    )
    R.emit(ev, "performances", "setup.1", row=[pc.id for pc in s.row])
    R.emit(ev, "prophecies_removed", "setup.2", prophecies=sorted(R.packs().removed_prophecies))
    change_at(s.players, SEAT, magician=picks.magician, school=cat.magicians[picks.magician].school)
    R.emit(ev, "magician", "setup.6", magician=picks.magician)
    start = picks.trick
    trick = Trick(start, 0, markers=R.printed_markers(cat, s, solo, start))
    solo.shopping = list(cat.tricks[start].components)
    R.emit(ev, "start_trick", "setup.7", trick=start, markers=trick.markers)
    R.emit(ev, "shopping", "setup.8", props=list(solo.shopping))
    chars = [Char("magician")]
    chars += [Char(kind) for kind in picks.specialists]
    chars += [Char("apprentice") for _ in range(level.characters.apprentice)]
    R.emit(ev, "characters", "setup.9", chars=[c.kind for c in chars])
    hand = dict(board.setup.assignment_deck)
    R.emit(ev, "assignment_deck", "setup.10", cards=dict(hand))
    extra = (
        next(a.coins for a in board.adjustments if a.effect == "successor_extra_coins")
        if harder_coins
        else 0
    )
    change_at(
        s.players,
        SEAT,
        tricks=(trick,),
        chars=tuple(chars),
        hand=hand,
        specials=(),
        coins=board.setup.start_coins + extra,
        shards=board.setup.start_shards,
        fame=cat.setup.start_fame,
    )
    s.order = (1 - SEAT, SEAT)
    coins = cat.setup.start_coins_by_initiative[board.setup.human_initiative_slot - 1]
    change_at(s.players, 1 - SEAT, coins=coins)
    R.emit(ev, "initiative", "setup.11", order=list(s.order))
    solo.plan_deck = list(plans)
    R.emit(ev, "plan_deck", "setup.12", cards=len(solo.plan_deck))
    # The prep dice replace the two-player rule of closing the +1 slots (dice.1).
    for base in BOARD_SLOTS.values():
        for i in range(base, base + 4):
            if s.slots[i] == BLOCKED:
                s.slots = put(s.slots, i, -1)
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
