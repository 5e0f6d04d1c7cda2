"""The Magnificent's guide (engine/guides/magnificent.json, issue #34) plays round 1 to its end:
the figures its round-end notes tell the player are the engine's, counted from the events of the
guide's own script (R70 payment, R72-R73 the Main Display, R74 one Master Card scored), so a
rule, pack or seed change that alters them fails here rather than in front of a newcomer."""

from __future__ import annotations

from engine.core.events import Event
from engine.core.i18n import catalog, game_package
from engine.core.match import Match
from engine.games.magnificent import common
from engine.guides import human_seat, load


def played() -> tuple[Match, list[Event]]:
    guide = load("magnificent")
    match = Match.new("magnificent", guide.players, guide.options, guide.seed)
    for move in guide.script:
        while match.to_act().kind != "players":
            match.auto_step()
        match.act(move.seat, match.game.codec.action_from_builtins(move.action))
    while match.to_act().kind != "players":  # the next round's throw, before the closing note
        match.auto_step()
    return match, [e for events in match.events for e in events]


def of(events: list[Event], code: str, seat: int) -> list[dict]:
    return [e.params for e in events if e.code == f"mag.{code}" and e.params.get("seat") == seat]


def test_the_round_end_notes_tell_what_the_engine_paid():
    guide = load("magnificent")
    you = human_seat(guide)
    bot = 1 - you
    match, events = played()
    texts = catalog(game_package(type(match.game)))
    note = texts["ui.guide.magnificent.play_on"]["en"]
    bill = texts["ui.guide.magnificent.bill"]["en"]
    assert [e.code for e in events].count("mag.round_end") == 1 and match.state.round == 2

    (pay,) = of(events, "pay", you)
    assert pay["owed"] == pay["paid"] == 12  # R70: purple 5+4 and the clear 3
    assert "9 coins for your purple dice" in bill and "3 for the clear die" in bill
    assert f"{pay['paid']} of your 13 coins" in bill and f"{pay['paid']} coins" in note
    (bot_pay,) = of(events, "pay", bot)
    assert f"The bot owed {bot_pay['owed']}" in bill

    (pair,) = of(events, "pair", you)
    assert pair["tile"] == "t09_vp_per_poster"
    assert "+1 point per poster performed" in note  # the tile's own name in the catalogue
    (scored,) = of(events, "score_card", you)
    assert scored["card"] == pair["card"]  # the card just taken is the one scored (R74)
    assert f"{scored['vp']} ticket points for your gems card" in note
    (bot_scored,) = of(events, "score_card", bot)
    assert f"the bot scored one for {bot_scored['vp']}" in texts["ui.guide.magnificent.score"]["en"]

    players = match.state.players
    assert f"you lead {players[you].vp} to {players[bot].vp}" in note
    assert f"But {players[you].coins} coin is left" in note
    assert (
        match.state.first == bot
        and "so it plays first" in texts["ui.guide.magnificent.round_two"]["en"]
    )


def test_the_last_die_adds_nothing_to_the_bill():
    """The fourth turn's step says a green die leaves the bill as it is: the largest colour
    sum (R70) is the purples' with or without it."""
    guide = load("magnificent")
    you = human_seat(guide)
    match = Match.new("magnificent", guide.players, guide.options, guide.seed)
    last = next(
        i
        for i, m in reversed(list(enumerate(guide.script)))
        if m.seat == you and m.action["type"] == "take"
    )
    for move in guide.script[:last]:
        while match.to_act().kind != "players":
            match.auto_step()
        match.act(move.seat, match.game.codec.action_from_builtins(move.action))
    before = common.owes(match.state.players[you])
    match.act(you, match.game.codec.action_from_builtins(guide.script[last].action))
    assert match.state.players[you].cards[1].die.colour == "green"
    assert before == common.owes(match.state.players[you]) == (9, 3)
