"""Jobs matched to action points (``engine/games/trickerion/jobs.py``; docs/bots.md, "Issue #30,
session 19", "session 20" and "session 21"): the Magician's day by what its modifiers are worth,
no apprentice backstage without a set-up to make, and none Downtown on a slot short of Take
Coins' AP (the round's prophecy counted) once the other side has taken its slot."""

from __future__ import annotations

import pytest
from seated import Seated

from engine.core.copier import copy_state
from engine.core.tuples import change_at
from engine.games.trickerion import actions as A
from engine.games.trickerion import jobs
from engine.games.trickerion.common import change_char, change_trick

from .helpers import position, set_slot


def _stage(action: object) -> int:
    assert isinstance(action, A.PlaceCharacter) and action.location == "theater"
    assert action.slot % 3 == 2
    return action.slot // 3


def test_the_magician_skips_thursday_when_its_modifiers_cost_more_than_arriving_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match, bot = position("solo-10-step67-round2-place")
    s = match.state
    legal = match.legal(0)
    stages = [a for a in legal if isinstance(a, A.PlaceCharacter) and a.slot % 3 == 2]
    assert sorted(_stage(a) for a in stages if a.location == "theater") == [0, 2]
    # Thursday's -1 fame -1 coin on the markers a show can pay outweighs its +1 backstage AP.
    assert jobs.day_worth(match.game, s, 0, 0) < jobs.day_worth(match.game, s, 0, 2)
    assert _stage(bot.choose(match.game, s, 0, legal)) == 2
    # By arrival alone (the rule before), the earliest free day.
    monkeypatch.setattr(jobs, "day_worth", lambda *args: 0.0)
    assert _stage(bot.choose(match.game, s, 0, legal)) == 0


def test_an_apprentice_has_a_job_backstage_only_while_a_marker_waits_to_be_set_up(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    match, bot = position("solo-5-step82-round2-place")
    s = match.state
    place = bot.choose(match.game, s, 0, match.legal(0))
    assert place == A.PlaceCharacter(character=4, location="theater", slot=0)
    assert s.players[0].chars[4].kind == "apprentice"
    assert jobs.can_set_up(match.game, s, 0, place)
    # The same position with the prepared markers gone: nothing to set up, the apprentice idles.
    empty = copy_state(s)
    p = Seated(empty, 0)
    for t in list(p.tricks):
        change_trick(empty, 0, t, markers=0)
    assert not jobs.can_set_up(match.game, empty, 0, place)
    legal = match.game.legal_actions(empty, 0)
    assert bot.choose(match.game, empty, 0, legal) == A.MakeIdle(4)
    # Placed backstage whatever it finds there (the rule before).
    monkeypatch.setattr(jobs, "can_set_up", lambda *args: True)
    assert bot.choose(match.game, empty, 0, legal) == place


def test_an_apprentice_has_a_job_downtown_only_on_a_slot_that_reaches_3_ap() -> None:
    # Seed 5's round 2, before any assignment: the solo prep dice closed Downtown's +2 slot
    # (and its +0), leaving the two +1 slots; the seat holds no shard.
    match, _ = position("solo-5-step48-round2-assign")
    g, s = match.game, match.state
    assert s.phase == "assign" and s.round == 2 and s.players[0].shards == 0
    assert [s.slots[i] for i in range(4)] == [-2, -1, -1, -2]
    # 1 AP + 1 on a +1 slot: no Downtown action but Reroll and Set Die costs 2.
    assert not jobs.downtown_job(g, s, 0)
    shard = copy_state(s)
    change_at(shard.players, 0, shards=1)
    assert jobs.downtown_job(g, shard, 0)
    # The +2 slot open: the first body sent there reaches 3 AP, a second one gets a +1 slot.
    opened = copy_state(s)
    set_slot(opened, 0, -1)
    assert jobs.downtown_job(g, opened, 0)
    change_char(opened, 0, 0, card="downtown")
    assert not jobs.downtown_job(g, opened, 0)
    change_at(opened.players, 0, shards=1)
    assert jobs.downtown_job(g, opened, 0)


def test_a_second_downtown_apprentice_counts_on_the_slot_behind_the_other_sides_next_one() -> None:
    # Seed 5's round 2 with the +2 and one +1 slot open, a shard held: alone, the apprentice
    # has the +2. Behind the seat's first body (on the +2) and the Successor's (on the +1: it
    # places first where both sides have a character left to place, its book's contested
    # locations), nothing is left; a +0 slot gives it 2 AP, a second +1 slot 3.
    match, _ = position("solo-5-step48-round2-assign")
    g, s = match.game, copy_state(match.state)
    set_slot(s, 0, -1)
    set_slot(s, 2, -2)
    change_at(s.players, 0, shards=1)
    assert jobs.downtown_job(g, s, 0)
    change_char(s, 0, 0, card="downtown")
    assert not jobs.downtown_job(g, s, 0)
    # The +0 slot open too: the apprentice has it behind both.
    set_slot(s, 3, -1)
    assert not jobs.downtown_job(g, s, 0)
    set_slot(s, 2, -1)
    assert jobs.downtown_job(g, s, 0)


def test_a_prophecy_that_makes_take_coins_or_enhance_cheaper_gives_a_short_slot_a_job() -> None:
    # Seed 5's round 2 as above: only the +1 slots open, no shard, no prophecy active.
    match, _ = position("solo-5-step48-round2-assign")
    g, s = match.game, match.state
    assert not jobs.downtown_job(g, s, 0) and jobs.downtown_ap(g, s) == 3
    # Prophecy pr24: Take Coins costs 1 action point, so the apprentice's 2 AP take coins.
    cheap = copy_state(s)
    cheap.prophecy = "pr24"
    assert g.cat.prophecies["pr24"].effect == "cheap_take_coins"
    assert jobs.downtown_ap(g, cheap) == 1 and jobs.downtown_job(g, cheap, 0)
    # Prophecy pr12 (Learn Trick costs 1) does not: a learn is work only when the seat wants
    # the trick, Take Coins always is.
    cheap.prophecy = "pr12"
    assert g.cat.prophecies["pr12"].effect == "cheap_learn"
    assert jobs.downtown_ap(g, cheap) == 3 and not jobs.downtown_job(g, cheap, 0)
    # Prophecy pr08: Enhance Character gives 2 action points, so a shard lifts the +0 slot's
    # 1 AP to 3 where the plain Enhance leaves it at 2.
    low = copy_state(s)
    set_slot(low, 1, -2)
    set_slot(low, 2, -2)
    set_slot(low, 3, -1)
    change_at(low.players, 0, shards=1)
    assert not jobs.downtown_job(g, low, 0)
    low.prophecy = "pr08"
    assert g.cat.prophecies["pr08"].effect == "strong_enhance"
    assert jobs.downtown_job(g, low, 0)
