"""The Magnificent (issue 11). Importing registers ``magnificent`` and ``magnificent-solo``."""

from engine.games.magnificent.game import Magnificent, MagnificentSolo

__all__ = ["Magnificent", "MagnificentSolo"]
