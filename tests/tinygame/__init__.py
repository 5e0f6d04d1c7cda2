"""A tiny game that lives only in the tests: it exercises every part of the core loop and is
laid out as docs/adding-a-game.md describes (``game.py``, ``messages.json``).

Each round all seats secretly pick 1–3 at once (a simultaneous hidden choice); when the last
pick is in, the picks are revealed; then a die is rolled (a chance node) and every seat whose
pick matches the die's parity scores the die as a bonus. Highest total after the rounds wins.

Importing this package registers the game as "tiny"; only the tests import it, so the shipped
app never lists it.
"""

from tinygame.game import Pick, Roll, State, TinyGame

__all__ = ["Pick", "Roll", "State", "TinyGame"]
