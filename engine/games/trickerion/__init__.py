"""Trickerion: Legends of Illusion (Mindclash Games). Component data lives in ``components``;
importing the package registers the game (``game.Trickerion``)."""

from engine.games.trickerion import game  # noqa: F401  (registers the game)
