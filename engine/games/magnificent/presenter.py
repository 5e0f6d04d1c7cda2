"""How a position of The Magnificent reads on the page: points and coins for the chart, a
warning before an unwise click, a hinted move's purpose, and the solo game's printed targets."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.presenter import Presenter, Progress
from engine.core.reasons import measured, raised
from engine.core.rng import Rng
from engine.games.magnificent import bots, labels, perform, scoring
from engine.games.magnificent.rules import Rules
from engine.games.magnificent.state import MagState
from engine.games.magnificent.worlds import determinize


class _Table(Protocol):
    # what the presenter reads of its Game (typed apart: the Game names its presenter class)
    @property
    def rules(self) -> Rules: ...


class MagPresenter(Presenter):
    game: _Table

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


class SoloPresenter(MagPresenter):
    def score_targets(self) -> list[int]:
        return list(self.game.rules.pack.solo.targets)
