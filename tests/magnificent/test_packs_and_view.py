"""The component pack (replaceable by a box owner), the message catalogue, and hidden
information in the view."""

from __future__ import annotations

import json
import re
from importlib import resources
from pathlib import Path

import pytest

from engine.core.errors import IllegalAction
from engine.core.i18n import render
from engine.core.packs import PackError, check_file
from engine.core.presenter import presenter_of
from engine.core.tuples import change_at
from engine.games.magnificent import Magnificent
from engine.games.magnificent import actions as A
from engine.games.magnificent import components as C
from tests.magnificent.helpers import act, cards, plain_cards, put_die, ready

PACKAGE = Path(__file__).parents[2] / "engine" / "games" / "magnificent"


def shipped() -> dict:
    return json.loads(C.shipped_bytes())


def test_shipped_pack_is_provisional_and_says_what():
    pack, sha = C.parse(C.shipped_bytes())
    assert pack.provisional and "master_cards" in pack.provisional_parts
    assert Magnificent(2).pack_fingerprint() == {C.PACK_ID: sha}
    assert check_file(C.shipped_bytes())[1] == sha


def test_artists_have_provisional_names_in_three_languages():
    """The ids stay neutral; the shown names are the pack's, marked provisional with it."""
    pack, _ = C.parse(C.shipped_bytes())
    assert any(part.startswith("artists and artist_names") for part in pack.provisional_parts)
    g = Magnificent(2)
    for a in pack.artists:
        for lang in ("en", "ru", "fr"):
            assert presenter_of(g).term_name("artist", a, lang) == pack.artist_names[a][lang] != a
    assert presenter_of(g).term_name("artist", "larissa", "ru") == "Лариса"


def test_master_cards_read_as_their_bonus_and_condition_not_their_id():
    """The cards have no names in our data: labels and the log show what is printed on them."""
    g = Magnificent(2)
    card = next(m for m in g.rules.pack.master_cards if m.bonus.__struct_config__.tag == "coins")
    for lang, coin in (("en", "coin"), ("ru", "монет"), ("fr", "pièce")):
        name = presenter_of(g).term_name("card", card.id, lang)
        assert card.id not in name and coin in name and "ui.mgn" not in name
    for m in g.rules.pack.master_cards:
        assert "ui.mgn" not in presenter_of(g).term_name("card", m.id, "ru")


def test_artist_names_must_name_known_artists_in_every_language():
    data = shipped()
    data["artist_names"]["nobody"] = {"en": "N", "ru": "Н", "fr": "N"}
    del data["artist_names"]["kimora"]["fr"]
    with pytest.raises(PackError) as info:
        check_file(json.dumps(data).encode())
    paths = [p for p, _ in info.value.errors]
    assert "$.artist_names.nobody" in paths and "$.artist_names.kimora" in paths
    data = shipped()
    del data["artist_names"]  # an older pack without names still loads (the ids are shown)
    g = Magnificent(2, packs={C.PACK_ID: json.dumps(data).encode()})
    assert presenter_of(g).term_name("artist", "kimora", "en") == "kimora"


def test_user_pack_with_one_changed_master_card_changes_play():
    """A box owner's pack where the first numbered card's bonus gives 7 coins, not 1."""
    data = shipped()
    i = next(i for i, m in enumerate(data["master_cards"]) if m["bonus"]["kind"] == "coins")
    card = data["master_cards"][i]["id"]
    data["master_cards"][i]["bonus"] = {"kind": "coins", "n": 7}
    raw = json.dumps(data).encode()
    results = {}
    for name, packs in (("shipped", None), ("user", {C.PACK_ID: raw})):
        g = Magnificent(2, packs=packs)
        _, s = ready(2)
        change_at(s.players, s.seat, cards=())
        cards(s, s.seat, [card, *plain_cards(g, 4, exclude=(card,))[:3]])
        d = put_die(s, "orange", 2)
        s, _ = act(g, s, A.TakeDie(d, 0))
        coins = s.players[s.seat].coins
        s, _ = act(g, s, A.CardBonus(0))
        results[name] = s.players[s.seat].coins - coins
        if packs:
            assert g.pack_fingerprint()[C.PACK_ID] != Magnificent(2).pack_fingerprint()[C.PACK_ID]
    assert results == {"shipped": 1, "user": 7}


def test_malformed_pack_refused_with_path_and_reason():
    data = shipped()
    data["tents"][3]["vp"] = "five"
    with pytest.raises(PackError) as info:
        Magnificent(2, packs={C.PACK_ID: json.dumps(data).encode()})
    assert info.value.params["path"] == "$.tents[3].vp"
    assert "int" in info.value.params["reason"]
    assert "$.tents[3].vp" in render(info.value.code, info.value.params, "ru")


