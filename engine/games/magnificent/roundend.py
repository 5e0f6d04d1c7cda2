"""End of round (§13, R70-R75) and the hand-off to the end of the game (§14)."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.tuples import change_at, drop, put, with_key
from engine.games.magnificent import common, scoring, setup
from engine.games.magnificent import components as C
from engine.games.magnificent.common import ev
from engine.games.magnificent.rules import ROUNDS, Rules
from engine.games.magnificent.state import HeldCard, MagState, Turn


def start(r: Rules, s: MagState, events: list[Event]) -> None:
    ev(events, "round_end", round=s.round)
    for seat in common.turn_order(s):  # step 1: payment (R70-R71)
        pay(s, seat, events)
    for seat, p in enumerate(s.players):  # step 2: the lower hat of two goes back (R72)
        on = [h for h in p.hats if h >= 0]
        if len(on) == 2:
            low = p.hats.index(min(on))
            change_at(s.players, seat, hats=put(p.hats, low, -1))
    order = sorted(range(len(s.players)), key=lambda i: -max(s.players[i].hats))
    r.discard_before_fair(s, events)
    s.fair_order = tuple(order)
    s.phase = "fair"
    next_pick(r, s, events)


def pay(s: MagState, seat: int, events: list[Event]) -> None:
    p = s.players[seat]
    big, clear = common.owes(p)
    owed = big + clear
    paid = min(owed, p.coins)
    change_at(s.players, seat, coins=p.coins - paid)
    short = owed - paid
    ev(events, "pay", seat=seat, owed=owed, paid=paid)
    if short:
        common.vp(s, seat, -short * s.round, "short", events)  # R71: 1/2/3 VP per coin


def pairs(s: MagState) -> list[int]:
    return [i for i, pr in enumerate(s.fair) if pr[0] is not None or pr[1] is not None]


def next_pick(r: Rules, s: MagState, events: list[Event]) -> None:
    while s.fair_order:
        seat = s.fair_order[0]
        left = pairs(s)
        if not left:
            s.fair_order = s.fair_order[1:]
            continue
        if len(left) == 1:
            take_pair(r, s, seat, left[0], events)  # the last pair goes to the last player
            continue
        s.seat = seat
        return
    low_discard(r, s, events)
    start_scoring(r, s, events)


def take_pair(r: Rules, s: MagState, seat: int, index: int, events: list[Event]) -> None:
    p = s.players[seat]
    card, tile = s.fair[index]
    s.fair = put(s.fair, index, (None, None))
    if card is not None:
        p = change_at(s.players, seat, cards=(*p.cards, HeldCard(id=card)))
    if tile is not None and len(p.tiles) < r.boards[p.board].tile_slots:
        p = change_at(s.players, seat, tiles=(*p.tiles, tile))
    ev(events, "pair", seat=seat, card=card, tile=tile)
    s.fair_order = s.fair_order[1:]
    if len(s.players) == 2 and len(s.fair_order) == 1:
        # R73: a vacant space between the hats lets the higher player discard 1 pair first;
        # adjacent hats let the lower player choose 1 of the 2 and discard the other.
        hi, lo = max(p.hats), max(s.players[s.fair_order[0]].hats)
        if hi - lo > 1 and len(pairs(s)) >= 2:
            s.phase = "fair_discard"
            s.seat = seat
            return
    next_pick(r, s, events)


def discard_pair(r: Rules, s: MagState, seat: int, index: int, events: list[Event]) -> None:
    ev(events, "fair_discard", seat=seat, card=s.fair[index][0], tile=s.fair[index][1])
    s.fair = put(s.fair, index, (None, None))
    s.phase = "fair"
    next_pick(r, s, events)


def low_discard(r: Rules, s: MagState, events: list[Event]) -> None:
    """What nobody took is discarded (R73 adjacent hats)."""
    for i in pairs(s):
        ev(events, "fair_discard", seat=-1, card=s.fair[i][0], tile=s.fair[i][1])
        s.fair = put(s.fair, i, (None, None))


def start_scoring(r: Rules, s: MagState, events: list[Event]) -> None:
    s.phase = "score"
    s.score_order = tuple(common.turn_order(s))  # A14: turn order, no interaction
    s.seat = s.score_order[0]


def score(
    r: Rules, s: MagState, seat: int, card: int, artist: str, coins: int, events: list[Event]
) -> None:
    p = s.players[seat]
    held = p.cards[card]
    cond = r.cards[held.id].condition
    v = scoring.value(r, s, seat, cond, artist, coins)
    paid = coins if isinstance(cond, C.PayCoinsCond) else 0
    change_at(s.players, seat, coins=p.coins - paid, cards=drop(p.cards, card))
    ev(events, "score_card", seat=seat, card=held.id, vp=v)
    common.vp(s, seat, v, "card", events)
    s.score_order = s.score_order[1:]
    if s.score_order:
        s.seat = s.score_order[0]
        return
    if s.round >= ROUNDS:
        start_final(r, s, events)
        return
    prepare(r, s, events)


def choice_left(r: Rules, s: MagState, seat: int) -> int:
    """D2: the first held card still waiting for its end-of-game choice (C7 coins, C14 artist),
    or -1."""
    p = s.players[seat]
    for i, held in enumerate(p.cards):
        cond = r.cards[held.id].condition
        if type(cond) in C.CHOICE_CONDS and i not in p.settled:  # leaf classes: no isinstance
            return i
    return -1


def start_final(r: Rules, s: MagState, events: list[Event]) -> None:
    """§14 step a: the cards halved at the end score as at round end, so the artist of C14 and
    the coins of C7 are each player's choice, in turn order (A14), before the rest is counted."""
    s.score_order = tuple(seat for seat in common.turn_order(s) if choice_left(r, s, seat) >= 0)
    if s.score_order:
        s.phase = "final"
        s.seat = s.score_order[0]
        return
    scoring.end_game(r, s, events)
    s.phase = "over"
    ev(events, "game_over", scores=[q.vp for q in s.players])


