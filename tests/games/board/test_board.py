"""Game 4 of RULES.md, `board`: the layout as data (counts, symmetry, validation) and the label tests."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from dicepoker import DicePokerError, UnknownNameError, find_game
from dicepoker.core.dice import Dice, all_rolls
from dicepoker.games.board.labels import BOARD_LABELS
from dicepoker.games.board.rules import BOARD, DEFAULT_LAYOUT, BoardRules, parse_layout

# RULES.md Game 4, typed in again here: the layout the package must carry
RULES_LAYOUT = """
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

PAIRS = [f"P{f}" for f in range(1, 7)]
TWO_PAIRS = [f"{a}{b}" for a, b in itertools.combinations(range(1, 7), 2)]
THREES = [f"T{f}" for f in range(1, 7)]
FOURS = [f"K{f}" for f in range(1, 7)]


def test_find_game_gives_the_board_rules():
    assert find_game("board") is BOARD
    assert isinstance(BOARD, BoardRules)
    assert (BOARD.players, BOARD.max_turns, BOARD.rolls_per_turn) == (2, 200, 3)


def test_default_layout_is_the_one_in_rules_md():
    expected = tuple(tuple(line.split()) for line in RULES_LAYOUT.strip().splitlines())
    assert BOARD.layout == expected == DEFAULT_LAYOUT


def test_cell_counts_of_every_label_as_rules_md_says():
    counts = Counter(label for row in BOARD.layout for label in row)
    assert len(TWO_PAIRS) == 15
    for label in PAIRS:
        assert counts[label] == 1, label
    for label in TWO_PAIRS + THREES + FOURS:
        assert counts[label] == 2, label
    assert (counts["FH"], counts["S"], counts["L7"], counts["L11"], counts["★"]) == (12, 4, 2, 2, 1)
    assert sum(counts.values()) == 81
    assert set(counts) == set(BOARD_LABELS) | {"★"}
    assert BOARD.label_counts() == {label: counts[label] for label in BOARD_LABELS}


def test_layout_is_point_symmetric_except_the_pairs():
    for r, c in itertools.product(range(9), repeat=2):
        here, there = BOARD.layout[r][c], BOARD.layout[8 - r][8 - c]
        if here.startswith("P"):
            assert there.startswith("P")
        else:
            assert here == there, (r, c)
    assert BOARD.centre == (4, 4) and BOARD.label((4, 4)) == "★"


def test_every_window_of_five_in_the_four_directions():
    # 9 rows x 5 starts, twice (rows, columns), plus 5 x 5 starts on each diagonal direction
    assert len(BOARD.windows) == 9 * 5 * 2 + 5 * 5 * 2 == 140
    assert len(set(BOARD.windows)) == 140
    assert sum(BOARD.centre in w for w in BOARD.windows) == 4 * 5
    for window in BOARD.windows:
        steps = {(b[0] - a[0], b[1] - a[1]) for a, b in itertools.pairwise(window)}
        assert len(steps) == 1 and steps.pop() in {(0, 1), (1, 0), (1, 1), (1, -1)}


def _oracle(dice: Dice) -> set[str]:
    """The labels five dice hold, from the table of RULES.md Game 4."""
    n = dice.counts
    held = {f"P{f}" for f in range(1, 7) if n[f - 1] >= 2}
    held |= {f"{a}{b}" for a, b in itertools.combinations(range(1, 7), 2) if n[a - 1] >= 2 and n[b - 1] >= 2}
    held |= {f"T{f}" for f in range(1, 7) if n[f - 1] >= 3}
    held |= {f"K{f}" for f in range(1, 7) if n[f - 1] >= 4}
    if sorted(x for x in n if x) == [2, 3]:
        held.add("FH")
    if dice.values in ((1, 2, 3, 4, 5), (2, 3, 4, 5, 6)):
        held.add("S")
    if dice.total == 7:
        held.add("L7")
    if dice.total == 11:
        held.add("L11")
    return held


