"""General and player setup (R5-R19) and the setup decisions; a variant changes them through
the hooks of its ``Rules``."""

from __future__ import annotations

from functools import partial

from engine.core import chance
from engine.core.errors import IllegalAction
from engine.core.events import Event
from engine.core.rng import Rng
from engine.core.tuples import change_at, pop, without
from engine.games.magnificent import common
from engine.games.magnificent import components as C
from engine.games.magnificent.common import ev
from engine.games.magnificent.rules import START, Rules
from engine.games.magnificent.state import (
    Die,
    HeldCard,
    MagState,
    PendingTent,
    Player,
    Turn,
)

NUMERALS = ("I", "II", "III", "IV")


def throw(rng: Rng, count: int) -> tuple[int, ...]:
    """One face per die (``Game.chance_action`` throws on a copy of the state's RNG; the Roll
    step advances the state's own by the same draws)."""
    return tuple(rng.between(1, 6) for _ in range(count))


def take_throw(s: MagState, faces: tuple[int, ...]) -> None:
    """A Roll step's faces checked against the dice waiting (a test or a physical table may
    force a throw), and the state's RNG moved on as if it had thrown, so the game deals on as
    the seed would (the deal's throw: the deal drew it already)."""
    if len(faces) != len(s.throw) or any(not 1 <= f <= 6 for f in faces):
        raise IllegalAction("mag.refuse.not_the_dice", faces=list(faces), dice=len(s.throw))
    if not s.dealt:
        chance.take(s.rng, partial(throw, count=len(faces)))


def new_dice(s: MagState, colours: tuple[str, ...], faces: tuple[int, ...]) -> tuple[Die, ...]:
    dice = tuple(
        Die(id=s.next_die + i, colour=c, face=f) for i, (c, f) in enumerate(zip(colours, faces))
    )
    s.next_die += len(dice)
    return dice


def dice_colours(counts: tuple[int, ...]) -> list[str]:
    return [g for g, n in zip(C.GEMS, counts) for _ in range(n)]


def fill_fair(r: Rules, s: MagState, tiles: bool) -> None:
    """R7 / R75b: the top pairs (``Rules.fair_pairs``: 3 with 2-3 players, 4 with 4 or one); no tiles before
    round 3."""
    fair: list[tuple[str | None, str | None]] = [(None, None)] * 4
    for i in range(r.fair_pairs):
        card = tile = None
        if s.master_deck:
            s.master_deck, (card,) = pop(s.master_deck)
        if tiles and s.tile_stack:
            s.tile_stack, (tile,) = pop(s.tile_stack)
        fair[i] = (card, tile)
    s.fair = tuple(fair)


def initial_state(r: Rules, seed: int) -> MagState:
    pack = r.pack
    rng = Rng.from_seed(seed)
    n = r.players
    first = r.first_seat(rng)
    numbered = [m.id for m in pack.master_cards if m.numeral is not None]
    others = [m.id for m in pack.master_cards if m.numeral is None]
    deck = rng.shuffled(r.master_pool(others, numbered))
    tiles = rng.shuffled([t.id for t in pack.assistant_tiles])
    posters = rng.shuffled([p.id for p in pack.posters if not p.starting])
    starting = rng.shuffled([p.id for p in pack.posters if p.starting])
    tents = rng.shuffled([t.id for t in pack.tents])
    track_tents: list[list[str | None]] = []
    for t in pack.travel.tracks:
        track_tents.append([tents.pop() if sp.kind == "tent" else None for sp in t.spaces])
    poster_deck, new_posters = pop(tuple(posters), 4)
    s = MagState(
        rng=rng,
        phase="turn",
        round=1,
        first=first,
        seat=first,
        turn_no=0,
        players=[],
        tent_dice=(),
        dice_supply=r.dice_supply(),
        next_die=0,
        master_deck=tuple(deck),
        tile_stack=tuple(tiles),
        poster_deck=poster_deck,
        poster_discard=(),
        new_posters=tuple(new_posters),
        fair=(),
        wagons=tuple(t.start for t in pack.travel.tracks),
        track_tents=tuple(tuple(row) for row in track_tents),
        box_tent=tents.pop() if tents else None,
        dummy_hats=r.dummy_hats(),
        supply={f.id: f.supply for f in pack.fragments},
        pending=[],
        turn=Turn(),
    )
    # R6: the first round's dice are thrown between the deal's shuffles; the game's first step
    # (a Roll) shows the faces the deal threw.
    s.throw = tuple(dice_colours(r.dice))
    s.dealt = throw(rng, len(s.throw))
    fill_fair(r, s, tiles=True)
    boards = rng.shuffled(list(NUMERALS))[:n]
    for seat in range(n):
        numeral = boards[seat]
        board = next(b.id for b in pack.boards if b.numeral == numeral and b.side == "A")
        pos = (seat - first) % n  # R14: first player on #1, then clockwise upwards
        held = (
            tuple(HeldCard(id=m.id) for m in pack.master_cards if m.numeral == numeral)
            if r.deals_numbered()
            else ()
        )
        s.players.append(
            Player(
                board=board,
                cards=held,
                tiles=(),
                camp=bytes(r.geo(board).n),
                built=(),
                tents=(START,) + (None,) * (r.boards[board].tent_slots - 1),
                # R16: the first poster slot, over the starting tent, takes a starting poster
                posters=(starting.pop(),) + (None,) * (r.boards[board].poster_slots - 1),
                rewarded=(),
                gems=dict.fromkeys(C.GEMS, 0),
                coins=0,
                vp=0,
                markers=0,
                markers_tent=0,
                markers_out=0,
                hats=(pos, -1),
            )
        )
    unused = r.numbered_left(numbered, set(boards))
    if unused is not None:
        s.master_deck = tuple(rng.shuffled(s.master_deck + unused))
    return s


