"""The fate bowl: five runes in two halves, the throw, and the two manipulations.

Seed passages: «РУНЫ И ЧАША СУДЬБЫ» (the runes, manipulations ±1 and «перемещение 1», the throw
before every turn but the first) and «ПОДГОТОВКА К ИГРЕ» step 2 (setup reroll).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Literal

from engine.core.rng import Rng
from engine.games.oracle.state import Bowl

RUNES = ("d4_a", "d4_b", "coin", "bone", "doll")
DICE = (0, 1)
COIN, BONE, DOLL = 2, 3, 4
FACES = 4
COIN_FACES: tuple[Literal["tree", "skull"], ...] = ("tree", "skull")


def throw(rng: Rng) -> Bowl:
    halves = [rng.below(2) for _ in RUNES]
    dice = [rng.between(1, FACES) for _ in DICE]
    coin = COIN_FACES[rng.below(2)]
    return Bowl(halves=halves, dice=dice, coin=coin)


def thrown(rng: Rng, setup: bool) -> tuple[Bowl, list[int]]:
    """A turn's throw: at setup, a throw with all five runes in one half is thrown again
    (``ПОДГОТОВКА К ИГРЕ`` step 2); the half of each such throw comes back beside the bowl."""
    bowl = throw(rng)
    rerolled: list[int] = []
    while setup and all_in_one_half(bowl):
        rerolled.append(bowl.halves[0])
        bowl = throw(rng)
    return bowl, rerolled


def all_in_one_half(bowl: Bowl) -> bool:
    return len(set(bowl.halves)) == 1


def turned(value: int, delta: int) -> int:
    """±1 on a d4: «1» can become «4» and back."""
    return (value - 1 + delta) % FACES + 1


def dice_with(bowl: Bowl, rune: int) -> list[int]:
    """Dice (0/1) lying in the same half as ``rune``."""
    half = bowl.halves[rune]
    return [d for d in DICE if bowl.halves[d] == half]


def dice_in_half(bowl: Bowl, half: int) -> list[int]:
    return [d for d in DICE if bowl.halves[d] == half]


def coin_partners(bowl: Bowl) -> list[Literal["die", "bone", "doll"]]:
    """Kinds of rune sharing the coin's half (Threads of Fate needs one)."""
    half = bowl.halves[COIN]
    out: list[Literal["die", "bone", "doll"]] = []
    if any(bowl.halves[d] == half for d in DICE):
        out.append("die")
    if bowl.halves[BONE] == half:
        out.append("bone")
    if bowl.halves[DOLL] == half:
        out.append("doll")
    return out


def valid_entry(halves: Sequence[int], dice: Sequence[int], coin: str) -> str | None:
    """Why an entered throw is malformed, or None."""
    if len(halves) != len(RUNES) or any(h not in (0, 1) for h in halves):
        return "oracle.bowl.bad_half"
    if len(dice) != len(DICE) or any(not 1 <= v <= FACES for v in dice):
        return "oracle.bowl.bad_die"
    if coin not in COIN_FACES:
        return "oracle.bowl.bad_coin"
    return None
