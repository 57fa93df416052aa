"""Game 4 of RULES.md, ``board``: the rules and the 9×9 layout of the board game, as data.

The layout is a table of labels a class can change; :class:`BoardRules` checks it (9×9, the free
centre ``★`` in the middle and nowhere else, every other cell a known label).

>>> BOARD.label((0, 1)), BOARD.label((4, 4)), BOARD.series_to_win
('K6', '★', 2)
>>> BOARD.label_counts()["FH"], BOARD.label_counts()["P3"], BOARD.variant(players=3).series_to_win
(12, 1, 1)
>>> BOARD.labels_held("33355")
('P3', 'P5', '35', 'T3', 'FH')
"""

from __future__ import annotations

import dataclasses
import numbers
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache, cached_property
from typing import Any

import numpy as np

from dicepoker.core.dice import Dice
from dicepoker.core.errors import DicePokerError, IllegalActionError, UnknownNameError
from dicepoker.core.i18n import display_name, format_message, language
from dicepoker.core.rule_data import RuleSetAsData
from dicepoker.games.board.html import board_html
from dicepoker.games.board.labels import (
    BOARD_LABELS,
    FREE_CENTRE,
    label_combinations,
    label_kind,
)

Cell = tuple[int, int]
BOARD_SIZE = 9

DEFAULT_LAYOUT_TEXT = """\
S   K6  56  46  P2  36  26  16  S
P6  FH  15  25  35  45  K5  FH  P4
K4  T2  FH  34  K1  24  FH  T6  14
T4  T1  K3  FH  23  FH  13  T3  T5
L7  12  L11 K2  ★   K2  L11 12  L7
T5  T3  13  FH  23  FH  K3  T1  T4
14  T6  FH  24  K1  34  FH  T2  K4
P5  FH  K5  45  35  25  15  FH  P3
S   16  26  36  P1  46  56  K6  S
"""

# a line of the board: (row step, column step), named for a teacher
DIRECTIONS: dict[str, tuple[int, int]] = {
    "horizontal": (0, 1),
    "vertical": (1, 0),
    "diagonal": (1, 1),
    "anti-diagonal": (1, -1),
}


def parse_layout(table: str | Sequence[Sequence[str]] | Any) -> tuple[tuple[str, ...], ...]:
    """A layout as a tuple of rows of labels, from text, a list of lists or a pandas DataFrame.

    In text, cells are separated by spaces and ``*`` may stand for ``★``. Nothing is checked
    here except the shape of the data; :class:`BoardRules` checks the rest.

    >>> parse_layout("S K6\\n* P1")
    (('S', 'K6'), ('★', 'P1'))
    """
    if hasattr(table, "to_numpy") and hasattr(table, "columns"):  # a pandas DataFrame
        table = table.to_numpy().tolist()
    if isinstance(table, str):
        table = [line.split() for line in table.strip().splitlines() if line.strip()]
    try:
        rows = tuple(tuple(str(cell).strip() for cell in row) for row in table)
    except TypeError as err:
        raise DicePokerError(f"a board layout is rows of labels, not {table!r}") from err
    if any(isinstance(row, str) for row in table):
        raise DicePokerError(f"a board layout is rows of labels, not {table!r}")
    return tuple(tuple(FREE_CENTRE if cell == "*" else cell for cell in row) for row in rows)


DEFAULT_LAYOUT = parse_layout(DEFAULT_LAYOUT_TEXT)


