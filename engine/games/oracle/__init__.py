"""The Oracle of Merchants Cove: a living Oracle sheet (issue 5). Importing registers ``oracle``."""

from engine.games.oracle.game import OracleGame

__all__ = ["OracleGame"]
