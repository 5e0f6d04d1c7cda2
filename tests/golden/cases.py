"""The golden playthroughs: which games, options, seeds and bots are recorded.

Every registered game is recorded; a game without an entry in ``CASES`` gets ``default_cases``
(its smallest table, default options, one random and one greedy-if-offered playthrough), so a
new game is picked up by listing the registry; the test fails for a case without its file.
"""

from __future__ import annotations

from typing import Any

import msgspec

from engine.core import registry


class Case(msgspec.Struct, frozen=True):
    name: str  # the file's stem
    game: str
    players: int
    seed: int
    bots: tuple[str, ...]  # a bot kind per seat (an automaton seat's entry is unused)
    options: dict[str, Any] = {}


CASES: dict[str, list[Case]] = {
    "trickerion": [
        # Seeds chosen for the decisions they reach: 38 soul possession, break free and link
        # rewards; 9 investments.
        Case(
            "2p-random-greedy",
            "trickerion",
            2,
            38,
            ("random", "greedy"),
            {"dark_alley": True, "prophecies": True},
        ),
        Case(
            "4p-random",
            "trickerion",
            4,
            9,
            ("random", "random", "random", "random"),
            {"dark_alley": True, "prophecies": True},
        ),
        Case(
            "4p-greedy",
            "trickerion",
            4,
            7,
            ("greedy", "random", "greedy", "random"),
            {"dark_alley": True, "prophecies": True},
        ),
        Case(
            "2p-fast-no-alley",
            "trickerion",
            2,
            5,
            ("greedy", "random"),
            {"dark_alley": False, "fast_game": True, "first_game": True},
        ),
    ],
    "trickerion-solo": [
        Case("low-greedy", "trickerion-solo", 2, 3, ("greedy", "random"), {"difficulty": "low"}),
        Case(
            "high-random-harder",
            "trickerion-solo",
            2,
            9,
            ("random", "random"),
            {"difficulty": "high", "harder_coins": True, "harder_no_ability": True},
        ),
        Case(
            "medium-random",
            "trickerion-solo",
            2,
            2,
            ("random", "random"),
            {"difficulty": "medium", "easier": True},
        ),
    ],
    "oracle": [
        Case("practice-greedy", "oracle", 1, 4, ("greedy",), {"mode": "practice"}),
        Case("practice-random", "oracle", 1, 8, ("random",), {"mode": "practice"}),
        Case("companion-random", "oracle", 1, 2, ("random",), {"mode": "companion"}),
    ],
    # The defaults, with greedy named: the search levels (listed after it) replay too slowly.
    "magnificent": [
        Case("2p-random", "magnificent", 2, 1, ("random", "random")),
        Case("2p-greedy", "magnificent", 2, 2, ("greedy", "greedy")),
    ],
    "magnificent-solo": [
        Case("1p-random", "magnificent-solo", 1, 1, ("random",)),
        Case("1p-greedy", "magnificent-solo", 1, 2, ("greedy",)),
    ],
}


def default_cases(cls) -> list[Case]:
    kinds = ["random", *cls.bots.kinds]
    out = []
    for i, kind in enumerate(dict.fromkeys([kinds[0], kinds[-1]])):
        out.append(
            Case(
                f"{cls.seating.fewest}p-{kind}",
                cls.id,
                cls.seating.fewest,
                1 + i,
                (kind,) * cls.seating.fewest,
            )
        )
    return out


def all_cases() -> list[Case]:
    # The shipped games: a test registers its own toy games (tinygame), which have no goldens.
    shipped = [cls for cls in registry.all_games() if cls.__module__.startswith("engine.games.")]
    return [c for cls in shipped for c in CASES.get(cls.id) or default_cases(cls)]