def start_resources(r: Rules, s: MagState, seat: int, events: list[Event]) -> None:
    """R16 (side A) / R18 (side B): printed starting resources; II-B takes the boxed tent."""
    p = s.players[seat]
    st = r.boards[p.board].starting
    gems = dict(p.gems)
    for g, k in st.gems.items():
        gems[g] = k
    coins = st.coins
    n = len(s.players)
    if n > 1:
        last = (s.first + n - 1) % n
        if seat == s.first:
            coins -= 1
        if seat == last:
            coins += 1
    change_at(s.players, seat, gems=gems, coins=coins)
    common.markers(s, seat, st.markers, [])
    ev(events, "start", seat=seat, board=p.board, coins=coins)
    for _ in range(st.tents):
        if s.box_tent is not None:
            s.pending.append(PendingTent(source="setup", tent=s.box_tent))
            s.box_tent = None
    common.posters(s, st.posters, "setup")


def begin(r: Rules, s: MagState, events: list[Event]) -> None:
    """After initial_state: the first setup decision (or the starting resources at once)."""
    if r.advanced:
        s.phase = "side"
        s.seat = s.first
        return
    for seat in range(len(s.players)):
        start_resources(r, s, seat, events)
    after_sides(r, s, events)


def after_sides(r: Rules, s: MagState, events: list[Event]) -> None:
    if r.offer(s):
        return
    if r.advanced:
        s.phase = "draft"
        for seat in range(len(s.players)):
            s.master_deck, hand = pop(s.master_deck, 5)
            change_at(s.players, seat, draft=tuple(hand))
    else:
        tiles_phase(r, s)


def tiles_phase(r: Rules, s: MagState) -> None:
    """R17: reveal tiles (``Rules.tiles_revealed``); pick from the first player's right,
    counter-clockwise, first player last."""
    n = len(s.players)
    count = r.tiles_revealed
    s.tile_stack, revealed = pop(s.tile_stack, min(count, len(s.tile_stack)))
    s.reveal = tuple(revealed)
    s.phase = "tiles"
    s.seat = (s.first - 1) % n


def choose_side(r: Rules, s: MagState, seat: int, side: str, events: list[Event]) -> None:
    numeral = r.boards[s.players[seat].board].numeral
    board = next(b.id for b in r.pack.boards if b.numeral == numeral and b.side == side)
    change_at(s.players, seat, board=board, side_chosen=True)
    ev(events, "side", seat=seat, board=board)
    start_resources(r, s, seat, events)


def next_side(r: Rules, s: MagState, events: list[Event]) -> None:
    n = len(s.players)
    nxt = [(s.first + i) % n for i in range(n) if not s.players[(s.first + i) % n].side_chosen]
    if nxt:
        s.seat = nxt[0]
    else:
        after_sides(r, s, events)


def draft_keep(r: Rules, s: MagState, seat: int, card: str, events: list[Event]) -> None:
    change_at(s.players, seat, kept=card)
    if any(not q.kept for q in s.players):
        return
    # Everyone chose: reveal, then pass the rest to the left (R19).
    hands = [without(q.draft, q.kept) for q in s.players]
    n = len(s.players)
    for i, q in enumerate(s.players):
        ev(events, "draft_keep", seat=i, card=q.kept)
        cards = (*q.cards, HeldCard(id=q.kept))
        change_at(s.players, i, cards=cards, draft=hands[(i - 1) % n], kept="")
    if len(s.players[0].cards) == 4:
        for i, q in enumerate(s.players):
            s.master_deck += q.draft
            change_at(s.players, i, draft=())
        s.master_deck = tuple(s.rng.shuffled(s.master_deck))
        tiles_phase(r, s)


def pick_tile(r: Rules, s: MagState, seat: int, tile: str, events: list[Event]) -> None:
    change_at(s.players, seat, tiles=(*s.players[seat].tiles, tile))
    s.reveal = without(s.reveal, tile)
    ev(events, "tile", seat=seat, tile=tile)
    n = len(s.players)
    if seat == s.first:
        # R17: the unpicked tiles go back into the stack.
        s.tile_stack = tuple(s.rng.shuffled(s.tile_stack + s.reveal))
        s.reveal = ()
        s.phase = "turn"
        s.seat = s.first
        s.turn = Turn()
    else:
        s.seat = (seat - 1) % n
