"""Figures that read at a glance (issue 13): no overlapping labels, rare bars visible, legends inside
the figure, a chart that fits a screen, no strategy playing itself, tables indexed by name."""

from __future__ import annotations

import math

import pytest

from dicepoker.games.scorecard.analysis.lab import tournament
from dicepoker.games.scorecard.analysis.lab_figures import head_to_head
from dicepoker.games.scorecard.odds import score_distribution
from dicepoker.odds.figures import (
    FLOW_LABEL_GAP,
    one_vs_three_rolls_figure,
    score_distribution_figure,
    turn_flow_figure,
)
from dicepoker.odds.tables import game_odds, game_odds_table


@pytest.mark.parametrize("combination", ["Poker", "Large Straight", "Full House", "Four of a Kind"])
def test_turn_flow_labels_do_not_overlap(combination):
    figure = turn_flow_figure(combination)
    sankey = figure.data[0]
    assert all(label == "" for label in sankey.node.label), "the sankey's own labels sit on top of each other"
    columns: dict[float, list[float]] = {}
    for note in figure.layout.annotations:
        if "useful" in note.text:
            columns.setdefault(note.x, []).append(note.y)
            assert note.bgcolor, "a label has a background, so no line runs through it"
    assert len(columns) == 3
    for positions in columns.values():
        positions.sort()
        assert all(b - a >= FLOW_LABEL_GAP - 1e-9 for a, b in zip(positions, positions[1:], strict=False))
        assert len(positions) == len(set(positions))
    labelled = sum(len(p) for p in columns.values())
    assert labelled == len(sankey.node.color)  # every node has its label


def test_two_part_poker_distribution_shows_its_rare_scores():
    figure = score_distribution_figure("Poker", game="two_part")
    chances = [p for p in score_distribution("Poker", "two_part").values() if p > 0]
    axis = figure.layout.yaxis
    assert axis.type == "log"
    low, high = axis.range
    for p in chances:  # every bar rises at least a tenth of the axis above its floor
        assert (math.log10(float(p)) - low) / (high - low) > 0.1
    assert high >= 0 and high <= math.log10(1.5)  # no tick beyond 100%


def test_board_chart_fits_a_screen_and_keeps_every_label():
    figure = one_vs_three_rolls_figure("board", log=True)
    assert figure.layout.height <= 800
    one_roll, three_rolls = figure.data
    assert len(one_roll.y) < len(game_odds("board")) == 37
    for odds in game_odds("board"):  # every label keeps its odds, on a bar of its own or shared
        bars = [i for i, x in enumerate(one_roll.x) if x == float(odds.one_roll)]
        assert any(three_rolls.x[i] == float(odds.within_three) for i in bars), odds.name
    assert "L7" in one_roll.y and "P1 … P6 (each)" in one_roll.y


def test_head_to_head_leaves_a_strategy_against_itself_blank():
    result = tournament(["heuristic", "greedy", "random"], games=6, seed=1, rules="classic")
    heat = head_to_head(result)
    z = [list(row) for row in heat.data[0].z]
    assert [z[i][i] for i in range(3)] == [None, None, None]
    assert all(z[i][j] is not None for i in range(3) for j in range(3) if i != j)


def test_odds_tables_are_indexed_by_combination():
    table = game_odds_table("classic", simulate=False)
    assert table.index.name == "combination" and table.index[0] == "Ones"
    assert not table.isna().all().any(), "no column of None"


def test_stop_or_roll_legend_sits_inside_the_figure():
    from dicepoker.lessons.two_part_figures import stop_or_roll_on_figure

    legend = stop_or_roll_on_figure().layout.legend
    assert legend.orientation == "h" and legend.y < 0 and legend.itemsizing == "constant"