def final_choice(
    r: Rules, s: MagState, seat: int, card: int, artist: str, coins: int, events: list[Event]
) -> None:
    p = s.players[seat]
    held = p.cards[card]
    v = scoring.value(r, s, seat, r.cards[held.id].condition, artist, coins, half=True)
    final = with_key(p.final, "cards", p.final.get("cards", 0) + v)
    change_at(s.players, seat, coins=p.coins - coins, settled=(*p.settled, card), final=final)
    ev(events, "final_choice", seat=seat, card=held.id, artist=artist, coins=coins, vp=v)
    common.vp(s, seat, v, "final_cards", events)
    if choice_left(r, s, seat) < 0:
        start_final(r, s, events)  # the next seat with a choice left, or the final count


def prepare(r: Rules, s: MagState, events: list[Event]) -> None:
    """R75: markers back, fair refilled (no tiles before round 3), hats slide down keeping
    their order, the hat on #1 is first player, all dice rerolled."""
    for seat, p in enumerate(s.players):
        change_at(
            s.players,
            seat,
            markers=p.markers + p.markers_tent,
            markers_tent=0,
            performs=0,
            turns=0,
            cards=tuple(HeldCard(id=c.id) for c in p.cards),
        )
    s.round += 1
    setup.fill_fair(r, s, tiles=s.round < ROUNDS)
    ev(events, "fair_refill", reveal=True, fair=[list(x) for x in s.fair])
    r.new_round(s)
    # (d) every die is gathered and thrown again: the throw is the next step, a chance step.
    s.seat = s.first
    s.turn_no = 0
    s.turn = Turn()
    s.tent_dice = ()
    s.throw = tuple(setup.dice_colours(r.dice))
    s.phase = "roll"


def dice_in(s: MagState, faces: tuple[int, ...], events: list[Event]) -> None:
    """The round's dice in the Main Tent as thrown (R6, R75 d)."""
    s.tent_dice = setup.new_dice(s, s.throw, faces)
    s.throw = ()
    ev(
        events,
        "round",
        round=s.round,
        first=s.first,
        dice=[[d.colour, d.face] for d in s.tent_dice],
    )


def rolled(r: Rules, s: MagState, faces: tuple[int, ...], events: list[Event]) -> None:
    """R75(d): the new round's dice thrown; the first player's turn."""
    dice_in(s, faces, events)
    s.phase = "turn"
