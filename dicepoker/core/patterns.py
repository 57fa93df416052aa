"""Combinations as pure tests on five dice, shared by every game and by the odds.

A :class:`Combination` is a name and a test; a game's catalogue of them is found with
:func:`combinations_of`.

>>> from dicepoker import Dice
>>> is_full_house(Dice.parse("33355")), is_two_pairs(Dice.parse("44441"))
(True, False)
>>> [c.name for c in combinations_of("bluff")][:3]
['Nothing', 'One Pair', 'Two Pairs']
>>> bluff_category(Dice.parse("12345"))
'Small Straight'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from dicepoker.core.dice import FACES, Dice
from dicepoker.core.errors import UnknownNameError

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


# --- the hands of the bluff game, low to high -------------------------------------------------
BLUFF_CATEGORIES: tuple[str, ...] = (
    "Nothing",
    "One Pair",
    "Two Pairs",
    "Three of a Kind",
    "Small Straight",
    "Large Straight",
    "Full House",
    "Four of a Kind",
    "Five of a Kind",
)


def bluff_category(dice: Dice) -> str:
    """The highest bluff category that five dice hold (RULES.md Game 3)."""
    c = sorted((n for n in dice.counts if n), reverse=True)
    if c[0] == 5:
        return "Five of a Kind"
    if c[0] == 4:
        return "Four of a Kind"
    if c[:2] == [3, 2]:
        return "Full House"
    if dice.values == (2, 3, 4, 5, 6):
        return "Large Straight"
    if dice.values == (1, 2, 3, 4, 5):
        return "Small Straight"
    if c[0] == 3:
        return "Three of a Kind"
    if c[:2] == [2, 2]:
        return "Two Pairs"
    if c[0] == 2:
        return "One Pair"
    return "Nothing"


def bluff_rank(dice: Dice) -> int:
    """The rank 0..8 of the highest bluff category the dice hold."""
    return BLUFF_CATEGORIES.index(bluff_category(dice))


# --- named combinations -----------------------------------------------------------------------
@dataclass(frozen=True)
class Combination:
    """A named test on five dice: ``Combination("Full House", is_full_house)``."""

    name: str
    test: Callable[[Dice], bool]

    def __call__(self, dice: Dice | str) -> bool:
        return self.test(Dice.roll(dice))


def _at_least_bluff(rank: int, dice: Dice) -> bool:
    return bluff_rank(dice) >= rank


def _has_two_of(a: int, b: int, dice: Dice) -> bool:
    return dice.count(a) >= 2 and dice.count(b) >= 2


def _has_face_count(face: int, n: int, dice: Dice) -> bool:
    return dice.count(face) >= n


def _sums_to(total: int, dice: Dice) -> bool:
    return dice.total == total


def bluff_combinations() -> list[Combination]:
    """Each bluff category read as "at least this category"."""
    return [Combination(name, partial(_at_least_bluff, i)) for i, name in enumerate(BLUFF_CATEGORIES)]


def board_combinations() -> list[Combination]:
    """Every label of the board game: P1..P6, 12..56, T1..T6, K1..K6, FH, S, L7, L11."""
    combos = [Combination(f"P{f}", partial(_has_face_count, f, 2)) for f in FACES]
    combos += [Combination(f"{a}{b}", partial(_has_two_of, a, b)) for a in FACES for b in FACES if a < b]
    combos += [Combination(f"T{f}", partial(_has_face_count, f, 3)) for f in FACES]
    combos += [Combination(f"K{f}", partial(_has_face_count, f, 4)) for f in FACES]
    combos += [
        Combination("FH", is_full_house),
        Combination("S", is_large_straight),
        Combination("L7", partial(_sums_to, 7)),
        Combination("L11", partial(_sums_to, 11)),
    ]
    return combos


def combinations_of(game: str) -> list[Combination]:
    """The catalogue of combinations of a game, by the game's name.

    Scorecard games (``classic``, ``yahtzee``, ``yatzy``, ``two_part``) give one per box:
    the test is "the dice hold this box's combination" (upper boxes: at least one die of the
    face, or at least par of it in ``two_part``); ``bluff`` gives its categories, ``board`` its cell labels.
    """
    if game == "bluff":
        return bluff_combinations()
    if game == "board":
        return board_combinations()
    from dicepoker.games import find_game

    rules = find_game(game)
    boxes = getattr(rules, "boxes", None)
    if boxes is None:
        raise UnknownNameError(f"game {game!r} has no catalogue of combinations")
    return [Combination(box.name, partial(rules.stands, box.name)) for box in boxes]
