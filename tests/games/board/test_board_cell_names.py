"""Board cells are named as players read them: row and column from 1, as on the heatmap, and the label."""

from __future__ import annotations

import pytest

from dicepoker.games.board.figures import board_heatmap
from dicepoker.games.board.labels import cell_name
from dicepoker.games.board.rules import BOARD


def test_cell_names_count_from_one_and_say_the_label():
    assert cell_name((7, 8), "P3") == "row 8, column 9 — pair of 3s"
    assert cell_name((0, 0), BOARD.label((0, 0))) == "row 1, column 1 — straight"
    assert cell_name((0, 4), BOARD.label((0, 4))) == "row 1, column 5 — pair of 2s"


def test_heatmap_rows_and_columns_match_the_names():
    heat = board_heatmap().data[0]
    assert list(heat.x) == list(range(1, 10)) and list(heat.y) == list(range(1, 10))
    assert heat.customdata[7][8].startswith(cell_name((7, 8), BOARD.label((7, 8))))


# every refusal that names a cell, as (the chips on the board, the dice, the refused action, the cell)
def _refusals():
    from test_board_game import A, B, _all_cells_of, board_with, line

    row = line((1, 0), (0, 1))  # B's completed series through (1, 1), a full-house cell
    series = {c: B for c in row} | {c: A for c in BOARD.cells_of("FH") if c not in row} | {(8, 2): B}
    straights = _all_cells_of("S") | {(3, 3): B}
    return [
        (board_with({(3, 5): B}, to_move=A), "33355", "place", (3, 5)),  # already occupied
        (board_with({}, to_move=A), "33355", "place", (4, 4)),  # the free centre
        (board_with({}, to_move=A), "33355", "place", (0, 0)),  # the dice do not hold its label
        (board_with(straights), "23456", "bounce", (5, 6)),  # no chip to remove
        (board_with(straights), "23456", "bounce", (0, 0)),  # your own chip
        (board_with(series, series={B: [row]}), "55566", "bounce", (1, 1)),  # a completed series
        (board_with({}, to_move=A), "33355", "pass_turn", None),  # a cell could be taken
    ]


@pytest.mark.parametrize("lang", ["en", "ro", "uk", "th"])
def test_every_refusal_names_its_cell_from_one_as_the_tooltips_do(lang):
    """The refusals said "cell (3, 5)" while the tooltips say "row 4, column 6": one way, from 1."""
    import re

    from dicepoker.core.errors import IllegalActionError
    from dicepoker.core.i18n import in_language
    from dicepoker.games.board.labels import cell_place

    with in_language(lang):
        for game, dice, action, cell in _refusals():
            game.roll(result=dice)
            with pytest.raises(IllegalActionError) as refused:
                getattr(game, action)(*([cell] if cell else []))
            text = str(refused.value)
            assert not re.search(r"\(\d, \d\)", text), f"a 0-based cell in {text!r}"
            where = cell or game.takeable_cells()[0]
            assert cell_place(where) in text, f"{text!r} does not say {cell_place(where)!r}"
