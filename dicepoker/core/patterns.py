"""Dice patterns as pure tests on five dice, shared by every game and by the odds.

A :class:`Combination` is a name and a test; each game builds its catalogue of them from these
patterns (``dicepoker.games.combinations_of(name)`` finds a game's catalogue).

>>> from dicepoker import Dice
>>> is_full_house(Dice.parse("33355")), is_two_pairs(Dice.parse("44441"))
(True, False)
>>> Combination("Full House", is_full_house)("22233")
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from dicepoker.core.dice import FACES, Dice

SMALL_STRAIGHT_RUNS = ((1, 2, 3, 4), (2, 3, 4, 5), (3, 4, 5, 6))
LARGE_STRAIGHT_RUNS = ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6))


def max_count(dice: Dice) -> int:
    """The size of the largest group of equal dice."""
    return max(dice.counts, default=0)


def faces_with_at_least(dice: Dice, n: int) -> list[int]:
    """The faces showing on at least ``n`` dice, highest first."""
    return [f for f in reversed(FACES) if dice.count(f) >= n]


def has_n_of_a_kind(dice: Dice, n: int) -> bool:
    """Some face shows on at least ``n`` dice."""
    return max_count(dice) >= n


def is_two_pairs(dice: Dice) -> bool:
    """Two *different* faces each show at least twice (a full house qualifies)."""
    return len(faces_with_at_least(dice, 2)) >= 2


def is_full_house(dice: Dice) -> bool:
    """Exactly three of one face and two of another."""
    return sorted(c for c in dice.counts if c) == [2, 3]


def contains_run(dice: Dice, runs: tuple[tuple[int, ...], ...]) -> bool:
    """The dice contain every face of at least one of ``runs``."""
    return any(set(run) <= dice.faces for run in runs)


def is_small_straight(dice: Dice) -> bool:
    """Contains 1-2-3-4, 2-3-4-5 or 3-4-5-6 (the `classic` reading)."""
    return contains_run(dice, SMALL_STRAIGHT_RUNS)


def is_large_straight(dice: Dice) -> bool:
    """1-2-3-4-5 or 2-3-4-5-6."""
    return contains_run(dice, LARGE_STRAIGHT_RUNS)


def is_poker(dice: Dice) -> bool:
    """All five dice equal."""
    return len(dice) == 5 and max_count(dice) == 5


# --- named combinations -----------------------------------------------------------------------
@dataclass(frozen=True)
class Combination:
    """A named test on five dice: ``Combination("Full House", is_full_house)``."""

    name: str
    test: Callable[[Dice], bool]

    def __call__(self, dice: Dice | str) -> bool:
        return self.test(Dice.roll(dice))
