"""Dark Alley ("КРИВАЯ УЛОЧКА"): Draw Assignment Cards (first draw 1 AP once per placement,
further draws 2 AP), keeping one card and putting the other under its deck; hidden draws;
Fortune Telling."""

import pytest

from engine.core.errors import IllegalAction
from engine.games.trickerion import actions as A

from .helpers import placing, started


def alley(ap):
    g, s = started(3, seed=81)
    return g, placing(g, s, 0, 0, "dark_alley", ap)


def test_draw_first_then_further_cards():
    g, s = alley(3)
    deck = list(s.decks["theater"])
    s, ev = g.apply(s, 0, A.DrawCards("theater"))
    assert s.act.ap == 2 and s.act.drew
    drawn = [g.cat.special_ids[i] for i in deck[:2]]
    assert s.pending[0].kind == "keep_card" and s.pending[0].cards == tuple(drawn)
    assert any(e.to == 0 and e.params.get("cards") == drawn for e in ev)
    assert not any(e.to is None and "cards" in e.params for e in ev)
    assert g.view(s, 1)["pending"][0]["cards"] == ["face_down", "face_down"]
    assert g.legal_actions(s, 0) == [A.KeepCard(drawn[0]), A.KeepCard(drawn[1])]
    s, _ = g.apply(s, 0, A.KeepCard(drawn[1]))
    assert s.players[0].specials[-1] == drawn[1]
    assert g.cat.special_ids[s.decks["theater"][-1]] == drawn[0]
    assert len(s.decks["theater"]) == len(deck) - 1
    # A further draw costs 2 AP.
    assert A.DrawCards("downtown") in g.legal_actions(s, 0)
    s, _ = g.apply(s, 0, A.DrawCards("downtown"))
    assert s.act.ap == 0


def test_further_draw_needs_two_ap():
    g, s = alley(2)
    s, _ = g.apply(s, 0, A.DrawCards("workshop"))
    s, _ = g.apply(s, 0, A.KeepCard(s.pending[0].cards[0]))
    assert s.act.ap == 1
    assert not [a for a in g.legal_actions(s, 0) if isinstance(a, A.DrawCards)]
    with pytest.raises(IllegalAction) as err:
        g.apply(s, 0, A.DrawCards("workshop"))
    assert err.value.code == "trickerion.ap.not_enough"


def test_last_card_of_a_deck_is_kept():
    g, s = alley(3)
    s.decks = {**s.decks, "market_row": s.decks["market_row"][:1]}
    s, _ = g.apply(s, 0, A.DrawCards("market_row"))
    assert len(s.pending[0].cards) == 1
    s, _ = g.apply(s, 0, A.KeepCard(s.pending[0].cards[0]))
    assert s.decks["market_row"] == ()
    assert A.DrawCards("market_row") not in g.legal_actions(s, 0)


def test_fortune_telling_may_be_repeated():
    """Neither edition limits "ПРЕДСКАЗАТЬ БУДУЩЕЕ" to once per placement."""
    g, s = alley(3)
    first = s.pending_prophecies
    for _ in range(3):
        s, _ = g.apply(s, 0, A.FortuneTelling())
    assert s.pending_prophecies == first and s.act.ap == 0


def test_no_dark_alley_location_without_the_module():
    g, s = started(3, seed=81, dark_alley=False)
    assert all(v == 0 for v in [s.players[0].hand.get("dark_alley", 0)])
    assert s.decks == {}
