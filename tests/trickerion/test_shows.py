"""Greedy's shows (docs/bots.md, "Issue #30, session 23"): the Magician takes a stage, not a
backstage slot, while it has markers to perform; and a set-up, or Master of Chains' free
Reschedule before the shows, leaves the card the Successor performs first, so that the
Magician's stage still finds a card of its own."""

from __future__ import annotations

import pytest

from engine.games.trickerion import actions as A
from engine.games.trickerion import bots

from .helpers import position


def test_the_magician_takes_the_stage_over_a_backstage_slot_of_the_same_day(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 50024's round 4 as session 23's greedy reached it (a saved position: the greedy of
    # later rules plays another game): only Thursday is open, its -1 fame -1 coin on the markers
    # the show pays brings the stage down to the Magician's backstage score there (3 AP + 1).
    match, bot = position("solo-50024-round4-place")
    g, s = match.game, match.state
    legal = match.legal(0)
    magician = next(i for i, c in enumerate(s.players[0].chars) if c.kind == "magician")
    assert bots._markers_to_perform(s, 0)
    stages = [a for a in legal if isinstance(a, A.PlaceCharacter) and a.slot % 3 == 2]
    assert stages == [A.PlaceCharacter(magician, "theater", 2)]
    assert bot.choose(g, s, 0, legal) == stages[0]
    # Without the stage's lead the tie went to the backstage slot, and the round had no show.
    monkeypatch.setattr(bots, "STAGE", 0.0)
    assert bot.choose(g, s, 0, legal) == A.PlaceCharacter(magician, "theater", 0)


def _round_shows(match, bot) -> list[tuple[str, int]]:
    """The rest of the round played by greedy: who performed, or whose stage found no card."""
    out = []
    r = match.state.round
    while match.state.round == r:
        events = match.auto_step()
        if events is None:
            events = match.act(0, bot.choose(match.game, match.state, 0, match.legal(0)))
        out += [
            (e.code, e.params["seat"])
            for e in events
            if e.code in ("trickerion.performed", "trickerion.no_performance")
        ]
    return out


def test_a_set_up_leaves_the_card_the_successor_performs_before_the_bot(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 0's round 3: the Successor performs on Friday, the bot's Magician on Sunday, and
    # the Successor's card is the row's first, which holds a cell for the bot's one marker.
    match, bot = position("solo-0-step109-round3-place")
    g, s = match.game, match.state
    assert g.rules.automaton_takes(s, 0) == 0
    first = bot.choose(g, s, 0, match.legal(0))
    assert isinstance(first, A.SetUpTrick) and first.card != 0
    assert _round_shows(match, bot) == [
        ("trickerion.performed", 1),
        ("trickerion.performed", 0),
    ]
    # Counted as the Magician's show (the rule before), the marker went onto the Successor's
    # card, which it performed first: the bot's stage found no card of its own.
    match, bot = position("solo-0-step109-round3-place")
    monkeypatch.setattr(type(g.rules), "automaton_takes", lambda self, s, seat: -1)
    before = bot.choose(match.game, match.state, 0, match.legal(0))
    assert isinstance(before, A.SetUpTrick) and before.card == 0
    assert _round_shows(match, bot) == [
        ("trickerion.performed", 1),
        ("trickerion.no_performance", 0),
    ]


def test_break_free_moves_the_marker_off_the_card_the_successor_performs_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Seed 50074's round 5, before the shows (a saved position, as above): the bot's one marker
    # sits on the row's second card, which the Successor performs on Saturday; the bot's
    # Magician is on Sunday.
    match, bot = position("solo-50074-round5-shows")
    g, s = match.game, match.state
    assert s.phase == "perform" and g.rules.automaton_takes(s, 0) == 1
    move = bot.choose(g, s, 0, match.legal(0))
    assert isinstance(move, A.Reschedule) and (move.card, move.to_card) == (1, 0)
    assert _round_shows(match, bot) == [
        ("trickerion.performed", 1),
        ("trickerion.performed", 0),
    ]
    # Blind to the Successor's card (the rule before), the bot kept the marker there.
    match, bot = position("solo-50074-round5-shows")
    monkeypatch.setattr(type(g.rules), "automaton_takes", lambda self, s, seat: -1)
    assert bot.choose(match.game, match.state, 0, match.legal(0)) == A.Pass()
    assert _round_shows(match, bot) == [
        ("trickerion.performed", 1),
        ("trickerion.no_performance", 0),
    ]
