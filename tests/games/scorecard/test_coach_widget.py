"""The Report button of the play widget, driven with Button.click() (no browser)."""

from __future__ import annotations

from dicepoker.core.i18n import language
from dicepoker.games.scorecard.bots import find_strategy, play_turn
from dicepoker.games.scorecard.coach import GameReport
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


def test_a_second_press_on_the_same_position_shows_the_same_report_without_making_it_again(monkeypatch):
    import dicepoker.games.scorecard.widget as widget_module

    made: list[int] = []
    real = widget_module.coach_report

    def counted(game, player=0, **options):
        made.append(len(game.history))
        return real(game, player, **options)

    monkeypatch.setattr(widget_module, "coach_report", counted)
    drawn: list[str] = []
    figures = GameReport.figures
    monkeypatch.setattr(GameReport, "figures", lambda report: drawn.append(language()) or figures(report))
    ui = play("classic", seats=("human", "human"), names=["Ann", "Bo"], seed=3, lang="en")
    ui.roll_button.click()
    ui.box_buttons["Chance"].click()
    ann = ui.report_panel.buttons[0]
    ann.click()
    first, outputs = ui.report_panel.shown, ui.report_panel.area.outputs
    ann.click()
    assert made == [2] and drawn == ["en"] and ui.report_panel.shown is first
    assert ui.report_panel.area.outputs == outputs
    assert "report on Ann's game so far" in ui.last_message

    ui.lang = "ro"  # the same report, drawn again in the class's language
    ann.click()
    assert made == [2] and drawn == ["en", "ro"] and ui.report_panel.shown is first
    assert ui.report_panel.area.outputs != outputs
    assert "Coach" not in ui.report_panel.area.outputs[0]["data"]["text/html"]

    ui.roll_button.click()  # Bo, then Ann move: a new position, a new report
    ui.box_buttons["Chance"].click()
    ui.roll_button.click()
    ui.box_buttons["Sixes"].click()
    ann.click()
    assert made == [2, 6] and len(ui.report_panel.shown.decisions) == 2

    ui.new_game_button.click()  # a new game with the same moves is another game: its own report
    ui.roll_button.click()
    ui.box_buttons["Chance"].click()
    ui.report_panel.buttons[0].click()
    assert made == [2, 6, 2] and ui.report_panel.shown is not first
    ui.close()
