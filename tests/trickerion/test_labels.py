"""The side list speaks the board's vocabulary (issue #22 item 3): performance cards by their
theater and place in the row, slots by number and place on the card, a set-up by the slot its
symbol turns to and the links it makes, Advertise by its price; and what a label promises is
what the rules then do."""

from __future__ import annotations

import re
from typing import Any

import pytest

from engine.core.bots import make_bot
from engine.core.i18n import action_label
from engine.core.match import Match
from engine.core.presenter import presenter_of
from engine.games.trickerion import actions as A
from engine.games.trickerion.labels import cell_place
from engine.games.trickerion.terms import term_name

from .helpers import new_game

TECHNICAL = re.compile(
    r"facing|card \d|: yes|: no\b|карта \d|ячейка|: да|вверх\b|carte \d|vers (haut|bas)"
)


def _positions(players: int, seed: int, decisions: int = 900):
    """(game, state, seat, legal) along a seeded game of greedy bots."""
    g = new_game(players)
    m = Match(g, seed)
    bots = [make_bot(g, "greedy", seed * 10 + i) for i in range(players)]
    for _ in range(decisions):
        to = m.to_act()
        if to.kind == "terminal":
            return
        if m.auto_step(to) is not None:
            continue
        seat = to.seats[0]
        legal = m.legal(seat, to)
        yield g, m.state, seat, legal
        m.act(seat, bots[seat].choose(g, m.state, seat, legal))


def _labels(g, state, seat, action) -> dict[str, str]:
    terms = presenter_of(g).label_terms(state, action, seat)
    return {lang: action_label(g, action, lang, terms) for lang in ("en", "ru", "fr")}


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_set_up_labels_name_the_card_the_slot_and_the_links_the_rules_pay(seed: int) -> None:
    checked = linked = 0
    for g, state, seat, legal in _positions(2, seed):
        for a in legal:
            if not isinstance(a, A.SetUpTrick) or a.cell < 0:
                continue
            terms = presenter_of(g).label_terms(state, a, seat)
            labels = _labels(g, state, seat, a)
            pc = state.row[a.card]
            theater = {lang: term_name(g.cat, "performance", pc.id, lang) for lang in labels}
            for lang, text in labels.items():
                assert f"{theater[lang]} ({a.card + 1})" in text, text
                assert not TECHNICAL.search(text), text
            place = term_name(g.cat, "cell_pos", cell_place(g.cat.cards[pc.id], a.cell), "en")
            assert f"slot {a.cell + 1} ({place})" in labels["en"]
            assert f"toward slot {terms['toward'] + 1}" in labels["en"]
            # the rules pay what the label says
            _, events = g.apply(state, seat, a)
            links = sum(e.params["links"] for e in events if e.code == "trickerion.links_created")
            shards = sum(
                1
                for e in events
                if e.code == "trickerion.gain"
                and e.params["why"] == "shard_link"
                and e.params["seat"] == seat
            )
            assert (links, shards) == (terms["links"], terms["shards"]), (labels["en"], events)
            if links:
                linked += 1
                value = terms["value"]
                assert f"{value} fame or {value} coin" in labels["en"], labels["en"]
            else:
                assert labels["en"].endswith("no link"), labels["en"]
            checked += 1
    assert checked > 20 and linked > 0, (checked, linked)


def test_advertise_names_its_price_and_the_rules_charge_it() -> None:
    seen = 0
    for g, state, seat, legal in _positions(2, 4, 200):
        for a in legal:
            if not isinstance(a, A.Advertise):
                continue
            labels = _labels(g, state, seat, a)
            if not a.advertise:
                assert labels == {
                    "en": "Don't advertise",
                    "ru": "Не давать рекламу",
                    "fr": "Pas de Publicité",
                }
                continue
            _, events = g.apply(state, seat, a)
            paid = next(e.params for e in events if e.code == "trickerion.advertised")
            coins = "coin" if paid["coins"] == 1 else "coins"
            assert labels["en"] == f"Advertise: pay {paid['coins']} {coins} for {paid['fame']} fame"
            assert f"заплатить {paid['coins']} монет" in labels["ru"], labels["ru"]
            seen += 1
    assert seen >= 2


