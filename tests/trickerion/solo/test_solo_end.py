"""The Successor performing («ФАЗА ПРЕДСТАВЛЕНИЙ»: perform.1–4), at the end of a round («ФАЗА
КОНЦА РАУНДА»: end.wages with the book's 23-coin example, end.return, end.discard) and of the
game («ПОДСЧЁТ СЛАВЫ В КОНЦЕ ИГРЫ»: final.1–5)."""

from seated import Seated

from engine.games.trickerion.common import put
from engine.games.trickerion.solo import endround as EN
from engine.games.trickerion.solo import perform as PF
from engine.games.trickerion.state import Char

from ..helpers import change_card, set_slot
from .scenario import HUMAN, SUCC, make, marker, set_row, set_tricks

WINDOW, GHOST = "t16_window_to_the_otherworld", "t20_ghost_trap"


def staged(difficulty="medium", magician="m07_yoruba_spiritmaster"):
    g, s, solo = make(difficulty, magician=magician)
    set_tricks(g, s, SUCC, [(GHOST, 1), (WINDOW, 1)])
    set_tricks(g, s, HUMAN, [("t01_enchanted_butterflies", 1)])
    return g, s, solo


# --- perform.* ---------------------------------------------------------------------------------


def test_card_with_best_bonus_fame_first():
    """perform.1: card bonus + link bonus compared by fame, then coins, then shards."""
    g, s, solo = staged()
    set_row(g, s, "spf01", "spf05", "spf09")  # bonuses 0/0/1, 2/0/0, 3/0/0
    for ci, pc in enumerate(s.row):
        change_card(s, ci, m=put(pc.m, pc.m.index(-1), marker(g, s, SUCC, GHOST)))
    st = PF.choose_card(g.cat, s, solo)
    values = [PF.card_value(g.cat, s, pc) for pc in s.row]
    assert st.step == "perform.1" and values[st.card] == max(values)
    assert values[st.card][0] >= 3  # fame decides before coins and shards


def test_only_cards_with_its_marker_and_leftmost_on_tie():
    g, s, solo = staged()
    set_row(g, s, "spf02", "spf02", "spf01")  # equal cards: the leftmost wins a full tie
    change_card(s, 0, m=put(s.row[0].m, 0, HUMAN * 4))
    assert PF.choose_card(g.cat, s, solo) is None
    change_card(s, 0, m=put(s.row[0].m, 0, -1))
    for ci in (1, 0):
        change_card(s, ci, m=put(s.row[ci].m, 2, marker(g, s, SUCC, GHOST)))
    assert PF.card_value(g.cat, s, s.row[0]) == PF.card_value(g.cat, s, s.row[1])
    assert PF.choose_card(g.cat, s, solo).card == 0
    change_card(s, 0, m=put(s.row[0].m, 2, -1))
    assert PF.choose_card(g.cat, s, solo).card == 1


def test_backstage_bonus_per_character_by_difficulty():
    """perform.2: one bonus per character of its backstage (provisional icon)."""
    for difficulty, expect in (("low", (0, 0, 0)), ("medium", (0, 4, 0)), ("high", (2, 0, 0))):
        g, s, solo = staged(difficulty)
        set_row(g, s, "spf01")
        pc = change_card(s, 0, m=(-1, -3, -1))
        set_slot(s, 12, SUCC * 16 + 1)
        set_slot(s, 13, SUCC * 16 + 2)
        set_slot(s, 14, SUCC * 16 + 0)
        base = PF.card_value(g.cat, s, pc)
        got = PF.performer_bonus(g.cat, s, solo, pc, 0)
        assert tuple(a - b for a, b in zip(got, base)) == expect, difficulty


def test_red_lotus_fame_per_your_marker():
    g, s, solo = staged(magician="m05_red_lotus")
    set_row(g, s, "spf09")
    pc = change_card(s, 0, m=put(put(s.row[0].m, 0, HUMAN * 4), 2, marker(g, s, SUCC, WINDOW)))
    base = PF.card_value(g.cat, s, pc)
    assert PF.performer_bonus(g.cat, s, solo, pc, 0)[0] == base[0] + 1


def test_yields_ignore_modifiers_and_markers_return():
    """perform.3 / perform.4: plain yields (Electra adds per level); markers back at once."""
    g, s, solo = staged()
    set_row(g, s, "spf09")
    m = put(put(s.row[0].m, 0, marker(g, s, SUCC, GHOST)), 2, marker(g, s, SUCC, WINDOW))
    pc = change_card(s, 0, m=m)
    assert PF.yields(g.cat, s, solo, pc) == (3 + 3, 3 + 2, 1)
    ev: list = []
    PF.return_markers(s, solo, 0, ev, "perform.4")
    p = s.players[SUCC]
    assert [t.markers for t in p.tricks] == [2, 2] and s.row[0].m.count(-1) == 5
    g, s, solo = staged(magician="m08_electra")
    set_row(g, s, "spf09")
    change_card(s, 0, m=put(s.row[0].m, 0, marker(g, s, SUCC, GHOST)))
    assert PF.yields(g.cat, s, solo, s.row[0]) == (3 + 2, 3 + 2, 1 + 2)


