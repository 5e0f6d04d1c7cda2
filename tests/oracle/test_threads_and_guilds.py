"""Threads of Fate (seed «Нити судьбы (стоимость варьируется)») and the guild area (seed
«Область Гильдий»)."""

from __future__ import annotations

from engine.core import CHANCE
from engine.games.oracle import actions as A
from engine.games.oracle.state import PendingMarket, PendingX

from .helpers import L, R, act, codes, refused, started

#                 d4_a d4_b coin bone doll
COIN_WITH_ALL = (L, L, L, L, L)  # not a legal setup throw: built below by moving a rune


def test_needs_the_coin_with_another_rune():
    """«нужно, чтобы монета лежала вместе с другой руной в одной половине»."""
    g, s = started(halves=(L, L, R, L, L))  # coin alone on the right
    assert not any(isinstance(a, A.ThreadsOfFate) for a in g.legal_actions(s, 0))
    assert refused(g, s, A.ThreadsOfFate("die")) == "oracle.threads.partner_not_with_coin"


def test_partner_rune_decides_the_effect_and_it_costs_one_hour():
    """The partner rune decides: two ±1 circles, two move circles, or an X (sheet pack)."""
    g, s = started(halves=(L, R, L, L, L))  # coin with d4_a, bone and doll
    effects = g.rules.sheet.threads_of_fate.partner_effects
    offered = {a.partner for a in g.legal_actions(s, 0) if isinstance(a, A.ThreadsOfFate)}
    assert offered == {"die", "bone", "doll"}
    for partner in ("die", "bone", "doll"):
        s2, ev = act(g, s, A.ThreadsOfFate(partner))
        assert ev[0].params == {"action": "threads_of_fate", "hours": 1}
        effect = effects[partner]
        if effect == "x":
            assert s2.pending == [PendingX(source="threads_of_fate")]
        else:
            kind = "move" if effect == "fill_move" else "plus_minus"
            assert s2.circles[kind].filled == 1 + 2
            assert codes(ev).count("oracle.threads.circle_filled") == 2


def test_skull_also_takes_a_corruption_card():
    """«если монета выпала черепом вверх, то вы также берете 1 карту Порчи»."""
    g, s = started(halves=(L, R, L, L, L), coin="skull")
    s, ev = act(g, s, A.ThreadsOfFate("bone"))
    assert s.corruption == 1 and ev[1].params == {"reason": "skull"}
    g, s = started(halves=(L, R, L, L, L), coin="tree")
    s, _ = act(g, s, A.ThreadsOfFate("bone"))
    assert s.corruption == 0


def test_x_goes_to_any_horoscope_row_or_the_guild_area():
    """«Немедленно нарисуйте «X» либо в любой строке гороскопа, либо в области Гильдий»."""
    g, s = started(halves=(L, R, R, L, L))  # coin with d4_b only
    s, _ = act(g, s, A.ThreadsOfFate("die"))
    legal = g.legal_actions(s, 0)
    rows = [r.id for r in g.rules.rows]
    assert legal == [A.MarkHoroscope(r) for r in rows] + [
        A.MarkGuild(gid, "x") for gid in g.rules.guild_ids
    ]
    s1, ev = act(g, s, A.MarkHoroscope(rows[0]))
    assert s1.horoscope[rows[0]] == ["X"]
    s2, ev = act(g, s, A.MarkGuild("blue", "x"))
    assert s2.guilds["blue"] == ["x"] and s2.funding_once == 1
    assert "oracle.guild.funding_now" in codes(ev)
    assert refused(g, s, A.MarkGuild("blue", "market")) == "oracle.reward.not_offered"


def test_circles_beyond_the_printed_ones_are_lost():
    g, s = started(halves=(L, R, L, L, L))
    kind_of = {"fill_move": "move", "fill_plus_minus": "plus_minus"}
    partner, effect = next(
        (p, e) for p, e in g.rules.sheet.threads_of_fate.partner_effects.items() if e != "x"
    )
    kind = kind_of[effect]
    s.circles[kind].filled = g.rules.circle_count[kind] - 1
    s, ev = act(g, s, A.ThreadsOfFate(partner))
    assert s.circles[kind].filled == g.rules.circle_count[kind]
    assert "oracle.threads.no_empty_circle" in codes(ev)


def test_guild_area_has_two_funding_symbols_per_guild():
    """«Область Гильдий содержит 2 символа финансирования для каждой Гильдии»."""
    g, s = started()
    assert all(n == 2 for n in g.rules.guild_symbols.values())
    s.guilds["red"] = ["x", "market"]
    s.pending.append(PendingX(source="test"))
    assert A.MarkGuild("red", "x") not in g.legal_actions(s, 0)
    assert refused(g, s, A.MarkGuild("red", "x")) == "oracle.guild.symbols_full"


def test_market_symbols_fund_at_every_market_phase():
    """«За каждый нарисованный символ рынка вы получите финансирование … в фазу Рынка»."""
    g, s = started("companion")
    s.pending.append(PendingMarket(source="test"))
    s, ev = act(g, s, A.MarkGuild("green", "market"))
    assert "oracle.guild.market_symbol" in codes(ev)
    s, _ = act(g, s, A.Pass())
    for _ in range(2):
        s, ev = act(g, s, A.MarketPhase())
        assert ev[-1].code == "oracle.guild.market_funding" and ev[-1].params["guilds"] == ["green"]
    assert s.funding_market == 2 and s.market_phases == 2


def test_practice_day_end_is_a_market_phase():
    g, s = started("practice")
    s.guilds["yellow"] = ["market"]
    s.hours_today = g.rules.practice.hours_per_day - 1
    s, ev = act(g, s, A.Pass())
    while g.to_act(s).kind == "chance" and s.phase == "draw":
        s, e = g.apply(s, CHANCE, g.chance_action(s))
        ev += e
    assert "oracle.guild.market_funding" in codes(ev) and s.funding_market == 1 and s.day == 2
