"""Card texts (special assignments, prophecies, magician abilities, level-3 end bonuses) exist in
English, Russian and French: our own paraphrases, every one non-empty and translated."""

import json

import msgspec
import pytest

from engine.games.trickerion import components as C
from engine.games.trickerion.catalog import catalog
from engine.games.trickerion.components import load_packs, read_pack_bytes
from engine.games.trickerion.terms import term_name

LANGS = ("en", "ru", "fr")


def card_texts():
    """(card id, Text) for every card text of the base packs."""
    p = load_packs()
    out = [(c.id, c.text) for c in p.special_assignments.values()]
    out += [(c.id, c.text) for c in p.prophecies.values()]
    out += [(m.id, m.ability.text) for m in p.magicians.values()]
    out += [(t.id, t.end_bonus_text) for t in p.tricks.values() if t.end_bonus is not None]
    return out


def test_counts():
    p = load_packs()
    assert len(p.special_assignments) == 40 and len(p.prophecies) == 27 and len(p.magicians) == 8
    level3 = [t for t in p.tricks.values() if t.level == 3]
    assert len(level3) == 16 and all(t.end_bonus_text is not None for t in level3)
    assert len(card_texts()) == 91


@pytest.mark.parametrize("cid,text", card_texts(), ids=lambda v: v if isinstance(v, str) else "")
def test_every_card_text_in_en_ru_fr(cid, text):
    assert isinstance(text, C.Text), cid
    for lang in LANGS:
        value = getattr(text, lang)
        assert isinstance(value, str) and value.strip() == value and value, (cid, lang)
    assert text.ru != text.en and text.fr != text.en and text.ru != text.fr, cid
    # Russian is in Cyrillic; French is not.
    assert any("\u0400" <= ch <= "\u04ff" for ch in text.ru), cid
    assert not any("\u0400" <= ch <= "\u04ff" for ch in text.fr + text.en), cid
    assert text.get("ru") == text.ru and text.get("xx") == text.en


def test_translations_are_distinct():
    texts = card_texts()
    for lang in LANGS:
        values = [getattr(t, lang) for _, t in texts]
        # Prophecies pr10/pr13/pr17/pr23 differ by school; no two cards share a text.
        assert len(set(values)) == len(values), lang


def test_a_text_without_a_translation_is_rejected():
    raw = json.loads(read_pack_bytes("prophecies"))
    raw["prophecies"][0]["text"] = {"en": "Every character has a base of 1 action point."}
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(json.dumps(raw), type=C.PropheciesPack)
    raw["prophecies"][0]["text"] = {"en": "x", "ru": " ", "fr": "y"}
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(json.dumps(raw), type=C.PropheciesPack)
    raw["prophecies"][0]["text"] = {"en": "x", "ru": "у", "fr": "y", "de": "z"}
    with pytest.raises(msgspec.ValidationError):
        msgspec.json.decode(json.dumps(raw), type=C.PropheciesPack)


def test_game_data_ships_all_languages():
    """The page reads the packs' raw JSON (bridge ``game_data``): the texts arrive as {en, ru, fr}."""
    raw = json.loads(read_pack_bytes("assignments"))
    assert set(raw["special"][0]["text"]) == set(LANGS)


def test_prophecy_term_in_the_log_language():
    """Log lines name a prophecy by its text, now in the reader's language (was: the bare id)."""
    cat = catalog()
    p = load_packs().prophecies["pr01"]
    for lang in LANGS:
        # quoted and without its full stop, so the log's own sentence ends it (no "..")
        name = term_name(cat, "prophecy", "pr01", lang)
        assert getattr(p.text, lang).rstrip(".") in name and not name.rstrip("»” ").endswith(".")
