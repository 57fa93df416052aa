"""A reference solution to every exercise that asks for code, written as a student would write it.

The checker refuses the package's own functions, so a solution cannot be a function of this package:
each is kept here as the source of a notebook cell (its imports included) and made into a function
by :func:`reference_solution`, which runs the source outside the package's files. The last function
a source defines is the answer. The exercise-bank tests pass these to ``check``, the assignments'
answer key writes them into the solved notebook (``python -m dicepoker assignments DIR --solved``),
and the autograder is tested on them: one copy of each.

>>> trial = reference_solution("03.4")
>>> trial.__name__, sorted(SOURCES)[:3]
('trial', ['01.6', '02.4', '03.4'])
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from dicepoker.core.errors import UnknownNameError
from dicepoker.core.i18n import format_message

SOURCES: dict[str, str] = {
    "01.6": """\
def three_of_a_kind(dice):
    counts = [dice.count(face) for face in "123456"]
    return sum(int(d) for d in dice) if max(counts) >= 3 else 0
""",
    "02.4": """\
from fractions import Fraction
from itertools import product


def chance(event):
    pairs = list(product(range(1, 7), repeat=2))
    return Fraction(sum(bool(event(a, b)) for a, b in pairs), len(pairs))
""",
    "03.4": """\
from collections import Counter


def trial(rng, throws=4):
    held = []
    for _ in range(throws):
        held += [int(d) for d in rng.integers(1, 7, size=5 - len(held))]
        face, count = Counter(held).most_common(1)[0]
        held = [face] * count
    return len(held) == 5
""",
    "04.3": """\
from collections import Counter

from dicepoker import Keep, Score

UPPER = ("Ones", "Twos", "Threes", "Fours", "Fives", "Sixes")
BASELINE = {
    "Pair": 16,
    "Two Pairs": 14,
    "Three of a Kind": 14,
    "Four of a Kind": 6,
    "Full House": 14,
    "Small Straight": 14,
    "Large Straight": 14,
    "Poker": 10,
    "Chance": 22,
}


def worth(box, points):
    if box in UPPER:
        par = 3 * (UPPER.index(box) + 1)
        return points - par + (4 if points >= par else 0)
    return points - BASELINE[box]


def my_strategy(view):
    options = view.options()
    best = max(options, key=lambda box: worth(box, options[box]))
    if view.rolls_left == 0 or worth(best, options[best]) >= 10:
        return Score(best)
    counts = Counter(view.dice)
    if "Large Straight" in options or "Small Straight" in options:
        for run in ({1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}):
            if run <= set(view.dice) and max(counts.values()) < 3:
                return Keep("".join(str(face) for face in sorted(run)))
    weight = {face: counts[face] * (1 if UPPER[face - 1] not in view.filled else 0.6) for face in counts}
    face = max(counts, key=lambda f: (weight[f], f))
    return Keep(str(face) * counts[face])
""",
    "05.5": """\
from fractions import Fraction


def settlement(totals):
    mean = Fraction(sum(totals), len(totals))
    return [total - mean for total in totals]
""",
    "06.4": """\
from fractions import Fraction

from dicepoker.games.bluff.bots import view_probability_true
from dicepoker.games.bluff.odds import reach_probability
from dicepoker.games.bluff.rules import next_hand


def my_caller(view):
    if not view.may_accept:
        return True
    last = view.last_announcement
    risk = 1 - reach_probability(next_hand(last), start=last, rolls=2)
    return view_probability_true(view) < risk * Fraction(7, 10)
""",
    "07.4": """\
from collections import Counter


def holds(label, dice):
    counts = Counter(int(d) for d in dice)
    if label == "FH":
        return sorted(counts.values()) == [2, 3]
    if label == "S":
        return sorted(counts) in ([1, 2, 3, 4, 5], [2, 3, 4, 5, 6])
    if label in ("L7", "L11"):
        return sum(int(d) for d in dice) == int(label[1:])
    if label[0] in "PTK":
        return counts[int(label[1])] >= {"P": 2, "T": 3, "K": 4}[label[0]]
    return counts[int(label[0])] >= 2 and counts[int(label[1])] >= 2
""",
    "08.4": """\
def loss(values, chosen):
    return max(values.values()) - values[chosen]
""",
    "09.4": """\
import math


def certainty_equivalent(distribution, theta):
    if theta == 0:
        return sum(float(p) * s for s, p in distribution.items())
    return math.log(sum(float(p) * math.exp(theta * s) for s, p in distribution.items())) / theta
""",
    "10.5": """\
def bluff_rate(p_high, beat_high, beat_low):
    q = 1 - beat_high
    return p_high * (1 - q) / ((1 - p_high) * q)
""",
    "11.4": """\
def variance(distribution):
    mean = sum(value * chance for value, chance in distribution.items())
    return sum((value - mean) ** 2 * chance for value, chance in distribution.items())
""",
    "12.4": """\
import numpy as np


def expected_steps(Q):
    n = len(Q)
    return float(np.linalg.solve(np.eye(n) - np.array(Q, dtype=float), np.ones(n))[0])
""",
    "13.4": """\
def chi_square(counts):
    expected = sum(counts) / 6
    return sum((count - expected) ** 2 / expected for count in counts)
""",
}
"""Each code exercise's reference solution, by exercise id: the source of one notebook cell."""


def answer_name(source: str) -> str:
    """The name of the function a solution's source hands in: the last one it defines.

    >>> answer_name("def helper(): ...\\ndef answer(x): return helper()")
    'answer'
    """
    names = [node.name for node in ast.parse(source).body if isinstance(node, ast.FunctionDef)]
    return names[-1]


def solution_source(exercise_id: str) -> str:
    """The source of an exercise's reference solution, or a clear error when it has none."""
    if exercise_id not in SOURCES:
        raise UnknownNameError(format_message("exercise {id} has no reference solution", id=exercise_id))
    return SOURCES[exercise_id]


def reference_solution(exercise_id: str) -> Callable[..., Any]:
    """The reference solution of a code exercise, made a function as a notebook cell would make it."""
    source = solution_source(exercise_id)
    namespace: dict[str, Any] = {"__name__": f"reference_solution_{exercise_id.replace('.', '_')}"}
    exec(compile(source, f"<reference solution {exercise_id}>", "exec"), namespace)  # noqa: S102
    return namespace[answer_name(source)]
