"""Bots choose among ``legal_actions``: the same list the UI offers, so they cannot cheat."""

from __future__ import annotations

from typing import Any, Protocol

from engine.core.errors import OptionsError
from engine.core.game import Game
from engine.core.rng import Rng


class Bot(Protocol):
    def choose(self, game: Game, state: Any, seat: int, legal: list[Any]) -> Any: ...


class RandomBot:
    """Uniform over the legal actions, from its own seeded stream (never the game's)."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng.from_seed(seed)

    def choose(self, game: Game, state: Any, seat: int, legal: list[Any]) -> Any:
        return legal[self.rng.below(len(legal))]  # Rng.choice without its call


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's seed, derived so that a whole simulated game depends only on the game seed."""
    return Rng.from_seed(game_seed * 1_000_003 + seat + 1).next_u64()


def make_bot(game: Game, kind: str, seed: int) -> Bot:
    """``kind``: random, a lobby level (easy / normal / hard / expert, for every game), or
    one of the game's own ``bots``."""
    if kind == "random":
        return RandomBot(seed)
    factory = type(game).bots.kinds.get(kind)
    if factory is None:
        from engine.core.levels import level_bots

        factory = level_bots().get(kind)
    if factory is None:
        from engine.core.levels import NAMES

        raise OptionsError(
            "options.unknown_bot", bot=kind, known=["random", *NAMES, *type(game).bots.kinds]
        )
    return factory(seed)


def bot_for(game: Game, kind: str, seed: int, budget: int | None = None) -> Any:
    """A seat's bot by the command line's words: a kind, or a level with its own budget
    (``hard:8``: futures per move for rollout levels, iterations for the tree search; else
    ``budget``). ``hard+sees`` plays the real future instead of sampled ones (a bound for
    measurements, never a player's opponent)."""
    from engine.core.levels import NAMES, LevelBot

    kind, sees, _ = kind.partition("+sees")
    name, _, own = kind.partition(":")
    if name in NAMES:
        return LevelBot(seed, name, int(own) if own else budget, sees=bool(sees))
    return make_bot(game, name, seed)
