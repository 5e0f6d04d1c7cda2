"""How a position of The Magnificent reads on the page: points and coins for the chart, a
warning before an unwise click, a hinted move's purpose, and the solo game's printed targets."""

from __future__ import annotations

from typing import Any, Protocol

import msgspec

from engine.core.i18n import catalog, format_template, render
from engine.core.presenter import Presenter, Progress
from engine.core.reasons import measured, raised
from engine.core.rng import Rng
from engine.games.magnificent import actions as A
from engine.games.magnificent import bots, labels, perform, scoring
from engine.games.magnificent import components as C
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState
from engine.games.magnificent.worlds import determinize


class _Table(Protocol):
    # what the presenter reads of its Game (typed apart: the Game names its presenter class)
    @property
    def rules(self) -> Rules: ...


class MagPresenter(Presenter):
    game: _Table
    names = {"en": "The Magnificent", "ru": "Грандиозное представление", "fr": "The Magnificent"}
    pack_names = {
        C.PACK_ID: {
            "en": "Components (cards, tiles, boards)",
            "ru": "Компоненты (карты, жетоны, поля)",
            "fr": "Matériel (cartes, tuiles, plateaux)",
        }
    }

    def progress(self, state: MagState) -> Progress:
        """Victory points (the score itself) and coins by seat."""
        players = state.players
        return Progress(
            state.round, {"points": [p.vp for p in players], "coins": [p.coins for p in players]}
        )

    def action_warning(self, state: Any, action: Any, seat: int | None) -> Any:
        if state is None or seat is None or state.phase != "turn":
            return None
        return labels.warning(self.game.rules, state, action, seat)

    def move_reason(
        self, state: MagState, action: Any, seat: int
    ) -> tuple[str, dict[str, Any]] | None:
        """The greedy value's term the move raises most one step ahead, naming the points
        scored, the master card whose condition it advances or the poster it readies. A die
        or an action taken is judged where the turn ends, as the greedy bot judges it."""
        rules = self.game.rules
        if isinstance(action, bots.SHAPING):
            return self._turn_reason(state, action, seat)
        top = measured(
            self.game,
            state,
            seat,
            action,
            lambda s: bots.terms(self.game, s, seat),
            lambda s: determinize(self.game, s, seat, Rng.from_seed(seat)),
        )
        if top is None:
            return None
        after, term, _ = top
        code = f"ui.hint.why.mag.{term}"
        old, new = state.players[seat], after.players[seat]
        if term == "vp":
            return code, {"vp": new.vp - old.vp}
        if term == "card":

            def worth(st: MagState, card: str) -> int:
                artist = scoring.best_artist(rules, st, seat)
                return scoring.value(rules, st, seat, rules.cards[card].condition, artist, 0)

            card = max((c.id for c in new.cards), key=lambda c: worth(after, c) - worth(state, c))
            return code, {"card": card}
        if term == "posters":

            def ready(st: MagState) -> list[str]:
                held = st.players[seat].posters
                return [
                    pid
                    for i, pid in enumerate(held)
                    if pid is not None and perform.eligible(rules, st, seat, (i,), "")
                ]

            # only posters the seat saw before the move: one drawn from the deck is a secret
            seen = {*state.new_posters, *old.posters}
            was = ready(state)
            now = [pid for pid in ready(after) if pid not in was and pid in seen]
            if now:
                return code, {"poster": now[0], "ready": "yes"}
            held = [p for p in new.posters if p is not None and p in seen and p not in old.posters]
            return code, {"poster": held[0] if held else None, "ready": "no"}
        return code, {}

    def _turn_reason(
        self, state: MagState, action: Any, seat: int
    ) -> tuple[str, dict[str, Any]] | None:
        """The term the turn that ``action`` opens raises most, played on by the greedy bot in
        a world dealt from what the seat sees (its own dice and decks: never the real
        future)."""
        world = determinize(self.game, state, seat, Rng.from_seed(seat))
        end = bots.GreedyBot(seat, turns=False).turn_played(self.game, world, seat, action)
        top = raised(bots.terms(self.game, world, seat), bots.terms(self.game, end, seat))
        if top is None:
            return None
        vp = end.players[seat].vp - world.players[seat].vp
        return "ui.hint.why.mag.turn", {"term": top[0], "vp": vp}

    def _card_name(self, card: str, lang: str) -> str:
        """Master cards have no names in our data: a card reads as its bonus and condition, the
        words the table prints on it (web/games/magnificent/common.js bonusText, condText)."""
        m = self.game.rules.cards[card]
        b = msgspec.to_builtins(m.bonus)
        b_kind = "die_plus_any" if b["kind"] == "die_plus" and not b.get("colour") else b["kind"]
        colour = b.get("colour")
        if b["kind"] == "gem":
            what = render(f"ui.mgn.gem.{colour}", {}, lang, self.game)
        elif colour:
            what = render(f"ui.mgn.colour.{colour}", {}, lang, self.game)
        elif b.get("fragment"):
            what = render(f"ui.mgn.fragment.{b['fragment']}", {}, lang, self.game)
        else:
            what = ""
        c = msgspec.to_builtins(m.condition)
        if c.get("colour") and c.get("size"):
            c_what = render(f"ui.mgn.fragment.{c['colour']}_{c['size']}", {}, lang, self.game)
        elif c.get("colour"):
            c_what = render(f"ui.mgn.colour.{c['colour']}", {}, lang, self.game)
        elif c.get("size"):
            c_what = render(f"ui.mgn.frag.{c['size']}", {}, lang, self.game)
        else:
            c_what = ""
        bonus = render(f"ui.mgn.bonus.{b_kind}", {**b, "what": what}, lang, self.game)
        cond = render(f"ui.mgn.cond.{c['kind']}", {**c, "what": c_what}, lang, self.game)
        return f"“{bonus} / {cond}”" if lang == "en" else f"«{bonus} / {cond}»"

    def label_terms(self, state: Any, action: Any, seat: int | None) -> dict[str, Any]:
        """What the choice gives, read from the position (``labels.terms``): a die by its colour,
        face and resulting power, a stop by its gems and tent, a card by its words and points.
        Without a position the label numbers them ("Take the die 1 onto card 2")."""
        if isinstance(action, A.Roll):
            return labels.thrown(action)
        if state is None or seat is None or state.phase == "over":
            return {}
        return labels.terms(self.game.rules, state, action, seat)

    def _phrase(self, code: str, params: dict[str, Any], lang: str) -> str:
        """A term's template filled, as written: a phrase inside a label keeps its lower case
        (``render`` capitalises a sentence of the log)."""
        entry = catalog("engine.games.magnificent")[code]
        return format_template(entry.get(lang) or entry["en"], params, lang, self.game)

    def term_form(self, kind: str, value: Any, lang: str, case: str) -> str:
        """``a``: the term with English's indefinite article ("an orange gem"); the French and
        Russian templates write their own (``une {gem:gem}``), so there the name stands."""
        name = self.term_name(kind, value, lang)
        if case == "a" and lang == "en" and name:
            return ("an " if name[0].lower() in "aeiou" else "a ") + name
        return name

    def term_name(self, kind: str, value: Any, lang: str) -> str:
        cat = catalog("engine.games.magnificent")

        def text(code: str, **params: Any) -> str:
            entry = cat[code]
            out = entry.get(lang) or entry["en"]
            for k, v in params.items():
                out = out.replace("{" + k + "}", str(v))
            return out

        # Label parts that depend on the value (and on the pack, for the track).
        if kind == "as":
            return text("term.as", value=self.term_name("colour", value, lang)) if value else ""
        if kind == "dice":  # one die of a throw's [[colour, face], …]: "orange 3"
            if isinstance(value, (list, tuple)) and len(value) == 2:
                return f"{self.term_name('colour', value[0], lang)} {value[1]}"
            return self.term_name("colour", value, lang) if isinstance(value, str) else str(value)
        if kind == "flip":
            return text("term.flip") if value else ""
        if kind == "face":
            return text("term.face", value=value) if value else ""
        if kind == "slot":
            return text("term.slot.discard") if value < 0 else str(value + 1)
        if kind == "source":
            return (
                text("term.source.deck")
                if value < 0
                else text("term.source.display", value=value + 1)
            )
        if kind == "track":
            sp = self.game.rules.track[value]
            if sp.ap is None:
                return text("term.track_blank", index=sp.index)
            return self._phrase(
                "term.track", {"index": sp.index, "ap": sp.ap, "posters": sp.posters}, lang
            )
        if kind == "tent" and value in self.game.rules.tents:
            return self._phrase(
                "term.tent", msgspec.to_builtins(self.game.rules.tents[value]), lang
            )
        if kind == "gain" and isinstance(value, (list, tuple)) and len(value) == 3:
            what, n, gem = value
            return self._phrase(f"term.gain.{what}", {"n": n, "gem": gem}, lang)
        if kind == "stage" and f"ui.mgn.stage.{value}" in cat:
            return text(f"ui.mgn.stage.{value}")
        if kind == "card" and isinstance(value, str) and value in self.game.rules.cards:
            return self._card_name(value, lang)
        if kind == "poster" and value in self.game.rules.posters:
            # posters have no printed names: the artist and the points tell them apart at a glance
            poster = self.game.rules.posters[value]
            return f"{self.term_name('artist', poster.artist, lang)} (★{poster.vp})"
        if kind == "artist":
            names = self.game.rules.pack.artist_names.get(value)
            return (names.get(lang) or names["en"]) if names else str(value)
        entry = cat.get(f"term.{kind}.{value}")
        if entry is None:
            return str(value)
        return entry.get(lang) or entry["en"]
