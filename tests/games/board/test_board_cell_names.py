"""Board cells are named as players read them: row and column from 1, as on the heatmap, and the label."""

from __future__ import annotations

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
