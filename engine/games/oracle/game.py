"""The Oracle of Merchants Cove as an engine game: one player, a sheet, a bowl of runes.

Modes: ``practice`` (a simulated table that ends after the pack's days) and ``companion`` (the
app is the sheet and bowl for a physical game; the player enters what happens at the table).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from engine.core import CHANCE, Event, Game, OptionSpec, Result, Rng, ToAct, chance
from engine.core.botkit import BotKit
from engine.core.decisions import Decisions
from engine.core.game import CHANCE_NODE, TERMINAL, Seating
from engine.core.levels import level_bots
from engine.core.registry import register
from engine.games.oracle import actions as A
from engine.games.oracle import available, flow, frame, resolve
from engine.games.oracle import bowl as B
from engine.games.oracle import packs as P
from engine.games.oracle.bots import GreedyBot
from engine.games.oracle.decisions import TABLE
from engine.games.oracle.legacy import OracleLegacy
from engine.games.oracle.presenter import OraclePresenter
from engine.games.oracle.rules import Rules
from engine.games.oracle.search import KNOWLEDGE
from engine.games.oracle.state import Bowl, Circles, OracleState, Tally
from engine.games.oracle.view import view as build_view

PLAYER = 0
SEAT0 = ToAct("players", (PLAYER,))


@register
class OracleGame(Game):
    id = "oracle"
    seating = Seating(1, 1)
    option_specs = (
        OptionSpec(
            id="mode",
            kind="choice",
            default="practice",
            choices=("practice", "companion"),
            names={"en": "Mode", "ru": "Режим", "fr": "Mode"},
            choice_names={
                "practice": {
                    "en": "Practice (simulated days)",
                    "ru": "Тренировка (условные дни)",
                    "fr": "Entraînement (journées simulées)",
                },
                "companion": {
                    "en": "Companion (physical game)",
                    "ru": "Компаньон (настольная партия)",
                    "fr": "Compagnon (partie sur table)",
                },
            },
            help={
                "en": "Practice plays a simulated frame, not the published game's rules; "
                "companion replaces the dry-erase sheet at a real table.",
                "ru": "Тренировка идёт в условной рамке, а не по правилам изданной игры; "
                "компаньон заменяет стираемый планшет за настоящим столом.",
                "fr": "L'entraînement suit un cadre simulé, pas les règles du jeu publié ; "
                "le compagnon remplace la feuille effaçable à une vraie table.",
            },
        ),
    )
    state_type = OracleState
    action_type = A.Action
    bots = BotKit({"greedy": GreedyBot, **level_bots()}, KNOWLEDGE)
    legacy = OracleLegacy
    presenter = OraclePresenter
    # A box owner may type in the printed merchant sheet (docs/oracle.md).
    replaceable_packs = (P.SHEET,)

    def __init__(
        self,
        players: int = 1,
        options: dict[str, Any] | None = None,
        packs: dict[str, bytes] | None = None,
    ) -> None:
        super().__init__(players, options, packs)
        raw = self.user_packs.get(P.SHEET) or P.shipped_bytes("sheet")
        sheet, sha = P.read_sheet(raw)
        self._fingerprint = {P.SHEET: sha}
        self.rules = Rules(self.options["mode"], sheet, P.practice_for(raw))

    def pack_fingerprint(self) -> dict[str, str]:
        return dict(self._fingerprint)

    # --- the loop ---------------------------------------------------------------------------

    def initial_state(self, seed: int) -> OracleState:
        r = self.rules
        sheet = r.sheet
        empty = dict.fromkeys(r.colours, 0)
        s = OracleState(
            rng=Rng.from_seed(seed),
            mode=r.mode,
            phase="roll",
            turn=0,
            acted=False,
            rolling=False,
            bowl=Bowl(halves=[0] * 5, dice=[1, 1], coin="tree"),
            figure=sheet.figure_start,
            circles={
                "plus_minus": Circles(sheet.circles.plus_minus.prefilled, 0),
                "move": Circles(sheet.circles.move.prefilled, 0),
            },
            lines=[],
            regions=[],
            predictions=[],
            symbols_used=0,
            horoscope={row.id: [] for row in r.rows},
            guilds={g: [] for g in r.guild_ids},
            staff=[[] for _ in sheet.staff],
            corruption=0,
            corruption_taken=0,
            made=Tally(dict(empty), dict(empty)),
            stall=Tally(dict(empty), dict(empty)),
            hours_spent=0,
            hours_today=0,
            day=1,
            bag=dict(r.practice.bag) if r.practice_mode else {},
            draw_queue=[],
            drawn=[],
            market_phases=0,
            funding_once=0,
            funding_market=0,
            pending=[],
        )
        if r.practice_mode and r.practice.day_start_draws:
            s.phase = "draw"
            s.draw_queue = [r.practice.day_start_draws]
        return s

    def to_act(self, state: OracleState) -> ToAct:
        if state.phase == "over":
            return TERMINAL
        if state.pending or state.phase == "act":
            return SEAT0
        if state.phase == "draw":
            return CHANCE_NODE
        if self.rules.practice_mode or state.rolling:
            return CHANCE_NODE
        return SEAT0

    def legal_actions(self, state: OracleState, seat: int) -> list[Any]:
        if seat != PLAYER or self.to_act(state) is not SEAT0:
            return []
        return available.options(self.rules, state)

    def chance_action(self, state: OracleState) -> A.Roll | A.DrawAdventurers:
        """The throw or the draw the chance step carries, made on a copy of the state's RNG."""
        if state.phase == "roll":
            bowl, rerolled = chance.outcome(state.rng, partial(B.thrown, setup=state.turn == 0))
            return A.Roll(tuple(bowl.halves), tuple(bowl.dice), bowl.coin, tuple(rerolled))
        bag = dict(state.bag)
        n = state.draw_queue[0] if state.draw_queue else 0
        return A.DrawAdventurers(
            tuple(chance.outcome(state.rng, partial(frame.draw_from_bag, bag=bag, n=n)))
        )

    def enters_outcomes(self, state: OracleState, seat: int, action: Any) -> bool:
        # Companion mode accompanies a physical game: its throws and draws happen at the table.
        return not self.rules.practice_mode

    def allows(self, state: OracleState, seat: int, action: Any, listed: list[Any] | None) -> bool:
        # The refusals decide what is listed (``available.options``): asking them for the one
        # action spares listing the companion's 984 throws.
        return available.refusal(self.rules, state, action) is None

    def refusal(self, state: OracleState, seat: int, action: Any) -> tuple[str, dict[str, Any]]:
        why = available.refusal(self.rules, state, action)
        assert why is not None, "refusal asked for an allowed action"
        return why

    def decisions(self) -> Decisions:
        return TABLE

    def _apply(self, state: OracleState, seat: int, action: Any) -> list[Event]:
        r = self.rules
        ev: list[Event] = []
        if seat == CHANCE:
            resolve.chance_step(r, state, action, ev)
        else:
            resolve.perform(r, state, action, ev)
        flow.advance(r, state, ev)
        return ev

    def view(self, state: OracleState, viewer: int | None) -> dict[str, Any]:
        return build_view(self.rules, state)

    def result(self, state: OracleState) -> Result | None:
        if state.phase != "over":
            return None
        r = self.rules
        if r.practice_mode:
            b = frame.breakdown(r, state)
            return Result(scores=[b["total"]], winners=[PLAYER], breakdown=[b])
        counts = {
            "talismans_made": sum(state.made.talisman.values()),
            "tomes_made": sum(state.made.tome.values()),
            "guild_x": state.funding_once,
            "guild_market": state.funding_market,
            "corruption_taken": state.corruption_taken,
            **{f"townsfolk_{g}": n for g, n in resolve.townsfolk_symbols(r, state).items()},
        }
        return Result(scores=[0], winners=[PLAYER], breakdown=[counts])
