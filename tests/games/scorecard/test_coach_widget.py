"""The Report button of the play widget, driven with Button.click() (no browser)."""

from __future__ import annotations

from dicepoker.games.scorecard.bots import find_strategy, play_turn
from dicepoker.games.scorecard.coach_panel import PLOTLY_MIME
from dicepoker.games.scorecard.widget import play


def test_a_report_button_for_each_human_seat_and_none_for_the_computer():
    ui = play("classic", seats=("human", "computer", "human"), names=["Ann", "Robot", "Bo"], seed=1)
    assert [b.description for b in ui.report_panel.buttons] == ["Report: Ann", "Report: Bo"]
    assert all(b.disabled for b in ui.report_panel.buttons)  # nothing to report yet
    ui.roll_button.click()
    ui.box_buttons["Chance"].click()
    ann, bo = ui.report_panel.buttons
    assert not ann.disabled and bo.disabled
    ann.click()
    report = ui.report_panel.shown
    assert report.player == "Ann" and len(report.decisions) == 1 and not report.is_over
    assert "report on Ann's game so far" in ui.last_message
    outputs = ui.report_panel.area.outputs
    assert len(outputs) == 3 and "Coach" in outputs[0]["data"]["text/html"]
    assert all(PLOTLY_MIME in o["data"] for o in outputs[1:])
    ui.close()


def test_the_report_of_a_finished_game_and_a_new_game_clears_it():
    ui = play("two_part", seats=("human",), names=["Ann"], seed=2)
    heuristic = find_strategy("heuristic")
    while not ui.game.is_over:
        play_turn(ui.game, heuristic)
    ui.refresh()
    button = ui.report_panel.buttons[0]
    assert button.button_style == "warning" and not button.disabled
    button.click()
    report = ui.report_panel.shown
    assert report.is_over and report.final_score == ui.game.totals()[0] and report.mean_loss > 0
    assert f"grade {report.grade}" in ui.last_message
    ui.new_game_button.click()
    assert ui.report_panel.shown is None and ui.report_panel.area.outputs == ()
    assert ui.report_panel.buttons[0].disabled
    ui.close()
