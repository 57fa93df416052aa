"""A folder of a class's saved games read into one table and a figure."""

from __future__ import annotations

import pytest

from dicepoker.core.errors import DicePokerError
from dicepoker.games.bluff.engine import BluffGame
from dicepoker.games.scorecard.bots import find_strategy, play_turn
from dicepoker.games.scorecard.coach import coach_report
from dicepoker.games.scorecard.engine import ScorecardGame
from dicepoker.lessons.class_reports import class_report


def test_every_player_of_every_save_and_the_bots(tmp_path):
    pair = ScorecardGame("two_part", players=["Ann", "Bo"], seed=4)
    heuristic, greedy = find_strategy("heuristic"), find_strategy("greedy")
    while not pair.is_over:
        play_turn(pair, heuristic if pair.current_player == 0 else greedy)
    pair.save(tmp_path / "ann_and_bo.json")
    half = ScorecardGame("two_part", players=["Cy"], seed=5)
    for _ in range(4):
        play_turn(half, greedy)
    half.save(tmp_path / "cy.json")
    BluffGame(seed=1).save(tmp_path / "bluff.json")
    (tmp_path / "broken.json").write_text("{")
    report = class_report(tmp_path, bot_games=2, seed=3)
    table = report.table
    assert list(table["player"]) == ["Ann", "Bo", "Cy"] and set(report.skipped) == {
        "bluff.json",
        "broken.json",
    }
    for row in table.to_dict("records"):
        mine = coach_report(ScorecardGame.load(tmp_path / row["file"]), row["player"])
        assert row["mean loss"] == pytest.approx(mine.mean_loss) and row["grade"] == mine.grade
    assert list(table["over"]) == [True, True, False]
    assert (table["luck"] - (table["dice gave"] - table["skill lost"])).abs().max() < 1e-9
    bots = report.bots.set_index("bot")["mean loss"]
    assert set(bots.index) == {"optimal", "greedy", "heuristic", "random"} and bots["optimal"] == 0
    assert (bots.drop("optimal") > 0).all()
    fig = report.figure()
    assert [t.name for t in fig.data] == ["players", "optimal", "greedy", "heuristic", "random"]
    assert sorted(fig.data[0].y) == sorted(table["mean loss"])
    assert "The class: 3 player(s) in 2 game(s)" in report._repr_html_()


def test_a_missing_folder_is_refused(tmp_path):
    with pytest.raises(DicePokerError, match="no folder"):
        class_report(tmp_path / "nowhere")
