"""The Magnificent (issue 11). Importing registers ``magnificent``; a variant's module
registers itself (engine/games/__init__.py imports each)."""

from engine.games.magnificent.game import Magnificent

__all__ = ["Magnificent"]
