"""Every notebook, run in JupyterLab in headless Chromium, shows what a student should see.

Run All must finish without an error output (and, in a lesson, with no exercise's answer in sight
above it: nbval does not run these again); every widget must be drawn (no "Error displaying
widget") and every plotly figure must be drawn. Then one turn of each game is played by clicking
its widgets. A screenshot of each notebook goes to test-artifacts/screenshots/.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from .browser_pages import RECORD, run_failures, screenshot_notebook
from .browser_servers import NOTEBOOK_DIR, discover_notebooks
from .browser_turns import GAME_NOTEBOOKS, PLAYERS, expected_notebook, game_app, game_params

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PLAY_NOTEBOOKS = {expected_notebook(game) for game in GAME_NOTEBOOKS}


# each test runs its notebook top to bottom and fails on an error output: nbval need not run it again
RUN_ALL = [
    pytest.param(path, id=path.stem, marks=pytest.mark.executes(path)) for path in discover_notebooks()
]


@pytest.mark.parametrize("notebook", RUN_ALL)
def test_notebook_runs_and_renders_in_jupyterlab(notebook: Path, lab_notebooks, lab_page, screenshot_dir):
    with RECORD.timed(f"JupyterLab: open, run all, render {notebook.name}"):
        opened = lab_notebooks.run(notebook)
    RECORD.shot(screenshot_notebook(lab_page, opened, screenshot_dir / f"lab-{notebook.stem}.png"))
    try:
        failures = run_failures(opened)
        if failures:
            pytest.fail(f"{notebook.name} in JupyterLab:\n  " + "\n  ".join(failures), pytrace=False)
    finally:
        if notebook.name not in PLAY_NOTEBOOKS:  # a play notebook stays open for its game's test
            lab_notebooks.close(notebook)


@pytest.mark.parametrize("game", game_params())
def test_play_one_turn_in_jupyterlab(game: str, lab_notebooks, lab_page, screenshot_dir):
    notebook = NOTEBOOK_DIR / expected_notebook(game)
    opened = lab_notebooks.run(notebook)
    try:
        app = game_app(opened.root(lab_page), game)
        if app.count() == 0:
            pytest.fail(f"{notebook.name} shows no widget with classes dp-app dp-{game}", pytrace=False)
        with RECORD.timed(f"JupyterLab: one turn of {game} by clicking"):
            try:
                PLAYERS[game](app)
            finally:
                app.scroll_into_view_if_needed()
                RECORD.screenshot(lab_page, f"lab-play-{game}")
    finally:
        lab_notebooks.close(notebook)