def test_a_buy_names_its_price_and_the_rules_charge_it() -> None:
    """The side list's Buy said "Buy wood (bargain 0)": no price, and its cost in action points
    (one more per bargain) nowhere; a special way of buying looked like a plain Buy."""
    seen: set[str] = set()
    for seed in (1, 2, 3):
        for g, state, seat, legal in _positions(2, seed, 400):
            for a in legal:
                if not isinstance(a, A.Buy):
                    continue
                labels = _labels(g, state, seat, a)
                after, events = g.apply(state, seat, a)
                bought = next(e.params for e in events if e.code == "trickerion.bought")
                spent = state.act.ap - (after.act.ap if after.act is not None else 0)
                coins = "coin" if bought["coins"] == 1 else "coins"
                points = "action point" if spent == 1 else "action points"
                if not a.mode:
                    assert f": {bought['coins']} {coins}, {spent} {points}" in labels["en"], labels
                    assert "монет" in labels["ru"] and "Pièce" in labels["fr"], labels
                else:
                    assert labels["en"].endswith(term_name(g.cat, "reason", _VIA[a.mode], "en"))
                assert "bargain 0" not in labels["en"] and "{" not in "".join(labels.values())
                seen.add(a.mode or ("bargain" if a.bargain else "plain"))
    assert {"plain", "bargain"} <= seen


_VIA = {
    "smuggle": "smuggled_goods",
    "barter": "barter_with_power",
    "shoplift": "shoplifting",
    "delivery": "workshop_delivery",
}


def _reached(tags: set[str], seeds: range) -> dict[str, list[tuple[Any, ...]]]:
    found: dict[str, list[tuple[Any, ...]]] = {}
    for seed in seeds:
        for g, state, seat, legal in _positions(3, seed):
            for a in legal:
                tag = type(a).__struct_config__.tag
                if tag in tags and len(found.setdefault(tag, [])) < 5:
                    found[tag].append((g, state, seat, a))
        if all(len(found.get(t, [])) >= 5 for t in tags):
            break
    return found


def test_reschedule_and_perform_name_cards_and_slots_as_the_board() -> None:
    found = _reached({"reschedule", "perform"}, range(1, 4))
    assert found.get("reschedule") and found.get("perform"), sorted(found)
    for g, state, seat, a in found["reschedule"] + found["perform"]:
        labels = _labels(g, state, seat, a)
        name = term_name(g.cat, "performance", state.row[a.card].id, "ru")
        assert f"{name} ({a.card + 1})" in labels["ru"], labels["ru"]
        for text in labels.values():
            assert not TECHNICAL.search(text), text
        if isinstance(a, A.Reschedule):
            trick = term_name(
                g.cat, "trick", presenter_of(g).label_terms(state, a, seat)["trick"], "en"
            )
            assert labels["en"].startswith(f"Reschedule {trick}: "), labels["en"]
            assert re.search(r"slot \d \((top|middle|bottom|left|right)", labels["en"])


def test_without_a_position_labels_keep_their_numbers() -> None:
    """The log's options and a saved step's label read no position: the numbers stay."""
    g = new_game(2)
    label = action_label(g, A.SetUpTrick("t37_linking_rings", 0, 1, "down"), "en")
    assert label == "Set Up Linking Rings: card 1, slot 2, facing down"
    assert action_label(g, A.Advertise(True), "ru") == "Дать рекламу"
    assert action_label(g, A.Perform(1), "fr") == "Jouer la carte 2"


def test_a_special_assignment_says_what_it_does() -> None:
    """Giving a character a special assignment card: the side list's label carries the card's
    effect in the player's language (it named the card only, "Give your Apprentice the card
    Invention", while the board's choice already said what it does); a permanent card (a
    location) has no effect to name. The effect does not depend on the position: the log's
    and a saved step's labels carry it too."""
    specials: list[tuple[Any, ...]] = []
    permanent: list[tuple[Any, ...]] = []
    for g, state, seat, legal in _positions(2, 1):
        for a in legal:
            if isinstance(a, A.Assign):
                (specials if a.card in g.cat.specials else permanent).append((g, state, seat, a))
        if len(specials) >= 8 and len(permanent) >= 8:
            break
    assert len(specials) >= 8 and len(permanent) >= 8, (len(specials), len(permanent))
    for g, state, seat, a in specials:
        text = g.cat.specials[a.card].text
        name = {lang: term_name(g.cat, "card", a.card, lang) for lang in ("en", "ru", "fr")}
        for labels in (_labels(g, state, seat, a), {k: action_label(g, a, k) for k in name}):
            assert labels["en"].endswith(f"the card {name['en']}: {text.en}"), labels["en"]
            assert labels["fr"].endswith(f"la carte {name['fr']} : {text.fr}"), labels["fr"]
            ru = f"«{name['ru']}» — {text.ru[0].lower()}{text.ru[1:]}"
            assert labels["ru"].endswith(ru), labels["ru"]
    for g, state, seat, a in permanent:
        labels = _labels(g, state, seat, a)
        place = {lang: term_name(g.cat, "card", a.card, lang) for lang in labels}
        assert labels["en"].endswith(f"the card {place['en']}"), labels["en"]
        assert labels["fr"].endswith(f"la carte {place['fr']}"), labels["fr"]
        assert labels["ru"].endswith(f"«{place['ru']}»"), labels["ru"]
