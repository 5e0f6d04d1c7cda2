"""The person at the screen is spoken to (issue: the log speaks to the player, session 27): the one
person at a table of bots or an automaton reads "You take…" in the log, "Your area" over their
own area in The Magnificent (not "You · Your area") and "You win, 5 points ahead of Bot 2" at
the end (not "You wins"), in EN, RU and FR; the ending's sentence opens on a capital even where
it opens on a name written mid-sentence ("Le Successeur de Dahlgaard gagne…").
"""

from __future__ import annotations

from finished import played
from playwright.sync_api import expect

from helpers import no_problems

YOU = {"en": "You ", "ru": "Вы ", "fr": "Vous "}
PLAYER_1 = {"en": "Player 1", "ru": "Игрок 1", "fr": "Joueur 1"}
AREA = {"en": "Your area", "ru": "Ваша область", "fr": "Votre espace"}


def _log(page) -> list[str]:
    return page.get_by_test_id("log").locator(".log-text").all_inner_texts()


def _click_moves(page, moves: int) -> None:
    """A few moves as a newcomer makes them: the first button offered, else the board's form."""
    for _ in range(moves):
        page.evaluate("marquee.idle()")
        if page.evaluate("marquee.toAct().kind") == "terminal":
            return
        button = page.get_by_test_id("action-0")
        if button.count():
            button.click()
            page.evaluate("marquee.settled()")
        else:
            page.evaluate("marquee.act(0)")


def test_the_log_and_the_magnificent_area_speak_to_the_person(booted_page):
    page = booted_page
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate(
        "marquee.start({game: 'magnificent', seed: 3, players: 2,"
        " seats: [{kind: 'human', name: ''}, {kind: 'bot', bot: 'random'}]})"
    )
    _click_moves(page, 6)
    for lang in ("en", "ru", "fr"):
        page.evaluate("l => marquee.setLang(l)", lang)
        page.evaluate("marquee.idle()")
        expect(page.get_by_test_id("mgn-own").locator("h2")).to_have_text(AREA[lang])
        lines = _log(page)
        assert [t for t in lines if t.startswith(YOU[lang])], lines
        assert not [t for t in lines if PLAYER_1[lang] in t], lines
    page.evaluate("marquee.setLang('en')")
    no_problems(page)


def test_the_ending_speaks_to_the_person(booted_page):
    """The solo game against the Successor (its person named "Ann": the seat shows the name,
    the sentences still speak to her), played to its end from a few moves before it."""
    page = booted_page
    game = played("trickerion-solo")
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate("t => marquee.load(t)", game.near_end)
    _click_moves(page, 200)
    assert page.evaluate("marquee.toAct().kind") == "terminal"
    won = game.winners == [0]
    ending = {
        "en": ("You win, " if won else "Dahlgaard's Successor wins, ", "" if won else "of you."),
        "ru": ("Вы побеждаете: " if won else "Побеждает Преемник Далгарда: ", "у вас."),
        "fr": ("Vous gagnez avec " if won else "Le Successeur de Dahlgaard gagne ", "sur vous."),
    }
    for lang, (start, end) in ending.items():
        page.evaluate("l => marquee.setLang(l)", lang)
        line = page.get_by_test_id("ending-line").inner_text()
        assert line.startswith(start), line
        if not won:
            assert line.endswith(end), line
        assert [t for t in _log(page) if t.startswith(YOU[lang])]
    page.evaluate("marquee.setLang('en')")
    no_problems(page)


def test_the_successors_name_is_whole_in_the_initiative_order(booted_page):
    """A newcomer's solo game: the initiative order cut the automaton's name ("Dahlgaard's
    Succes…", "le Successeur de Dahlg…") at 9rem, on a phone with room to spare too."""
    page = booted_page
    page.evaluate("marquee.setSpeed(0)")
    page.evaluate(
        "marquee.start({game: 'trickerion-solo', seed: 3, players: 2,"
        " seats: [{kind: 'human', name: ''}, {kind: 'bot'}]})"
    )
    page.evaluate("marquee.idle()")
    names = page.get_by_test_id("trk-initiative").locator(".init-name")
    for lang in ("en", "ru", "fr"):
        page.evaluate("l => marquee.setLang(l)", lang)
        for width, height in ((1366, 768), (390, 844)):
            page.set_viewport_size({"width": width, "height": height})
            page.evaluate("marquee.settled()")
            expect(names).to_have_count(2)
            cut = names.evaluate_all(
                "els => els.filter((e) => e.scrollWidth > e.clientWidth + 1)"
                ".map((e) => e.textContent)"
            )
            assert cut == [], (lang, width, cut)
    page.evaluate("marquee.setLang('en')")
    no_problems(page)


def test_the_magnificent_alone_says_no_first_player(booted_page):
    """Alone at The Magnificent's table the header said "First player: You · You" and "To act:
    You" on every turn: the order is left out with one seat, kept with two."""
    page = booted_page
    page.evaluate("marquee.setSpeed(0)")
    for game, players, shown in (("magnificent-solo", 1, 0), ("magnificent", 2, 1)):
        seats = [{"kind": "human", "name": ""}] + [{"kind": "bot", "bot": "random"}] * (players - 1)
        page.evaluate(
            "a => marquee.start(a)", {"game": game, "players": players, "seed": 3, "seats": seats}
        )
        page.evaluate("marquee.idle()")
        expect(page.get_by_test_id("mgn-round")).to_be_visible()
        expect(page.get_by_test_id("mgn-order")).to_have_count(shown)
    no_problems(page)