@dataclass(frozen=True)
class BoardRules(RuleSetAsData):
    """The board game as data: players, layout, series and turn limits (RULES.md Game 4).

    ``players`` is 2 or 3 (players or teams); a side wins with ``series_to_win_two_sides``
    series when there are two sides and ``series_to_win_three_sides`` with three. A game with
    no winner after ``max_turns`` turns (all players' turns counted) is a draw. A second series
    needs ``second_series_new_chips`` chips outside the first and another line. ``bouncers`` are
    the labels that may remove an opponent chip once all their cells are occupied.

    >>> rules = BoardRules(players=3)
    >>> rules.series_to_win, rules.max_turns, rules.rolls_per_turn
    (1, 200, 3)
    >>> BoardRules(layout=[["S"] * 9] * 9)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    dicepoker.core.errors.DicePokerError: board layout: the centre cell (4, 4) must be the free centre ★, ...
    """

    name: str = "board"
    title: str = "Dice Poker board game"
    players: int = 2
    layout: tuple[tuple[str, ...], ...] = DEFAULT_LAYOUT
    max_turns: int = 200
    rolls_per_turn: int = 3
    series_length: int = 5
    series_to_win_two_sides: int = 2
    series_to_win_three_sides: int = 1
    second_series_new_chips: int = 4
    bouncers: tuple[str, ...] = ("S", "FH")
    five_of_a_kind_takes_any: bool = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "layout", parse_layout(self.layout))
        object.__setattr__(self, "bouncers", tuple(self.bouncers))
        self._check_layout()
        for field in ("players", "max_turns", "rolls_per_turn", "series_length"):
            value = getattr(self, field)
            if isinstance(value, bool) or not isinstance(value, int):
                raise DicePokerError(f"board rules: {field} must be a whole number, not {value!r}")
        if self.players not in (2, 3):
            raise DicePokerError(f"board rules: the game is for 2 or 3 players or teams, not {self.players}")
        if self.max_turns < 1 or self.rolls_per_turn < 1:
            raise DicePokerError("board rules: max_turns and rolls_per_turn must be at least 1")
        if not 2 <= self.series_length <= BOARD_SIZE:
            raise DicePokerError(f"board rules: a series is 2 to 9 in a row, not {self.series_length}")
        for label in self.bouncers:
            if label not in label_combinations():
                raise UnknownNameError(f"board rules: bouncer {label!r} is not a board label")

    def _check_layout(self) -> None:
        rows = self.layout
        if len(rows) != BOARD_SIZE or any(len(row) != BOARD_SIZE for row in rows):
            shape = f"{len(rows)} rows of {sorted({len(r) for r in rows})} cells"
            raise DicePokerError(f"board layout: the board is 9×9, this table has {shape}")
        centre = self.centre
        for r, row in enumerate(rows):
            for c, label in enumerate(row):
                if (r, c) == centre:
                    if label != FREE_CENTRE:
                        raise DicePokerError(
                            f"board layout: the centre cell {centre} must be the free centre "
                            f"{FREE_CENTRE}, not {label!r}"
                        )
                elif label == FREE_CENTRE:
                    raise DicePokerError(f"board layout: only the centre may be free, not cell {(r, c)}")
                elif label not in label_combinations():
                    raise UnknownNameError(
                        f"board layout: unknown label {label!r} in cell {(r, c)}; "
                        f"the labels are: {', '.join(BOARD_LABELS)}"
                    )

    # --- the board's geometry -----------------------------------------------------------------
    @property
    def size(self) -> int:
        """The number of rows (and columns): 9."""
        return len(self.layout)

    @property
    def centre(self) -> Cell:
        """The free centre cell, (4, 4)."""
        return (len(self.layout) // 2, len(self.layout) // 2)

    @property
    def series_to_win(self) -> int:
        """How many series win: 2 with two sides, 1 with three (RULES.md)."""
        return self.series_to_win_two_sides if self.players == 2 else self.series_to_win_three_sides

    def bouncers_in_words(self) -> str:
        """The bouncers' names as a sentence lists them, in the current language.

        >>> BOARD.bouncers_in_words()
        'straight or full house'
        """
        from babel.lists import format_list

        names = [display_name("board label", label_kind(label)) for label in self.bouncers]
        return format_list(names, style="or", locale=language())

    def label(self, cell: Cell) -> str:
        """The label printed on ``cell`` (row, column), both 0-based."""
        r, c = check_cell(cell, self.size)
        return self.layout[r][c]

    @cached_property
    def cells(self) -> tuple[Cell, ...]:
        """Every cell a chip may stand on (all but the free centre), row by row."""
        n = self.size
        return tuple((r, c) for r in range(n) for c in range(n) if (r, c) != self.centre)

    def cells_of(self, label: str) -> tuple[Cell, ...]:
        """The cells printed with ``label``.

        >>> BOARD.cells_of("L7")
        ((4, 0), (4, 8))
        """
        if label not in label_combinations():
            raise UnknownNameError(f"no board label {label!r}; the labels are: {', '.join(BOARD_LABELS)}")
        return self._cells_by_label.get(label, ())

    @cached_property
    def _cells_by_label(self) -> dict[str, tuple[Cell, ...]]:
        found: dict[str, list[Cell]] = {}
        for r, c in self.cells:
            found.setdefault(self.layout[r][c], []).append((r, c))
        return {label: tuple(cells) for label, cells in found.items()}

    def label_counts(self) -> dict[str, int]:
        """How many cells each label has (every label, in catalogue order; 0 if absent)."""
        return {label: len(self._cells_by_label.get(label, ())) for label in BOARD_LABELS}

    @cached_property
    def windows(self) -> tuple[tuple[Cell, ...], ...]:
        """Every run of ``series_length`` cells in a line, in the four directions (140 on 9×9)."""
        return tuple(w for _, w in self.windows_with_lines)

    def windows_through(self, cell: Cell) -> tuple[tuple[tuple[str, int], tuple[Cell, ...]], ...]:
        """The windows that hold ``cell``, with their lines, in the order of :attr:`windows_with_lines`
        (a chip just placed can complete only these).

        >>> len(BOARD.windows_through((4, 4))), len(BOARD.windows_through((0, 0)))
        (20, 3)
        """
        return self._windows_by_cell.get(cell, ())

    @cached_property
    def _windows_by_cell(self) -> dict[Cell, tuple[tuple[tuple[str, int], tuple[Cell, ...]], ...]]:
        found: dict[Cell, list[tuple[tuple[str, int], tuple[Cell, ...]]]] = {}
        for line_and_window in self.windows_with_lines:
            for cell in line_and_window[1]:
                found.setdefault(cell, []).append(line_and_window)
        return {cell: tuple(windows) for cell, windows in found.items()}

    @cached_property
    def windows_with_lines(self) -> tuple[tuple[tuple[str, int], tuple[Cell, ...]], ...]:
        """Each window with its line: (direction, which line of that direction)."""
        n, k = self.size, self.series_length
        found = []
        for direction, (dr, dc) in DIRECTIONS.items():
            for r in range(n):
                for c in range(n):
                    end = (r + dr * (k - 1), c + dc * (k - 1))
                    if 0 <= end[0] < n and 0 <= end[1] < n:
                        window = tuple((r + dr * i, c + dc * i) for i in range(k))
                        found.append(((direction, line_number(direction, (r, c))), window))
        return tuple(found)

    # --- the dice ------------------------------------------------------------------------------
    def labels_held(self, dice: Dice | str) -> tuple[str, ...]:
        """The labels that five dice hold, in catalogue order (whether or not a cell is free)."""
        return _labels_held(Dice.roll(dice))

    # --- as data ------------------------------------------------------------------------------
    def variant(self, **changes: Any) -> BoardRules:
        """A copy with some fields changed, checked like the original.

        >>> BOARD.variant(max_turns=50).max_turns
        50
        """
        fields = {f.name for f in dataclasses.fields(self)}
        unknown = sorted(set(changes) - fields)
        if unknown:
            raise UnknownNameError(f"{self.name!r} has no parameter {unknown[0]!r}")
        return dataclasses.replace(self, **changes)

    def with_layout(self, table: str | Sequence[Sequence[str]] | Any) -> BoardRules:
        """The same rules on another layout (text, rows of labels or a DataFrame), checked.

        >>> rows = [list(row) for row in BOARD.layout]
        >>> rows[0][0], rows[1][1] = "FH", "S"
        >>> BOARD.with_layout(rows).label((0, 0))
        'FH'
        """
        return self.variant(layout=parse_layout(table))

    def layout_frame(self) -> Any:
        """The layout as an editable pandas DataFrame (rows and columns 0..8).

        >>> BOARD.layout_frame().iloc[4, 4]
        '★'
        """
        import pandas as pd

        return pd.DataFrame([list(row) for row in self.layout])

    def layout_text(self) -> str:
        """The layout as text, one row a line (what :func:`parse_layout` reads).

        >>> BOARD.layout_text().splitlines()[4]
        'L7  12  L11 K2  ★   K2  L11 12  L7'
        """
        return "\n".join(" ".join(f"{label:<3}" for label in row).rstrip() for row in self.layout) + "\n"

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> BoardRules:
        """The rule set back from :meth:`to_dict`; malformed data raises :class:`DicePokerError`."""
        try:
            fields = dict(data)
            fields["layout"] = parse_layout(fields["layout"])
            fields["bouncers"] = tuple(fields["bouncers"])
            rules = cls(**fields)
        except (TypeError, KeyError) as err:
            raise DicePokerError(f"not a board rule set: {err}") from err
        rules._refuse_mistyped(data, "board")
        return rules

    def _repr_html_(self) -> str:
        return board_html(self)


def check_cell(cell: Any, size: int = BOARD_SIZE) -> Cell:
    """A cell as ``(row, column)``, both 0-based; anything else raises :class:`IllegalActionError`.

    >>> check_cell([2, 3]), check_cell(np.array([4, 5]))
    ((2, 3), (4, 5))
    """
    try:
        r, c = cell
    except (TypeError, ValueError):
        raise IllegalActionError(
            format_message("a cell is (row, column), not {cell}", cell=repr(cell))
        ) from None
    for x in (r, c):
        if isinstance(x, bool | np.bool_) or not isinstance(x, numbers.Integral):
            raise IllegalActionError(
                format_message(
                    "a cell is (row, column) with whole numbers 0..{last}, not {cell}",
                    last=size - 1,
                    cell=repr(cell),
                )
            )
        if not 0 <= x < size:
            raise IllegalActionError(
                format_message(
                    "cell {cell} is off the board: rows and columns are 0..{last}",
                    cell=repr(cell),
                    last=size - 1,
                )
            )
    return (int(r), int(c))


def line_number(direction: str, cell: Cell) -> int:
    """Which line of ``direction`` passes through ``cell`` (row, column, r - c or r + c).

    >>> line_number("anti-diagonal", (2, 5))
    7
    """
    r, c = cell
    return {"horizontal": r, "vertical": c, "diagonal": r - c, "anti-diagonal": r + c}[direction]


BOARD = BoardRules()


@cache
def _labels_held(dice: Dice) -> tuple[str, ...]:  # the labels depend on the dice alone: 252 rolls
    return tuple(name for name, combo in label_combinations().items() if combo.test(dice))
