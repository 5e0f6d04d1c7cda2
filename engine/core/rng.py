"""The only source of randomness: a small PRNG whose whole state is one integer in the game state.

Pure integer arithmetic (SplitMix64), so a seed gives the same stream in CPython and Pyodide.
Python's ``random`` is avoided: its state is 625 words and its algorithms for ranges and
shuffles are not promised to stay the same across versions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

import msgspec

_MASK = (1 << 64) - 1
_SPAN = _MASK + 1
_GOLDEN = 0x9E3779B97F4A7C15

T = TypeVar("T")


class Rng(msgspec.Struct, gc=False):
    state: int
    draws: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> Rng:
        return cls(state=seed & _MASK)

    def next_u64(self) -> int:
        self.state = (self.state + _GOLDEN) & _MASK
        self.draws += 1
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform integer in [0, n), without modulo bias."""
        if not 0 < n <= _SPAN:  # past 2**64 no draw is under the limit: it would never end
            raise ValueError("below() needs a bound from 1 to 2**64")
        limit = _SPAN - _SPAN % n
        while True:
            # next_u64 written out: every die, shuffle and search choice comes through here,
            # and the method call was a third of its cost. Keep the two in step.
            self.state = z = (self.state + _GOLDEN) & _MASK
            self.draws += 1
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            x = z ^ (z >> 31)
            if x < limit:
                return x % n

    def between(self, lo: int, hi: int) -> int:
        """Uniform integer in [lo, hi] inclusive, e.g. a die: ``between(1, 6)``."""
        return lo + self.below(hi - lo + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        """Fisher–Yates in place (on the state copy ``apply`` works on)."""
        # ``below(i + 1)`` written out, state kept in a local: a search's determinization
        # shuffles a dozen decks per iteration. Draws exactly as ``below`` does.
        state, draws = self.state, self.draws
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _SPAN - _SPAN % n
            while True:
                state = z = (state + _GOLDEN) & _MASK
                draws += 1
                z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x < limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state, self.draws = state, draws

    def shuffled(self, items: Sequence[T]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out