def test_inconsistent_pack_lists_every_error():
    data = shipped()
    data["posters"][7]["artist"] = "nobody"
    data["master_cards"][20]["id"] = data["master_cards"][21]["id"]
    data["fragments"][0]["cells"] = data["fragments"][0]["cells"][:3]
    with pytest.raises(PackError) as info:
        check_file(json.dumps(data).encode())
    paths = [p for p, _ in info.value.errors]
    assert "$.master_cards[21].id" in paths
    data["master_cards"][20]["id"] = "m21"
    data["master_cards"][21]["id"] = "m22"
    with pytest.raises(PackError) as info:
        check_file(json.dumps(data).encode())
    paths = [p for p, _ in info.value.errors]
    assert "$.posters[7].artist" in paths and "$.fragments[0].cells" in paths


def test_unknown_field_and_foreign_pack_refused():
    data = shipped()
    data["tents"][0]["colour"] = "red"
    with pytest.raises(PackError) as info:
        Magnificent(2, packs={C.PACK_ID: json.dumps(data).encode()})
    assert info.value.params["path"] == "$.tents[0]"
    data = shipped()
    data["game"] = "oracle"
    with pytest.raises(PackError):
        Magnificent(2, packs={C.PACK_ID: json.dumps(data).encode()})


def test_view_hides_deck_orders_and_the_rng():
    g, s = ready(3)
    v = g.view(s, 0)
    assert "rng" not in v and "box_tent" not in v
    assert v["master_deck"] == len(s.master_deck) and v["poster_deck"] == len(s.poster_deck)
    assert v["provisional"] is True and v["packs"] == g.pack_fingerprint()
    text = json.dumps(v)
    assert str(s.rng.state) not in text


def test_catalog_covers_every_code_in_three_languages():
    cat = json.loads(
        resources.files("engine.games.magnificent")
        .joinpath("messages.json")
        .read_text(encoding="utf-8")
    )
    codes = set()
    for path in PACKAGE.glob("*.py"):
        text = path.read_text(encoding="utf-8")
        codes |= {"mag." + c for c in re.findall(r'\bev\(events, "([a-z_]+)"', text)}
        codes |= set(re.findall(r'"(mag\.[a-z_]+)"', text))
    missing = sorted(c for c in codes if c not in cat)
    assert not missing, missing
    for code, entry in cat.items():
        assert set(entry) == {"en", "ru", "fr"} and all(entry.values()), code
    from engine.games.magnificent.actions import Action

    for t in Action.__args__:
        assert f"action.{t.__struct_config__.tag}" in cat


def test_events_of_a_game_render_in_three_languages():
    from engine.core.bots import RandomBot
    from engine.core.match import Match
    from engine.core.play import play_to_end

    m = Match.new("magnificent", 2, None, seed=4)
    play_to_end(m, {0: RandomBot(1), 1: RandomBot(2)})
    for events in m.events:
        for e in events:
            for lang in ("en", "ru", "fr"):
                text = render(e.code, e.params, lang, m.game)
                assert text != e.code and "{" not in text, (e.code, lang, text)


def test_illegal_gem_of_another_colour():
    """MGN-R29 §7: only gems of the die's colour (or clear) add AP."""
    g, s = ready(2)
    cards(s, s.seat, plain_cards(g))
    change_at(s.players, s.seat, gems={**s.players[s.seat].gems, "purple": 1})
    d = put_die(s, "orange", 2)
    s, _ = act(g, s, A.TakeDie(d, 0))
    with pytest.raises(IllegalAction) as info:
        g.apply(s, s.seat, A.SpendGem("purple"))
    assert info.value.params["rule"] == "R29"


def test_a_die_take_is_labelled_by_the_die_and_the_card_it_goes_on():
    """The choice a person reads names the die (colour, face) and the master card by its words,
    not their positions; without a position at hand the label still numbers them."""
    from engine.core.i18n import action_label
    from engine.core.match import Match
    from engine.games.magnificent import actions as A

    match = Match.new("magnificent", 2, {}, seed=3)
    while True:
        if match.auto_step() is not None:
            continue
        seat = match.to_act().seats[0]
        takes = [a for a in match.legal(seat) if isinstance(a, A.TakeDie)]
        if takes:
            break
        match.act(seat, match.legal(seat)[0])
    take = takes[0]
    die = next(d for d in match.state.tent_dice if d.id == take.die)
    card = match.state.players[seat].cards[take.card].id
    terms = presenter_of(match.game).label_terms(match.state, take, seat)
    named = action_label(match.game, take, "en", terms)
    assert named.startswith(f"Put the {die.colour} {die.face} on ")
    assert presenter_of(match.game).term_name("card", card, "en") in named
    assert "card 1" not in named
    assert action_label(match.game, take, "en") == "Take the die 1 onto card 1"