# --- end.* -------------------------------------------------------------------------------------


def test_book_example_wages_with_23_coins():
    """Wages example: 23 coins at medium -> 20 coins removed, 6 fame."""
    g, s, solo = staged("medium")
    p = Seated(s, SUCC)
    p.coins, fame = 23, p.fame
    ev: list = []
    EN.pay_wages(g.cat, s, solo, ev)
    assert (p.coins, p.fame - fame) == (3, 6)
    assert EN.safe_fame(g.cat, solo, 23) == (20, 6)
    solo.difficulty = "low"
    assert EN.safe_fame(g.cat, solo, 19) == (10, 2)
    assert EN.safe_fame(g.cat, solo, 9) == (0, 0)


def test_characters_return_in_board_order():
    """end.return: magician, specialists, apprentices; extras beyond 5 slots noted."""
    g, s, solo = staged("low")
    p = Seated(s, SUCC)
    p.chars = (
        Char("magician"),
        Char("assistant"),
        Char("apprentice"),
        Char("engineer"),
        Char("apprentice"),
        Char("manager"),
    )
    ev: list = []
    EN.order_characters(s, solo, ev)
    assert [c.kind for c in p.chars] == [
        "magician",
        "assistant",
        "engineer",
        "manager",
        "apprentice",
        "apprentice",
    ]
    assert ev[0].params["extra"] == 1


def test_discarded_card_yields_one_less_and_its_markers_go_to_the_supply():
    """end.discard («ОБНОВЛЕНИЕ КАРТ ПРЕДСТАВЛЕНИЙ»): yield minus 1 fame and 1 coin per marker.
    The solo passage says nothing of the markers, so the base rule holds: «убирайте все жетоны
    номеров … в запасы их владельцев (не на карты номеров)» (docs/solo.md, reading notes)."""
    g, s, solo = staged()
    set_row(g, s, "spf09")
    pc = change_card(s, 0, m=put(s.row[0].m, 0, marker(g, s, SUCC, GHOST)))
    p = Seated(s, SUCC)
    fame, coins, shards = p.fame, p.coins, p.shards
    on_trick = p.tricks[0].markers
    ev: list = []
    EN.discard(g.cat, s, solo, pc, ev)
    assert (p.fame - fame, p.coins - coins, p.shards - shards) == (2, 2, 1)
    assert p.tricks[0].markers == on_trick  # not back on its trick card
    assert [e.params["markers"] for e in ev if e.code == "trickerion.solo.markers_to_supply"] == [1]


# --- final.* -----------------------------------------------------------------------------------


def test_final_scoring_table():
    """final.1-5 at high: leftovers -1/-1, shards (cap 20), special cards x2 (cap 20),
    10 per level-3 trick, 2 per character from the 7th."""
    g, s, solo = staged("high")
    p = Seated(s, SUCC)
    set_tricks(g, s, SUCC, [("t33_buried_alive", 1), (WINDOW, 1)])
    set_row(g, s, "spf09")
    change_card(
        s, 0, m=put(s.row[0].m, 0, marker(g, s, SUCC, "t33_buried_alive"))
    )  # yields 4/4/0 -> 3 fame
    p.shards = 25
    p.specials = ("a06_guest_performer",) * 3
    p.chars = (Char("magician"),) + (Char("apprentice"),) * 7
    out = EN.final_breakdown(g.cat, s, solo)
    assert out == {
        "leftover_markers": 3,
        "shards": 20,
        "special_assignments": 6,
        "level3_tricks": 10,
        "extra_characters": 4,
    }


def test_final_leftover_markers_put_their_coins_in_its_safe():
    """final.1: «получает вознаграждение за все номера, жетоны которых остались на картах
    представлений, но на 1 монету и 1 славу меньше за каждый (преемник не получает славу за
    оставшиеся у него монеты)»: the coins reach its safe; its fame ignores them."""
    g, s, solo = staged("high")
    p = Seated(s, SUCC)
    set_tricks(g, s, SUCC, [("t33_buried_alive", 1), (WINDOW, 1)])
    set_row(g, s, "spf09")
    change_card(
        s, 0, m=put(s.row[0].m, 0, marker(g, s, SUCC, "t33_buried_alive"))
    )  # yields 4/4/0 -> 3 fame, 3 coins
    p.coins = 5
    s.solo = solo
    b = g.rules.final_breakdown(s, SUCC)
    assert p.coins == 5 + 3
    assert b["leftover_markers"] == 3 and b["total"] == sum(v for k, v in b.items() if k != "total")
