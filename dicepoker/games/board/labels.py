"""The labels of the board game's cells and the tests on five dice behind them (RULES.md Game 4).

>>> describe_label("35"), label_kind("FH")
('two pairs: 3s and 5s', 'full house')
>>> [c.name for c in board_combinations()][-4:]
['FH', 'S', 'L7', 'L11']
"""

from __future__ import annotations

from functools import cache, partial

from dicepoker.core.dice import FACES, Dice
from dicepoker.core.errors import UnknownNameError
from dicepoker.core.patterns import Combination, is_full_house, is_large_straight

FREE_CENTRE = "★"


def _has_two_of(a: int, b: int, dice: Dice) -> bool:
    return dice.count(a) >= 2 and dice.count(b) >= 2


def _has_face_count(face: int, n: int, dice: Dice) -> bool:
    return dice.count(face) >= n


def _sums_to(total: int, dice: Dice) -> bool:
    return dice.total == total


def board_combinations(rules: object = None) -> list[Combination]:
    """Every label of the board game: P1..P6, 12..56, T1..T6, K1..K6, FH, S, L7, L11 (``rules``: unused)."""
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


@cache
def label_combinations() -> dict[str, Combination]:
    """Every cell label of the board game and its test on five dice, in catalogue order.

    >>> list(label_combinations())[:7]
    ['P1', 'P2', 'P3', 'P4', 'P5', 'P6', '12']
    """
    return {c.name: c for c in board_combinations()}


BOARD_LABELS: tuple[str, ...] = tuple(label_combinations())


def label_kind(label: str) -> str:
    """The kind of a label, for tables and colours: pair, two pairs, three, four, full house, ...

    >>> [label_kind(x) for x in ("P3", "35", "T1", "K6", "FH", "S", "L7", "★")]
    ['pair', 'two pairs', 'three', 'four', 'full house', 'straight', 'lucky 7', 'free centre']
    """
    if label == FREE_CENTRE:
        return "free centre"
    if label not in label_combinations():
        raise UnknownNameError(f"no board label {label!r}; the labels are: {', '.join(BOARD_LABELS)}")
    if label[0] == "P":
        return "pair"
    if label[0] == "T":
        return "three"
    if label[0] == "K":
        return "four"
    if label.isdigit():
        return "two pairs"
    return {"FH": "full house", "S": "straight", "L7": "lucky 7", "L11": "lucky 11"}[label]


def describe_label(label: str) -> str:
    """A label in words, as a teacher reads it aloud.

    >>> describe_label("35"), describe_label("T4"), describe_label("L11")
    ('two pairs: 3s and 5s', 'three 4s', 'lucky eleven: the dice sum to 11')
    """
    kind = label_kind(label)
    if kind == "two pairs":
        return f"two pairs: {label[0]}s and {label[1]}s"
    if kind in ("pair", "three", "four"):
        return {"pair": "pair of", "three": "three", "four": "four"}[kind] + f" {label[1]}s"
    words = {
        "full house": "full house",
        "straight": "straight: 1-2-3-4-5 or 2-3-4-5-6",
        "lucky 7": "lucky seven: the dice sum to 7",
        "lucky 11": "lucky eleven: the dice sum to 11",
        "free centre": "the free centre: counts for everyone, nobody occupies it",
    }
    return words[kind]


def cell_name(cell: tuple[int, int], label: str) -> str:
    """A cell as players read it: row and column counted from 1 (as on the heatmap), and its label in words.

    >>> cell_name((7, 8), "P3"), cell_name((4, 4), "★")
    ('row 8, column 9 — pair of 3s', 'row 5, column 5 — the free centre')
    """
    row, column = cell
    words = describe_label(label).split(":")[0]
    return f"row {row + 1}, column {column + 1} — {words}"


def label_faces(label: str) -> tuple[int, ...]:
    """The dice a label pictures (pairs, two pairs, threes, fours); ``()`` for the others.

    >>> label_faces("35"), label_faces("K2"), label_faces("FH")
    ((3, 3, 5, 5), (2, 2, 2, 2), ())
    """
    kind = label_kind(label)
    if kind in ("pair", "three", "four"):
        n = {"pair": 2, "three": 3, "four": 4}[kind]
        return (int(label[1]),) * n
    if kind == "two pairs":
        return (int(label[0]),) * 2 + (int(label[1]),) * 2
    return ()