def test_labels_held_agree_with_the_table_on_all_252_rolls():
    for dice in all_rolls():
        assert set(BOARD.labels_held(dice)) == _oracle(dice), dice


def test_rules_md_example_33355():
    assert set(BOARD.labels_held("33355")) == {"FH", "T3", "P3", "P5", "35"}


def test_series_to_win_depends_on_the_number_of_sides():
    assert BOARD.series_to_win == 2
    assert BOARD.variant(players=3).series_to_win == 1


@pytest.mark.parametrize("players", [1, 4, 0])
def test_two_or_three_players_only(players):
    with pytest.raises(DicePokerError, match="2 or 3 players"):
        BoardRules(players=players)


def _edited(r: int, c: int, label: str) -> list[list[str]]:
    rows = [list(row) for row in DEFAULT_LAYOUT]
    rows[r][c] = label
    return rows


def test_layout_validation_refuses_bad_tables():
    with pytest.raises(DicePokerError, match="9×9"):
        BoardRules(layout=[list(row) for row in DEFAULT_LAYOUT[:8]])
    with pytest.raises(DicePokerError, match="9×9"):
        BoardRules(
            layout=[list(row) + ["S"] if i == 3 else list(row) for i, row in enumerate(DEFAULT_LAYOUT)]
        )
    with pytest.raises(DicePokerError, match=r"centre cell \(4, 4\) must be the free centre"):
        BoardRules(layout=_edited(4, 4, "FH"))
    with pytest.raises(DicePokerError, match=r"only the centre may be free, not cell \(0, 0\)"):
        BoardRules(layout=_edited(0, 0, "★"))
    with pytest.raises(UnknownNameError, match=r"unknown label 'P7' in cell \(2, 3\)"):
        BoardRules(layout=_edited(2, 3, "P7"))
    with pytest.raises(UnknownNameError, match="unknown label '33'"):
        BoardRules(layout=_edited(0, 1, "33"))  # two pairs need two different faces
    with pytest.raises(DicePokerError, match="1 rows of"):
        BoardRules(layout="S K6 56")
    with pytest.raises(DicePokerError, match="rows of labels"):
        BoardRules(layout=42)
    with pytest.raises(DicePokerError, match="rows of labels"):
        BoardRules(layout=["S K6 56"] * 9)


def test_other_rule_fields_are_checked():
    with pytest.raises(DicePokerError, match="at least 1"):
        BoardRules(max_turns=0)
    with pytest.raises(UnknownNameError, match="bouncer 'XX'"):
        BoardRules(bouncers=("XX",))
    with pytest.raises(UnknownNameError, match="no parameter 'colour'"):
        BOARD.variant(colour="red")


def test_a_class_can_edit_the_layout_as_a_table():
    table = BOARD.layout_frame()
    table.iloc[0, 0], table.iloc[1, 1] = "FH", "S"  # swap a straight and a full house
    edited = BOARD.with_layout(table)
    assert edited.label((0, 0)) == "FH" and edited.label((1, 1)) == "S"
    assert edited.label_counts() == BOARD.label_counts()
    assert BOARD.label((0, 0)) == "S"  # the default is untouched
    assert parse_layout(BOARD.layout_text()) == BOARD.layout
    assert BOARD.with_layout(RULES_LAYOUT.replace("★", "*")) == BOARD


def test_rules_round_trip_through_plain_data():
    rules = BOARD.variant(players=3, max_turns=50)
    assert BoardRules.from_dict(rules.to_dict()) == rules
    bad = rules.to_dict()
    bad["layout"][0][0] = "Q"
    with pytest.raises(DicePokerError):
        BoardRules.from_dict(bad)
    with pytest.raises(DicePokerError):
        BoardRules.from_dict({"players": 2, "max_turns": "many"})


def test_cells_of_a_label_and_unknown_labels():
    assert BOARD.cells_of("S") == ((0, 0), (0, 8), (8, 0), (8, 8))
    assert BOARD.cells_of("L11") == ((4, 2), (4, 6))
    with pytest.raises(UnknownNameError, match="no board label 'FHX'"):
        BOARD.cells_of("FHX")
