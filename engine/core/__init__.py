"""Game-agnostic core: the loop every game, bot, save file and page shares."""

from engine.core.errors import IllegalAction, MarqueeError, OptionsError, SaveError
from engine.core.events import Event
from engine.core.game import AUTOMATON, CHANCE, Game, Result, ToAct
from engine.core.options import OptionSpec
from engine.core.rng import Rng

__all__ = [
    "AUTOMATON",
    "CHANCE",
    "Event",
    "Game",
    "IllegalAction",
    "MarqueeError",
    "OptionSpec",
    "OptionsError",
    "Result",
    "Rng",
    "SaveError",
    "ToAct",
]
