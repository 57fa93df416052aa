"""The coach in JupyterLab: a student finishes a game by clicking, presses Report, sees the table and
the figures (a screenshot goes to test-artifacts/screenshots/); the advisor widget answers a click.

The notebook is run once for both tests and stays open: the JupyterLab test of every notebook
(test_jupyterlab_in_browser.py) checks that same run, then closes it.
"""

from __future__ import annotations

import pytest

from .browser_pages import RECORD
from .browser_servers import NOTEBOOK_DIR
from .browser_turns import CLICK_SECONDS, Turn, game_app

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NOTEBOOK = NOTEBOOK_DIR / "08_how_good_is_my_play.ipynb"
ROUNDS = 15  # classic: one box a round
REPORT_SECONDS = 90  # the first report may load the value table and measure the grade scale


def test_finish_a_game_press_report_and_see_the_table_and_figures(lab_notebooks, lab_page, screenshot_dir):
    from playwright.sync_api import expect

    opened = lab_notebooks.run(NOTEBOOK)
    app = game_app(opened.root(lab_page), "classic")
    assert app.count(), f"{NOTEBOOK.name} shows no play widget"
    turn = Turn(app)
    for _ in range(ROUNDS):
        turn.click(".dp-roll", "first roll")
        turn.click(".dp-box", "score a box")
    assert "Game over" in turn.text() or "scored" in turn.text(), turn.text()
    with RECORD.timed("JupyterLab: the coach's report of a whole game"):
        turn.click(".dp-report-button", "press Report")  # "Thinking …" first, then the report
        expect(turn.message).to_contain_text("report on your game", timeout=REPORT_SECONDS * 1000)
    assert "grade" in turn.text(), turn.text()
    report = app.locator(".dp-report").first
    expect(report.locator(".dp-coach-report").first).to_be_visible(timeout=CLICK_SECONDS * 1000)
    expect(report.locator(".js-plotly-plot .main-svg").nth(1)).to_be_attached(timeout=CLICK_SECONDS * 1000)
    assert report.locator(".dp-coach-costly").count() >= 1 or "No decision lost" in report.inner_text()
    assert report.locator("table.dp-coach-decisions").count() == 1
    RECORD.screenshot_whole(report, "lab-coach-report")  # the table and both figures


def test_the_advisor_widget_answers_a_click(lab_notebooks, lab_page):
    opened = lab_notebooks.run(NOTEBOOK)
    app = game_app(opened.root(lab_page), "advisor")
    assert app.count(), f"{NOTEBOOK.name} shows no advisor widget"
    turn = Turn(app)
    message = turn.click(".dp-die-4", "turn a die to its next face")
    assert "best is" in message, message
    assert app.locator(".dp-advice table").count() == 1
    RECORD.screenshot(app, "lab-coach-advisor")
