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
from dicepoker.core.i18n import fill_message, pgettext
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


def describe_label(label: str, lang: str | None = None) -> str:
    """A label in words, as a teacher reads it aloud (in the current language).

    >>> describe_label("35"), describe_label("T4"), describe_label("L11")
    ('two pairs: 3s and 5s', 'three 4s', 'lucky eleven: the dice sum to 11')
    >>> describe_label("P3", lang="uk")
    'пара 3'
    """
    kind = label_kind(label)
    if kind == "two pairs":
        return fill_message(
            pgettext("board cell", "two pairs: {high}s and {low}s", lang), lang, high=label[0], low=label[1]
        )
    if kind in ("pair", "three", "four"):
        return label_name(label, lang)
    words = {
        "full house": pgettext("board cell", "full house", lang),
        "straight": pgettext("board cell", "straight: 1-2-3-4-5 or 2-3-4-5-6", lang),
        "lucky 7": pgettext("board cell", "lucky seven: the dice sum to 7", lang),
        "lucky 11": pgettext("board cell", "lucky eleven: the dice sum to 11", lang),
        "free centre": pgettext(
            "board cell", "the free centre: counts for everyone, nobody occupies it", lang
        ),
    }
    return words[kind]


def label_name(label: str, lang: str | None = None) -> str:
    """A label's short name in words (the cell names and messages use it), in the current language.

    >>> label_name("P3"), label_name("35"), label_name("★"), label_name("K6", lang="ro")
    ('pair of 3s', 'two pairs', 'the free centre', 'patru de 6')
    """
    kind = label_kind(label)
    if kind in ("pair", "three", "four"):
        face = label[1]
        template = {
            "pair": pgettext("board cell", "pair of {face}s", lang),
            "three": pgettext("board cell", "three {face}s", lang),
            "four": pgettext("board cell", "four {face}s", lang),
        }[kind]
        return fill_message(template, lang, face=face)
    words = {
        "two pairs": pgettext("board cell", "two pairs", lang),
        "full house": pgettext("board cell", "full house", lang),
        "straight": pgettext("board cell", "straight", lang),
        "lucky 7": pgettext("board cell", "lucky seven", lang),
        "lucky 11": pgettext("board cell", "lucky eleven", lang),
        "free centre": pgettext("board cell", "the free centre", lang),
    }
    return words[kind]


def cell_place(cell: tuple[int, int], lang: str | None = None) -> str:
    """Where a cell is, as players read it: row and column counted from 1 (as on the heatmap and in
    the cells' tooltips). The one way a cell is named to a person; the API's ``(row, column)`` counts
    from 0.

    >>> cell_place((3, 5)), cell_place((3, 5), lang="ro")
    ('row 4, column 6', 'linia 4, coloana 6')
    """
    row, column = cell
    return fill_message(
        pgettext("board cell", "row {row}, column {column}", lang), lang, row=row + 1, column=column + 1
    )


def cell_name(cell: tuple[int, int], label: str, lang: str | None = None) -> str:
    """A cell as players read it: where it is (:func:`cell_place`) and its label in words.

    >>> cell_name((7, 8), "P3"), cell_name((4, 4), "★")
    ('row 8, column 9 — pair of 3s', 'row 5, column 5 — the free centre')
    >>> cell_name((0, 0), "S", lang="th")
    'แถว 1 คอลัมน์ 1 — สเตรท'
    """
    return f"{cell_place(cell, lang)} — {label_name(label, lang)}"


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
