"""Counting the ordered outcomes of dice by formula: multinomials, patterns of equal dice, surjections.

The closed forms that lesson 02 teaches and that the scorecard's box counts are built from.

>>> multinomial(3, 2), pattern_count((3, 2)), surjections(5, 5)
(10, 300, 120)
"""

from __future__ import annotations

from math import comb, factorial, perm, prod

from dicepoker.core.dice import FACES

# the patterns of equal dice in five dice, largest group first (the integer partitions of 5)
COUNT_PATTERNS: tuple[tuple[int, ...], ...] = (
    (5,),
    (4, 1),
    (3, 2),
    (3, 1, 1),
    (2, 2, 1),
    (2, 1, 1, 1),
    (1, 1, 1, 1, 1),
)


def multinomial(*counts: int) -> int:
    """The multinomial coefficient (n; k1, k2, ...) = n! / (k1! k2! ...), n = k1 + k2 + ...

    The number of orders in which five dice can show a given multiset, e.g. three 4s and two 2s:

    >>> multinomial(3, 2), multinomial(1, 1, 1, 1, 1)
    (10, 120)
    """
    return factorial(sum(counts)) // prod(factorial(k) for k in counts)


def pattern_count(pattern: tuple[int, ...]) -> int:
    """How many ordered outcomes of five dice show the given pattern of equal dice.

    Choose the faces for the groups (groups of equal size are interchangeable), then the order
    of the five dice: ``6!/(6-g)! / (repeats!) × multinomial(pattern)``.

    >>> pattern_count((3, 2)), pattern_count((2, 2, 1)), sum(pattern_count(p) for p in COUNT_PATTERNS)
    (300, 1800, 7776)
    """
    faces = perm(len(FACES), len(pattern)) // prod(factorial(pattern.count(k)) for k in set(pattern))
    return faces * multinomial(*pattern)


def surjections(dice: int, faces: int) -> int:
    """How many ordered outcomes of ``dice`` dice show every one of ``faces`` given faces (and no other).

    By inclusion-exclusion: sum over j of (-1)^j C(faces, j) (faces - j)^dice.

    >>> surjections(5, 5), surjections(5, 4)
    (120, 240)
    """
    return sum((-1) ** j * comb(faces, j) * (faces - j) ** dice for j in range(faces + 1))
