"""The methods only test suites call (docs/automation.md): automation mode, and the checks
that CPython and Pyodide play identically."""

from __future__ import annotations

import os
from typing import Any

from engine.bridge.transport import AutomationArgs, RngCheckArgs, SelfplayArgs
from engine.core import OptionsError, Rng
from engine.core.bots import bot_seed, make_bot
from engine.core.levels import BUDGET_CAP
from engine.core.match import Match, check_seed
from engine.core.play import play_to_end

RNG_CHECK_LIMIT = 10_000


class Automation:
    # Automation mode: test suites may read any seat's view, the state hash and the seed.
    automation: bool = False

    def m_automation(self, a: AutomationArgs) -> dict[str, Any]:
        self.automation = a.enabled
        # A suite that plays whole games against hard or expert to see them end waits on
        # their budgets, not on what it checks; the shorter budget lasts as long as the mode.
        seconds = a.bot_seconds if a.enabled else None
        if seconds is None:
            os.environ.pop(BUDGET_CAP, None)
        else:
            os.environ[BUDGET_CAP] = repr(seconds)
        return {"automation": self.automation, "bot_seconds": seconds}

    def m_rng_check(self, a: RngCheckArgs) -> dict[str, Any]:
        """Dice from a seed: the e2e suite compares them with CPython's."""
        if not 0 <= a.count <= RNG_CHECK_LIMIT:
            raise OptionsError(
                "bridge.bad_args", method="rng_check", detail=f"count must be 0..{RNG_CHECK_LIMIT}"
            )
        rng = Rng.from_seed(check_seed(a.seed))
        return {"dice": [rng.between(1, 6) for _ in range(a.count)]}

    def m_selfplay(self, a: SelfplayArgs) -> dict[str, Any]:
        """Random bots play a whole game apart from the table: the e2e suite compares the
        final hash with CPython's to prove both hosts play identically."""
        match = Match.new(a.game, a.players, a.options, a.seed)
        decisions = play_to_end(
            match,
            {s: make_bot(match.game, "random", bot_seed(a.seed, s)) for s in range(a.players)},
        )
        return {
            "hash": match.game.codec.state_hash(match.state),
            "steps": len(match.steps),
            "decisions": decisions,
        }
