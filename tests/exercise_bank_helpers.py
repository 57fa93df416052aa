"""What every test of a lesson's registered exercises shares: each test starts with no wrong tries.

A test module imports :func:`fresh_tries` (an autouse fixture), so the hint a wrong answer gets
depends only on that test's own tries.
"""

from __future__ import annotations

import pytest

from dicepoker.lessons.exercise_registry import forget_tries


@pytest.fixture(autouse=True)
def fresh_tries():
    """No exercise has a wrong try before the test, nor after it."""
    forget_tries()
    yield
    forget_tries()
