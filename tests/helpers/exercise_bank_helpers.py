"""What the exercise-bank tests share: each test starts with no wrong tries (:func:`fresh_tries`, an
autouse fixture a test module imports), an answer judged afresh, and the five dice's ordered outcomes.

>>> judged("02.2", "3600").correct
True
"""

from __future__ import annotations

from collections import Counter
from itertools import product

import pytest

from dicepoker.lessons.exercise_registry import check, forget_tries
from dicepoker.lessons.exercises import Feedback

OUTCOMES = tuple(product(range(1, 7), repeat=5))
"""The 7776 ordered outcomes of five dice, listed here (not by the package)."""


@pytest.fixture(autouse=True)
def fresh_tries():
    """No exercise has a wrong try before the test, nor after it."""
    forget_tries()
    yield
    forget_tries()


def judged(exercise_id: str, answer: object, after: tuple[object, ...] = ()) -> Feedback:
    """``check(exercise_id, answer)`` in a fresh session, after the (wrong) answers ``after``."""
    forget_tries()
    for earlier in after:
        check(exercise_id, earlier)
    feedback = check(exercise_id, answer)
    forget_tries()
    return feedback


def pattern(outcome: tuple[int, ...]) -> tuple[int, ...]:
    """The sizes of the groups of equal dice, largest first."""
    return tuple(sorted(Counter(outcome).values(), reverse=True))
