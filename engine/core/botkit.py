"""What a game's bots are made of, declared once on the ``Game`` (``Game.bots``): the bot kinds
it offers beyond the core's random bot, what its searches know, and the weights training tunes.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple


class BotKit(NamedTuple):
    # name -> factory(seed) -> Bot; the lobby lists them after "random" (the levels:
    # ``engine.core.levels.level_bots()``)
    kinds: Mapping[str, Callable[[int], Any]] = {}
    # engine.core.search.Knowledge: determinization, evaluation, policy (None: the levels
    # search without a game's knowledge)
    knowledge: Any = None
    # engine.core.learning.Learner: what ``python -m engine train`` tunes (None: nothing)
    learner: Any = None
